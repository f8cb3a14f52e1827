// Comparing drives across reviews: fingerprints, shared workloads, the delta table and the conditions, on the
// bundled published reviews of three datacenter drives (ingested here) and on rows as the parsers write them.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { cornerOf } from '../../../src/lib/charts/corners.ts';
import type { HistogramInput } from '../../../src/lib/charts/histogram-series.ts';
import type { TimeseriesPoint } from '../../../src/lib/charts/timeseries/chart.ts';
import { OWN_DEVICE_ID, OWN_REVIEW_ID, parseOwnFile, type OwnParse } from '../../../src/lib/own-result/index.ts';
import { buildHistogramsSql } from '../../../src/lib/queries/histograms.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import { buildSeriesListSql, buildTimeseriesSql, type TimeseriesBucketRow } from '../../../src/lib/queries/timeseries.ts';
import type { ReviewFacts } from '../../../src/lib/compare/conditions.ts';
import type { ResultContext } from '../../../src/lib/compare/comparability.ts';
import { deltaTable, metricValue, METRICS, tally, workloadLeads } from '../../../src/lib/compare/delta.ts';
import { fingerprintKey, fingerprintOf, matchOf, unknownParts, type FingerprintRow } from '../../../src/lib/compare/fingerprint.ts';
import { verdictOf, verdictText, workloadText } from '../../../src/lib/compare/verdict.ts';
import { compareDrives } from '../../../src/lib/compare/comparison.ts';
import { comparisonCharts, comparisonEl, withLateRows } from '../../../src/lib/compare/html.ts';
import { compareQuery, comparePairPath, devicesOfQuery } from '../../../src/lib/compare/drive-file.ts';
import { htmlOf } from '../../../src/lib/element.ts';
import { parseHTML } from 'linkedom';
import { comparableResults, headlineRows, splitShared, workloadsOf, type Member, type Workload } from '../../../src/lib/compare/workloads.ts';
import type { HistogramRow, RunRow, SeriesRow } from '../../../src/lib/schema.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const P5510 = 'intel-d7-p5510-7-68tb';
const PM9A3 = 'samsung-pm9a3-7-68tb';
const P5520 = 'solidigm-d7-p5520-7-68tb';
const REVIEWS = ['storagereview-2021-intel-p5510-vs-samsung-pm9a3', 'storagereview-2021-intel-storage-windows-server', 'anon-2022-solidigm-d7-p5520'];

const base: FingerprintRow = {
	access: 'random',
	direction: 'read',
	rw: 'randread',
	read_pct: 100,
	random_pct: 100,
	block_size_bytes: 4096,
	iodepth: 32,
	numjobs: 4,
	rate_limit_iops: null,
};

describe('workload fingerprint', () => {
	it('is made of access, direction and read %, block size, outstanding I/O and rate step', () => {
		expect(fingerprintOf(base)).toEqual({ access: 'random', direction: 'read', read_pct: 100, block_size_bytes: 4096, outstanding: 128, rate_limit_iops: null });
		expect(fingerprintKey(fingerprintOf(base)!)).toBe('random/read/100/4096/128/-');
		// The read row of a 70/30 mix is not a pure read.
		const mixRead = fingerprintOf({ ...base, rw: 'randrw', read_pct: 70 })!;
		expect(matchOf(fingerprintOf(base)!, mixRead)).toBeNull();
		// fio's rw= decides access even where the access column says otherwise; a rate step is part of the workload.
		expect(fingerprintOf({ ...base, rw: 'read', access: 'random' })!.access).toBe('sequential');
		expect(matchOf(fingerprintOf(base)!, fingerprintOf({ ...base, rate_limit_iops: 50000 })!)).toBeNull();
		// An application profile is not a fingerprinted workload.
		expect(fingerprintOf({ ...base, access: 'application', rw: null })).toBeNull();
	});

	it('matches a figure that lacks parts only loosely, and names them', () => {
		const published = fingerprintOf({ ...base, rw: null, read_pct: null, iodepth: null, numjobs: null })!;
		expect(published.read_pct).toBeNull();
		expect(unknownParts(published)).toEqual(['read_pct', 'outstanding']);
		expect(matchOf(fingerprintOf(base)!, published)).toBe('loose');
		expect(matchOf(fingerprintOf(base)!, fingerprintOf(base)!)).toBe('exact');
		// A part known on both sides and different: no match, loose or not.
		expect(matchOf(published, fingerprintOf({ ...base, block_size_bytes: 8192 })!)).toBeNull();
		// Without the access pattern nothing is matched (it would match nearly anything).
		const unknownAccess = fingerprintOf({ ...base, access: null, rw: null, random_pct: null })!;
		expect(matchOf(unknownAccess, fingerprintOf(base)!)).toBeNull();
	});

	it('keeps, per file, the rows of its widest scope', () => {
		const rows = [
			{ review_id: 'r', source_file: 'a.json', scope: 'job' },
			{ review_id: 'r', source_file: 'a.json', scope: 'total' },
			{ review_id: 'r', source_file: 'b.txt', scope: 'job' },
			{ review_id: 'q', source_file: 'a.json', scope: 'job' },
		];
		expect(headlineRows(rows)).toEqual([rows[1], rows[2], rows[3]]);
	});
});

describe('three drives from three reviews', () => {
	let work: string;
	let runs: RunRow[];
	let reviews: Map<string, ReviewFacts>;
	let shared: Workload[];
	let single: Workload[];
	const devices = [P5510, PM9A3, P5520];

	beforeAll(async () => {
		work = mkdtempSync(join(tmpdir(), 'compare-'));
		cpSync(join(ROOT, 'data/devices'), join(work, 'data/devices'), { recursive: true });
		for (const id of REVIEWS) cpSync(join(ROOT, 'data/reviews', id), join(work, 'data/reviews', id), { recursive: true });
		const report = await ingest({ dataDir: join(work, 'data'), out: join(work, 'dataset') });
		expect(report.errors).toEqual([]);
		const conn = await openDataset(join(work, 'dataset'));
		const number = (v: unknown) => (v === null ? null : Number(v));
		runs = (await conn.runAndReadAll('SELECT * FROM runs ORDER BY run_id, direction')).getRowObjectsJson().map(
			(r) => ({ ...r, block_size_bytes: number(r.block_size_bytes), io_bytes: number(r.io_bytes), total_ios: number(r.total_ios) }) as unknown as RunRow,
		);
		const facts = (await conn.runAndReadAll('SELECT review_id, year, platform_cpu, platform_os, drive_count, methodology_json FROM reviews')).getRowObjectsJson();
		reviews = new Map(facts.map((f) => [String(f.review_id), f as unknown as ReviewFacts]));
		conn.closeSync();
		({ shared, single } = splitShared(workloadsOf(comparableResults(runs), devices)));
	}, 120_000);

	afterAll(() => rmSync(work, { recursive: true, force: true }));

	const workload = (key: string) => {
		const w = shared.find((x) => x.key === key);
		if (!w) throw new Error(`no shared workload ${key}; have ${shared.map((x) => x.key).join(', ')}`);
		return w;
	};

	it('finds the workloads they share across reviews, and those only one has', () => {
		expect(shared.length).toBeGreaterThanOrEqual(5);
		expect(single.length).toBeGreaterThan(0);
		// StorageReview's 4K random read at 16 threads × 16 queue depth; the P5520 review gives no queue depth.
		const rr = workload('random/read/100/4096/256/-');
		expect([...rr.byDevice.keys()].sort()).toEqual([P5510, P5520]);
		expect(rr.byDevice.get(P5510)![0]!.match).toBe('exact');
		expect(rr.byDevice.get(P5520)![0]!.match).toBe('loose');
		expect(rr.unknown).toEqual(['outstanding']);
		for (const w of shared) for (const members of w.byDevice.values()) for (const m of members) expect(devices).toContain(m.row.device_id);
	});

	const context = (m: Member): ResultContext => ({ row: m.row, fingerprint: m.fingerprint, review: reviews.get(m.row.review_id), deviceClass: 'ssd' });

	it('gives each metric per drive, % against the baseline, its class, and the better value among those that count', () => {
		const rows = deltaTable(shared, devices, P5510, { context });
		const iops = rows.find((r) => r.workload.key === 'random/read/100/4096/256/-' && r.metric.key === 'iops')!;
		// 4.8M IOPS of eight P5510 at once (windows-server review) is 600K per drive; the P5520's 1.15M (anon-2022) states
		// no queue depth: shown, not comparable, never best.
		expect(iops.cells.get(P5510)).toMatchObject({ value: 600_000, pct: null, converted: false, perDrive: { total: 4_800_000, drives: 8, divided: true }, counts: false });
		expect(iops.cells.get(P5520)).toMatchObject({ value: 1_150_000, best: false, class: 'not_comparable', counts: false });
		expect(iops.cells.get(P5520)!.reasons[0]).toMatchObject({ kind: 'unknown_part', parts: ['outstanding'] });
		expect(iops.cells.get(P5520)!.pct).toBeCloseTo(91.67, 2);
		// Bandwidth from IOPS × 4 KiB is marked as converted, per drive too.
		const bw = rows.find((r) => r.workload.key === iops.workload.key && r.metric.key === 'bw_bytes_per_s')!;
		expect(bw.cells.get(P5510)).toMatchObject({ value: 600_000 * 4096, converted: true });
		// Less latency is better, more IOPS and bandwidth is better: among the cells that count.
		for (const r of rows) {
			const counted = [...r.cells.values()].filter((c) => c.counts).map((c) => c.value);
			const pick = r.metric.better === 'lower' ? Math.min : Math.max;
			for (const c of r.cells.values()) expect(c.best, `${r.workload.key} ${r.metric.key}`).toBe(c.counts && counted.length >= 2 && c.value === pick(...counted));
		}
		const t = tally(rows, devices);
		const decided = rows.filter((r) => [...r.cells.values()].filter((c) => c.best).length === 1);
		expect([...t.values()].reduce((n, x) => n + x.wins, 0)).toBe(decided.length);
		const { leads, decided: workloadsDecided } = workloadLeads(rows, devices);
		expect([...leads.values()].reduce((a, b) => a + b, 0)).toBe(workloadsDecided);
		// With every result counted (the reader's switch), the P5520's figure competes.
		const all = deltaTable(shared, devices, P5510, { context, includeAll: true });
		expect(all.find((r) => r.workload.key === iops.workload.key && r.metric.key === 'iops')!.cells.get(P5520)).toMatchObject({ counts: true, best: true });
	});

	it('reads a metric only where the result has it (NULL is not 0)', () => {
		for (const r of runs) {
			for (const metric of METRICS) {
				const v = metricValue(r, metric);
				if (v) expect(Number.isFinite(v.value)).toBe(true);
			}
		}
		const latencyOnly = runs.find((r) => r.iops === null && r.bw_bytes_per_s === null && r.lat_mean_ns !== null)!;
		expect(metricValue(latencyOnly, METRICS[0]!)).toBeNull();
	});

	it('groups the shared workloads into families of loads, each drive drawn from one series, pale drives named', () => {
		const c = compareDrives({ devices, runs, percentiles: [], reviews });
		expect(c.baseline).toBe(P5510);
		expect(c.shared).toBe(shared.length);
		const rr = c.families.find((f) => f.key === 'random/read/100/4096/?/-')!;
		expect(rr.workloads.map((w) => w.key)).toContain('random/read/100/4096/256/-');
		// One review (and host) per drive in a family, and the family's rows are only those series' rows of these drives.
		for (const r of rr.runs) expect(rr.sources.get(r.device_id)).toBe(`${r.review_id}\u0000${r.host ?? ''}`);
		// The P5520's figures state no queue depth: not comparable with the P5510's sweep, drawn pale.
		expect(rr.classes.get(P5520)).toMatchObject({ class: 'not_comparable' });
		expect(rr.odd).toContain(P5520);
		expect(rr.reference).toBe(P5510);
		// The reader's switch counts them: more workloads compared.
		const all = compareDrives({ devices, runs, percentiles: [], reviews, includeAll: true });
		expect(all.verdict.compared).toBeGreaterThan(c.verdict.compared);
		// Another baseline: the % column follows it.
		const other = compareDrives({ devices, baseline: P5520, runs, percentiles: [], reviews });
		for (const row of other.rows) expect(row.cells.get(P5520)?.pct ?? null).toBeNull();
	});

	it('writes the comparison as escaped HTML: best values marked, % against the baseline, conditions next to the figures', () => {
		const c = compareDrives({ devices, runs, percentiles: [], reviews });
		const payload = '<img src=x onerror=alert(1)>"\'';
		const labels = { [P5510]: payload, [PM9A3]: 'Samsung PM9A3', [P5520]: 'Solidigm D7-P5520' };
		const charts = comparisonCharts(c, runs, []);
		const html = htmlOf(
			comparisonEl(c, charts, {
				lang: 'en',
				labels,
				reviewTitles: { [REVIEWS[0]!]: payload },
				reviewHref: (id) => `/reviews/${id}/`,
				driveHref: (id) => `/drives/${id}/`,
				draw: (chart) => ({ markup: `<svg data-kind="${chart.kind}"></svg>`, summary: payload, table: { columns: [payload], rows: [[payload]] } }),
			}),
		);
		expect(html).not.toContain('<img');
		expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
		const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
		const rows = [...document.querySelectorAll('[data-testid="delta-table"] tbody tr')];
		expect(rows.length).toBe(c.rows.length);
		for (const tr of rows) {
			const cells = [...tr.querySelectorAll('td[data-device]')].map((td) => ({ device: td.getAttribute('data-device'), value: Number(td.getAttribute('data-value')), best: td.hasAttribute('data-best'), pct: td.querySelector('[data-pct]') !== null }));
			const values = cells.map((x) => x.value);
			const best = tr.getAttribute('data-metric')!.startsWith('lat_') ? Math.min(...values) : Math.max(...values);
			const hasBase = cells.some((x) => x.device === P5510);
			for (const x of cells) {
				if (x.best) expect(x.value).toBe(best);
				expect(x.pct).toBe(hasBase && x.device !== P5510);
			}
		}
		expect(document.querySelectorAll('[data-testid="conditions"] [data-class="not_comparable"] [data-reason="unknown_part"]').length).toBeGreaterThan(0);
		// One mark before a value, never "≈~": a converted value is "≈" (its title gives every reason), a loose match alone "~".
		for (const td of document.querySelectorAll('td[data-device]')) {
			const marks = [...td.querySelectorAll('abbr')];
			expect(marks.length).toBeLessThanOrEqual(1);
			if (marks[0]) expect(marks[0].textContent).toBe(marks[0].hasAttribute('data-converted') ? '≈' : '~');
		}
		expect(document.querySelectorAll('td[data-class="not_comparable"]:not([data-counts])').length).toBeGreaterThan(0);
		expect([...document.querySelectorAll('[data-per-drive="divided"]')].map((x) => x.textContent)).toContain('4,800,000 IOPS for 8 drives = 600,000 IOPS per drive');
		expect(document.querySelector('[data-testid="verdict"]')!.textContent).toContain(payload);
	});

	it('sums it up in words, in both languages: comparable workloads only, and why the rest is not', () => {
		const rows = deltaTable(shared, devices, P5510, { context });
		const v = verdictOf(rows, devices, shared);
		const labels: Record<string, string> = { [P5510]: 'Intel D7-P5510', [PM9A3]: 'Samsung PM9A3', [P5520]: 'Solidigm D7-P5520' };
		const en = verdictText(v, shared.length, single.length, labels, 'en');
		expect(v.compared + v.notComparable).toBe(shared.length);
		if (v.leader) expect(en).toMatch(new RegExp(`^${labels[v.leader]} is ahead on ${v.leads.get(v.leader)} of ${v.compared} comparable workloads\\. `));
		expect(en).toContain(`${v.notComparable} more ${v.notComparable === 1 ? 'is' : 'are'} not comparable: `);
		expect(en).toContain('a part of the workload not stated');
		expect(en).toMatch(new RegExp(`${single.length} workloads? only one of them has\\.$`));
		const zh = verdictText(v, shared.length, single.length, labels, 'zh-Hans');
		expect(zh).toContain(`在 ${v.compared} 个可比负载中`);
		expect(zh).toContain('负载有未说明的部分');
		expect(zh.endsWith('。')).toBe(true);
	});
});

describe('a workload in words', () => {
	it('names every part, and the unknown ones at the end', () => {
		expect(workloadText(fingerprintOf(base)!, 'en')).toBe('4 KiB random read, 128 outstanding I/Os');
		expect(workloadText(fingerprintOf({ ...base, rw: 'randrw', direction: 'mixed', read_pct: 70, iodepth: 1, numjobs: 1 })!, 'en')).toBe(
			'4 KiB random 70/30 read/write, 1 outstanding I/O',
		);
		expect(workloadText(fingerprintOf({ ...base, block_size_bytes: null, iodepth: null, numjobs: null, rate_limit_iops: 5000 })!, 'zh-Hans')).toBe(
			'随机读，限速 5,000 IOPS（块大小、未完成 I/O 数未知）',
		);
		expect(workloadText(fingerprintOf({ ...base, rw: 'randrw', direction: 'mixed', read_pct: null, block_size_bytes: null })!, 'en')).toBe(
			'random read/write, 128 outstanding I/Os (read share, block size unknown)',
		);
	});
});

describe('comparison URLs', () => {
	it('reads the drives of a link, each once, at most eight, from a list or a form', () => {
		expect(devicesOfQuery(new URLSearchParams('devices=a,b,a&base=b'))).toEqual({ devices: ['a', 'b'], given: 2, base: 'b' });
		expect(devicesOfQuery(new URLSearchParams('devices=a&devices=b'))).toEqual({ devices: ['a', 'b'], given: 2, base: null });
		// Ids are kebab-case (they become file names and URLs); a base that is not compared is ignored.
		expect(devicesOfQuery(new URLSearchParams('devices=a,../x,<b>&base=z'))).toEqual({ devices: ['a'], given: 1, base: null });
		const many = devicesOfQuery(new URLSearchParams(`devices=${[...'abcdefghij'].join(',')}`));
		expect(many.devices).toHaveLength(8);
		expect(many.given).toBe(10);
		expect(comparePairPath('z-drive', 'a-drive')).toBe('/compare/a-drive-vs-z-drive/');
		expect(compareQuery(['a', 'b'], 'b')).toBe('/compare/?devices=a,b&base=b');
		expect(compareQuery(['a', 'b'], 'a')).toBe('/compare/?devices=a,b');
	});
});

describe('a reader’s fio json+ beside a drive measured with bins and logs', () => {
	const LAB = 'lab-2026-virtual-disk-fio-sweep';
	const DRIVE = 'virtual-disk-virtio-blk';
	let work: string;
	let runs: RunRow[];
	let bins: HistogramRow[];
	let buckets: TimeseriesBucketRow[];
	let logs: Map<string, string[]>;
	let histogramRuns: Set<string>;
	let own: Extract<OwnParse, { ok: true }>;
	const reviews = new Map<string, ReviewFacts>([
		[LAB, { review_id: LAB, year: 2026, platform_cpu: null, platform_os: null, drive_count: 1, methodology_json: null }],
		[OWN_REVIEW_ID, { review_id: OWN_REVIEW_ID, year: null, platform_cpu: null, platform_os: null, drive_count: null, methodology_json: null }],
	]);

	beforeAll(async () => {
		work = mkdtempSync(join(tmpdir(), 'compare-late-'));
		cpSync(join(ROOT, 'data/devices'), join(work, 'data/devices'), { recursive: true });
		cpSync(join(ROOT, 'data/reviews', LAB), join(work, 'data/reviews', LAB), { recursive: true });
		expect((await ingest({ dataDir: join(work, 'data'), out: join(work, 'dataset') })).errors).toEqual([]);
		const conn = await openDataset(join(work, 'dataset'));
		runs = await runQuery<RunRow>(conn, buildRunsSql({ deviceId: DRIVE }));
		histogramRuns = new Set((await runQuery<{ run_id: string }>(conn, { sql: 'SELECT DISTINCT run_id FROM histograms', params: [] })).map((r) => r.run_id));
		bins = await runQuery<HistogramRow>(conn, buildHistogramsSql({ runIds: [...histogramRuns] }));
		logs = new Map();
		for (const s of await runQuery<SeriesRow>(conn, buildSeriesListSql({ deviceId: DRIVE }))) logs.set(s.run_id!, [...(logs.get(s.run_id!) ?? []), s.metric]);
		buckets = await runQuery<TimeseriesBucketRow>(conn, buildTimeseriesSql({ runIds: [...logs.keys()] }));
		conn.closeSync();
		// The reader drops one of the lab's own raw files: a json+ with latency bins, at 4 KiB random read QD32.
		const name = '4k-random-read-qd32-timeseries.json';
		const parsed = parseOwnFile(name, new Uint8Array(readFileSync(join(ROOT, 'data/reviews', LAB, 'raw', name))));
		if (!parsed.ok) throw new Error(parsed.error.message);
		own = parsed;
	}, 120_000);

	afterAll(() => rmSync(work, { recursive: true, force: true }));

	const compare = (extra: Partial<Parameters<typeof compareDrives>[0]> = {}) =>
		compareDrives({ devices: [DRIVE, OWN_DEVICE_ID], runs: [...runs, ...own.runs], percentiles: [...own.percentiles], reviews, ...extra });
	const randomRead = (c: ReturnType<typeof compareDrives>) => c.families.find((f) => f.key.startsWith('random/read/100/4096/'))!;

	it('overlays the histogram and exceedance at the lightest load both have bins at, the bins read only when drawn', () => {
		expect(own.histograms.length).toBeGreaterThan(0);
		const c = compare({ histogramRuns: new Set([...histogramRuns, ...own.histograms.map((h) => h.run_id)]) });
		const family = randomRead(c);
		expect(family.histogram?.runIds).toHaveLength(2);
		expect(family.histogram?.workload.fingerprint.outstanding).toBe(32);
		// Without the reader's bins, one drive has bins: no histogram to compare.
		expect(randomRead(compare({ histogramRuns })).histogram).toBeNull();
		const charts = comparisonCharts(c, [...runs, ...own.runs], []).families[c.families.indexOf(family)]!;
		const [hist, exc] = ['hist', 'exc'].map((k) => charts.find((x) => x.kind === k)!);
		expect(hist!.input).toBeNull();
		expect(exc!.late?.table).toBe('histograms');
		const input = withLateRows(hist!, { histograms: [...bins, ...own.histograms] }).input as HistogramInput;
		expect(new Set(input.runs.map((r) => r.device_id))).toEqual(new Set([DRIVE, OWN_DEVICE_ID]));
		expect(new Set(input.bins.map((b) => b.run_id))).toEqual(new Set(family.histogram!.runIds));
		expect(input.bins.every((b) => b.direction === 'read')).toBe(true);
	});

	it('overlays time series only where two drives have a log of one metric at one load', () => {
		expect(randomRead(compare({ logs })).timeseries).toBeNull();
		// As a drive's file would list a log of the reader's run.
		const ownRun = own.runs.find((r) => r.direction === 'read')!.run_id;
		const c = compare({ logs: new Map([...logs, [ownRun, ['iops']]]) });
		const ts = randomRead(c).timeseries!;
		expect(ts.metric).toBe('iops');
		expect(ts.runIds).toContain(ownRun);
		const chart = comparisonCharts(c, [...runs, ...own.runs], []).families[c.families.indexOf(randomRead(c))]!.find((x) => x.kind === 'ts')!;
		expect(chart.fixed.metric).toBe('iops');
		const points = withLateRows(chart, { timeseries: buckets }).input as TimeseriesPoint[];
		expect(points.length).toBeGreaterThan(0);
		// Only the iops log of the run the chart draws, read direction.
		const labRun = ts.runIds.find((id) => id !== ownRun)!;
		expect(points.length).toBe(buckets.filter((b) => b.run_id === labRun && b.metric === 'iops' && b.direction === 'read').length);
	});

	it('shows the four corners of drives whose results count, per drive; the reader’s file is classed like any result', () => {
		// The reader's file states no preconditioning or steady state: its conditions differ from the lab's, so by default
		// neither drive counts, and the corners leave both out, naming them.
		const c = compare();
		expect(c.corners).toBeNull();
		expect(c.cornersLeftOut).toEqual([DRIVE, OWN_DEVICE_ID]);
		expect(c.verdict.compared).toBe(0);
		expect([...c.verdict.reasons.keys()]).toEqual(expect.arrayContaining(['preconditioning', 'steady_state']));
		// Counting every result (the reader's switch), both drives have corners.
		const all = compare({ includeAll: true });
		expect(new Set(all.corners!.map((r) => r.device_id))).toEqual(new Set([DRIVE, OWN_DEVICE_ID]));
		expect(all.corners!.every((r) => cornerOf(r) !== undefined)).toBe(true);
		expect(comparisonCharts(all, runs, []).corners?.kind).toBe('fc');
		// One drive alone has no corners to compare.
		expect(compareDrives({ devices: [DRIVE, 'other'], runs, percentiles: [], reviews }).corners).toBeNull();
	});
});
