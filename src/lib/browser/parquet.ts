// Parquet → rows with hyparquet (pure JS, HTTP range requests, snappy built in), and rows → an Arrow table
// typed from the schema module, so DuckDB-wasm gets the same column types as the build-time views.
import { asyncBufferFromUrl, cachedAsyncBuffer, parquetReadObjects, type AsyncBuffer } from 'hyparquet';
import { Bool, Float64, Int32, Int64, Table, Utf8, vectorFromArray, type DataType, type Vector } from 'apache-arrow';
import { PARTITION_COLUMN, fileColumns, reviewOfPartition } from '../dataset-layout.ts';
import type { Column, Table as SchemaTable } from '../schema.ts';

export interface RowFilter {
	column: string;
	values: readonly string[];
}

type Row = Record<string, unknown>;

/** A Parquet file over HTTP, read with range requests (its size comes from the manifest: no HEAD request). */
export async function urlBuffer(url: string, byteLength: number): Promise<AsyncBuffer> {
	return cachedAsyncBuffer(await asyncBufferFromUrl({ url, byteLength }));
}

/** Reads the schema's columns of a Parquet file, optionally only the rows whose `column` is one of `values`. */
export async function readParquetRows(file: AsyncBuffer, columns: readonly Column[], filter?: RowFilter): Promise<Row[]> {
	return parquetReadObjects({
		file,
		columns: columns.map((c) => c.name),
		rowFormat: 'object',
		...(filter ? { filter: { [filter.column]: { $in: [...filter.values] } } } : {}),
	});
}

/** One file of a table: its path under the data folder and a way to read it. */
export interface TableFile {
	path: string;
	open: () => Promise<AsyncBuffer>;
}

/** Rows of a table from some of its files; a partition's rows get their review_id from its folder. */
export async function readTableRows(table: SchemaTable, files: readonly TableFile[], filter?: RowFilter): Promise<Row[]> {
	const parts = await Promise.all(
		files.map(async (file) => {
			const rows = await readParquetRows(await file.open(), fileColumns(table), filter);
			const review = table.partitioned ? reviewOfPartition(file.path) : undefined;
			if (review !== undefined && table.columns.some((c) => c.name === PARTITION_COLUMN)) for (const r of rows) r[PARTITION_COLUMN] = review;
			return rows;
		}),
	);
	return parts.flat();
}

function typeOf(c: Column): DataType {
	switch (c.type) {
		case 'VARCHAR':
			return new Utf8();
		case 'DOUBLE':
			return new Float64();
		case 'BIGINT':
			return new Int64();
		case 'INTEGER':
			return new Int32();
		case 'BOOLEAN':
			return new Bool();
	}
}

function valueOf(c: Column, v: unknown): unknown {
	if (v === null || v === undefined) return null;
	if (c.type === 'BIGINT') return typeof v === 'bigint' ? v : BigInt(Math.round(Number(v)));
	if (c.type === 'INTEGER' || c.type === 'DOUBLE') return typeof v === 'bigint' ? Number(v) : v;
	return v;
}

export function arrowTableOf(rows: readonly Row[], columns: readonly Column[]): Table {
	const vectors: Record<string, Vector> = {};
	for (const c of columns) vectors[c.name] = vectorFromArray(rows.map((r) => valueOf(c, r[c.name])), typeOf(c));
	return new Table(vectors);
}
