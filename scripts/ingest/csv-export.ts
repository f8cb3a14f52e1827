// A table file again as CSV: the Parquet file just written, read back a chunk at a time (a per-I/O log's millions of
// rows are never held at once), its values written as they are by the one CSV writer, the unit in each header.
//
// Column by column, not row by row: a text column is read as hash codes, each turned into its cell once (a per-I/O
// log repeats a few texts millions of times, and decoding each from DuckDB cost more than all the rest), numbers
// straight from DuckDB's typed vectors.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { DuckDBConnection, DuckDBVector } from '@duckdb/node-api';
import { csvHeader, fileColumns } from '../../src/lib/dataset-layout.ts';
import { CSV_START, csvRow, type CsvValue } from '../../src/lib/csv.ts';
import type { Column, Table } from '../../src/lib/schema.ts';
import { quoteIdent, quoteText } from '../../src/lib/sql/quote.ts';

/** The cell the one CSV writer writes for a value: its row of that value alone, without the line end. */
const cellOf = (value: CsvValue) => csvRow([value]).slice(0, -2);

/** How one column's values become cells. */
type CellsOf = (vector: DuckDBVector, rows: number) => string[];

/** Each distinct text of a column by its hash; null when two texts share one (then the texts are read as they are). */
async function textCells(conn: DuckDBConnection, column: string, from: string): Promise<Map<bigint, string> | null> {
	const reader = await conn.runAndReadAll(`SELECT DISTINCT hash(${quoteIdent(column)}) AS h, ${quoteIdent(column)} AS v FROM ${from}`);
	const cells = new Map<bigint, string>();
	for (const [h, v] of reader.getRows() as [bigint, string | null][]) {
		if (cells.has(h)) return null;
		cells.set(h, cellOf(v));
	}
	return cells;
}

function plainCells(vector: DuckDBVector, rows: number): string[] {
	const out = new Array<string>(rows);
	for (let i = 0; i < rows; i++) out[i] = cellOf(vector.getItem(i) as CsvValue);
	return out;
}

/** Numbers and booleans: the CSV writer prints them as String does, and quotes none of them. */
function numberCells(vector: DuckDBVector, rows: number): string[] {
	const out = new Array<string>(rows);
	for (let i = 0; i < rows; i++) {
		const v = vector.getItem(i);
		out[i] = v === null ? '' : String(v);
	}
	return out;
}

function hashedCells(cells: Map<bigint, string>): CellsOf {
	return (vector, rows) => {
		const out = new Array<string>(rows);
		for (let i = 0; i < rows; i++) out[i] = cells.get(vector.getItem(i) as bigint)!;
		return out;
	};
}

/** What each column is selected as, and how its values become cells. */
async function columnReaders(conn: DuckDBConnection, columns: readonly Column[], from: string): Promise<{ select: string; cells: CellsOf }[]> {
	const readers: { select: string; cells: CellsOf }[] = [];
	for (const c of columns) {
		const name = quoteIdent(c.name);
		if (c.type !== 'VARCHAR') {
			readers.push({ select: name, cells: numberCells });
			continue;
		}
		const cells = await textCells(conn, c.name, from);
		readers.push(cells ? { select: `hash(${name})`, cells: hashedCells(cells) } : { select: name, cells: plainCells });
	}
	return readers;
}

/** Writes `csvPath` from the Parquet file `parquetPath` of `table`: the same columns, in order, and the same rows. */
export async function writeCsvOfParquet(conn: DuckDBConnection, table: Table, parquetPath: string, csvPath: string): Promise<void> {
	const columns = fileColumns(table);
	const from = `read_parquet(${quoteText(parquetPath)})`;
	const readers = await columnReaders(conn, columns, from);
	const result = await conn.stream(`SELECT ${readers.map((r) => r.select).join(', ')} FROM ${from}`);
	const fd = openSync(csvPath, 'w');
	try {
		writeSync(fd, CSV_START + csvRow(columns.map(csvHeader)));
		for await (const chunk of result) {
			const rows = chunk.rowCount;
			const cells = readers.map((r, i) => r.cells(chunk.getColumnVector(i), rows));
			const lines = new Array<string>(rows);
			for (let row = 0; row < rows; row++) {
				let line = cells[0]![row]!;
				for (let c = 1; c < cells.length; c++) line += ',' + cells[c]![row]!;
				lines[row] = line;
			}
			writeSync(fd, lines.join('\r\n') + '\r\n');
		}
	} finally {
		closeSync(fd);
	}
}
