// Shared pieces of the CrystalDiskMark parser: strict number reading and text clean-up.
// Format facts: ../shared/research/OTHER_FORMATS.md §4.
import { fail, type FileContext } from '../parse-result.ts';

export const SOURCE_FORMAT = 'crystaldiskmark-text';
export const TOOL = 'CrystalDiskMark';

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A non-negative decimal as CrystalDiskMark prints it (`%9.3f`, `%9.1f`, `%9.2f`, `%d`). */
export function parseDecimal(ctx: FileContext, text: string, line: number, field: string): number {
	const t = text.trim();
	if (!DECIMAL.test(t)) fail(ctx, 'BAD_NUMBER', { line, field }, `"${t.slice(0, 20)}" is not a number`);
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
