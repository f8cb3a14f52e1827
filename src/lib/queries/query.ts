// What every SQL builder returns, and the small helpers they share. A builder is a pure function: the same
// SQL text runs at build time (@duckdb/node-api over views of the Parquet files) and in the browser
// (DuckDB-wasm over tables of the same names), with positional parameters ($1, $2, …) bound by the caller.
import type { TABLES } from '../schema.ts';
import { DEFAULT_LANG, languageOf, punctuationOf, type Lang, type Language } from '../../i18n/lang.ts';

export type { Lang };
export type SqlParam = string | number | boolean | null;
export type TableName = (typeof TABLES)[number]['name'];

export interface BuiltQuery {
	sql: string;
	params: SqlParam[];
	/** The query in words, shown beside its result. */
	caption: string;
	/** Tables the SQL reads: the browser loads exactly these before running it. */
	tables: TableName[];
	/** When the SQL selects a table's rows by id (`column IN (…)`), those ids: the browser then reads only them. */
	rowFilter?: Partial<Record<TableName, { column: string; values: string[] }>>;
	/**
	 * When the query returns the rows of `every` (all of a table's rows, in its order) whose `column` is among `ids`: a
	 * runner holding `every`'s rows picks them (rowsWithIds) instead of running the query.
	 */
	byIds?: { column: string; ids: string[]; every: Pick<BuiltQuery, 'sql' | 'params' | 'tables'> };
}

/** Copies of the rows whose `column` is among `ids`, in their order. */
export function rowsWithIds<R extends object>(rows: readonly R[], column: string, ids: Iterable<unknown>): R[] {
	const asked = new Set(ids);
	return rows.filter((r) => asked.has((r as Record<string, unknown>)[column])).map((r) => ({ ...r }));
}

/**
 * What a query that selects a table's rows by run ids alone returns (copies of the rows), picked from the rows a query
 * of the same table and order returned for the runs `read` (every row of each, in that order); undefined when some run
 * asked is not among them.
 */
export function rowsOfRuns<R extends { run_id: string }>(rows: readonly R[], read: ReadonlySet<string>, runIds: readonly string[]): R[] | undefined {
	if (!runIds.every((id) => read.has(id))) return undefined;
	return rowsWithIds(rows, 'run_id', runIds);
}

/** Collects parameters in order and hands out their placeholders. */
export class Params {
	readonly values: SqlParam[] = [];

	add(value: SqlParam): string {
		this.values.push(value);
		return `$${this.values.length}`;
	}

	/** "$3, $4, $5" for a list; a list that can match nothing ("NULL") when empty. */
	list(values: readonly SqlParam[]): string {
		return values.length === 0 ? 'NULL' : values.map((v) => this.add(v)).join(', ');
	}
}

export type CaptionKey = keyof Language['captions'];

/** A query's caption in the language (the default language when none is given), from its file, `{name}`s filled. */
export function captionFor(lang: Lang | undefined, key: CaptionKey, values: Record<string, string | number> = {}): string {
	return languageOf(lang ?? DEFAULT_LANG).captions[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A short list of ids for a caption: "a, b and 3 more". */
export function idsText(ids: readonly string[], lang: Lang | undefined): string {
	const shown = ids.slice(0, 3).join(punctuationOf(lang ?? DEFAULT_LANG).items);
	const rest = ids.length - 3;
	return rest > 0 ? captionFor(lang, 'idsMore', { ids: shown, rest, total: ids.length }) : shown;
}

/** Removes the indentation (and blank lines) the builders write their SQL with, so snapshots and the page's query view read cleanly. */
export function sql(strings: TemplateStringsArray, ...values: (string | number)[]): string {
	const text = strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
	const lines = text.split('\n').filter((line) => line.trim() !== '');
	const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^\t*/.exec(l)![0].length));
	return lines.map((line) => line.slice(indent).replace(/^\t+/, (tabs) => '  '.repeat(tabs.length)).trimEnd()).join('\n');
}
