// A small strict RFC 4180 reader for the published-figures CSV. Strict on purpose: the files are
// hand transcriptions, so a stray quote or a truncated copy must fail loudly, never shift a value
// into the wrong column.
import { ParseError, stripBom } from '../parse-result.ts';

export interface CsvRecord {
	/** 1-based line on which the record starts (a quoted field may span several lines). */
	line: number;
	fields: string[];
}

export interface CsvTable {
	records: CsvRecord[];
	/** Lines that were empty and skipped. */
	blankLines: number[];
}

// C0 controls except tab and line feed, plus DEL: never part of a transcribed figure or quote.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/**
 * Splits `text` into records. CRLF and LF both end a record (CRLF inside a quoted field becomes LF,
 * so both spellings of a file give the same fields) and a UTF-8 BOM is skipped. The text must end
 * with a line break: without one, a copy cut inside the last field would look complete.
 */
export function readCsv(text: string, file: string): CsvTable {
	const s = stripBom(text).replace(/\r\n/g, '\n');
	if (s.length === 0) throw new ParseError('EMPTY_FILE', file, { line: 1 }, 'the file is empty');
	if (!s.endsWith('\n')) {
		const lastLine = s.split('\n').length;
		throw new ParseError(
			'MISSING_FINAL_NEWLINE',
			file,
			{ line: lastLine },
			'the file must end with a line break (is it truncated?)',
		);
	}
	const records: CsvRecord[] = [];
	const blankLines: number[] = [];
	let i = 0;
	let line = 1;
	while (i < s.length) {
		if (s[i] === '\n') {
			blankLines.push(line);
			i++;
			line++;
			continue;
		}
		const start = line;
		const fields: string[] = [];
		for (;;) {
			let value: string;
			if (s[i] === '"') {
				const openedOn = line;
				let buf = '';
				i++;
				for (;;) {
					const q = s.indexOf('"', i);
					if (q === -1) throw new ParseError('UNTERMINATED_QUOTE', file, { line: openedOn }, 'a quoted field is never closed');
					const chunk = s.slice(i, q);
					buf += chunk;
					line += countNewlines(chunk);
					if (s[q + 1] === '"') {
						buf += '"';
						i = q + 2;
						continue;
					}
					i = q + 1;
					break;
				}
				if (s[i] !== ',' && s[i] !== '\n') {
					throw new ParseError('BAD_QUOTE', file, { line }, `text follows the closing quote of a field, column ${fields.length + 1} (double a quote inside a quoted field)`);
				}
				value = buf;
			} else {
				let j = i;
				while (j < s.length && s[j] !== ',' && s[j] !== '\n') j++;
				value = s.slice(i, j);
				if (value.includes('"'))
					throw new ParseError('BAD_QUOTE', file, { line }, `a quote inside an unquoted field, column ${fields.length + 1} (quote the whole field and double the quotes in it)`);
				i = j;
			}
			if (CONTROL_CHARACTER.test(value)) {
				throw new ParseError('CONTROL_CHARACTER', file, { line }, 'a control character inside a field');
			}
			fields.push(value);
			if (s[i] === ',') {
				i++;
				continue;
			}
			// s[i] is the line feed ending the record: the text ends with one, so a record always does.
			i++;
			line++;
			break;
		}
		records.push({ line: start, fields });
	}
	return { records, blankLines };
}

function countNewlines(text: string): number {
	let n = 0;
	for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) n++;
	return n;
}
