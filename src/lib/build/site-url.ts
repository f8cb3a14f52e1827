// Build-only: the site's address for links that leave it (the embed snippet, oEmbed, Open Graph). SITE_URL when the
// build is given one. Without it the build cannot know where it will be served: links are written as site paths,
// which the browser resolves against where the page is served (and the page's script writes the snippet with
// location.origin); oEmbed, whose answers must be absolute, is then not published (see embed.ts).
import { dataOrigin } from '../data-url.ts';

export function siteUrl(): string | null {
	const url = process.env.SITE_URL?.trim();
	return url ? url.replace(/\/+$/, '') : null;
}

/**
 * A site path ("/embed/x/", with the base) as a link from elsewhere: absolute with SITE_URL, else the path itself. A
 * URL already absolute (a file of data/ when SITE_DATA_URL puts it elsewhere) stays as it is.
 */
export const siteLink = (path: string): string => (path.startsWith('/') ? `${siteUrl() ?? ''}${path}` : path);

/**
 * SITE_DATA_URL as the build was given it, read from the environment: the build's code that runs in astro.config's
 * hooks (the embed documents' joining) is not bundled by Vite, which writes the setting into the rest.
 */
export const buildDataUrl = (): string => process.env.SITE_DATA_URL ?? '';

/** Why the build's settings cannot make a working site, or null: data/ on another host links back to the site. */
export function siteSettingsProblem(env: NodeJS.ProcessEnv = process.env): string | null {
	const elsewhere = dataOrigin(env.SITE_DATA_URL ?? '');
	if (elsewhere && !env.SITE_URL?.trim()) {
		return `SITE_DATA_URL puts data/ on another host (${elsewhere}), and the embed documents published there link back to the site's pages and load its script: set SITE_URL to the site's address too`;
	}
	return null;
}

/**
 * A site path as a file published with data/ (an embed document) links to it: the path itself while data/ is the
 * site's own folder, absolute at SITE_URL when SITE_DATA_URL puts data/ on another host.
 */
export function siteLinkFromData(path: string): string {
	if (!dataOrigin(buildDataUrl())) return path;
	const problem = siteSettingsProblem();
	if (problem) throw new Error(problem);
	return siteLink(path);
}
