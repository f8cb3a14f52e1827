// One comma-separated line of unsigned integers, read by hand for speed (hex allowed, checked by the caller).
import type { Warning } from '../parse-result.ts';

export const MAX_FIELDS = 8;
export const END_COMMA = 0;
export const END_LINE = 1;
export const END_FILE = 2;

/** Where the scanner stands; `value`/`hex` describe the number just read, `error` why it failed. */
export interface LogCursor {
	pos: number;
	value: number;
	hex: boolean;
	error: string;
}

export function newCursor(pos: number): LogCursor {
	return { pos, value: 0, hex: false, error: '' };
}

export const isBlank = (c: number) => c === 32 || c === 9 || c === 13;

/**
 * Read one field at c.pos: blanks, an unsigned decimal (or 0x hex) integer, blanks, then ',' or
 * end of line. Returns END_COMMA/END_LINE/END_FILE with c.pos after the separator, or -1 with
 * c.error set.
 */
export function readField(text: string, len: number, c: LogCursor): number {
	let i = c.pos;
	let ch = i < len ? text.charCodeAt(i) : -1;
	while (ch === 32 || ch === 9) ch = ++i < len ? text.charCodeAt(i) : -1;
	let v = 0;
	let digits = 0;
	c.hex = false;
	if (ch === 48 && i + 1 < len && (text.charCodeAt(i + 1) | 32) === 120) {
		c.hex = true;
		i += 2;
		ch = i < len ? text.charCodeAt(i) : -1;
		for (;;) {
			let d: number;
			if (ch >= 48 && ch <= 57) d = ch - 48;
			else if ((ch | 32) >= 97 && (ch | 32) <= 102) d = (ch | 32) - 87;
			else break;
			v = v * 16 + d;
			digits++;
			ch = ++i < len ? text.charCodeAt(i) : -1;
		}
	} else {
		while (ch >= 48 && ch <= 57) {
			v = v * 10 + (ch - 48);
			digits++;
			ch = ++i < len ? text.charCodeAt(i) : -1;
		}
	}
	if (digits === 0) {
		c.pos = i;
		const empty = ch === 44 || ch === 10 || ch === 13 || ch === -1;
		if (c.hex) c.error = 'is "0x" without hex digits';
		else c.error = ch === 45 ? 'is negative' : empty ? 'is empty' : `is not a number (${describe(ch)})`;
		return -1;
	}
	if (v > Number.MAX_SAFE_INTEGER) {
		c.pos = i;
		c.error = 'is too large to be exact';
		return -1;
	}
	while (isBlank(ch)) ch = ++i < len ? text.charCodeAt(i) : -1;
	c.value = v;
	if (ch === 44) {
		c.pos = i + 1;
		return END_COMMA;
	}
	if (ch === 10) {
		c.pos = i + 1;
		return END_LINE;
	}
	if (ch === -1) {
		c.pos = i;
		return END_FILE;
	}
	c.pos = i;
	c.error = ch === 46 || ch === 101 || ch === 69 ? 'is not an integer' : `has a stray ${describe(ch)}`;
	return -1;
}

function describe(ch: number): string {
	if (ch === -1) return 'end of file';
	if (ch < 32 || ch === 127) return `control character U+${ch.toString(16).padStart(4, '0').toUpperCase()}`;
	return `"${String.fromCharCode(ch)}"`;
}

/** Index after a UTF-8 BOM, if any. */
export function textStart(text: string): number {
	return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/** If the line at `pos` holds only blanks (or is the empty end of the file), the index after it; else -1. */
export function skipBlankLine(text: string, len: number, pos: number): number {
	let i = pos;
	while (i < len && isBlank(text.charCodeAt(i))) i++;
	if (i >= len) return len;
	return text.charCodeAt(i) === 10 ? i + 1 : -1;
}

export function countLines(text: string): number {
	let n = 1;
	for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
	return n;
}

export function unterminatedWarning(line: number): Warning {
	return {
		code: 'LAST_LINE_UNTERMINATED',
		message: 'the last line has no newline (fio ends every line with one): the file looks truncated, that line was dropped',
		line,
	};
}

/** Columns of the first line when it starts like a log's data line (four numbers or more); else undefined. */
export function dataLineColumns(head: string): number | undefined {
	const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
	return /^\s*\d+,\s*\d+,\s*\d+,\s*\d+/.test(firstLine) ? firstLine.split(',').length : undefined;
}
