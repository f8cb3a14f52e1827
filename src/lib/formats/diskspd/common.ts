// Shared pieces of the DiskSpd parsers: strict number reading and time stamps.
// Format facts: OTHER_FORMATS.md §2 and microsoft/diskspd ResultParser.cpp / XmlResultParser.cpp.
import { fail, type FileContext, type Where } from '../parse-result.ts';

const COUNT = /^\d+$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
const SIGNED_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A whole non-negative count (bytes, I/Os, thread numbers). */
export function count(ctx: FileContext, text: string, where: Where): number {
	const t = text.trim();
	const v = Number(t);
	if (!COUNT.test(t) || !Number.isSafeInteger(v)) fail(ctx, 'BAD_NUMBER', where, `"${t.slice(0, 40)}" is not a whole count`);
	return v;
}

/** A non-negative decimal as DiskSpd prints it with %f (no exponent, no sign). */
export function decimal(ctx: FileContext, text: string, where: Where): number {
	const t = text.trim();
	if (!DECIMAL.test(t) || !Number.isFinite(Number(t))) fail(ctx, 'BAD_NUMBER', where, `"${t.slice(0, 40)}" is not a number`);
	return Number(t);
}

/** CPU shares are differences of counters and may print as a small negative number. */
export function signedDecimal(ctx: FileContext, text: string, where: Where): number {
	const t = text.trim();
	if (!SIGNED_DECIMAL.test(t) || !Number.isFinite(Number(t))) fail(ctx, 'BAD_NUMBER', where, `"${t.slice(0, 40)}" is not a number`);
	return Number(t);
}

/** value × factor without binary-fraction noise (0.43 MiB/s → 450887.68 B/s, not …68000001). */
export function scaled(value: number, factor: number): number {
	return Number((value * factor).toPrecision(15));
}

const STAMP = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) UTC$/;

/** DiskSpd's "2021/04/16 19:03:38 UTC" (text `start time:`, XML `<RunTime>`) → ISO 8601, or undefined. */
export function diskSpdTime(text: string): string | undefined {
	const m = STAMP.exec(text.trim());
	if (!m) return undefined;
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
	const ms = Date.UTC(y, mo - 1, d, h, mi, s);
	const back = new Date(ms);
	if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
	return back.toISOString().replace('.000Z', 'Z');
}
