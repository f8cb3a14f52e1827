// Consistency checks that turn into warnings: DiskSpd prints both the counts and the rates, and a
// row's read and write parts next to its total, so a hand-edited or mixed-up file shows.
import type { DirValues, RowDirection } from './model.ts';
import { MIB } from '../../units.ts';
import { at, warn, type FileContext } from '../parse-result.ts';

/** Rates are printed with %.2f and the test time with %.2f seconds: allow both roundings. */
const PRINT_STEP = 0.01;

function rateMismatch(printed: number, amount: number, testTimeS: number): number | null {
	const expected = amount / testTimeS;
	// Half a printed step on the rate, plus what half a step on the time can move it.
	const slack = PRINT_STEP / 2 + (expected * (PRINT_STEP / 2)) / Math.max(testTimeS - PRINT_STEP / 2, PRINT_STEP) + 1e-9;
	return Math.abs(printed - expected) > slack ? expected : null;
}

/** The printed MiB/s and I/O per s of one row against bytes and I/Os ÷ the actual test time. */
export function checkRates(ctx: FileContext, v: { bytes: number; ios: number; mibps: number; iops: number; line: number }, testTimeS: number, rateLabel: string): void {
	const mib = rateMismatch(v.mibps, v.bytes / MIB, testTimeS);
	if (mib !== null) {
		warn(ctx, 'RATE_MISMATCH', { line: v.line, field: rateLabel }, `${rateLabel} ${v.mibps} but ${v.bytes} bytes / ${MIB} / ${testTimeS} s = ${mib.toFixed(4)}; the more precise of the two is kept`);
	}
	const iops = rateMismatch(v.iops, v.ios, testTimeS);
	if (iops !== null) {
		warn(ctx, 'RATE_MISMATCH', { line: v.line, field: 'I/O per s' }, `I/O per s ${v.iops} but ${v.ios} I/Os / ${testTimeS} s = ${iops.toFixed(4)}; the more precise of the two is kept`);
	}
}

/** Read + write must make the row's total, in bytes and in I/Os. */
export function checkDirectionSum(ctx: FileContext, values: Record<RowDirection, DirValues>, what: string, field: { bytes: string; ios: string } = { bytes: 'bytes', ios: 'I/Os' }): void {
	const line = values.mixed.line;
	const where = (f: string) => at(line, f);
	if (values.read.bytes + values.write.bytes !== values.mixed.bytes) {
		warn(ctx, 'DIRECTION_SUM_MISMATCH', where(field.bytes), `${what}: read ${values.read.bytes} + write ${values.write.bytes} bytes ≠ total ${values.mixed.bytes}`);
	}
	if (values.read.ios + values.write.ios !== values.mixed.ios) {
		warn(ctx, 'DIRECTION_SUM_MISMATCH', where(field.ios), `${what}: read ${values.read.ios} + write ${values.write.ios} I/Os ≠ total ${values.mixed.ios}`);
	}
}

/** The `total:` row against the sum of the thread rows above it. */
export function checkTotal(ctx: FileContext, rows: { bytes: number; ios: number }[], total: { bytes: number; ios: number; line: number }, section: string): void {
	const bytes = rows.reduce((s, r) => s + r.bytes, 0);
	const ios = rows.reduce((s, r) => s + r.ios, 0);
	if (bytes !== total.bytes || ios !== total.ios) {
		warn(ctx, 'TOTAL_MISMATCH', { line: total.line }, `${section} total: ${total.bytes} bytes, ${total.ios} I/Os, but the ${rows.length} thread rows add up to ${bytes} bytes, ${ios} I/Os (rows left out of the file?); the printed total is kept`);
	}
}
