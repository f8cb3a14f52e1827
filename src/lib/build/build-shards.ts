// Build-only: a build on several cores. scripts/build.ts runs one Astro process per core, each into its own folder;
// each renders the pages of its share of the page groups (a review with its workload pages, a drive, a comparison:
// the pages that share an embed document stay together) and its share of the comparison's drive files (files of
// data/ made from the dataset, which each process hosts in the dataset's version folder too). The first also writes
// what is the site's once (the dataset under data/, its dataset version, the embeds' script). The pages over the
// whole catalog are rendered by every process (the same bytes), except those that take time: the catalog's pages
// (the first's) and the finder's files (the last's). At the end the others' folders are merged into the first's.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadManifest, reviewManifest } from './manifest.ts';

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

/** The process of `count` that renders a page group ("/reviews/x/") from a hash of its path, the same in every route. */
export function shardOfGroup(group: string, count: number): number {
	return createHash('sha256').update(group).digest().readUInt32BE(0) % count;
}

/**
 * The process of `count` for each weighed group: the heaviest first, each to the process with the least weight so far
 * (the lowest index of those), groups of one weight in path order; the same wherever it is worked out.
 */
export function spreadGroups(groups: readonly { group: string; weight: number }[], count: number): Map<string, number> {
	const loads = new Array<number>(count).fill(0);
	const shards = new Map<string, number>();
	const heaviestFirst = [...groups].sort((a, b) => b.weight - a.weight || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
	for (const { group, weight } of heaviestFirst) {
		const k = loads.indexOf(Math.min(...loads));
		shards.set(group, k);
		loads[k]! += weight;
	}
	return shards;
}

let reviewShards: { count: number; shards: Map<string, number> } | undefined;

/**
 * The reviews' page groups spread by weight (spreadGroups), from the dataset's manifests: a raw sweep renders a page
 * per workload, a review of published figures one or two, and by hash alone one process of a build of 1,000 reviews
 * rendered minutes after the other. A review's weight is its input files (a sweep's workloads come from files of their own).
 */
function reviewGroupShards(count: number): Map<string, number> {
	if (reviewShards?.count !== count) {
		const reviews = Object.keys(loadManifest().reviews).map((id) => ({ group: `/reviews/${id}/`, weight: 1 + reviewManifest(id).inputs.length }));
		reviewShards = { count, shards: spreadGroups(reviews, count) };
	}
	return reviewShards.shards;
}

/** Whether this process renders the pages of `group` (a review's by weight, any other by hash), or a file of data/ at that path. */
export function rendersGroup(group: string): boolean {
	const { index, count } = buildShard();
	if (count === 1) return true;
	const byWeight = group.startsWith('/reviews/') ? reviewGroupShards(count).get(group) : undefined;
	return (byWeight ?? shardOfGroup(group, count)) === index;
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
