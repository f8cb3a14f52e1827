// The SQL console's rules and plain-text helpers, shared by its page (build), its browser script and the tests.
import { TABLES } from '../schema.ts';
import type { TableName } from '../queries/query.ts';

/** The URL parameter holding the query (/sql/?q=…). */
export const SQL_PARAM = 'q';
/** Rows kept of a result: shown in the table and written to the CSV. */
export const ROW_CAP = 1000;
/** A statement running longer is cancelled. */
export const TIME_LIMIT_MS = 10_000;
/** A query naming tables whose files add up to more is refused before anything is read. */
export const READ_LIMIT_BYTES = 64 * 1024 * 1024;

/** Where the build lists a table's published files for the console (one list per table, read only when a query names it). */
export function sqlTableFilesPath(table: string): string {
	return `/sql/tables/${table}.json`;
}

/** A table's files as the console reads them: their paths under the data folder, sizes and rows. */
export interface SqlTableFiles {
	table: string;
	files: { path: string; bytes: number; rows: number }[];
}

/** SQL with its comments and 'text' blanked out. */
const withoutText = (sql: string) => sql.replace(/--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*(?:'|$)/g, ' ');

/** Words that begin or contain a statement that changes tables, settings or files. */
const WRITES = new Set(
	'insert update delete merge truncate drop create alter copy export import attach detach use install load set reset vacuum checkpoint begin commit rollback abort prepare execute deallocate'.split(' '),
);

/**
 * The first word of SQL that would change something (a table, a setting, a file), outside comments, 'text' and
 * "names"; undefined for SQL that only reads. DuckDB runs every statement of a script, so each is checked: a
 * reader's "SELECT 1; DROP TABLE runs" must not leave the published tables changed for the next query.
 */
export function writeKeyword(sql: string): string | undefined {
	const code = withoutText(sql).replace(/"(?:[^"]|"")*(?:"|$)/g, ' ');
	return [...code.matchAll(/[A-Za-z_][A-Za-z0-9_$]*/g)].map((m) => m[0].toLowerCase()).find((w) => WRITES.has(w));
}

/**
 * The published tables a statement names: every word (or "quoted" name) outside comments and 'text' that is a
 * table's name and does not follow AS. DuckDB's own name extraction binds the statement and fails on joins USING columns of tables it has
 * not read yet; a word that only looks like a table (a CTE named "runs") just reads that table as well.
 */
export function tablesNamed(sql: string): TableName[] {
	const code = withoutText(sql);
	const words = [...code.matchAll(/"((?:[^"]|"")+)"|[A-Za-z_][A-Za-z0-9_$]*/g)].map((m) => (m[1] ?? m[0]).toLowerCase());
	// A word after AS names a column or an alias ("count(*) AS runs"), not a table.
	const names = words.filter((_, i) => words[i - 1] !== 'as');
	return TABLES.map((t) => t.name).filter((name) => names.includes(name));
}

/**
 * A DuckDB error as one plain message: DuckDB-wasm reports some as JSON ({"exception_type": "Parser",
 * "exception_message": …}), others as text ("Catalog Error: …"). Never a stack trace: only the first lines of the text
 * up to one that looks like a JavaScript stack frame.
 */
export function duckdbErrorText(error: unknown): string {
	const raw = error instanceof Error ? error.message : String(error);
	let text = raw;
	try {
		const parsed = JSON.parse(raw) as { exception_type?: unknown; exception_message?: unknown };
		if (typeof parsed.exception_message === 'string') {
			text = typeof parsed.exception_type === 'string' ? `${parsed.exception_type} Error: ${parsed.exception_message}` : parsed.exception_message;
		}
	} catch {
		// Not JSON: the message is text already.
	}
	const lines = text.split('\n');
	const stack = lines.findIndex((l) => /^\s+at\s/.test(l));
	return (stack === -1 ? lines : lines.slice(0, stack)).join('\n').trim().slice(0, 4000);
}

/** The console's URL for a query: the path with ?q=…, or the bare path when there is none. */
export function sqlUrl(path: string, sql: string): string {
	const text = sql.trim();
	return text ? `${path}?${new URLSearchParams({ [SQL_PARAM]: text }).toString()}` : path;
}
