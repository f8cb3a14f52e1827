// What decides whether earlier output is still valid for the code that made it: a SHA-256 of source files, each one's
// path and content, folder by folder in code-point order. The ingest keys reviews with it (ingest/review-key.ts), the
// site build its pages (build.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { byCodePoint } from './ingest/files.ts';

export interface SourceSelection {
	/** Files and folders under the root, as "a/b" paths. */
	entries: readonly string[];
	/** Paths under those folders left out. */
	skip?: readonly string[];
	/** Only the files whose name matches, in folders. */
	only?: RegExp;
}

export function sourceHash(root: string, { entries, skip = [], only }: SourceSelection): string {
	const h = createHash('sha256');
	const rel = (p: string) => relative(root, p).split('\\').join('/');
	const add = (path: string) => {
		if (skip.includes(rel(path))) return;
		if (statSync(path).isDirectory()) {
			for (const e of readdirSync(path).sort(byCodePoint)) {
				const child = join(path, e);
				if (statSync(child).isDirectory() || !only || only.test(e)) add(child);
			}
			return;
		}
		h.update(`${rel(path)}\0`).update(readFileSync(path)).update('\0');
	};
	for (const entry of entries) if (existsSync(join(root, entry))) add(join(root, entry));
	return h.digest('hex');
}
