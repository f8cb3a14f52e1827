// Shared pieces of the Iometer parser: the error/warning context, the line cursor and strict
// number reading. Iometer never quotes CSV fields, so a row is split on every comma.
import { ParseError, type Warning } from '../parse-result.ts';

export interface IometerContext {
	file: string;
	warnings: Warning[];
}

export function fail(ctx: IometerContext, code: string, line: number, reason: string, field?: string): never {
	throw new ParseError(code, ctx.file, field === undefined ? { line } : { line, field }, reason);
}

export function warn(ctx: IometerContext, code: string, line: number, message: string, field?: string): void {
	ctx.warnings.push(field === undefined ? { code, message, line } : { code, message, line, field });
}

/** The file's lines (BOM and CR/LF removed) and whether the last one was terminated. */
export interface Lines {
	text: string[];
	/** false when the file does not end with a line break: its last line may be cut short. */
	terminated: boolean;
}

export function splitLines(text: string): Lines {
	const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
	const lines = body.split(/\r?\n/);
	const terminated = lines[lines.length - 1] === '';
	if (terminated) lines.pop();
	return { text: lines, terminated };
}

/** Section markers start with an apostrophe ('Results, 'Time Stamp …). */
export function isMarker(line: string): boolean {
	return line.startsWith("'");
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A non-negative finite number, or null for an empty field (Iometer leaves not-applicable cells
 * empty). Accepts fixed (`30171.173034`) and C++ default (`3.91406e+006`) notation.
 */
export function parseNonNegative(ctx: IometerContext, text: string, line: number, field: string): number | null {
	const t = text.trim();
	if (t === '') return null;
	if (!NUMBER.test(t)) fail(ctx, 'BAD_NUMBER', line, `"${t}" is not a number`, field);
	const v = Number(t);
	if (!Number.isFinite(v)) fail(ctx, 'NOT_FINITE', line, `"${t}" is not finite`, field);
	if (v < 0) fail(ctx, 'NEGATIVE_VALUE', line, `"${t}" is negative`, field);
	return v === 0 ? 0 : v;
}

/** A non-negative integer (I/O and byte counts, bin counts), or null for an empty field. */
export function parseCountField(ctx: IometerContext, text: string, line: number, field: string): number | null {
	const v = parseNonNegative(ctx, text, line, field);
	if (v === null) return null;
	if (!Number.isSafeInteger(v)) fail(ctx, 'BAD_COUNT', line, `"${text.trim()}" is not a whole count`, field);
	return v;
}
