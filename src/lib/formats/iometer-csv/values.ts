// Per-direction values of one Iometer result row (main results file and instantaneous file alike).
import type { Direction } from '../../schema.ts';
import { MB, MIB, NS_PER_MS } from '../../units.ts';
import { count, num, numAt, type ResultsHeader, type ResultsRow } from './header.ts';
import { warn, type FileContext } from '../parse-result.ts';

type RowDirection = Extract<Direction, 'read' | 'write' | 'mixed'>;

const COLUMNS = {
	read: {
		iops: 'Read IOps',
		mbps: 'read',
		avg: 'Average Read Response Time',
		max: 'Maximum Read Response Time',
		errors: 'Read Errors',
		bytes: ['Bytes Read'],
		ios: ['Read I/Os'],
	},
	write: {
		iops: 'Write IOps',
		mbps: 'write',
		avg: 'Average Write Response Time',
		max: 'Maximum Write Response Time',
		errors: 'Write Errors',
		bytes: ['Bytes Written'],
		ios: ['Write I/Os'],
	},
	mixed: {
		iops: 'IOps',
		mbps: 'total',
		avg: 'Average Response Time',
		max: 'Maximum Response Time',
		errors: 'Errors',
		bytes: ['Bytes Read', 'Bytes Written'],
		ios: ['Read I/Os', 'Write I/Os'],
	},
} as const;

export interface DirectionValues {
	direction: RowDirection;
	iops: number | null;
	bw_bytes_per_s: number | null;
	io_bytes: number | null;
	total_ios: number | null;
	lat_mean_ns: number | null;
	lat_max_ns: number | null;
	errors: number | null;
}

/**
 * Which directions a row has: read when reads completed, write when writes did, and mixed
 * (Iometer's totals) when both did. None for a row without any I/O.
 */
export function directionsOf(ctx: FileContext, header: ResultsHeader, row: ResultsRow): RowDirection[] {
	const reads = count(ctx, header, row, 'Read I/Os') ?? num(ctx, header, row, 'Read IOps') ?? 0;
	const writes = count(ctx, header, row, 'Write I/Os') ?? num(ctx, header, row, 'Write IOps') ?? 0;
	const out: RowDirection[] = [];
	if (reads > 0) out.push('read');
	if (writes > 0) out.push('write');
	if (reads > 0 && writes > 0) out.push('mixed');
	return out;
}

function sum(values: (number | null)[]): number | null {
	return values.some((v) => v === null) ? null : (values as number[]).reduce((a, b) => a + b, 0);
}

const ms = (v: number | null) => (v === null ? null : v * NS_PER_MS);

export function valuesOf(ctx: FileContext, header: ResultsHeader, row: ResultsRow, direction: RowDirection): DirectionValues {
	const c = COLUMNS[direction];
	const mibps = numAt(ctx, header, row, header.binary[c.mbps]);
	return {
		direction,
		iops: num(ctx, header, row, c.iops),
		bw_bytes_per_s: mibps === null ? null : mibps * MIB,
		io_bytes: sum(c.bytes.map((n) => count(ctx, header, row, n))),
		total_ios: sum(c.ios.map((n) => count(ctx, header, row, n))),
		lat_mean_ns: ms(num(ctx, header, row, c.avg)),
		lat_max_ns: ms(num(ctx, header, row, c.max)),
		errors: count(ctx, header, row, c.errors),
	};
}

/** Both columns are printed with 6 decimals (or 6 significant digits): allow that rounding. */
const PRINT_SLACK = 1.1e-6;
export const BINARY_DECIMAL_TOLERANCE = 0.001;

/** Binary and decimal MBps must differ by exactly 1,048,576 / 1,000,000; warn beyond 0.1 %. */
export function checkBinaryDecimal(ctx: FileContext, header: ResultsHeader, row: ResultsRow): void {
	if (!header.decimal) return;
	for (const k of ['total', 'read', 'write'] as const) {
		const bin = numAt(ctx, header, row, header.binary[k]);
		const dec = numAt(ctx, header, row, header.decimal[k]);
		if (bin === null || dec === null) continue;
		const expected = (bin * MIB) / MB;
		if (Math.abs(dec - expected) <= BINARY_DECIMAL_TOLERANCE * Math.max(dec, expected) + PRINT_SLACK) continue;
		const field = header.names[header.decimal[k]]!;
		warn(
			ctx,
			'MBPS_BINARY_DECIMAL_MISMATCH',
			{ line: row.line, field },
			`${field} = ${dec} but ${header.names[header.binary[k]]} = ${bin} × 1.048576 = ${expected.toFixed(6)}; ` +
				'the binary column is used',
		);
	}
}
