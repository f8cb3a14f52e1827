// Build-only: the site's address for links that leave it (the embed snippet, oEmbed, Open Graph). SITE_URL when the
// build is given one. Without it the build cannot know where it will be served: links are written as site paths,
// which the browser resolves against where the page is served (and the page's script writes the snippet with
// location.origin); oEmbed, whose answers must be absolute, is then not published (see embed.ts).
export function siteUrl(): string | null {
	const url = process.env.SITE_URL?.trim();
	return url ? url.replace(/\/+$/, '') : null;
}

/** A site path ("/embed/x/", with the base) as a link from elsewhere: absolute with SITE_URL, else the path itself. */
export const siteLink = (path: string): string => `${siteUrl() ?? ''}${path}`;
