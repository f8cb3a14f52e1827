// A page's scope (src/lib/build/db.ts withScope): its queries see only its reviews' partition files, whether or not a
// query names the tables it reads, and a table is read into memory only once a second query names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams, openDataset, runQuery, siteQuery, withScope } from '../../../src/lib/build/db.ts';
import { reviewScope } from '../../../src/lib/build/manifest.ts';
import { buildDevicesSql, buildReviewsSql } from '../../../src/lib/queries/metadata.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import type { DeviceRow, ReviewRow, RunRow } from '../../../src/lib/schema.ts';
import { makeDataset, type Dataset } from '../queries/dataset.ts';

let ds: Dataset;

beforeAll(async () => {
	ds = await makeDataset();
	process.env.SITE_DATA_DIR = ds.out;
});
afterAll(() => {
	delete process.env.SITE_DATA_DIR;
	ds?.cleanup();
});

const reviewsOf = (rows: readonly { review_id: string }[]) => [...new Set(rows.map((r) => r.review_id))].sort();
let asked = 0;
/** The scope's tables read into memory (each time a query of its own: a scope answers a query it was asked before from its rows). */
const inMemory = (query: Parameters<Parameters<typeof withScope>[1]>[0]) =>
	query<{ table_name: string }>({ sql: `SELECT table_name FROM duckdb_tables() WHERE temporary AND ${++asked} > 0 ORDER BY table_name`, params: [], tables: [] }).then((rows) =>
		rows.map((r) => r.table_name),
	);

describe('a scope of one review', () => {
	it('answers from that review alone, where the catalog holds two', async () => {
		expect(reviewsOf(await siteQuery<RunRow>(buildRunsSql({})))).toEqual(['rev-fio', 'rev-pub']);
		const runs = await withScope(reviewScope(['rev-pub']), (query) => query<RunRow>(buildRunsSql({})));
		expect(runs.length).toBeGreaterThan(0);
		expect(reviewsOf(runs)).toEqual(['rev-pub']);
	});

	it('reads a table into memory when a second query names it, and sees only its review through a query that does not', async () => {
		await withScope(reviewScope(['rev-fio']), async (query) => {
			expect(await inMemory(query)).toEqual([]);
			// Names no table: the scope's views of the review's files answer.
			const unnamed = await query<{ review_id: string }>({ sql: 'SELECT DISTINCT review_id FROM figures UNION SELECT DISTINCT review_id FROM runs', params: [], tables: [] });
			expect(reviewsOf(unnamed)).toEqual(['rev-fio']);
			// Named once: read from the files.
			const runs = buildRunsSql({});
			const fromFiles = await query<RunRow>(runs);
			expect(reviewsOf(fromFiles)).toEqual(['rev-fio']);
			expect(await inMemory(query)).toEqual([]);
			// Named again (a query the scope has not answered yet): read into memory, the same rows.
			expect(await query<RunRow>({ ...runs, sql: `${runs.sql}\n` })).toEqual(fromFiles);
			expect(await inMemory(query)).toEqual(['runs']);
		});
	});
});

describe('queries over the whole catalog', () => {
	// random() tells a query run again from one answered from the rows already read.
	const draw = (tables: ('devices' | 'runs')[]) => siteQuery<{ r: number }>({ sql: `SELECT random() AS r FROM ${tables[0]} LIMIT 1`, params: [], tables });

	it('answers one over the catalog tables alone from the rows already read, each caller its own copies', async () => {
		const [first, again] = [await draw(['devices']), await draw(['devices'])];
		expect(again).toEqual(first);
		first[0]!.r = -1;
		expect((await draw(['devices']))[0]!.r).not.toBe(-1);
	});

	it('runs one that reads a review’s files again', async () => {
		expect((await draw(['runs']))[0]!.r).not.toBe((await draw(['runs']))[0]!.r);
	});

	it('picks the rows of a query by ids from every row of its table, read once', async () => {
		const every = { sql: 'SELECT device_id, random() AS r FROM devices ORDER BY device_id', params: [], tables: ['devices' as const] };
		const byIds = (ids: string[]) => siteQuery<{ device_id: string; r: number }>({ sql: 'SELECT 1', params: [], tables: ['devices'], byIds: { column: 'device_id', ids, every } });
		const all = await byIds(['drive-a', 'drive-b']);
		expect(all.map((d) => d.device_id)).toEqual(['drive-a', 'drive-b']);
		const [b] = await byIds(['drive-b']);
		expect(b).toEqual(all[1]);
		b!.r = -1;
		expect((await byIds(['drive-b']))[0]!.r).toBe(all[1]!.r);
	});

	it('answers the devices and reviews by id as DuckDB does', async () => {
		const conn = await openDataset(ds.out);
		const deviceIds = (await runQuery<DeviceRow>(conn, buildDevicesSql())).map((d) => d.device_id);
		const reviewIds = (await runQuery<ReviewRow>(conn, buildReviewsSql())).map((r) => r.review_id);
		expect(deviceIds.length).toBeGreaterThan(1);
		for (const query of [
			buildDevicesSql({ deviceId: deviceIds[1]! }),
			buildDevicesSql({ deviceIds: [...deviceIds].reverse() }),
			buildDevicesSql({ deviceIds: [deviceIds[0]!, 'no-such-drive', deviceIds[0]!] }),
			buildDevicesSql({ deviceIds: [] }),
			buildReviewsSql({ reviewId: reviewIds[0]! }),
			buildReviewsSql({ reviewIds: [...reviewIds].reverse() }),
		]) {
			expect(query.byIds).toBeDefined();
			expect(await siteQuery(query)).toEqual(await runQuery(conn, query));
		}
		conn.closeSync();
	});
});

describe('parameters written in as literals', () => {
	it('replaces each parameter, but not a `$1` in a string, a quoted name or a comment', () => {
		const sql = `SELECT $1 AS "$1", '$1 it''s $2' AS s, $2 + $10 -- $1\n/* $2 */ FROM t WHERE x$1 = $3`;
		const params = [`it's`, 1.5, null, 0, 0, 0, 0, 0, 0, -7];
		expect(inlineParams(sql, params)).toBe(
			`SELECT CAST('it''s' AS VARCHAR) AS "$1", '$1 it''s $2' AS s, CAST('1.5' AS DOUBLE) + CAST(-7 AS INTEGER) -- $1\n/* $2 */ FROM t WHERE x$1 = NULL`,
		);
	});

	it('leaves the parameters to DuckDB where a literal might differ from what it binds, or one is missing', () => {
		for (const value of [2 ** 31, -(2 ** 31) - 1, 1.7976931348623157e308, Infinity, NaN, 'a\0b']) expect(inlineParams('SELECT $1', [value])).toBeUndefined();
		expect(inlineParams('SELECT $1, $2', ['a'])).toBeUndefined();
		expect(inlineParams('SELECT 1', [])).toBe('SELECT 1');
	});

	it('gives the values and types DuckDB gives the same parameters bound', async () => {
		const conn = await openDataset(ds.out);
		const values = ['drive-a', `it's "quoted" $1 \\ 中文`, '', 0, -0, 42, -(2 ** 31), 2 ** 31 - 1, 0.1, 1 / 3, -2.5e-300, 123456.789e-3, 5e-324, true, false, null];
		const sql = `SELECT ${values.map((_, i) => `$${i + 1} AS v${i}, typeof($${i + 1}) AS t${i}`).join(', ')}`;
		const inlined = inlineParams(sql, values);
		expect(inlined).toBeDefined();
		expect(inlined).not.toMatch(/typeof\(\$/);
		const bound = (await conn.runAndReadAll(sql, values)).getRowObjectsJS();
		expect(await runQuery(conn, { sql, params: values })).toEqual(bound);
		expect(bound[0]!.t0).toBe('VARCHAR');
		expect(bound[0]!.t8).toBe('DOUBLE');
		// A scope's query over its views, by a review's id.
		const runs = buildRunsSql({ reviewId: 'rev-fio' });
		expect(runs.params.length).toBeGreaterThan(0);
		const asNumbers = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
		expect(await runQuery(conn, runs)).toEqual(asNumbers((await conn.runAndReadAll(runs.sql, runs.params)).getRowObjectsJS()));
		conn.closeSync();
	});
});
