// The one browser module that owns DuckDB-wasm: a lazy singleton, self-hosted (the eh bundle's wasm and worker
// are Vite ?url assets of this site, never a CDN), extension autoloading off and the extension repository pointed
// at the site's own origin. Tables are filled from Parquet read with hyparquet (HTTP range requests) and handed
// over as Arrow; when the site serves DuckDB's own parquet extension, read_parquet is used instead.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import type { DataType } from 'apache-arrow';
import type { AsyncBuffer } from 'hyparquet';
import { readTableSql } from '../dataset-layout.ts';
import { TABLES } from '../schema.ts';
import { tablesNamed, writeKeyword } from '../sql/console.ts';
import type { BuiltQuery, TableName } from '../queries/query.ts';
import { readTableRows, urlBuffer } from './parquet.ts';
import { TableLoader, plainRows, type RowReader } from './tables.ts';
import type { DataSource } from '../site/page-config.ts';
import { quoteIdent, quoteText } from '../sql/quote.ts';

export interface LiveDatabase {
	db: duckdb.AsyncDuckDB;
	conn: duckdb.AsyncDuckDBConnection;
	version: string;
	/** read_parquet works (the parquet extension is served by this site). */
	nativeParquet: boolean;
}

let instance: Promise<LiveDatabase> | undefined;

const absolute = (path: string) => new URL(path, location.href).href;

/**
 * A file of the bundle (a Vite ?url asset), at the site: an embed document published with data/ on another host
 * (SITE_DATA_URL) runs this module from the site, where a path alone would name a file of data/'s host.
 */
const bundled = (path: string) => new URL(path, import.meta.url).href;

/** DuckDB's worker: a page may start a worker only from its own origin, so one from the site's is started by a blob of the page's. */
function bundledWorker(url: string): Worker {
	if (new URL(url).origin === location.origin) return new Worker(url);
	return new Worker(URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' })));
}

async function open(source: DataSource): Promise<LiveDatabase> {
	const features = await duckdb.getPlatformFeatures();
	if (!features.wasmExceptions) throw new Error('this browser lacks WebAssembly exceptions, which the DuckDB build served here needs');
	const worker = bundledWorker(bundled(ehWorker));
	const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
	await db.instantiate(bundled(ehWasm));
	await db.open({ query: { castBigIntToDouble: true, castDecimalToDouble: true } });
	const conn = await db.connect();
	const version = (await db.getVersion()).replace(/^v?/, 'v');
	const repository = absolute(source.extensionRepository).replace(/\/$/, '');
	// Never reach for extensions.duckdb.org: every extension comes from this site, and only when asked for.
	await conn.query(`SET custom_extension_repository = ${quoteText(repository)}`);
	await conn.query('SET autoinstall_known_extensions = false');
	await conn.query('SET autoload_known_extensions = false');
	const nativeParquet = source.parquetExtension && (await loadParquetExtension(conn, repository, version));
	return { db, conn, version, nativeParquet };
}

/** Loads the parquet extension if this deployment serves it (checked with a HEAD request first). */
async function loadParquetExtension(conn: duckdb.AsyncDuckDBConnection, repository: string, version: string): Promise<boolean> {
	const url = `${repository}/${version}/wasm_eh/parquet.duckdb_extension.wasm`;
	try {
		const head = await fetch(url, { method: 'HEAD' });
		if (!head.ok) return false;
		await conn.query('INSTALL parquet');
		await conn.query('LOAD parquet');
		return true;
	} catch {
		return false;
	}
}

export function liveDatabase(source: DataSource): Promise<LiveDatabase> {
	instance ??= open(source).catch((err) => {
		instance = undefined;
		throw err;
	});
	return instance;
}

let loader: TableLoader | undefined;

/** Rows of a table's Parquet files (the page's), read with hyparquet over HTTP range requests. */
function httpReader(source: DataSource): RowReader {
	const buffers = new Map<string, Promise<AsyncBuffer>>();
	return async (name, filter) => {
		const files = source.tables[name];
		if (!files) throw new Error(`the page lists no files of the ${name} table`);
		const open = (file: { path: string; bytes: number }) => {
			if (!buffers.has(file.path)) buffers.set(file.path, urlBuffer(absolute(`${source.dataBase}${file.path}`), file.bytes));
			return buffers.get(file.path)!;
		};
		const table = TABLES.find((t) => t.name === name)!;
		return readTableRows(table, files.map((f) => ({ path: f.path, open: () => open(f) })), filter);
	};
}

const views = new Set<TableName>();

/** With the parquet extension, each table is a view over its file; otherwise the loader fills tables. */
async function ensureTables(live: LiveDatabase, source: DataSource, query: BuiltQuery): Promise<void> {
	if (!live.nativeParquet) {
		loader ??= new TableLoader(live.conn, httpReader(source));
		await loader.ensure(query);
		return;
	}
	for (const name of query.tables) {
		if (views.has(name)) continue;
		const table = TABLES.find((t) => t.name === name)!;
		const files = source.tables[name] ?? [];
		for (const f of files) await live.db.registerFileURL(f.path, absolute(`${source.dataBase}${f.path}`), duckdb.DuckDBDataProtocol.HTTP, false);
		await live.conn.query(`CREATE VIEW ${quoteIdent(name)} AS ${readTableSql(table, files.map((f) => f.path))}`);
		views.add(name);
	}
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs a built query in DuckDB-wasm and returns plain row objects (BIGINT arrives as double). */
export function runLiveQuery<T>(source: DataSource, query: BuiltQuery): Promise<T[]> {
	// One query at a time: loading a table's rows and querying them must not interleave with another query.
	const next = queue.then(() => runNow<T>(source, query));
	queue = next.catch(() => undefined);
	return next;
}

async function runNow<T>(source: DataSource, query: BuiltQuery): Promise<T[]> {
	const live = await liveDatabase(source);
	await ensureTables(live, source, query);
	const statement = await live.conn.prepare(query.sql);
	try {
		return plainRows<T>(await statement.query(...query.params));
	} finally {
		await statement.close();
	}
}

/** A statement typed into the SQL console: its columns, its first rows, and how many rows it had in all. */
export interface SqlResult {
	columns: { name: string; type: DataType }[];
	/** The first `maxRows` rows, values as Arrow gives them (see arrow-cells.ts). */
	rows: unknown[][];
	total: number;
	/** Time the statement took to run and return its rows. */
	ms: number;
}

/** The statement ran past its time limit and was stopped. */
export class QueryTimeout extends Error {
	readonly limitMs: number;
	constructor(limitMs: number) {
		super(`the query ran longer than ${limitMs} ms`);
		this.limitMs = limitMs;
	}
}

/** The statement would change tables, settings or files (see writeKeyword): not run. */
export class NotReadOnly extends Error {
	readonly word: string;
	constructor(word: string) {
		super(`the console only reads: ${word} is not run`);
		this.word = word;
	}
}

export interface SqlOptions {
	maxRows: number;
	timeoutMs: number;
	/**
	 * Called with the published tables the statement names (tablesNamed), before any is read: lists their files in
	 * `source.tables` (and may refuse by throwing).
	 */
	prepare: (tables: TableName[]) => Promise<void>;
}

/** Forgets the database (its worker terminated): the next query opens a new one and reads its tables again. */
async function discard(live: LiveDatabase): Promise<void> {
	instance = undefined;
	loader = undefined;
	views.clear();
	await live.db.terminate();
}

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(() => resolve('slept'), ms));

/**
 * Runs SQL a reader typed, when it only reads. Every table of the schema exists (empty until named), and the
 * ones the statement names are filled from their Parquet files first (always by hyparquet: the console's tables
 * are tables, not views). The statement is sent so it can be cancelled: past the time limit it is, and a worker that
 * does not stop within a second is terminated.
 */
export function runSqlText(source: DataSource, text: string, options: SqlOptions): Promise<SqlResult> {
	const next = queue.then(() => runSqlNow(source, text, options));
	queue = next.catch(() => undefined);
	return next;
}

let locked = false;

async function runSqlNow(source: DataSource, text: string, options: SqlOptions): Promise<SqlResult> {
	const write = writeKeyword(text);
	if (write) throw new NotReadOnly(write);
	const live = await liveDatabase(source);
	loader ??= new TableLoader(live.conn, httpReader(source));
	for (const t of TABLES) await loader.create(t.name);
	if (!locked) {
		// Typed SQL cannot change the settings open() made (extension repository, autoloading).
		await live.conn.query('SET lock_configuration = true');
		locked = true;
	}
	const tables = tablesNamed(text);
	await options.prepare(tables);
	await loader.ensure({ tables });
	const started = performance.now();
	const stop = { requested: false };
	const work = collect(live.conn, text, options.maxRows, stop);
	const outcome = await Promise.race([work, sleep(options.timeoutMs)]);
	if (outcome !== 'slept') return { ...outcome, ms: performance.now() - started };
	stop.requested = true;
	await Promise.race([live.conn.cancelSent(), sleep(1000)]);
	const settled = await Promise.race([work.then(() => true, () => true), sleep(1000).then(() => false)]);
	if (!settled) {
		locked = false;
		await discard(live);
	}
	throw new QueryTimeout(options.timeoutMs);
}

async function collect(conn: duckdb.AsyncDuckDBConnection, text: string, maxRows: number, stop: { requested: boolean }): Promise<Omit<SqlResult, 'ms'>> {
	const reader = await (await conn.send(text)).open();
	const columns = reader.schema.fields.map((f) => ({ name: f.name, type: f.type as DataType }));
	const rows: unknown[][] = [];
	let total = 0;
	for await (const batch of reader) {
		if (stop.requested) break;
		for (let i = 0; i < batch.numRows && rows.length < maxRows; i++) rows.push(columns.map((_, c) => batch.getChildAt(c)?.get(i) ?? null));
		total += batch.numRows;
	}
	return { columns, rows, total };
}
