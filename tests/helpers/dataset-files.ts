// The published dataset read back from disk the way the browser reads it over HTTP (readTableRows): every file
// of a table, partitions included, review_id restored from the folder names.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AsyncBuffer } from 'hyparquet';
import { partitionFile, tableFile, tableFolder } from '../../src/lib/dataset-layout.ts';
import { readTableRows } from '../../src/lib/browser/parquet.ts';
import { TABLES, type Table } from '../../src/lib/schema.ts';

/** Paths (under the data folder) of a table's files, in review order. */
export function datasetFiles(out: string, table: Table): string[] {
	if (!table.partitioned) return [tableFile(table)];
	const folder = join(out, tableFolder(table));
	if (!existsSync(folder)) return [];
	return readdirSync(folder)
		.sort()
		.map((dir) => partitionFile(table, dir.slice(dir.indexOf('=') + 1)));
}

export function diskBuffer(path: string): AsyncBuffer {
	const bytes = readFileSync(path);
	return {
		byteLength: bytes.byteLength,
		slice: (start: number, end?: number) => bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + (end ?? bytes.byteLength)) as ArrayBuffer,
	};
}

/** Every row of a table of the dataset in `out`. */
export function readTable(out: string, name: string): Promise<Record<string, unknown>[]> {
	const table = TABLES.find((t) => t.name === name)!;
	return readTableRows(table, datasetFiles(out, table).map((path) => ({ path, open: async () => diskBuffer(join(out, path)) })));
}
