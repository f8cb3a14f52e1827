// Every SQL builder: its text pinned, and its result checked against values read by hand from the raw fixtures,
// executed with @duckdb/node-api on Parquet written by the real ingest (the same SQL DuckDB-wasm runs).
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogRunsSql, buildCatalogSql, type CatalogRow } from '../../../src/lib/queries/catalog-rows.ts';
import { catalogCells } from '../../../src/lib/build/catalog-data.ts';
import type { SlotRun } from '../../../src/lib/site/slot-cells.ts';
import { buildHistogramsSql } from '../../../src/lib/queries/histograms.ts';
import { buildDevicesSql, buildReviewsSql } from '../../../src/lib/queries/metadata.ts';
import { buildPercentilesSql } from '../../../src/lib/queries/percentiles.ts';
import { buildComparisonsSql, buildFiguresSql } from '../../../src/lib/queries/published.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import { rowsOfRuns } from '../../../src/lib/queries/query.ts';
import { buildSeriesListSql, buildTimeseriesSql, type TimeseriesBucketRow } from '../../../src/lib/queries/timeseries.ts';
import type { ComparisonRow, DeviceRow, FigureRow, HistogramRow, PercentileRow, ReviewRow, RunRow, SeriesRow } from '../../../src/lib/schema.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { makeDataset, type Dataset } from './dataset.ts';

let ds: Dataset;
let conn: DuckDBConnection;
const run = <T>(q: { sql: string; params: unknown[] }) => runQuery<T>(conn, q as never);

beforeAll(async () => {
	ds = await makeDataset();
	conn = await openDataset(ds.out);
});
afterAll(() => {
	conn?.closeSync();
	ds?.cleanup();
});

const RANDREAD_218 = 'rev-fio:raw/a/randread-qd1.json#job0';
const RANDRW_333 = 'rev-fio:raw/a/randrw.json#job0';
const CRUCIAL_314 = 'rev-fio:raw/b/randread-qd1.json#job0';

describe('buildCatalogSql', () => {
	it('pins its SQL', async () => {
		const q = buildCatalogSql();
		expect(q.params).toEqual([]);
		expect(q.tables).toEqual(['devices', 'reviews', 'runs', 'figures', 'comparisons']);
		await expect(q.sql).toMatchFileSnapshot('./golden/catalog.sql');
	});

	it('lists every drive × review with its class, tools and origins', async () => {
		const rows = await run<CatalogRow>(buildCatalogSql());
		expect(rows.map((r) => [r.device_id, r.review_id])).toEqual([
			['drive-a', 'rev-pub'],
			['drive-a', 'rev-fio'],
			['drive-b', 'rev-pub'],
			['drive-b', 'rev-fio'],
		]);
		const fio = rows.find((r) => r.device_id === 'drive-a' && r.review_id === 'rev-fio')!;
		expect(fio.tools).toBe('fio');
		expect(fio.origins).toBe('measured');
		expect(fio.capacity_bytes).toBe(1.92e12); // capacity: 1.92TB, decimal
		expect(fio.device_class).toBe('ssd');
		expect(rows.find((r) => r.device_id === 'drive-b')!.device_class).toBe('unknown'); // its device YAML names no class
		expect(rows.find((r) => r.device_id === 'drive-a' && r.review_id === 'rev-pub')!.origins).toBe('published');
	});

	it('gives each column only the results that fit it', async () => {
		const runs = await run<SlotRun>(buildCatalogRunsSql());
		const cells = (device: string, review: string) => catalogCells(runs.filter((r) => r.device_id === device && r.review_id === review));
		// Drive A in rev-fio: 4 KiB random reads at QD1 only (fio 2.18 randread, "iops" : 73.182907, lat mean
		// 13657.451569 µs) and a 50/50 randrw: no read at QD ≥ 32, and the randrw's read side is no pure read.
		const [randRead, randWrite, seqRead, , qd1] = cells('drive-a', 'rev-fio');
		expect(randRead).toBeNull();
		expect(randWrite).toBeNull();
		expect(seqRead).toBeNull();
		expect(qd1![0]).toBeCloseTo(13_657_451.569, 0);
		expect(qd1!.slice(1, 4)).toEqual([1, 1, 0]);
		// Drive B: json-fio3.14-crucial-sata-randread.json, QD1, lat_ns mean 137912.367435.
		const b = cells('drive-b', 'rev-fio');
		expect(b[4]![0]).toBeCloseTo(137912.367435, 3);
		expect(buildCatalogRunsSql({ deviceId: 'drive-b' }).params).toEqual(['drive-b']);
	});

	it('has a caption in both languages', () => {
		expect(buildCatalogSql().caption).toMatch(/^Every drive/);
		expect(buildCatalogSql({ lang: 'zh-Hans' }).caption).toMatch(/^每块硬盘/);
	});
});

describe('buildRunsSql', () => {
	it('pins its SQL with positional parameters', async () => {
		const q = buildRunsSql({ reviewId: 'rev-fio', runIds: [RANDREAD_218, RANDRW_333], direction: 'read' });
		expect(q.params).toEqual(['rev-fio', RANDREAD_218, RANDRW_333, 'read']);
		await expect(q.sql.replace(/SELECT .*\n/, 'SELECT …\n')).toMatchFileSnapshot('./golden/runs.sql');
	});

	it('selects a review, a drive or runs', async () => {
		const all = await run<RunRow>(buildRunsSql({ reviewId: 'rev-fio' }));
		// The fio review: 2.18 randread (1 run, read), 3.33 randrw (read + write), 3.14 randread (read).
		expect(all.map((r) => `${r.run_id}/${r.direction}`)).toEqual([
			`${RANDREAD_218}/read`,
			`${RANDRW_333}/read`,
			`${RANDRW_333}/write`,
			`${CRUCIAL_314}/read`,
		]);
		const write = await run<RunRow>(buildRunsSql({ runIds: [RANDRW_333], direction: 'write' }));
		expect(write).toHaveLength(1);
		expect(write[0]!.bw_bytes_per_s).toBe(614092); // "bw_bytes" : 614092
		const drive = await run<RunRow>(buildRunsSql({ deviceId: 'drive-b' }));
		expect(drive.map((r) => r.review_id)).toEqual(['rev-fio', 'rev-pub']);
		expect(await run<RunRow>(buildRunsSql({ runIds: [] }))).toEqual([]);
	});

	it('picks runs from a review’s or a drive’s rows as the query by run ids returns them', async () => {
		const review = await run<RunRow>(buildRunsSql({ reviewId: 'rev-fio' }));
		const drive = await run<RunRow>(buildRunsSql({ deviceId: 'drive-b' }));
		const idsOf = (rows: readonly RunRow[]) => new Set(rows.map((r) => r.run_id));
		for (const [rows, runIds] of [
			[review, [CRUCIAL_314, RANDRW_333]],
			[review, [RANDRW_333]],
			[drive, [...idsOf(drive)].reverse()],
		] as const) {
			const picked = rowsOfRuns(rows, idsOf(rows), runIds);
			expect(picked).toEqual(await run<RunRow>(buildRunsSql({ runIds })));
			expect(picked!.every((r) => !rows.includes(r))).toBe(true);
		}
		expect(rowsOfRuns(review, idsOf(review), [RANDREAD_218, 'rev-pub:nowhere'])).toBeUndefined();
		// A table whose rows some runs lack: the runs read, not the rows, say what can be picked.
		const percentiles = await run<PercentileRow>(buildPercentilesSql({ runIds: [...idsOf(review)] }));
		expect(rowsOfRuns(percentiles, idsOf(review), [RANDRW_333, RANDREAD_218])).toEqual(
			await run<PercentileRow>(buildPercentilesSql({ runIds: [RANDRW_333, RANDREAD_218] })),
		);
	});
});

describe('buildPercentilesSql', () => {
	it('pins its SQL', async () => {
		const q = buildPercentilesSql({ runIds: [RANDRW_333], direction: 'read', stat: 'clat' });
		expect(q.params).toEqual([RANDRW_333, 'read', 'clat']);
		await expect(q.sql).toMatchFileSnapshot('./golden/percentiles.sql');
	});

	it('returns the percentiles fio reported, unchanged', async () => {
		const rows = await run<PercentileRow>(buildPercentilesSql({ runIds: [RANDRW_333], direction: 'read', stat: 'clat' }));
		const at = (p: number) => rows.find((r) => r.percentile === p)?.value_ns;
		// clat_ns.percentile of the read side: "1.000000" : 68096, "5.000000" : 76288, "10.000000" : 85504.
		expect(at(1)).toBe(68096);
		expect(at(5)).toBe(76288);
		expect(at(10)).toBe(85504);
		expect(rows.every((r) => r.direction === 'read' && r.stat === 'clat')).toBe(true);
		expect(rows.map((r) => r.percentile)).toEqual([...rows.map((r) => r.percentile)].sort((a, b) => a - b));
	});
});

describe('buildHistogramsSql', () => {
	it('pins its SQL and names the rows the browser must load', async () => {
		const q = buildHistogramsSql({ runIds: [RANDRW_333], stat: 'clat' });
		expect(q.rowFilter).toEqual({ histograms: { column: 'run_id', values: [RANDRW_333] } });
		await expect(q.sql).toMatchFileSnapshot('./golden/histograms.sql');
	});

	it('returns the json+ bins of a run', async () => {
		const rows = await run<HistogramRow>(buildHistogramsSql({ runIds: [RANDRW_333], stat: 'clat' }));
		const of = (d: string) => rows.filter((r) => r.direction === d);
		// clat_ns.bins: 101 non-empty bins holding the 600 reads, 107 holding the 300 writes.
		expect(of('read')).toHaveLength(101);
		expect(of('read').reduce((n, r) => n + r.count, 0)).toBe(600);
		expect(of('write').reduce((n, r) => n + r.count, 0)).toBe(300);
		expect(rows.every((r) => r.source === 'fio-jsonplus' && r.time_ms === null)).toBe(true);
	});
});

describe('buildTimeseriesSql', () => {
	const clatLog = 'rev-fio:raw/a/randrw_clat.1.log';

	it('pins its SQL', async () => {
		const q = buildTimeseriesSql({ seriesIds: [clatLog], buckets: 300 });
		expect(q.params).toEqual([clatLog, 300]);
		expect(q.tables).toEqual(['timeseries', 'series', 'steady_state']);
		await expect(q.sql).toMatchFileSnapshot('./golden/timeseries.sql');
	});

	it('with one slice per series gives the whole log’s mean, min and max', async () => {
		const rows = await run<TimeseriesBucketRow>(buildTimeseriesSql({ seriesIds: [clatLog], buckets: 1 }));
		expect(rows.map((r) => r.direction)).toEqual(['read', 'write']);
		const [read, write] = rows as [TimeseriesBucketRow, TimeseriesBucketRow];
		// gen-fio3.33-perio_clat.1.log, column 3 = direction: 600 reads summing to 72,064,301 ns
		// (mean 120,107.168 ns, min 60,199, max 3,035,960), times 0…1996 ms; 300 writes, mean 14,184.86 ns.
		expect(read.points).toBe(600);
		expect(read.value_mean).toBeCloseTo(72064301 / 600, 3);
		expect(read.value_min).toBe(60199);
		expect(read.value_max).toBe(3035960);
		expect(read.time_start_ms).toBe(0);
		expect(read.time_end_ms).toBe(1996);
		expect(write.points).toBe(300);
		expect(write.value_mean).toBeCloseTo(4255458 / 300, 3);
		expect(read.run_id).toBe(RANDRW_333);
		expect(read.metric).toBe('clat');
	});

	it('downsamples to at most `buckets` points per series and direction, losing no point', async () => {
		for (const buckets of [7, 100, 300]) {
			const rows = await run<TimeseriesBucketRow>(buildTimeseriesSql({ seriesIds: [clatLog], direction: 'read', buckets }));
			expect(rows.length).toBeLessThanOrEqual(buckets);
			expect(rows.reduce((n, r) => n + r.points, 0)).toBe(600);
			const weighted = rows.reduce((s, r) => s + r.value_mean! * r.points, 0) / 600;
			expect(weighted).toBeCloseTo(72064301 / 600, 3);
			for (let i = 1; i < rows.length; i++) expect(rows[i]!.time_ms).toBeGreaterThan(rows[i - 1]!.time_ms);
			expect(Math.max(...rows.map((r) => r.bucket))).toBeLessThan(buckets);
		}
	});

	it('finds a run’s logs and converts fio 2.x KiB/s bandwidth to bytes/s', async () => {
		const rows = await run<TimeseriesBucketRow>(buildTimeseriesSql({ runIds: [RANDREAD_218], metric: 'bw', buckets: 1 }));
		expect(rows).toHaveLength(1);
		// log-fio2.18-randread_bw.1.log: 20 lines summing to 5856 KiB/s, mean 292.8 KiB/s × 1024 = 299,827.2 B/s.
		expect(rows[0]!.points).toBe(20);
		expect(rows[0]!.value_mean).toBeCloseTo(292.8 * 1024, 6);
	});

	it('lists a review’s series', async () => {
		const q = buildSeriesListSql({ reviewId: 'rev-fio' });
		await expect(q.sql).toMatchFileSnapshot('./golden/series-list.sql');
		const rows = await run<SeriesRow>(q);
		expect(rows.map((r) => [r.metric, r.points])).toEqual([
			['bw', 20],
			['clat', 20],
			['clat', 900],
			['iops', 900],
		]);
	});
});

describe('published figures and comparisons', () => {
	it('pins their SQL', async () => {
		await expect(buildFiguresSql({ reviewId: 'rev-pub' }).sql).toMatchFileSnapshot('./golden/figures.sql');
		const q = buildComparisonsSql({ deviceId: 'drive-b' });
		expect(q.params).toEqual(['drive-b']);
		await expect(q.sql).toMatchFileSnapshot('./golden/comparisons.sql');
	});

	it('returns figures as printed, with corrections', async () => {
		const rows = await run<FigureRow>(buildFiguresSql({ reviewId: 'rev-pub' }));
		expect(rows.map((r) => r.source_line)).toEqual([2, 3, 4, 5]);
		expect(rows[0]).toMatchObject({ value_printed: '95000', unit_printed: 'IOPS', value: 95000, quote: 'A1 reached 95K IOPS' });
		expect(rows[1]!.correction).toBe('unit corrected: the article printed KB/s for MB/s');
		expect(rows[1]!.value).toBe(520e6);
	});

	it('finds a comparison by its subject or its basis', async () => {
		const asBasis = await run<ComparisonRow>(buildComparisonsSql({ deviceId: 'drive-b' }));
		const asSubject = await run<ComparisonRow>(buildComparisonsSql({ deviceId: 'drive-a' }));
		expect(asBasis).toEqual(asSubject);
		expect(asBasis).toHaveLength(1);
		// "delta vs drive-b: A1 IOPS higher by 90%" with value 90, unit %.
		expect(asBasis[0]).toMatchObject({ device_id: 'drive-a', basis_device_id: 'drive-b', kind: 'delta', delta_pct: 90 });
	});
});

describe('reviews and devices', () => {
	it('pins their SQL and reads the YAML back', async () => {
		await expect(buildReviewsSql({ reviewId: 'rev-fio' }).sql).toMatchFileSnapshot('./golden/reviews.sql');
		await expect(buildDevicesSql().sql).toMatchFileSnapshot('./golden/devices.sql');
		const [review] = await run<ReviewRow>(buildReviewsSql({ reviewId: 'rev-fio' }));
		expect(review).toMatchObject({ title: '固态硬盘随机读测试', title_en: 'SSD random read test', year: 2024, language: 'zh-Hans' });
		const devices = await run<DeviceRow>(buildDevicesSql());
		expect(devices.map((d) => [d.device_id, d.capacity_bytes])).toEqual([
			['drive-a', 1.92e12],
			['drive-b', 960e9],
		]);
	});
});
