// The one CSV writer of the project: chart tables, the reader's own result, and the dataset's tables (written by the
// ingest a row at a time, see scripts/ingest/csv-export.ts). Pure, so it runs at build time and in the browser.
//
// Cells are RFC 4180: quoted when they hold a comma, a quote, a line break or leading/trailing whitespace, quotes
// doubled; NULL is an empty cell and empty text a quoted one (""), so that the two stay apart. Text a spreadsheet
// would run as a formula is kept as text by a leading apostrophe (OWASP "CSV injection"): text that starts with
// = + - @ or their full-width forms ＝ ＋ － ＠, also after leading whitespace or line breaks, and text that starts
// with a tab, a carriage return or NUL. Numbers are written as JavaScript prints them (the shortest text that reads
// back as the same double), a bigint in full, a boolean as true or false; text that is exactly a decimal number
// ("-1.5", "+3") is left as it is: a spreadsheet reads both as numbers. The header row follows the same rule. To read
// the text back, drop the apostrophe of a cell that starts with one followed by one of those characters.
export type CsvValue = string | number | bigint | boolean | null;

const FORMULA = /^(?:[\t\r\0]|\s*[=+\-@＝＋－＠])/u;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function csvCell(value: CsvValue): string {
	// A number's text never holds what is quoted (most cells of a chart's table: no tests to make).
	if (typeof value === 'number') return String(value);
	if (value === null) return '';
	if (value === '') return '""';
	const text = typeof value === 'string' && FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : String(value);
	return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a CSV file begins with: a byte-order mark, so that spreadsheets read µ and Chinese headers as UTF-8. */
export const CSV_START = '\uFEFF';

/** One row of a CSV file (the header row too), with its CRLF: files too large to hold are written row by row. */
export function csvRow(row: readonly CsvValue[]): string {
	return `${row.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV file: the byte-order mark and CRLF rows. */
export function csvText(table: { columns: readonly string[]; rows: readonly (readonly CsvValue[])[] }): string {
	return CSV_START + [table.columns, ...table.rows].map(csvRow).join('');
}
