// The list of chart kinds (src/lib/charts/kinds.ts): one folder and one object per kind, slugs that existing URLs
// use, label keys that belong to one kind each, and the data path every page shares.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINDS, kindOf } from '../../../src/lib/charts/kinds.ts';
import { CHART_LABELS } from '../../../src/lib/charts/labels.ts';
import { assembleInput, kindControls, queriesForView } from '../../../src/lib/site/chart-data.ts';
import { drawOf } from '../../../src/lib/site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../../../src/lib/site/view.ts';
import { sweepRows } from './sweeps.ts';

const CONTROLS = ['stat', 'rate', 'latency', 'log', 'buckets', 'direction'];

describe('chart kinds', () => {
	it('are each one folder named by the id: the kind from its index.ts, its drawing from its chart.ts', () => {
		for (const kind of KINDS) expect(existsSync(new URL(`../../../src/lib/charts/${kind.id}/index.ts`, import.meta.url)), kind.id).toBe(true);
		for (const kind of KINDS) expect(Object.keys(drawOf(kind.slug)).sort(), kind.id).toEqual(['render', 'summary', 'table']);
		expect(new Set(KINDS.map((k) => k.id)).size).toBe(KINDS.length);
		expect(new Set(KINDS.map((k) => k.slug)).size).toBe(KINDS.length);
	});

	it('keep the slugs that chart ids, embed URLs and table CSVs already use', () => {
		for (const slug of ['lvi', 'qd', 'ladder', 'hist', 'exc', 'fc', 'mix', 'app', 'ts', 'cmp']) expect(kindOf(slug).slug).toBe(slug);
		expect(() => kindOf('nope')).toThrow(/unknown chart kind: nope/);
	});

	it('name only controls the page has, and the labels only they use', () => {
		const owner = new Map<string, string>();
		for (const kind of KINDS) {
			for (const c of kind.controls) expect(CONTROLS, kind.id).toContain(c);
			expect(kindControls(kind.slug)).toEqual(kind.controls);
			expect(kind.labelKeys.length, kind.id).toBeGreaterThan(0);
			for (const key of kind.labelKeys) {
				expect(CHART_LABELS.en[key], key).toBeTypeOf('string');
				expect(owner.get(key), key).toBeUndefined();
				owner.set(key, kind.id);
			}
		}
		// Every label named after a kind's slug is that kind's.
		for (const key of Object.keys(CHART_LABELS.en)) {
			const slug = KINDS.find((k) => key.startsWith(`${k.slug}_`))?.slug;
			if (slug) expect(owner.get(key), key).toBe(kindOf(slug).id);
		}
	});

	it('build every input the same way: relabelled runs, or the rows of the kind', () => {
		const unlabelled = sweepRows.map((r) => ({ ...r, workload: null }));
		const runs = assembleInput({ kind: 'lvi', fixed: {}, relabel: '4K random' }, { runs: unlabelled }) as typeof sweepRows;
		expect(runs.map((r) => r.workload)).toEqual(unlabelled.map(() => '4K random'));
		expect(assembleInput({ kind: 'ladder', fixed: {} }, { runs: sweepRows })).toEqual({ runs: sweepRows, percentiles: [] });
		expect(assembleInput({ kind: 'hist', fixed: {} }, {})).toEqual({ runs: [], bins: [] });
		expect(assembleInput({ kind: 'ts', fixed: {} }, {})).toEqual([]);
	});

	it('follow the view only where the kind reads other rows for it', () => {
		const queries = { runs: { runIds: ['a'], direction: 'read' }, percentiles: { runIds: ['a'], direction: 'read' } };
		const ladder = queriesForView({ kind: 'ladder', queries, directions: ['read', 'write'] }, { ...DEFAULT_VIEW, direction: 'write' });
		expect([ladder.runs?.direction, ladder.percentiles?.direction]).toEqual(['write', 'write']);
		expect(queriesForView({ kind: 'ladder', queries, directions: ['read'] }, { ...DEFAULT_VIEW, direction: 'write' })).toBe(queries);
		expect(queriesForView({ kind: 'lvi', queries, directions: ['read', 'write'] }, { ...DEFAULT_VIEW, direction: 'write' })).toBe(queries);
		const ts = { timeseries: { seriesIds: ['s'], buckets: 300 } };
		expect(queriesForView({ kind: 'ts', queries: ts }, { ...DEFAULT_VIEW, buckets: 1000 }).timeseries?.buckets).toBe(1000);
	});
});
