// What decides whether a review must be read again: a hash of every file of its folder and of the ingest's own
// code. Equal keys give byte-identical files, so the previous output's files of that review are taken over.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ReviewUnit } from './collect.ts';
import { byCodePoint, fileChunks } from './files.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Code the ingest runs: its scripts and the shared library, less the site's own folders (which only read the output). */
const CODE = ['scripts/ingest', 'src/lib'];
const NOT_INGEST = ['src/lib/site', 'src/lib/browser', 'src/lib/charts', 'src/lib/queries'];

function sourceFiles(dir: string): string[] {
	const out: string[] = [];
	for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name))) {
		const p = join(dir, e.name);
		const rel = relative(ROOT, p).split('\\').join('/');
		if (NOT_INGEST.includes(rel)) continue;
		if (e.isDirectory()) out.push(...sourceFiles(p));
		else if (/\.(ts|json)$/.test(e.name)) out.push(p);
	}
	return out;
}

let version: string | undefined;

/** Hash of the ingest's source files. */
export function ingestVersion(): string {
	if (version) return version;
	const h = createHash('sha256');
	for (const f of CODE.flatMap((d) => sourceFiles(join(ROOT, d)))) h.update(`${relative(ROOT, f)}\0`).update(readFileSync(f)).update('\0');
	version = h.digest('hex');
	return version;
}

/** The key of one review: the ingest's version, the review's id, and each of its files (path and content). */
export function reviewKey(unit: Pick<ReviewUnit, 'reviewId' | 'dir' | 'files' | 'metaInputs'>): string {
	const h = createHash('sha256').update(`${ingestVersion()}\0${unit.reviewId}\0`);
	for (const m of unit.metaInputs) h.update(`${m.path}\0${m.sha256}\0`);
	for (const f of unit.files) {
		h.update(`${f}\0`);
		for (const piece of fileChunks(join(unit.dir, f))) h.update(piece);
		h.update('\0');
	}
	return h.digest('hex');
}
