// Build-time access to the dataset: @duckdb/node-api over views of the Parquet files written by `npm run ingest`,
// so the SQL builders run here exactly as they run in DuckDB-wasm in the browser (same table names).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { TABLES } from '../schema.ts';
import type { BuiltQuery } from '../queries/query.ts';

/** Where the Parquet files are: SITE_DATA_DIR, or public/data under the working directory (the project root). */
export function dataDir(): string {
	return resolve(process.env.SITE_DATA_DIR ?? 'public/data');
}

const quoteText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Opens an in-memory database with one view per table of the dataset in `dir`. */
export async function openDataset(dir: string): Promise<DuckDBConnection> {
	const missing = TABLES.filter((t) => !existsSync(resolve(dir, t.file))).map((t) => t.file);
	if (missing.length) {
		throw new Error(`${dir} has no ${missing.join(', ')}: run \`npm run ingest\` first (or set SITE_DATA_DIR).`);
	}
	const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
	const conn = await instance.connect();
	for (const t of TABLES) {
		await conn.run(`CREATE VIEW ${t.name} AS SELECT * FROM read_parquet(${quoteText(resolve(dir, t.file))})`);
	}
	return conn;
}

/** BIGINT arrives as bigint from node-api (DuckDB-wasm casts it to double): both sides hand plain numbers to the pages. */
function plain(value: unknown): unknown {
	return typeof value === 'bigint' ? Number(value) : value;
}

/** Runs a built query and returns its rows as plain objects. */
export async function runQuery<T>(conn: DuckDBConnection, q: Pick<BuiltQuery, 'sql' | 'params'>): Promise<T[]> {
	const reader = await conn.runAndReadAll(q.sql, q.params as DuckDBValue[]);
	return reader.getRowObjectsJS().map((row) => {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(row)) out[k] = plain(v);
		return out as T;
	});
}

let shared: Promise<DuckDBConnection> | undefined;

/** The connection every page of one build shares. */
export function siteConnection(): Promise<DuckDBConnection> {
	shared ??= openDataset(dataDir());
	return shared;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs a query on the shared connection; queries run one after another (a connection runs one at a time). */
export function siteQuery<T>(q: Pick<BuiltQuery, 'sql' | 'params'>): Promise<T[]> {
	const next = queue.then(async () => runQuery<T>(await siteConnection(), q));
	queue = next.catch(() => undefined);
	return next;
}
