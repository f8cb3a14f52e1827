// A build on several cores (src/lib/build/build-shards.ts): which process renders a page group, and the merge of the
// processes' folders into the first's.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BUILD_SHARD_ENV, buildShard, isFirstShard, isLastShard, mergeShardOutput, rendersGroup, shardOfGroup, spreadGroups } from '../../../src/lib/build/build-shards.ts';
import { filesToRender } from '../../../src/lib/build/incremental.ts';

const work = mkdtempSync(join(tmpdir(), 'build-shards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => delete process.env[BUILD_SHARD_ENV]);

function tree(root: string, files: Record<string, string>): string {
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	return root;
}

describe('page groups', () => {
	const groups = Array.from({ length: 200 }, (_, i) => `/drives/d-${i}/`);

	it('go each to one process, the same for any route, and to every process', () => {
		const shards = groups.map((g) => shardOfGroup(g, 2));
		expect(groups.map((g) => shardOfGroup(g, 2))).toEqual(shards);
		expect(shards.filter((s) => s === 0).length).toBeGreaterThan(70);
		expect(shards.filter((s) => s === 1).length).toBeGreaterThan(70);
		for (const k of [0, 1]) {
			process.env[BUILD_SHARD_ENV] = `${k}/2`;
			expect(groups.filter(rendersGroup)).toEqual(groups.filter((_, i) => shards[i] === k));
		}
	});

	it('weighed, go heaviest first each to the process with the least so far', () => {
		const weighed = [
			{ group: '/reviews/b/', weight: 2 },
			{ group: '/reviews/sweep-1/', weight: 50 },
			{ group: '/reviews/a/', weight: 2 },
			{ group: '/reviews/sweep-2/', weight: 50 },
			{ group: '/reviews/c/', weight: 3 },
		];
		expect([...spreadGroups(weighed, 2)]).toEqual([['/reviews/sweep-1/', 0], ['/reviews/sweep-2/', 1], ['/reviews/c/', 0], ['/reviews/a/', 1], ['/reviews/b/', 1]]);
		expect(spreadGroups([...weighed].reverse(), 2)).toEqual(spreadGroups(weighed, 2));
		expect(new Set(spreadGroups(weighed, 3).values())).toEqual(new Set([0, 1, 2]));
	});

	it('of a review go by its weight in the dataset (its input files), so two sweeps are not one process\'s', () => {
		const dataset = join(work, 'dataset');
		const reviews = { 'sweep-1': 40, 'sweep-2': 40, 'figures-1': 1, 'figures-2': 1, 'figures-3': 2 };
		const files: Record<string, string> = {
			'manifest.json': JSON.stringify({ reviews: Object.fromEntries(Object.keys(reviews).map((id) => [id, { path: `reviews/${id}.json` }])) }),
		};
		for (const [id, inputs] of Object.entries(reviews)) files[`reviews/${id}.json`] = JSON.stringify({ inputs: Array.from({ length: inputs }, (_, i) => ({ path: `${id}/${i}` })) });
		tree(dataset, files);
		process.env.SITE_DATA_DIR = dataset;
		try {
			const shares = [0, 1].map((k) => {
				process.env[BUILD_SHARD_ENV] = `${k}/2`;
				return Object.keys(reviews).filter((id) => rendersGroup(`/reviews/${id}/`));
			});
			expect(shares).toEqual([['sweep-1', 'figures-3'], ['sweep-2', 'figures-1', 'figures-2']]);
		} finally {
			delete process.env.SITE_DATA_DIR;
		}
	});

	it('are all rendered by a build on one core, whatever the variable says when it is not a share', () => {
		for (const value of [undefined, '', '2/2', 'x']) {
			if (value === undefined) delete process.env[BUILD_SHARD_ENV];
			else process.env[BUILD_SHARD_ENV] = value;
			expect(buildShard()).toEqual({ index: 0, count: 1 });
			expect(groups.every(rendersGroup)).toBe(true);
		}
	});
});

describe('mergeShardOutput', () => {
	it('moves what the first lacks, keeps what both wrote alike, and joins files it is told how to', () => {
		const into = tree(join(work, 'a'), { 'index.html': 'catalog', 'reviews/x/index.html': 'x', 'rec.json': '1' });
		const from = tree(join(work, 'a-1'), { 'index.html': 'catalog', 'reviews/y/index.html': 'y', 'reviews/y/w/index.html': 'w', 'data/charts/y.csv': 'c', 'rec.json': '2' });
		mergeShardOutput(from, into, { 'rec.json': (source, target) => writeFileSync(target, readFileSync(target, 'utf8') + readFileSync(source, 'utf8')) });
		expect(readFileSync(join(into, 'reviews/y/w/index.html'), 'utf8')).toBe('w');
		expect(readFileSync(join(into, 'data/charts/y.csv'), 'utf8')).toBe('c');
		expect(readFileSync(join(into, 'reviews/x/index.html'), 'utf8')).toBe('x');
		expect(readFileSync(join(into, 'rec.json'), 'utf8')).toBe('12');
		expect(existsSync(from)).toBe(false);
	});

	it('fails on a file the two wrote differently', () => {
		const into = tree(join(work, 'b'), { 'index.html': 'catalog' });
		const from = tree(join(work, 'b-1'), { 'index.html': 'catalog, other bytes' });
		expect(() => mergeShardOutput(from, into)).toThrow(/wrote different index\.html/);
	});
});

describe('the work over the whole catalog', () => {
	it('is the first process\'s (the dataset, the catalog\'s pages) and the last\'s (the finder\'s files), both one process\'s on one core', () => {
		const roles = () => [isFirstShard(), isLastShard()];
		expect(roles()).toEqual([true, true]);
		process.env[BUILD_SHARD_ENV] = '0/2';
		expect(roles()).toEqual([true, false]);
		process.env[BUILD_SHARD_ENV] = '1/2';
		expect(roles()).toEqual([false, true]);
		process.env[BUILD_SHARD_ENV] = '1/3';
		expect(roles()).toEqual([false, false]);
	});
});

describe('the files of data/ the site makes from the dataset (the comparison’s drive files)', () => {
	it('are each one process’s, every process having a share, on any number of cores', () => {
		const files = Array.from({ length: 40 }, (_, i) => ({ params: { id: `d-${i}` }, path: `/data/compare/drives/d-${i}.json`, reviews: [] }));
		for (const count of [2, 3, 4]) {
			const shares = Array.from({ length: count }, (_, k) => {
				process.env[BUILD_SHARD_ENV] = `${k}/${count}`;
				return filesToRender('compare-drives', files).map((f) => f.params.id);
			});
			expect(shares.flat().sort(), `${count} processes`).toEqual(files.map((f) => f.params.id).sort());
			for (const share of shares) expect(share.length, `${count} processes`).toBeGreaterThan(0);
		}
	});
});
