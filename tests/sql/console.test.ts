// The SQL console's examples run on the bundled data, in @duckdb/node-api over the Parquet files and in DuckDB-wasm
// (the build the site ships, filled by the browser's table loader): both give the same rows, and the rows answer the
// example's question, checked against the runs read back independently. Also the console's helpers: which tables a
// statement names, DuckDB errors as plain text, and Arrow values as shown and written to CSV.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import * as wasm from '@duckdb/duckdb-wasm/blocking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../scripts/ingest/run.ts';
import { cellValue } from '../../src/lib/browser/arrow-cells.ts';
import { TableLoader, plainRows } from '../../src/lib/browser/tables.ts';
import { readTableRows } from '../../src/lib/browser/parquet.ts';
import { TABLES, type RunRow } from '../../src/lib/schema.ts';
import { openDataset, runQuery } from '../../src/lib/build/db.ts';
import { duckdbErrorText, sqlUrl, tablesNamed, writeKeyword } from '../../src/lib/sql/console.ts';
import { SQL_EXAMPLES } from '../../src/lib/sql/examples.ts';
import { datasetFiles, diskBuffer, readTable } from '../helpers/dataset-files.ts';
import { ROOT } from '../helpers/fixtures.ts';

const require = createRequire(import.meta.url);
const EH_WASM = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm');

const out = mkdtempSync(join(tmpdir(), 'sql-console-'));
const data = join(out, 'data');
let node: DuckDBConnection;
let db: Awaited<ReturnType<typeof wasm.createDuckDB>>;
let conn: ReturnType<typeof db.connect>;
let loader: TableLoader;
let runs: RunRow[];

beforeAll(async () => {
	const report = await ingest({ dataDir: join(ROOT, 'data'), out: data });
	expect(report.errors).toEqual([]);
	node = await openDataset(data);
	const bundle = { mainModule: EH_WASM, mainWorker: '' };
	db = await wasm.createDuckDB({ mvp: bundle, eh: bundle }, new wasm.VoidLogger(), wasm.NODE_RUNTIME);
	await db.instantiate(() => {});
	// As the site opens it (duckdb.ts).
	db.open({ query: { castBigIntToDouble: true, castDecimalToDouble: true } });
	conn = db.connect();
	conn.query('SET autoinstall_known_extensions = false');
	conn.query('SET autoload_known_extensions = false');
	loader = new TableLoader(conn, async (name, filter) => {
		const table = TABLES.find((t) => t.name === name)!;
		return readTableRows(table, datasetFiles(data, table).map((path) => ({ path, open: async () => diskBuffer(join(data, path)) })), filter);
	});
	// BIGINT columns arrive from hyparquet as bigint: numbers, as DuckDB hands them over.
	runs = (await readTable(data, 'runs')).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]))) as unknown as RunRow[];
}, 120_000);

afterAll(() => {
	conn?.close();
	node?.closeSync();
	rmSync(out, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
const example = (id: string) => SQL_EXAMPLES.find((e) => e.id === id)!;
const inNode = (sql: string) => runQuery<Row>(node, { sql, params: [] });
async function inWasm(sql: string): Promise<Row[]> {
	await loader.ensure({ tables: tablesNamed(sql) });
	return plainRows<Row>(conn.query(sql));
}

const is4kRandomRead = (r: RunRow) => r.access === 'random' && r.direction === 'read' && r.block_size_bytes === 4096 && r.iops !== null;

describe('example queries on the bundled data', () => {
	it.each(SQL_EXAMPLES.map((e) => [e.id, e] as const))('%s names the tables it reads, and gives the same rows in DuckDB-wasm and node-api', async (_, e) => {
		expect(tablesNamed(e.sql)).toEqual(TABLES.map((t) => t.name).filter((n) => e.tables.includes(n)));
		const [a, b] = [await inNode(e.sql), await inWasm(e.sql)];
		expect(a.length).toBeGreaterThan(0);
		expect(b).toEqual(a);
	});

	it('p99 under 500 µs: per drive, the most 4K random-read IOPS with p99 under 500 µs, and the 500K verdict', async () => {
		const rows = await inNode(example('p99-under-500us').sql);
		expect(Object.keys(rows[0]!)).toEqual(['device_id', 'vendor', 'model', 'max_iops_p99_under_500us', 'lowest_p99_us', 'under_500us_at_500k_iops']);
		const p99 = (r: RunRow) => r.lat_p99_ns ?? r.clat_p99_ns;
		const measured = runs.filter((r) => is4kRandomRead(r) && p99(r) !== null);
		expect(rows.map((r) => r.device_id).sort()).toEqual([...new Set(measured.map((r) => r.device_id))].sort());
		for (const row of rows) {
			const mine = measured.filter((r) => r.device_id === row.device_id);
			const under = mine.filter((r) => p99(r)! / 1000 < 500).map((r) => r.iops!);
			expect(row.max_iops_p99_under_500us).toBe(under.length ? Math.round(Math.max(...under)) : null);
			expect(row.lowest_p99_us).toBeCloseTo(Math.min(...mine.map((r) => p99(r)!)) / 1000, 1);
			expect(row.under_500us_at_500k_iops).toBe(under.length > 0 && Math.max(...under) >= 500_000);
		}
		// The virtio disk's QD sweep stays under 500 µs only at low depths, far below 500K IOPS.
		const virtio = rows.find((r) => r.device_id === 'virtual-disk-virtio-blk')!;
		expect(virtio.max_iops_p99_under_500us).toBeGreaterThan(10_000);
		expect(virtio.under_500us_at_500k_iops).toBe(false);
	});

	it('QD at 95 % of peak: the lowest outstanding I/Os whose IOPS reach 95 % of the drive’s peak in its sweep', async () => {
		const rows = await inNode(example('qd-95-peak').sql);
		expect(Object.keys(rows[0]!)).toEqual(['device_id', 'review_id', 'peak_iops', 'qd_at_95pct_of_peak', 'depths_tested']);
		for (const row of rows) {
			const sweep = runs.filter((r) => is4kRandomRead(r) && r.iodepth !== null && r.rate_limit_iops === null && r.device_id === row.device_id && r.review_id === row.review_id);
			const byQd = new Map<number, number>();
			for (const r of sweep) {
				const qd = r.iodepth! * (r.numjobs ?? 1);
				byQd.set(qd, Math.max(byQd.get(qd) ?? 0, r.iops!));
			}
			const peak = Math.max(...byQd.values());
			expect(row.depths_tested).toBe(byQd.size);
			expect(row.peak_iops).toBe(Math.round(peak));
			expect(row.qd_at_95pct_of_peak).toBe(Math.min(...[...byQd].filter(([, iops]) => iops >= 0.95 * peak).map(([qd]) => qd)));
		}
		const virtio = rows.find((r) => r.device_id === 'virtual-disk-virtio-blk')!;
		expect(virtio.depths_tested).toBeGreaterThanOrEqual(6);
		expect(virtio.qd_at_95pct_of_peak).toBeGreaterThan(1);
	});

	it('tail ratio: p99.99 over p50 of completion latency, widest first, at most 20 runs', async () => {
		const rows = await inNode(example('tail-ratio').sql);
		expect(Object.keys(rows[0]!)).toEqual(['device_id', 'workload', 'direction', 'iodepth', 'p50_us', 'p99_99_us', 'tail_ratio']);
		expect(rows.length).toBeLessThanOrEqual(20);
		const ratios = rows.map((r) => r.tail_ratio as number);
		expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
		for (const r of rows) {
			expect(r.p99_99_us as number).toBeGreaterThan(r.p50_us as number);
			expect(r.tail_ratio as number).toBeCloseTo((r.p99_99_us as number) / (r.p50_us as number), 0);
		}
	});

	it('steady state: one row per judged series and direction, attained first', async () => {
		const rows = await inNode(example('steady-state').sql);
		const judged = await readTable(data, 'steady_state');
		expect(rows.length).toBe(judged.length);
		expect(Object.keys(rows[0]!)).toEqual(['device_id', 'series_id', 'metric', 'direction', 'rounds', 'attained', 'steady_from_s', 'data_excursion_pct', 'slope_excursion_pct']);
		const attained = rows.map((r) => r.attained);
		expect(attained.indexOf(true)).toBe(0);
		for (const r of rows.filter((x) => x.attained === true)) expect(r.steady_from_s).not.toBeNull();
	});
});

describe('console helpers', () => {
	it('finds the tables a statement names, outside comments and text, quoted or not, in any case', () => {
		expect(tablesNamed('SELECT * FROM runs r JOIN devices USING (device_id)')).toEqual(['runs', 'devices']);
		expect(tablesNamed(`SELECT 'percentiles', series_id FROM "Series" -- reviews\n/* figures */`)).toEqual(['series']);
		expect(tablesNamed('select count(*) from RUNS')).toEqual(['runs']);
		expect(tablesNamed('SELECT 1 AS review_id, devices_json')).toEqual([]);
		expect(tablesNamed('SELECT count(*) AS runs, count(DISTINCT review_id) reviews FROM figures AS series')).toEqual(['reviews', 'figures']);
	});

	it('tells SQL that only reads from SQL that would change a table, a setting or a file, in any statement of a script', () => {
		for (const e of SQL_EXAMPLES) expect(writeKeyword(e.sql), e.id).toBeUndefined();
		for (const sql of ['DESCRIBE runs', 'SUMMARIZE devices', 'SHOW TABLES', "SELECT 'drop table runs' AS \"delete\" -- update", 'FROM runs LIMIT 3', "SELECT replace(device_id, '-', ' ') FROM devices", 'PRAGMA table_info(\'runs\')']) {
			expect(writeKeyword(sql), sql).toBeUndefined();
		}
		expect(writeKeyword('SELECT 1; DROP TABLE runs')).toBe('drop');
		expect(writeKeyword('WITH t AS (SELECT 1) DELETE FROM runs')).toBe('delete');
		expect(writeKeyword('create or replace table x as select 1')).toBe('create');
		expect(writeKeyword("SET custom_extension_repository = 'x'")).toBe('set');
		expect(writeKeyword("COPY runs TO 'x.csv'")).toBe('copy');
		expect(writeKeyword('INSTALL httpfs; LOAD httpfs')).toBe('install');
	});

	it('writes DuckDB errors as one plain message', () => {
		const json = JSON.stringify({ exception_type: 'Parser', exception_message: 'syntax error at or near "SELEC"\n\nLINE 1: SELEC 1', error_subtype: 'SYNTAX_ERROR' });
		expect(duckdbErrorText(new Error(json))).toBe('Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC 1');
		expect(duckdbErrorText(new Error('Catalog Error: Table with name x does not exist!'))).toBe('Catalog Error: Table with name x does not exist!');
		expect(duckdbErrorText(new Error('Binder Error: y\n    at Et.runQuery (duckdb.cjs:70:1)\n    at q (x.js:1:2)'))).toBe('Binder Error: y');
		expect(duckdbErrorText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
	});

	it('puts the query in the URL', () => {
		expect(sqlUrl('/sql/', '  ')).toBe('/sql/');
		expect(new URL(sqlUrl('/sql/', 'SELECT 1 + 1 -- a & b\n'), 'http://x').searchParams.get('q')).toBe('SELECT 1 + 1 -- a & b');
	});

	it('shows Arrow values as DuckDB prints them, numbers as numbers', () => {
		const r = conn.query(
			`SELECT TIMESTAMP '2024-01-02 03:04:05' ts, TIMESTAMPTZ '2024-01-02 03:04:05+00' tz, DATE '2024-01-02' d, TIME '01:02:03.5' t, [1, 2] l, {'a': 1, 'b': 'x'} s, 1.5 de, 7::BIGINT b, '\\xAA\\x41'::BLOB bl, NULL::INTEGER n, true bo, 'text' v`,
		);
		const values = r.schema.fields.map((f, i) => cellValue(r.batches[0]!.getChildAt(i)!.get(0), f.type));
		expect(values).toEqual(['2024-01-02 03:04:05', '2024-01-02T03:04:05.000Z', '2024-01-02', '01:02:03.5', '[1,2]', '{"a":1,"b":"x"}', 1.5, 7, '\\xAAA', null, 'true', 'text']);
	});
});
