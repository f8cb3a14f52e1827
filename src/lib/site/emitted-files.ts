// Build-only: files a page writes beside itself while it renders (the CSV of each chart's whole table). They are
// collected in a folder during the build and copied into the site when it is done (see astro.config.mjs), so no
// route has to plan every page again, or keep every page's charts in memory, just to list them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where the files wait until the build is done: SITE_EMIT_DIR, or this build's own cache folder under the project root. */
export function emittedDir(): string {
	return resolve(process.env.SITE_EMIT_DIR ?? `node_modules/.cache/site-emitted-${process.pid}`);
}

export function clearEmitted(): void {
	rmSync(emittedDir(), { recursive: true, force: true });
}

/** Writes a file that the site will serve at the URL path `sitePath` ("/reviews/x/tables/c.csv", under the base). */
export function emitFile(sitePath: string, content: string): void {
	if (sitePath.split('/').includes('..')) throw new Error(`not a site path: ${sitePath}`);
	const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/?$/, '/');
	const target = join(emittedDir(), sitePath.startsWith(base) ? sitePath.slice(base.length) : sitePath);
	mkdirSync(dirname(target), { recursive: true });
	writeFileSync(target, content);
}
