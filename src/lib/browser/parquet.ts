// Parquet → rows with hyparquet (pure JS, HTTP range requests, snappy built in), and rows → an Arrow table
// typed from the schema module, so DuckDB-wasm gets the same column types as the build-time views.
import { asyncBufferFromUrl, cachedAsyncBuffer, parquetReadObjects, type AsyncBuffer } from 'hyparquet';
import { Bool, Float64, Int32, Int64, Table, Utf8, makeData, makeVector, type Vector } from 'apache-arrow';
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

/** Arrow's null bitmap of some values: bit i set when value i is not null. */
function validity(values: readonly unknown[]): { nullBitmap: Uint8Array; nullCount: number } {
	const nullBitmap = new Uint8Array((values.length + 7) >> 3);
	let nullCount = 0;
	values.forEach((v, i) => (v === null ? nullCount++ : (nullBitmap[i >> 3]! |= 1 << (i & 7))));
	return { nullBitmap, nullCount };
}

function utf8Vector(values: readonly unknown[]): Vector {
	const encoder = new TextEncoder();
	const bytes = values.map((v) => (v === null ? new Uint8Array(0) : encoder.encode(String(v))));
	const valueOffsets = new Int32Array(values.length + 1);
	bytes.forEach((b, i) => (valueOffsets[i + 1] = valueOffsets[i]! + b.length));
	const data = new Uint8Array(valueOffsets[values.length]!);
	bytes.forEach((b, i) => data.set(b, valueOffsets[i]!));
	return makeVector(makeData({ type: new Utf8(), length: values.length, ...validity(values), valueOffsets, data }));
}

function boolVector(values: readonly unknown[]): Vector {
	const data = new Uint8Array((values.length + 7) >> 3);
	values.forEach((v, i) => v === true && (data[i >> 3]! |= 1 << (i & 7)));
	return makeVector(makeData({ type: new Bool(), length: values.length, ...validity(values), data }));
}

/**
 * A column as an Arrow vector, typed from the schema. Built from its buffers, not with Arrow's builders: those compile
 * their null test with `new Function`, which the site's Content-Security-Policy refuses (no 'unsafe-eval').
 */
function vectorOf(c: Column, values: readonly unknown[]): Vector {
	const length = values.length;
	const number = (v: unknown) => (v === null ? 0 : typeof v === 'bigint' ? Number(v) : (v as number));
	switch (c.type) {
		case 'VARCHAR':
			return utf8Vector(values);
		case 'BOOLEAN':
			return boolVector(values);
		case 'DOUBLE':
			return makeVector(makeData({ type: new Float64(), length, ...validity(values), data: Float64Array.from(values, number) }));
		case 'INTEGER':
			return makeVector(makeData({ type: new Int32(), length, ...validity(values), data: Int32Array.from(values, number) }));
		case 'BIGINT': {
			const data = BigInt64Array.from(values, (v) => (v === null ? 0n : typeof v === 'bigint' ? v : BigInt(Math.round(Number(v)))));
			return makeVector(makeData({ type: new Int64(), length, ...validity(values), data }));
		}
	}
}

export function arrowTableOf(rows: readonly Row[], columns: readonly Column[]): Table {
	const vectors: Record<string, Vector> = {};
	for (const c of columns) vectors[c.name] = vectorOf(c, rows.map((r) => r[c.name] ?? null));
	return new Table(vectors);
}
