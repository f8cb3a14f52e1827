// Build-only: a build on several cores. scripts/build.ts runs one Astro process per core, each into its own folder;
// each renders the pages of its share of the page groups (a review with its workload pages, a drive, a comparison:
// the pages that share an embed document stay together), and the first also writes what is the site's once (the
// dataset under data/, the comparison's drive files made from it, its dataset version, the embeds' script). The pages
// over the whole catalog are rendered by every process (the same bytes), except those that take time: the catalog's
// pages (the first's) and the finder's files (the last's). At the end the others' folders are merged into the first's.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The environment variable naming a process's share of a build: "k/n", k from 0. */
export const BUILD_SHARD_ENV = 'SITE_BUILD_SHARD';

export interface BuildShard {
	index: number;
	count: number;
}

/** This process's share of the build: the whole of it unless scripts/build.ts says otherwise. */
export function buildShard(): BuildShard {
	const m = /^(\d+)\/(\d+)$/.exec(process.env[BUILD_SHARD_ENV] ?? '');
	return m && Number(m[1]) < Number(m[2]) ? { index: Number(m[1]), count: Number(m[2]) } : { index: 0, count: 1 };
}

/** Whether this process writes what the site holds once, and the catalog's pages (a build on one core is its own first and last). */
export const isFirstShard = () => buildShard().index === 0;

/** Whether this process writes the finder's files: the last, so they are made beside the first's share of the work over the whole catalog. */
export const isLastShard = () => buildShard().index === buildShard().count - 1;

/** The process of `count` that renders a page group ("/reviews/x/"): from a hash of its path, the same in every route. */
export function shardOfGroup(group: string, count: number): number {
	return createHash('sha256').update(group).digest().readUInt32BE(0) % count;
}

/** Whether this process renders the pages of `group`. */
export function rendersGroup(group: string): boolean {
	const { index, count } = buildShard();
	return count === 1 || shardOfGroup(group, count) === index;
}

/**
 * Moves everything under `from` into `into` where `into` has nothing at that path; a file both hold must have the same
 * bytes (the pages every process renders), else the build is not the same whichever process renders a page, and fails.
 * `merge(rel, from, into)` joins a file both hold in its own way instead (the record of the pages' keys).
 */
export function mergeShardOutput(from: string, into: string, merge: Record<string, (from: string, into: string) => void> = {}, rel = ''): void {
	for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
		const path = join(rel, entry.name);
		const [source, target] = [join(from, path), join(into, path)];
		if (!existsSync(target)) renameSync(source, target);
		else if (entry.isDirectory()) mergeShardOutput(from, into, merge, path);
		else if (merge[path]) merge[path](source, target);
		else if (statSync(source).size !== statSync(target).size || !readFileSync(source).equals(readFileSync(target)))
			throw new Error(`build: the processes of a build on several cores wrote different ${path}`);
	}
	if (rel === '') rmSync(from, { recursive: true, force: true });
}
