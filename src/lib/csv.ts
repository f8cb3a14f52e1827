// The one CSV writer of the site (chart tables today; every later export uses it too). Pure, so it runs at build
// time and in the browser.
//
// Cells are RFC 4180: quoted when they hold a comma, a quote, a line break or leading/trailing whitespace, quotes
// doubled. Text a spreadsheet would run as a formula is kept as text by a leading apostrophe (OWASP "CSV injection"):
// text that starts with = + - @ or their full-width forms ＝ ＋ － ＠, also after leading whitespace or line breaks,
// and text that starts with a tab, a carriage return or NUL. Numbers are written as JavaScript prints them, and text
// that is exactly a decimal number ("-1.5", "+3") is left as it is: a spreadsheet reads both as numbers. The header
// row follows the same rule. To read the text back, drop the apostrophe of a cell that starts with one followed by
// one of those characters.
export type CsvValue = string | number | null;

const FORMULA = /^(?:[\t\r\0]|\s*[=+\-@＝＋－＠])/u;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function csvCell(value: CsvValue): string {
	if (value === null) return '';
	const text = typeof value === 'string' && FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : String(value);
	return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file, with a byte-order mark (spreadsheets then read µ and Chinese headers as UTF-8) and CRLF rows. */
export function csvText(table: { columns: readonly string[]; rows: readonly (readonly CsvValue[])[] }): string {
	const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
	return `\uFEFF${lines.join('\r\n')}\r\n`;
}
