// The data folder's address. Every link to, and every fetch of, a file under data/ (Parquet, raw files, archives,
// CSVs, the manifest, the hosted dataset versions) goes through dataUrl, at build time and in the browser alike.
// SITE_DATA_URL, a build setting, puts data/ elsewhere: an S3/R2 bucket behind a CDN (see the README, "Publishing
// data/ on its own"); without it the site's own data/. The build writes the setting into the bundles (astro.config.mjs).
import { assetPath } from '../i18n/routes.ts';

/**
 * SITE_DATA_URL as the build was given it ('' when unset). import.meta.env is Vite's, absent in plain Node; the
 * property is read without `?.`, the form the bundlers' define replaces.
 */
const configured = (): string => (typeof import.meta.env === 'undefined' ? '' : (import.meta.env.SITE_DATA_URL ?? '')).trim();

/**
 * The data folder's URL, with its trailing slash: SITE_DATA_URL's, else the site's own "/data/" (under the base).
 * `url`: the setting when the caller reads it itself (build code outside Vite's bundle: src/lib/build/site-url.ts).
 */
export function dataBase(url = configured()): string {
	const given = url.trim();
	return given ? given.replace(/\/*$/, '/') : assetPath('/data/');
}

/** A file of the data folder ("runs.parquet", "raw/x.log") at the data folder's URL. */
export const dataUrl = (path: string, url = configured()): string => `${dataBase(url)}${path.replace(/^\/+/, '')}`;

/** The origin data/ is served from when it is not the site's ("https://data.example.org"); null for the site's own. */
export function dataOrigin(url = configured()): string | null {
	if (!url.trim()) return null;
	const origin = new URL(url.trim()).origin;
	return origin === 'null' ? null : origin;
}
