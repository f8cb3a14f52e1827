// Build-time access to the dataset: @duckdb/node-api over views of the Parquet files written by `npm run ingest`,
// so the SQL builders run here exactly as they run in DuckDB-wasm in the browser (same table names).
//
// The catalog's queries see every review (views over each partitioned table's folder). A page sees only its own
// reviews: a scope is a connection of its own whose temporary views, named like the tables, read only those
// reviews' files, so a page's work does not grow with the catalog.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DuckDBInstance, JSDuckDBValueConverter, type DuckDBConnection, type DuckDBValue, type DuckDBValueConverter, type JS } from '@duckdb/node-api';
import { partitionGlob, readTableSql, tableFile, tableFolder } from '../dataset-layout.ts';
import { TABLES } from '../schema.ts';
import { rowsWithIds, type BuiltQuery, type SqlParam, type TableName } from '../queries/query.ts';
import type { ReviewScope } from './manifest.ts';
import { quoteIdent, quoteText } from '../sql/quote.ts';

/** Where the Parquet files are: SITE_DATA_DIR, or public/data under the working directory (the project root). */
export function dataDir(): string {
	return resolve(process.env.SITE_DATA_DIR ?? 'public/data');
}

/** An in-memory database with one view per table of the dataset in `dir`. */
async function openInstance(dir: string): Promise<DuckDBInstance> {
	const missing = TABLES.filter((t) => !existsSync(resolve(dir, t.partitioned ? tableFolder(t) : tableFile(t))));
	const catalogMissing = missing.filter((t) => !t.partitioned);
	if (catalogMissing.length || !existsSync(resolve(dir, 'manifest.json'))) {
		throw new Error(`${dir} has no dataset (${[...catalogMissing.map(tableFile), 'manifest.json'].join(', ')}): run \`npm run ingest\` first (or set SITE_DATA_DIR).`);
	}
	// Bounded: DuckDB's default memory limit is most of the machine, and its file cache keeps every file a build reads.
	// One thread: a page's queries are small, and a second thread costs each of them more than it saves (the build
	// runs a process per core anyway).
	const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '512MB', enable_external_file_cache: 'false' });
	const conn = await instance.connect();
	for (const t of TABLES) {
		// A partitioned table with no rows at all has no folder.
		const files = t.partitioned ? (missing.includes(t) ? [] : resolve(dir, partitionGlob(t))) : resolve(dir, tableFile(t));
		// The catalog tables are small and read by every page: held in memory.
		await conn.run(`CREATE ${t.partitioned ? 'VIEW' : 'TABLE'} ${quoteIdent(t.name)} AS ${readTableSql(t, files)}`);
	}
	conn.closeSync();
	return instance;
}

/** Opens a connection to an in-memory database with one view per table of the dataset in `dir`. */
export async function openDataset(dir: string): Promise<DuckDBConnection> {
	return (await openInstance(dir)).connect();
}

/**
 * A column's value as node-api writes it in JavaScript (getRowObjectsJS), but a bigint (BIGINT) as a number, as
 * DuckDB-wasm casts it: both sides hand plain numbers to the pages.
 */
const plain: DuckDBValueConverter<JS> = (value, type) => {
	const js = JSDuckDBValueConverter(value, type, JSDuckDBValueConverter);
	return typeof js === 'bigint' ? Number(js) : js;
};

const INT32 = 2 ** 31;

/**
 * A parameter as the literal of the value node-api would bind (its typeForValue: a whole number an INTEGER, another
 * a DOUBLE, a string a VARCHAR), or undefined where the literal might differ (a whole number out of INTEGER's range,
 * one not finite, a string holding NUL).
 */
function paramLiteral(value: SqlParam): string | undefined {
	if (value === null) return 'NULL';
	if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
	if (typeof value === 'string') return value.includes('\0') ? undefined : `CAST(${quoteText(value)} AS VARCHAR)`;
	if (!Number.isFinite(value)) return undefined;
	if (Math.round(value) !== value) return `CAST('${value}' AS DOUBLE)`;
	return value >= -INT32 && value < INT32 ? `CAST(${value} AS INTEGER)` : undefined;
}

/** Quoted strings, quoted names and comments, where a `$1` is not a parameter; or a parameter. */
const SQL_PARAM = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|(?<![\w$])\$(\d+)/g;

/**
 * The query with its parameters written in as literals, or undefined where one cannot be. node-api runs a query with
 * parameters as a prepared statement, which binds its views twice (their Parquet files read twice): 3 ms more a query.
 */
export function inlineParams(sql: string, params: readonly SqlParam[]): string | undefined {
	const literals = params.map(paramLiteral);
	if (literals.some((l) => l === undefined)) return undefined;
	let unknown = false;
	const text = sql.replace(SQL_PARAM, (whole, n: string | undefined) => {
		if (n === undefined) return whole;
		const literal = literals[Number(n) - 1];
		if (literal === undefined) unknown = true;
		return literal ?? whole;
	});
	return unknown ? undefined : text;
}

/** Runs a built query and returns its rows as plain objects. */
export async function runQuery<T>(conn: DuckDBConnection, q: Pick<BuiltQuery, 'sql' | 'params'>): Promise<T[]> {
	const inlined = inlineParams(q.sql, q.params);
	const reader = inlined === undefined ? await conn.runAndReadAll(q.sql, q.params as DuckDBValue[]) : await conn.runAndReadAll(inlined);
	return reader.convertRowObjects(plain) as T[];
}

/** A query as a scope runs it: naming the tables it reads (see openScope). */
type ScopedQuery = Pick<BuiltQuery, 'sql' | 'params' | 'tables'>;

/** Runs a scope's queries. */
export type QueryRunner = <T>(q: ScopedQuery) => Promise<T[]>;

type Query = Pick<BuiltQuery, 'sql' | 'params' | 'byIds'> & { tables?: readonly TableName[] };

/** Readies a connection for a query that reads `tables`. */
type Prepare = (conn: DuckDBConnection, tables: readonly TableName[]) => Promise<void>;

/** Runs queries on one connection one after another (a connection runs one at a time); `prepare` readies it for a query's tables first. */
function serialQueries(conn: Promise<DuckDBConnection>, prepare?: Prepare) {
	let queue: Promise<unknown> = Promise.resolve();
	return <T>(q: Query): Promise<T[]> => {
		const next = queue.then(async () => {
			const c = await conn;
			await prepare?.(c, q.tables ?? []);
			return runQuery<T>(c, q);
		});
		queue = next.catch(() => undefined);
		return next;
	};
}

let shared: Promise<DuckDBInstance> | undefined;
const sharedInstance = () => (shared ??= openInstance(dataDir()));

let sharedRunner: ReturnType<typeof serialQueries> | undefined;
let catalogAnswers: ReturnType<typeof serialQueries> | undefined;

/** The tables held whole in memory (openInstance): small, and asked the same again and again. */
const CATALOG_TABLES = new Set<string>(TABLES.filter((t) => !t.partitioned).map((t) => t.name));

/** How many answers of queries over the catalog tables alone are kept: a page in each language, a drive's pages, ask the same. */
const KEPT_CATALOG_ANSWERS = 256;

/** Every row of a catalog table, as the query that reads them all returns them (BuiltQuery.byIds), by its SQL and parameters. */
const wholeCatalogTables = new Map<string, Promise<Record<string, unknown>[]>>();

/**
 * Runs a query over the whole catalog. One that names only catalog tables may be answered from the rows already
 * read: one that selects a table's rows by id is picked from the table's every row (read once); any other's answer is
 * kept (the last KEPT_CATALOG_ANSWERS).
 */
export function siteQuery<T>(q: Query): Promise<T[]> {
	const run = (sharedRunner ??= serialQueries(sharedInstance().then((i) => i.connect())));
	catalogAnswers ??= memoized(run, KEPT_CATALOG_ANSWERS);
	const catalogOnly = q.tables !== undefined && q.tables.length > 0 && q.tables.every((t) => CATALOG_TABLES.has(t));
	if (!catalogOnly) return run<T>(q);
	if (!q.byIds) return catalogAnswers<T>(q);
	const { column, ids, every } = q.byIds;
	const key = JSON.stringify([every.sql, every.params]);
	let rows = wholeCatalogTables.get(key);
	if (!rows) wholeCatalogTables.set(key, (rows = run(every)));
	return rows.then((all) => rowsWithIds(all, column, ids) as T[]);
}

interface Scope {
	conn: Promise<DuckDBConnection>;
	/** Answers repeated queries (a review's pages in both languages ask the same ones) from the rows already read. */
	query: QueryRunner;
	/** Works running in it now: it is closed only when none is. */
	users: number;
}

/** The scopes used last: a review's pages (its summary, its workloads, each in two languages) share one. */
const scopes = new Map<string, Scope>();
const KEPT_SCOPES = 8;

/**
 * The data does not change during a build, so a query's rows can be kept (with its scope, or the last `kept` of them);
 * each caller gets its own copies.
 */
function memoized<Q extends Query>(run: <T>(q: Q) => Promise<T[]>, kept = Infinity): <T>(q: Q) => Promise<T[]> {
	const answers = new Map<string, Promise<unknown[]>>();
	return async <T>(q: Q) => {
		const key = JSON.stringify([q.sql, q.params]);
		let rows = answers.get(key);
		if (rows) answers.delete(key);
		else rows = run(q);
		answers.set(key, rows);
		if (answers.size > kept) answers.delete(answers.keys().next().value!);
		return ((await rows) as T[]).map((r) => ({ ...r }));
	};
}

/**
 * A connection whose partitioned tables are temporary views of some reviews' files. A table is read into memory the
 * second time a query names it (BuiltQuery.tables): a table read once is read from its files, only the columns and
 * rows the query needs (a drive's comparison file asks which runs have histogram bins), and one the pages ask
 * again and again is read whole once. A query that reads a table without naming it reads the view: the same rows.
 */
function openScope(partitions: ReviewScope['partitions']): { conn: Promise<DuckDBConnection>; prepare: Prepare } {
	const scoped = new Map(
		TABLES.filter((t) => t.partitioned).map((t) => [t.name, { read: readTableSql(t, (partitions[t.name] ?? []).map((f) => resolve(dataDir(), f.path))), uses: 0 }]),
	);
	const conn = (async () => {
		const c = await (await sharedInstance()).connect();
		for (const [name, { read }] of scoped) await c.run(`CREATE TEMP VIEW ${quoteIdent(name)} AS ${read}`);
		return c;
	})();
	const prepare: Prepare = async (c, tables) => {
		for (const name of tables) {
			const table = scoped.get(name);
			if (table === undefined || ++table.uses < 2) continue;
			scoped.delete(name);
			await c.run(`DROP VIEW ${quoteIdent(name)}; CREATE TEMP TABLE ${quoteIdent(name)} AS ${table.read}`);
		}
	};
	return { conn, prepare };
}

/**
 * Runs `work` with queries that see only the partition files of some reviews (see manifest.ts reviewScope); the
 * catalog tables stay whole. A few scopes stay open for the pages that follow; the oldest idle one is closed.
 */
export async function withScope<R>(reviews: Pick<ReviewScope, 'partitions'>, work: (query: QueryRunner) => Promise<R>): Promise<R> {
	const key = JSON.stringify([dataDir(), Object.entries(reviews.partitions).map(([t, files]) => [t, files.map((f) => f.path)])]);
	let scope = scopes.get(key);
	if (scope) scopes.delete(key);
	else {
		const { conn, prepare } = openScope(reviews.partitions);
		scope = { conn, query: memoized<ScopedQuery>(serialQueries(conn, prepare)), users: 0 };
	}
	scopes.set(key, scope);
	scope.users++;
	try {
		return await work(scope.query);
	} finally {
		scope.users--;
		for (const [k, s] of scopes) {
			if (scopes.size <= KEPT_SCOPES) break;
			if (s.users > 0) continue;
			scopes.delete(k);
			void s.conn.then((c) => c.closeSync()).catch(() => undefined);
		}
	}
}
