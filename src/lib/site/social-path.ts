// Where a page's social preview is published and its size: under data/ ("data/previews/zh-Hans/reviews/x/og.png",
// from the page's path with its language), with the chart CSVs: files made for pages, published where data/ goes
// (object storage, when SITE_DATA_URL says so), so the site itself keeps within a static host's file count. Apart
// from social-image.ts, which draws it, so the build's end can keep one without loading the chart library.
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The folder under data/ of the previews; the dataset's versions leave it out. */
export const SOCIAL_IMAGES_FOLDER = 'previews/';

/** A page's preview, relative to data/, from the page's path with its language ("zh-Hans/reviews/x/"). */
export const socialImageFile = (pageLangPath: string) => `${SOCIAL_IMAGES_FOLDER}${pageLangPath.replace(/^\/+/, '')}og.png`;

/**
 * The environment variable naming the folder where a build's pages leave their previews' drawings (SVG), for the
 * process that runs the build to render them as PNG once the pages are rendered (src/lib/build/social-png.ts).
 */
export const PREVIEW_DRAWINGS_ENV = 'SITE_PREVIEW_DRAWINGS';

/** A preview's drawing in that folder, from the preview's file under data/: "<lang>/<file>.svg". */
export const previewDrawingFile = (lang: string, file: string) => `${lang}/${file}.svg`;

/** The language and preview file (under data/) of a drawing in that folder ("<lang>/<file>.svg"): previewDrawingFile's inverse. */
export function previewOfDrawing(drawingFile: string): { lang: string; file: string } {
	const [lang = '', ...file] = drawingFile.split(/[\\/]/);
	return { lang, file: file.join('/').replace(/\.svg$/, '') };
}
