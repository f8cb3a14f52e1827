// The browser's data path, run in Node: DuckDB-wasm (the very build the site ships, through its Node blocking
// bindings) filled by the browser's table loader from the Parquet files read with hyparquet, then every builder's
// SQL run there and in @duckdb/node-api. Both must return the same rows, and both engines be the same DuckDB version.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import * as wasm from '@duckdb/duckdb-wasm/blocking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogRunsSql, buildCatalogSql } from '../../../src/lib/queries/catalog-rows.ts';
import { buildHistogramsSql } from '../../../src/lib/queries/histograms.ts';
import { buildDevicesSql, buildReviewsSql } from '../../../src/lib/queries/metadata.ts';
import { buildPercentilesSql } from '../../../src/lib/queries/percentiles.ts';
import { buildComparisonsSql, buildFiguresSql } from '../../../src/lib/queries/published.ts';
import type { BuiltQuery } from '../../../src/lib/queries/query.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import { buildSeriesListSql, buildTimeseriesSql } from '../../../src/lib/queries/timeseries.ts';
import { TABLES } from '../../../src/lib/schema.ts';
import { readTableRows } from '../../../src/lib/browser/parquet.ts';
import { datasetFiles, diskBuffer } from '../../helpers/dataset-files.ts';
import { TableLoader, plainRows } from '../../../src/lib/browser/tables.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { makeDataset, type Dataset } from './dataset.ts';

const require = createRequire(import.meta.url);
const EH_WASM = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm');
const WASM_PACKAGE = JSON.parse(readFileSync(join(dirname(EH_WASM), '../package.json'), 'utf8')) as { version: string };

let ds: Dataset;
let node: DuckDBConnection;
let db: Awaited<ReturnType<typeof wasm.createDuckDB>>;
let conn: ReturnType<typeof db.connect>;
let loader: TableLoader;

beforeAll(async () => {
	ds = await makeDataset();
	node = await openDataset(ds.out);
	const bundle = { mainModule: EH_WASM, mainWorker: '' };
	db = await wasm.createDuckDB({ mvp: bundle, eh: bundle }, new wasm.VoidLogger(), wasm.NODE_RUNTIME);
	await db.instantiate(() => {});
	db.open({ query: { castBigIntToDouble: true } });
	conn = db.connect();
	loader = new TableLoader(conn, async (name, filter) => {
		const table = TABLES.find((t) => t.name === name)!;
		return readTableRows(table, datasetFiles(ds.out, table).map((path) => ({ path, open: async () => diskBuffer(join(ds.out, path)) })), filter);
	});
}, 60_000);

afterAll(() => {
	conn?.close();
	node?.closeSync();
	ds?.cleanup();
});

async function inWasm<T>(q: BuiltQuery): Promise<T[]> {
	await loader.ensure(q);
	const statement = conn.prepare(q.sql);
	try {
		return plainRows<T>(statement.query(...q.params));
	} finally {
		statement.close();
	}
}

describe('DuckDB-wasm and @duckdb/node-api', () => {
	it('are the same DuckDB version', async () => {
		const [nodeVersion] = await runQuery<{ v: string }>(node, { sql: 'SELECT version() AS v', params: [] });
		const [wasmVersion] = plainRows<{ v: string }>(conn.query('SELECT version() AS v'));
		expect(wasmVersion!.v).toBe(nodeVersion!.v);
		// duckdb-wasm 1.32.0 embeds DuckDB v1.4.3 (STACK_PROTO.md), the version package.json pins node-api to.
		expect(`${WASM_PACKAGE.version}=${wasmVersion!.v}`).toBe('1.32.0=v1.4.3');
	});

	const runIds = ['rev-fio:raw/a/randrw.json#job0', 'rev-fio:raw/a/randread-qd1.json#job0'];
	const queries: [string, () => BuiltQuery][] = [
		['catalog', () => buildCatalogSql()],
		['catalog columns\' results', () => buildCatalogRunsSql()],
		['runs of a review', () => buildRunsSql({ reviewId: 'rev-fio' })],
		['runs by id and direction', () => buildRunsSql({ runIds, direction: 'read' })],
		['percentiles', () => buildPercentilesSql({ runIds })],
		['histograms (loads only their runs)', () => buildHistogramsSql({ runIds: [runIds[0]!], stat: 'clat' })],
		['timeseries by series (loads only that series)', () => buildTimeseriesSql({ seriesIds: ['rev-fio:raw/a/randrw_clat.1.log'], buckets: 50 })],
		['timeseries by run (loads the whole table)', () => buildTimeseriesSql({ runIds, buckets: 300 })],
		['timeseries by series again', () => buildTimeseriesSql({ seriesIds: ['rev-fio:raw/a/randrw_iops.1.log'], buckets: 100 })],
		['series list', () => buildSeriesListSql({ deviceId: 'drive-a' })],
		['figures', () => buildFiguresSql({ reviewId: 'rev-pub' })],
		['comparisons', () => buildComparisonsSql({ deviceId: 'drive-b' })],
		['reviews', () => buildReviewsSql()],
		['devices', () => buildDevicesSql({ deviceId: 'drive-a' })],
	];
	for (const [name, build] of queries) {
		it(`return the same rows: ${name}`, async () => {
			const q = build();
			const expected = await runQuery<Record<string, unknown>>(node, q);
			const actual = await inWasm<Record<string, unknown>>(q);
			expect(expected.length).toBeGreaterThan(0);
			expect(actual).toEqual(expected);
		});
	}
});
