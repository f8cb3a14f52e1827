// What decides whether a review must be read again: a hash of every file of its folder and of the ingest's own
// code. Equal keys give byte-identical files, so the previous output's files of that review are taken over.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { ReviewUnit } from './collect.ts';
import { sourceHash } from '../source-hash.ts';
import { fileChunks } from './files.ts';

const ROOT = resolve(import.meta.dirname, '../..');

let version: string | undefined;

/** Hash of the ingest's source files: its scripts and the shared library, less the site's own folders (which only read the output). */
export function ingestVersion(): string {
	version ??= sourceHash(ROOT, {
		entries: ['scripts/ingest', 'src/lib'],
		skip: ['src/lib/build', 'src/lib/site', 'src/lib/browser', 'src/lib/charts', 'src/lib/queries', 'src/lib/compare', 'src/lib/own-result', 'src/lib/element.ts'],
		only: /\.(ts|json)$/,
	});
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
