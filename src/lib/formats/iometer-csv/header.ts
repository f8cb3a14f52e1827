// The `'Results` header line, mapped by name. Three spellings of the same binary MiB/s column
// exist across versions (OTHER_FORMATS.md §1.2): `MBps` (≤ 2010.02.07), `MBps (Binary)`
// (2010.03.25, 1.1.0-rc1 and the 1.1.0 instantaneous file) and `MiBps (Binary)` (1.1.0).
import { nsPerTimeUnit } from '../../units.ts';
import { parseCountField, parseNonNegative } from './common.ts';
import { fail, type FileContext } from '../parse-result.ts';

export interface MbpsColumns {
	total: number;
	read: number;
	write: number;
}

export interface LatencyBin {
	column: number;
	label: string;
	lowerNs: number;
	/** null for the open last bin (" >= 10 s"). */
	upperNs: number | null;
}

export interface ResultsHeader {
	line: number;
	/** Number of fields every data row must have. */
	width: number;
	/** The 1.1.0 instantaneous file: a TimeStamp column first, per-update-interval rows. */
	instantaneous: boolean;
	/** Column names as written (marker apostrophe and padding removed). */
	names: string[];
	columns: ReadonlyMap<string, number>;
	binary: MbpsColumns;
	decimal: MbpsColumns | null;
	bins: LatencyBin[];
}

export interface ResultsRow {
	line: number;
	cells: string[];
}

const BINARY_SPELLINGS = [
	['MBps', 'Read MBps', 'Write MBps'],
	['MBps (Binary)', 'Read MBps (Binary)', 'Write MBps (Binary)'],
	['MiBps (Binary)', 'Read MiBps (Binary)', 'Write MiBps (Binary)'],
] as const;
const DECIMAL_SPELLING = ['MBps (Decimal)', 'Read MBps (Decimal)', 'Write MBps (Decimal)'] as const;

const REQUIRED = [
	'Target Type',
	'Target Name',
	'Access Specification Name',
	'# Workers',
	'# Disks',
	'IOps',
	'Read IOps',
	'Write IOps',
	'Average Response Time',
	'Average Read Response Time',
	'Average Write Response Time',
	'Maximum Response Time',
	'Maximum Read Response Time',
	'Maximum Write Response Time',
	'Errors',
	'Read Errors',
	'Write Errors',
	'Bytes Read',
	'Bytes Written',
	'Read I/Os',
	'Write I/Os',
	'Queue Depth',
] as const;

/** Measurement columns this parser reads: valid numbers on every I/O row, whichever directions it emits. */
const NUMERIC = [
	...REQUIRED.filter((n) => !['Target Type', 'Target Name', 'Access Specification Name', 'Queue Depth'].includes(n)),
	'Total Raw Run Time',
	'Processor Speed',
	'% User Time',
	'% Privileged Time',
];

/** 1.1.0 latency-bin labels: "0 to 50 uS", "0.5 to 1 mS", "0.5 to 1 S", "1 to 2 s", " >= 10 s". */
const BIN_LABEL = /^\s*(?:(\d+(?:\.\d+)?)\s+to\s+(\d+(?:\.\d+)?)|>=\s*(\d+(?:\.\d+)?))\s+(uS|us|mS|ms|S|s)\s*$/;

function binFromLabel(label: string, column: number): LatencyBin | undefined {
	const m = BIN_LABEL.exec(label);
	if (!m) return undefined;
	const ns = nsPerTimeUnit(m[4]!.toLowerCase());
	if (ns === undefined) return undefined;
	if (m[3] !== undefined) return { column, label, lowerNs: Math.round(Number(m[3]) * ns), upperNs: null };
	return { column, label, lowerNs: Math.round(Number(m[1]) * ns), upperNs: Math.round(Number(m[2]) * ns) };
}

export function parseResultsHeader(ctx: FileContext, text: string, line: number): ResultsHeader {
	const cells = text.split(',');
	// The first name carries the marker apostrophe: `'Target Type` (or `TimeStamp,'Target Type`).
	const names = cells.map((c) => c.replace(/^'/, '').trim());
	// Only these two first columns tell a results file from an instantaneous one: any other (a retyped
	// "Time Stamp") would read each interval row as a whole test.
	const instantaneous = names[0] === 'TimeStamp';
	if (names[instantaneous ? 1 : 0] !== 'Target Type') {
		const found = cells.slice(0, 2).join(',').slice(0, 60);
		fail(ctx, 'BAD_HEADER', { line, field: names[0] }, `the results header starts "${found}", not 'Target Type (results file) or TimeStamp,'Target Type (instantaneous file)`);
	}
	const columns = new Map<string, number>();
	const bins: LatencyBin[] = [];
	names.forEach((name, i) => {
		const bin = binFromLabel(cells[i]!, i);
		if (bin) bins.push(bin);
		else if (columns.has(name)) fail(ctx, 'DUPLICATE_COLUMN', { line, field: name }, `column "${name}" appears twice in the results header`);
		else columns.set(name, i);
	});
	for (const name of REQUIRED) {
		if (!columns.has(name)) fail(ctx, 'MISSING_COLUMN', { line, field: name }, `the results header has no "${name}" column`);
	}
	const trio = (spelling: readonly [string, string, string]): MbpsColumns | null => {
		const [t, r, w] = spelling.map((n) => columns.get(n));
		return t === undefined || r === undefined || w === undefined ? null : { total: t, read: r, write: w };
	};
	const binary = BINARY_SPELLINGS.map(trio).find((t) => t !== null);
	if (!binary) fail(ctx, 'MISSING_COLUMN', { line, field: 'MBps' }, 'the results header has no binary MBps / MiBps column');
	return { line, width: cells.length, instantaneous, names, columns, binary, decimal: trio(DECIMAL_SPELLING), bins };
}

/**
 * Every data row has as many fields as the header, except PROCESSOR rows of 1.1.0 files, which
 * Iometer writes without the latency-bin columns (59 of 80 fields in both 1.1.0 fixtures).
 */
export function checkWidth(ctx: FileContext, header: ResultsHeader, row: ResultsRow, isProcessor: boolean): void {
	const n = row.cells.length;
	if (n === header.width) return;
	if (isProcessor && header.bins.length > 0 && n === header.width - header.bins.length) return;
	fail(ctx, 'FIELD_COUNT', { line: row.line }, `row has ${n} fields but the results header (line ${header.line}) has ${header.width}`);
}

export function checkNumbers(ctx: FileContext, header: ResultsHeader, row: ResultsRow): void {
	for (const name of NUMERIC) num(ctx, header, row, name);
	for (const m of header.decimal ? [header.binary, header.decimal] : [header.binary]) {
		for (const column of [m.total, m.read, m.write]) numAt(ctx, header, row, column);
	}
	for (const bin of header.bins) parseCountField(ctx, row.cells[bin.column] ?? '', row.line, bin.label.trim());
	queueDepth(ctx, header, row);
}

export function cell(header: ResultsHeader, row: ResultsRow, name: string): string {
	const i = header.columns.get(name);
	return i === undefined ? '' : (row.cells[i] ?? '');
}

export function num(ctx: FileContext, header: ResultsHeader, row: ResultsRow, name: string): number | null {
	return parseNonNegative(ctx, cell(header, row, name), row.line, name);
}

export function count(ctx: FileContext, header: ResultsHeader, row: ResultsRow, name: string): number | null {
	return parseCountField(ctx, cell(header, row, name), row.line, name);
}

export function numAt(ctx: FileContext, header: ResultsHeader, row: ResultsRow, column: number): number | null {
	return parseNonNegative(ctx, row.cells[column] ?? '', row.line, header.names[column] ?? `column ${column + 1}`);
}

/** `Queue Depth`: outstanding I/Os per target; -1 means workers/targets differ (→ null). */
export function queueDepth(ctx: FileContext, header: ResultsHeader, row: ResultsRow): number | null {
	const text = cell(header, row, 'Queue Depth').trim();
	if (text === '-1') return null;
	const v = parseCountField(ctx, text, row.line, 'Queue Depth');
	return v === null || v === 0 ? null : v;
}
