// Every SQL builder: its text pinned, and its result checked against values read by hand from the raw fixtures,
// executed with @duckdb/node-api on Parquet written by the real ingest (the same SQL DuckDB-wasm runs).
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogRunsSql, buildCatalogSql, type CatalogRow } from '../../../src/lib/queries/catalog.ts';
import { catalogCells } from '../../../src/lib/site/catalog.ts';
import type { SlotRun } from '../../../src/lib/site/slot-cells.ts';
import { buildHistogramsSql } from '../../../src/lib/queries/histograms.ts';
import { buildDevicesSql, buildReviewsSql } from '../../../src/lib/queries/metadata.ts';
import { buildPercentilesSql } from '../../../src/lib/queries/percentiles.ts';
import { buildComparisonsSql, buildFiguresSql } from '../../../src/lib/queries/published.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import { buildSeriesListSql, buildTimeseriesSql, type TimeseriesBucketRow } from '../../../src/lib/queries/timeseries.ts';
import type { ComparisonRow, DeviceRow, FigureRow, HistogramRow, PercentileRow, ReviewRow, RunRow, SeriesRow } from '../../../src/lib/schema.ts';
import { openDataset, runQuery } from '../../../src/lib/site/db.ts';
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
	it('pins its SQL', () => {
		const q = buildCatalogSql();
		expect(q.params).toEqual([]);
		expect(q.tables).toEqual(['devices', 'reviews', 'runs', 'figures', 'comparisons']);
		expect(q.sql).toMatchInlineSnapshot(`
			"WITH pairs AS (
			  SELECT review_id, device_id FROM runs
			  UNION SELECT review_id, device_id FROM figures
			  UNION SELECT review_id, device_id FROM comparisons
			),
			headline AS (
			  SELECT
			    review_id,
			    device_id,
			    string_agg(DISTINCT tool, '; ' ORDER BY tool) AS tools,
			    string_agg(DISTINCT value_origin, ', ' ORDER BY value_origin) AS origins,
			    count(*)::INTEGER AS run_count
			  FROM runs
			  GROUP BY review_id, device_id
			)
			SELECT
			  d.device_id, d.vendor, d.model, d.device_class, d.capacity_bytes, d.interface, d.interface_lanes, d.form_factor,
			  p.review_id, rv.title, rv.title_en, rv.publisher, rv.year, rv.language,
			  h.tools, h.origins, coalesce(h.run_count, 0)::INTEGER AS run_count
			FROM devices d
			LEFT JOIN pairs p ON p.device_id = d.device_id
			LEFT JOIN reviews rv ON rv.review_id = p.review_id
			LEFT JOIN headline h ON h.review_id = p.review_id AND h.device_id = p.device_id
			ORDER BY d.vendor NULLS LAST, d.model NULLS LAST, d.device_id, rv.year NULLS LAST, p.review_id NULLS LAST"
		`);
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
	it('pins its SQL with positional parameters', () => {
		const q = buildRunsSql({ reviewId: 'rev-fio', runIds: [RANDREAD_218, RANDRW_333], direction: 'read' });
		expect(q.params).toEqual(['rev-fio', RANDREAD_218, RANDRW_333, 'read']);
		expect(q.sql.replace(/SELECT .*\n/, 'SELECT …\n')).toMatchInlineSnapshot(`
			"SELECT …
			FROM runs
			WHERE review_id = $1 AND run_id IN ($2, $3) AND direction = $4
			ORDER BY review_id, device_id, run_id, direction"
		`);
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
});

describe('buildPercentilesSql', () => {
	it('pins its SQL', () => {
		const q = buildPercentilesSql({ runIds: [RANDRW_333], direction: 'read', stat: 'clat' });
		expect(q.params).toEqual([RANDRW_333, 'read', 'clat']);
		expect(q.sql).toMatchInlineSnapshot(`
			"SELECT run_id, direction, stat, percentile, value_ns
			FROM percentiles
			WHERE run_id IN ($1) AND direction = $2 AND stat = $3
			ORDER BY run_id, direction, stat, percentile"
		`);
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
	it('pins its SQL and names the rows the browser must load', () => {
		const q = buildHistogramsSql({ runIds: [RANDRW_333], stat: 'clat' });
		expect(q.rowFilter).toEqual({ histograms: { column: 'run_id', values: [RANDRW_333] } });
		expect(q.sql).toMatchInlineSnapshot(`
			"SELECT run_id, direction, stat, source, time_ms, bin_index, bin_lower_ns, bin_upper_ns, count
			FROM histograms
			WHERE run_id IN ($1) AND stat = $2
			ORDER BY run_id, direction, stat, time_ms NULLS FIRST, bin_lower_ns"
		`);
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

	it('pins its SQL', () => {
		const q = buildTimeseriesSql({ seriesIds: [clatLog], buckets: 300 });
		expect(q.params).toEqual([clatLog, 300]);
		expect(q.tables).toEqual(['timeseries', 'series', 'steady_state']);
		expect(q.sql).toMatchInlineSnapshot(`
			"WITH points AS (
			  SELECT
			    t.series_id, s.review_id, s.device_id, s.run_id, s.source_file, s.metric, s.window_ms,
			    t.direction, t.value_kind, t.time_ms, coalesce(t.iops, t.bw_bytes_per_s, t.lat_ns) AS value,
			    ss.window_start_ms AS steady_start_ms, ss.window_end_ms AS steady_end_ms
			  FROM timeseries t
			  JOIN series s ON s.series_id = t.series_id
			  LEFT JOIN steady_state ss ON ss.series_id = t.series_id AND ss.direction = t.direction
			  WHERE t.series_id IN ($1)
			),
			spans AS (
			  SELECT series_id, direction, min(time_ms) AS t0, max(time_ms) AS t1
			  FROM points
			  GROUP BY series_id, direction
			),
			sliced AS (
			  SELECT
			    p.*,
			    least(floor((p.time_ms - s.t0) * CAST($2 AS DOUBLE) / greatest(s.t1 - s.t0, 1)), CAST($2 AS DOUBLE) - 1)::INTEGER AS bucket
			  FROM points p
			  JOIN spans s ON s.series_id = p.series_id AND s.direction = p.direction
			)
			SELECT
			  series_id, any_value(review_id) AS review_id, any_value(device_id) AS device_id, any_value(run_id) AS run_id,
			  any_value(source_file) AS source_file, any_value(metric) AS metric, direction, any_value(window_ms) AS window_ms, bucket,
			  avg(time_ms) AS time_ms, min(time_ms)::DOUBLE AS time_start_ms, max(time_ms)::DOUBLE AS time_end_ms,
			  count(*)::INTEGER AS points,
			  avg(value) FILTER (WHERE value_kind IS DISTINCT FROM 'max') AS value_mean,
			  min(value) FILTER (WHERE value_kind IS DISTINCT FROM 'max') AS value_min,
			  max(value) AS value_max,
			  any_value(steady_start_ms)::DOUBLE AS steady_start_ms, any_value(steady_end_ms)::DOUBLE AS steady_end_ms
			FROM sliced
			GROUP BY series_id, direction, bucket
			ORDER BY series_id, direction, bucket"
		`);
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
		expect(q.sql).toMatchInlineSnapshot(`
			"SELECT series_id, review_id, device_id, run_id, source_file, metric, window_ms, points
			FROM series
			WHERE review_id = $1
			ORDER BY series_id"
		`);
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
	it('pins their SQL', () => {
		expect(buildFiguresSql({ reviewId: 'rev-pub' }).sql).toMatchInlineSnapshot(`
			"SELECT review_id, device_id, source_file, source_line, run_id, workload, metric, value_printed, unit_printed, value, base_unit, condition, correction, quote
			FROM figures
			WHERE review_id = $1
			ORDER BY review_id, source_file, source_line"
		`);
		const q = buildComparisonsSql({ deviceId: 'drive-b' });
		expect(q.params).toEqual(['drive-b']);
		expect(q.sql).toMatchInlineSnapshot(`
			"SELECT review_id, device_id, source_file, source_line, workload, iodepth, kind, basis, basis_device_id, quantity, delta_pct, ratio, condition, quote
			FROM comparisons
			WHERE (device_id = $1 OR basis_device_id = $1)
			ORDER BY review_id, source_file, source_line"
		`);
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
		expect(buildReviewsSql({ reviewId: 'rev-fio' }).sql).toMatchInlineSnapshot(`
			"SELECT review_id, title, title_en, publisher, author, date, year, url, licence, language, machine_translated, platform_server, platform_cpu, platform_memory, platform_os, platform_kernel, tools, drive_count, methodology_json, devices_json, notes, extra_json
			FROM reviews
			WHERE review_id = $1
			ORDER BY review_id"
		`);
		expect(buildDevicesSql().sql).toMatchInlineSnapshot(`
			"SELECT device_id, vendor, model, device_class, capacity_bytes, interface, interface_lanes, form_factor, nand, controller, dram, endurance_dwpd, endurance_pbw, warranty_years, firmware, claimed_json, extra_json
			FROM devices
			WHERE TRUE
			ORDER BY device_id"
		`);
		const [review] = await run<ReviewRow>(buildReviewsSql({ reviewId: 'rev-fio' }));
		expect(review).toMatchObject({ title: '固态硬盘随机读测试', title_en: 'SSD random read test', year: 2024, language: 'zh-Hans' });
		const devices = await run<DeviceRow>(buildDevicesSql());
		expect(devices.map((d) => [d.device_id, d.capacity_bytes])).toEqual([
			['drive-a', 1.92e12],
			['drive-b', 960e9],
		]);
	});
});
