// Where a page's social preview is published and its size: beside the page, as og.png ("/reviews/x/og.png", the
// path with its language). Apart from social-image.ts, which renders it, so the build's end can keep one without
// loading the renderer.
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

export const socialImagePath = (pageSitePath: string) => `${pageSitePath}og.png`;
