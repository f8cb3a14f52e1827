// Shared pieces of the CrystalDiskMark parser: the error/warning context, the line split and
// strict number reading. Format facts: ../shared/research/OTHER_FORMATS.md §4.
import { ParseError, type Warning } from '../parse-result.ts';

export const SOURCE_FORMAT = 'crystaldiskmark-text';
export const TOOL = 'CrystalDiskMark';

export interface CdmContext {
	file: string;
	warnings: Warning[];
}

export function fail(ctx: CdmContext, code: string, line: number, reason: string, field?: string): never {
	throw new ParseError(code, ctx.file, field === undefined ? { line } : { line, field }, reason);
}

export function warn(ctx: CdmContext, code: string, line: number, message: string): void {
	ctx.warnings.push({ code, message, line });
}

/** The file's lines, BOM and CR/LF removed (CrystalDiskMark writes CRLF; copies in repositories are often LF). */
export function splitLines(text: string): string[] {
	const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
	const lines = body.split(/\r\n|\r|\n/);
	if (lines[lines.length - 1] === '') lines.pop();
	return lines;
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A non-negative decimal as CrystalDiskMark prints it (`%9.3f`, `%9.1f`, `%9.2f`, `%d`). */
export function parseDecimal(ctx: CdmContext, text: string, line: number, field: string): number {
	const t = text.trim();
	if (!DECIMAL.test(t)) fail(ctx, 'BAD_NUMBER', line, `"${t.slice(0, 20)}" is not a number`, field);
	return Number(t);
}

/**
 * `text` (a decimal as printed) × `factor`, computed on the digits so that e.g. 531.458 MB/s gives exactly
 * 531458000 bytes/s (531.458 × 1e6 in floating point is 531457999.99999994).
 */
export function decimalTimes(text: string, factor: number): number {
	const [whole, fraction = ''] = text.trim().split('.');
	return (Number(whole! + fraction) * factor) / 10 ** fraction.length;
}

/** Collapses runs of spaces (the text pads its values) and trims. */
export function squeeze(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}
