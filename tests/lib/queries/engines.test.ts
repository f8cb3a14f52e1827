// The published dataset is plain hive-partitioned Parquet: an engine that knows nothing of this project reads the
// whole catalog, with a glob over the partitions (a disk, S3, GCS) or with the file list of SHA256SUMS (HTTP, which
// cannot list a folder), and gets the rows the site's own views see.
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDataset } from '../../../src/lib/build/db.ts';
import { makeDataset, type Dataset } from './dataset.ts';

let ds: Dataset;
beforeAll(async () => {
	ds = await makeDataset();
});
afterAll(() => ds?.cleanup());

async function rows(sql: string): Promise<unknown[]> {
	const instance = await DuckDBInstance.create(':memory:');
	const conn = await instance.connect();
	try {
		for (const statement of sql.split(';').filter((s) => s.trim())) await conn.run(statement);
		return (await conn.runAndReadAll('SELECT * FROM result ORDER BY ALL')).getRowObjectsJson();
	} finally {
		conn.closeSync();
		instance.closeSync();
	}
}

it('reads every review with a glob over the partitions, and with the file list of SHA256SUMS', async () => {
	const base = `${ds.out}/`;
	const query = 'SELECT review_id, run_id, direction, iops FROM';
	const site = await openDataset(ds.out);
	const expected = (await site.runAndReadAll(`${query} runs ORDER BY ALL`)).getRowObjectsJson();
	site.closeSync();
	expect(new Set(expected.map((r) => r.review_id)).size).toBe(2);
	// As the README shows them: no hive_partitioning flag needed, DuckDB recognizes review_id=… folders.
	const glob = await rows(`CREATE TABLE result AS ${query} read_parquet('${base}runs/*/*.parquet')`);
	expect(glob).toEqual(expected);
	const listed = await rows(`
		SET VARIABLE runs = (SELECT list('${base}' || path) FROM read_csv('${base}SHA256SUMS', delim = '  ', header = false,
			columns = {'sha256': 'VARCHAR', 'path': 'VARCHAR'}) WHERE path LIKE 'runs/%');
		CREATE TABLE result AS ${query} read_parquet(getvariable('runs'), hive_partitioning = true)`);
	expect(listed).toEqual(expected);
});
