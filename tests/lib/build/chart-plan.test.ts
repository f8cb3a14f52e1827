// Which charts the pages draw from the fixture dataset, that a chart's input is rebuilt in the browser from the
// rows the page carries (compact JSON) unchanged, that the charts' queries batch into one per table without
// changing any chart's rows, and that every chart renders at build time with the chart library.
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, chartOptions, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import { assembleInput, batchQueries, builtQueries, packChart, packPageRuns, queriesForView, unpackPageRuns, unpackResults, type ChartSpec } from '../../../src/lib/site/chart-data.ts';
import type { RunRow } from '../../../src/lib/schema.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import { siteQuery } from '../../../src/lib/build/db.ts';
import { jsonForScript } from '../../../src/lib/site/inline-json.ts';
import { planCharts, type ChartPlan } from '../../../src/lib/build/chart-plan.ts';
import { loadReview } from '../../../src/lib/build/review.ts';
import { loadDrive } from '../../../src/lib/build/drive.ts';
import { deviceLabels } from '../../../src/lib/site/labels.ts';
import { renderStaticChart } from '../../../src/lib/build/render.ts';
import { makeDataset, type Dataset } from '../queries/dataset.ts';

let ds: Dataset;
let plan: ChartPlan;
let labels: Record<string, string>;
const all = (p: ChartPlan): ChartSpec[] => [...p.overview, ...p.groups.flatMap((g) => g.charts), ...p.comparisons];

beforeAll(async () => {
	ds = await makeDataset();
	process.env.SITE_DATA_DIR = ds.out;
	const review = await loadReview('rev-fio');
	labels = deviceLabels(review.devices);
	plan = await planCharts(review, { lang: 'en', labels, idPrefix: 'r', comparisonFilter: { reviewId: 'rev-fio' }, query: siteQuery });
});
afterAll(() => {
	delete process.env.SITE_DATA_DIR;
	ds?.cleanup();
});

describe('chart plan of the fio review', () => {
	it('groups results by workload and picks charts from what each group holds', () => {
		const byGroup = Object.fromEntries(plan.groups.map((g) => [g.group.label, g.charts.map((c) => c.kind)]));
		// randread QD1 of both drives (fio 2.18 and 3.14): one point each → bars; fio's clat percentiles → ladder;
		// the 2.18 run's logs (clat, bw) → time series. The randrw json+ run (no workload label, 70 % reads) → a
		// read/write mix bar, its percentiles → ladder, its bins → histogram and exceedance, its per-I/O clat and
		// iops logs → time series. 4 KiB random results → the four-corners overview.
		expect(byGroup).toEqual({
			'4k-random-read': ['app', 'ladder', 'ts', 'ts'],
			'randrw 4 KiB': ['mix', 'ladder', 'hist', 'exc', 'ts', 'ts'],
		});
		expect(plan.overview.map((c) => c.kind)).toEqual(['fc']);
		expect(plan.devices).toEqual(['drive-a', 'drive-b']);
		expect(plan.directions).toEqual(['read', 'write']);
		expect(plan.hasTimeseries).toBe(true);
		const ids = all(plan).map((c) => c.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('gives each time series chart the downsampled log of its runs', () => {
		const ts = plan.groups.find((g) => g.group.label === 'randrw 4 KiB')!.charts.filter((c) => c.kind === 'ts');
		expect(ts.map((c) => c.fixed.metric).sort()).toEqual(['iops', 'lat']);
		const lat = ts.find((c) => c.fixed.metric === 'lat')!;
		const points = lat.input as { series: string; t_s: number; mean: number | null }[];
		expect(new Set(points.map((p) => p.series))).toEqual(new Set(['read', 'write']));
		expect(points.length).toBeLessThanOrEqual(2 * DEFAULT_VIEW.buckets);
		expect(Math.max(...points.map((p) => p.t_s))).toBeLessThanOrEqual(1.996);
	});

	it('starts the ladder on reads and can be re-queried for writes and at another resolution', () => {
		const ladder = all(plan).find((c) => c.id === 'r-w-randrw-4-kib-ladder')!;
		expect(ladder.directions).toEqual(['read', 'write']);
		expect(ladder.queries.percentiles?.direction).toBe('read');
		expect(queriesForView(ladder, { ...DEFAULT_VIEW, direction: 'write' }).percentiles?.direction).toBe('write');
		expect(queriesForView(ladder, { ...DEFAULT_VIEW, direction: 'trim' })).toBe(ladder.queries);
		const ts = all(plan).find((c) => c.kind === 'ts')!;
		expect(queriesForView(ts, { ...DEFAULT_VIEW, buckets: 1000 }).timeseries?.buckets).toBe(1000);
	});

	it('rebuilds every chart’s input in the browser from the rows the page carries', async () => {
		const pageRuns = await siteQuery<RunRow>(buildRunsSql({ runIds: plan.runIds }));
		const runs = unpackPageRuns(JSON.parse(jsonForScript(packPageRuns(pageRuns))));
		expect(runs).toEqual(pageRuns);
		for (const spec of all(plan)) {
			const packed = JSON.parse(jsonForScript(packChart(spec))) as ReturnType<typeof packChart>;
			// Runs selected by id come from the page's table, not with the chart.
			expect(packed.rows.runs, spec.id).toBeUndefined();
			const results = unpackResults(packed, runs);
			if (spec.queries.histograms) {
				// Histogram bins stay out of the page: the browser asks DuckDB for them.
				expect(results, spec.id).toBeNull();
				expect(JSON.stringify(packed)).not.toContain('bin_lower_ns');
				continue;
			}
			expect(assembleInput(packed, results!), spec.id).toEqual(spec.input);
		}
		expect(all(plan).filter((s) => s.queries.histograms).map((s) => s.kind)).toEqual(['hist', 'exc']);
	});

	it('batches the charts’ queries into one per table and splits each chart’s rows back unchanged', async () => {
		const specs = all(plan);
		const batch = batchQueries(specs.map((s) => s.queries));
		const results: unknown[][] = [];
		for (const { query } of batch.queries) results.push(await siteQuery(query));
		const split = batch.split(results);
		specs.forEach((spec, i) => expect(split[i], spec.id).toEqual(spec.results));
		const names = batch.queries.map((q) => q.name);
		expect(names.filter((n) => n === 'runs')).toHaveLength(1);
		expect(names.filter((n) => n === 'percentiles')).toHaveLength(1);
		expect(names.filter((n) => n === 'histograms')).toHaveLength(1);
		expect(batch.queries.length).toBeLessThan(specs.flatMap((s) => builtQueries(s.queries)).length);
		// Another direction for the ladders: split from the same kind of batch, equal to the ladders' own queries.
		const ladders = specs.filter((s) => s.kind === 'ladder');
		const writes = ladders.map((s) => queriesForView(s, { ...DEFAULT_VIEW, direction: 'write' }));
		const writeBatch = batchQueries(writes);
		const writeResults: unknown[][] = [];
		for (const { query } of writeBatch.queries) writeResults.push(await siteQuery(query));
		const own = await Promise.all(writes.map((q) => Promise.all(builtQueries(q).map(({ query }) => siteQuery(query)))));
		writeBatch.split(writeResults).forEach((r, i) => expect([r.runs, r.percentiles]).toEqual(own[i]));
		expect(writeBatch.split(writeResults).some((r) => (r.percentiles ?? []).some((p) => p.direction === 'write'))).toBe(true);
	});

	it('renders every chart at build time with its summary and table', () => {
		for (const spec of all(plan)) {
			const chart = renderStaticChart(spec, 'en', labels);
			expect(chart.markup, spec.id).toMatch(/^<(svg|figure)/);
			expect(chart.markup).toContain('<svg');
			expect(chart.summary.length, spec.id).toBeGreaterThan(10);
			expect(chart.table.columns.length).toBeGreaterThan(1);
			expect(chart.table.rows.length, spec.id).toBeGreaterThan(0);
		}
		const zh = renderStaticChart(all(plan)[0]!, 'zh-Hans', labels);
		expect(zh.table.columns.join('')).toMatch(/[\u4e00-\u9fff]/);
	});

	it('redraws with the reader’s view: units and devices change the chart, not the rows', () => {
		const app = all(plan).find((c) => c.kind === 'app')!;
		expect(new Set((app.input as { device_id: string }[]).map((r) => r.device_id))).toEqual(new Set(['drive-a', 'drive-b']));
		const draw = (view: typeof DEFAULT_VIEW) => {
			const { document } = parseHTML('<!doctype html><html><body></body></html>');
			const options = chartOptions(app, view, { lang: 'en', deviceLabels: labels, document: document as unknown as Document });
			return renderChart(app.kind, app.input, options);
		};
		const both = draw(DEFAULT_VIEW);
		expect(both.element.textContent).toContain('Crucial A1');
		expect(both.element.textContent).toContain('Intel B2');
		const onlyB = draw({ ...DEFAULT_VIEW, devices: ['drive-b'] });
		expect(onlyB.element.textContent).not.toContain('Crucial A1');
		expect(onlyB.table.rows).toHaveLength(1);
		const mbps = draw({ ...DEFAULT_VIEW, rateUnit: 'MB/s' });
		expect(mbps.element.textContent).toContain('MB/s');
		// 7139.547674 IOPS × 4096 B = 29,243,584.7 B/s = 29.24 MB/s (json-fio3.14-crucial-sata-randread.json).
		expect(mbps.table.rows.flat().some((v) => typeof v === 'number' && Math.abs(v - 29.2435847) < 0.01)).toBe(true);
	});
});

describe('a long review split into pages', () => {
	it('lists its measured workloads on its page and draws each on a page of its own', async () => {
		const review = await loadReview('rev-fio');
		const ctx = { lang: 'en' as const, labels, idPrefix: 'r', comparisonFilter: { reviewId: 'rev-fio' }, query: siteQuery };
		const summary = await planCharts(review, { ...ctx, part: 'summary' });
		const own = summary.groups.filter((g) => g.ownPage);
		expect(own.length).toBeGreaterThan(0);
		for (const g of own) expect(g.charts).toEqual([]);
		expect(summary.overview.map((c) => c.kind)).toEqual(all(plan).filter((c) => c.id.endsWith('four-corners')).map((c) => c.kind));
		const pages = await Promise.all(own.map((g) => planCharts(review, { ...ctx, part: { groupId: g.group.id } })));
		for (const [i, p] of pages.entries()) {
			expect(p.overview).toEqual([]);
			expect(p.groups.map((g) => g.group.id)).toEqual([own[i]!.group.id]);
		}
		// Together, the pages hold every chart of the whole plan, each once.
		const ids = [...all(summary), ...pages.flatMap(all)].map((c) => c.id).sort();
		expect(ids).toEqual(all(plan).map((c) => c.id).sort());
	});
});

describe('chart plan of a drive', () => {
	it('draws its published comparison as bars', async () => {
		const drive = await loadDrive('drive-b');
		expect(drive.comparisons).toHaveLength(1);
		const p = await planCharts(
			{ runs: [], groups: [], figures: [], comparisons: drive.comparisons, percentiles: [], histogramRuns: [], series: [] },
			{ lang: 'en', labels, idPrefix: 'd', comparisonFilter: { deviceId: 'drive-b' }, query: siteQuery },
		);
		expect(p.comparisons.map((c) => [c.kind, c.fixed.comparisonKind])).toEqual([['cmp', 'delta']]);
		expect(drive.claimed).toEqual([]);
		const a = await loadDrive('drive-a');
		// The claim "4K random read 100000 IOPS" is a 4K random read at QD ≥ 32: the 95000 IOPS published in rev-pub
		// state no load and the fio runs are at QD1, so none fits; the published figure is named as the closest.
		expect(a.claimed[0]!.outcome).toMatchObject({ kind: 'unmatched', column: 'rand_read_4k_iops', closest: { value: 95000, review_id: 'rev-pub' } });
		expect(a.best.rand_read_4k_iops).toBeUndefined();
	});
});
