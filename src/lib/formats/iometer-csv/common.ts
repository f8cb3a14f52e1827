// Shared pieces of the Iometer parser: section markers and strict number reading.
// Iometer never quotes CSV fields, so a row is split on every comma.
import { fail, type FileContext } from '../parse-result.ts';

/** Section markers start with an apostrophe ('Results, 'Time Stamp …). */
export function isMarker(line: string): boolean {
	return line.startsWith("'");
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A non-negative finite number, or null for an empty field (Iometer leaves not-applicable cells
 * empty). Accepts fixed (`30171.173034`) and C++ default (`3.91406e+006`) notation.
 */
export function parseNonNegative(ctx: FileContext, text: string, line: number, field: string): number | null {
	const t = text.trim();
	if (t === '') return null;
	if (!NUMBER.test(t)) fail(ctx, 'BAD_NUMBER', { line, field }, `"${t}" is not a number`);
	const v = Number(t);
	if (!Number.isFinite(v)) fail(ctx, 'NOT_FINITE', { line, field }, `"${t}" is not finite`);
	if (v < 0) fail(ctx, 'NEGATIVE_VALUE', { line, field }, `"${t}" is negative`);
	return v === 0 ? 0 : v;
}

/** A non-negative integer (I/O and byte counts, bin counts), or null for an empty field. */
export function parseCountField(ctx: FileContext, text: string, line: number, field: string): number | null {
	const v = parseNonNegative(ctx, text, line, field);
	if (v === null) return null;
	if (!Number.isSafeInteger(v)) fail(ctx, 'BAD_COUNT', { line, field }, `"${text.trim()}" is not a whole count`);
	return v;
}
