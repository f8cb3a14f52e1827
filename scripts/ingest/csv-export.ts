// A table file again as CSV: the Parquet file just written, read back a chunk at a time (a per-I/O log's millions of
// rows are never held at once), its values written as they are by the one CSV writer, the unit in each header.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { csvHeader, fileColumns } from '../../src/lib/dataset-layout.ts';
import { CSV_START, csvRow, type CsvValue } from '../../src/lib/csv.ts';
import type { Table } from '../../src/lib/schema.ts';

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Writes `csvPath` from the Parquet file `parquetPath` of `table`: the same columns, in order, and the same rows. */
export async function writeCsvOfParquet(conn: DuckDBConnection, table: Table, parquetPath: string, csvPath: string): Promise<void> {
	const columns = fileColumns(table);
	const result = await conn.stream(`SELECT ${columns.map((c) => quoteIdent(c.name)).join(', ')} FROM read_parquet(${quoteText(parquetPath)})`);
	const fd = openSync(csvPath, 'w');
	try {
		writeSync(fd, CSV_START + csvRow(columns.map(csvHeader)));
		for await (const rows of result.yieldRowsJs()) {
			// DuckDB gives DOUBLE and INTEGER as numbers, BIGINT as bigint, text and ENUM as strings, BOOLEAN as booleans.
			writeSync(fd, rows.map((row) => csvRow(row as CsvValue[])).join(''));
		}
	} finally {
		closeSync(fd);
	}
}
