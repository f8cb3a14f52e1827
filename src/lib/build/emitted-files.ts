// Build-only: files a page writes beside itself while it renders (the CSV of each chart's whole table). They are
// collected in a folder during the build and moved into the site when it is done (see astro.config.mjs), so no
// route has to plan every page again, or keep every page's charts in memory, just to list them.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Where the files wait until the build is done: SITE_EMIT_DIR, or this build's own cache folder under the project root. */
export function emittedDir(): string {
	return resolve(process.env.SITE_EMIT_DIR ?? `node_modules/.cache/site-emitted-${process.pid}`);
}

export function clearEmitted(): void {
	rmSync(emittedDir(), { recursive: true, force: true });
}

/** Writes a file that the site will serve at the URL path `sitePath` ("/reviews/x/tables/c.csv", under the base). */
export function emitFile(sitePath: string, content: string | Uint8Array): void {
	if (sitePath.split('/').includes('..')) throw new Error(`not a site path: ${sitePath}`);
	const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/?$/, '/');
	const target = join(emittedDir(), sitePath.startsWith(base) ? sitePath.slice(base.length) : sitePath);
	writeMakingFolder(target, content);
}

/** Writes `target`, making its folder when it is missing (asked on a failed write, not before every one: see placeFile). */
export function writeMakingFolder(target: string, content: string | Uint8Array): void {
	try {
		writeFileSync(target, content);
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, content);
	}
}

/** Puts a file at `target` by moving it or by a hard link, or by a copy where the two are on different disks. */
export function placeFile(source: string, target: string, how: 'move' | 'link'): void {
	const place = how === 'move' ? renameSync : linkSync;
	try {
		// Most folders hold many files: the folder is made when the first one finds it missing, not asked for every file
		// (a build of 1,000 reviews places some 150,000 files; making their folders took 3.8 s of a one-review rebuild).
		try {
			place(source, target);
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync(source)) throw e;
			mkdirSync(dirname(target), { recursive: true });
			place(source, target);
		}
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
		mkdirSync(dirname(target), { recursive: true });
		copyFileSync(source, target);
	}
}

/** Places every file under the folder `from` at the same path under `to` (nothing when `from` does not exist). */
export function placeTree(from: string, to: string, how: 'move' | 'link'): void {
	if (!existsSync(from)) return;
	for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
		if (!entry.isFile()) continue;
		const source = join(entry.parentPath, entry.name);
		placeFile(source, join(to, relative(from, source)), how);
	}
}

/** Moves every emitted file into the built site at `siteDir`. */
export function moveEmitted(siteDir: string): void {
	placeTree(emittedDir(), siteDir, 'move');
	clearEmitted();
}
