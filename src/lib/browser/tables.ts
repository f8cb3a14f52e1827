// Filling DuckDB-wasm tables from the dataset's Parquet files, shared by the browser (async connection, rows read
// over HTTP) and the parity test (Node's blocking DuckDB-wasm, rows read from disk). Each table is created from
// the schema module with its declared types; rows are appended as Arrow. Tables a query selects by id
// (BuiltQuery.rowFilter) are filled with only those ids, the others whole, each row loaded once.
import { tableToIPC } from 'apache-arrow';
import { TABLES } from '../schema.ts';
import type { BuiltQuery, TableName } from '../queries/query.ts';
import { arrowTableOf, type RowFilter } from './parquet.ts';
import { quoteIdent } from '../sql/quote.ts';

/** What the loader needs of a DuckDB-wasm connection (async in the browser, blocking in Node). */
export interface ArrowConnection {
	query(sql: string): unknown;
	/** Arrow goes over as IPC bytes, so the connection's own copy of apache-arrow never meets ours. */
	insertArrowFromIPCStream(buffer: Uint8Array, options: { name: string; create?: boolean }): unknown;
}

/** Reads rows of one table's Parquet file, all or only those matching `filter`. */
export type RowReader = (table: TableName, filter: RowFilter | undefined) => Promise<Record<string, unknown>[]>;

export function createTableSql(name: TableName): string {
	const table = TABLES.find((t) => t.name === name)!;
	return `CREATE TABLE ${quoteIdent(name)} (${table.columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`;
}

export class TableLoader {
	private readonly created = new Map<TableName, Promise<void>>();
	/** Ids loaded per table; "*" = the whole table. */
	private readonly keys = new Map<TableName, Set<string>>();

	private readonly conn: ArrowConnection;
	private readonly read: RowReader;

	constructor(conn: ArrowConnection, read: RowReader) {
		this.conn = conn;
		this.read = read;
	}

	private async append(name: TableName, filter: RowFilter | undefined): Promise<void> {
		const rows = await this.read(name, filter);
		if (rows.length === 0) return;
		const table = TABLES.find((t) => t.name === name)!;
		await this.conn.insertArrowFromIPCStream(tableToIPC(arrowTableOf(rows, table.columns), 'stream'), { name, create: false });
	}

	/** Creates a table (empty, with the schema's columns) unless it exists. */
	async create(name: TableName): Promise<void> {
		if (!this.created.has(name)) this.created.set(name, Promise.resolve(this.conn.query(createTableSql(name))).then(() => undefined));
		await this.created.get(name);
	}

	/** Makes sure every table the query reads exists with (at least) the rows it can select. */
	async ensure(query: Pick<BuiltQuery, 'tables' | 'rowFilter'>): Promise<void> {
		for (const name of query.tables) {
			await this.create(name);
			const keys = this.keys.get(name) ?? new Set<string>();
			this.keys.set(name, keys);
			if (keys.has('*')) continue;
			const filter = query.rowFilter?.[name];
			if (!filter) {
				// Rows loaded by id so far would be duplicated by the whole table.
				if (keys.size > 0) await this.conn.query(`DELETE FROM ${quoteIdent(name)}`);
				keys.clear();
				keys.add('*');
				await this.append(name, undefined);
				continue;
			}
			const missing = filter.values.filter((id) => !keys.has(id));
			if (missing.length === 0) continue;
			await this.append(name, { column: filter.column, values: missing });
			for (const id of missing) keys.add(id);
		}
	}
}

/** A query result (Arrow) as plain row objects; BIGINT values, if any arrive as bigint, become numbers. */
export function plainRows<T>(result: { toArray(): { toJSON(): unknown }[] }): T[] {
	return result.toArray().map((row) => {
		const obj = row.toJSON() as Record<string, unknown>;
		for (const [k, v] of Object.entries(obj)) if (typeof v === 'bigint') obj[k] = Number(v);
		return obj as T;
	});
}
