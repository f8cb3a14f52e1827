// The three tables of a text results block: CPU usage, the per-thread I/O tables (Total IO,
// Read IO, Write IO) and the latency percentile tables. Cells are separated by "|" (a Windows
// path cannot contain one); every row must have its header's cell count.
import { count, decimal, scaled, signedDecimal } from './common.ts';
import type { LatencyTable, PercentilePoint, RowDirection } from './model.ts';
import { NS_PER_MS } from '../../units.ts';
import { fail, type FileContext } from '../parse-result.ts';

export const isBlank = (s: string | undefined) => s !== undefined && s.trim() === '';
const isBorder = (s: string | undefined) => s !== undefined && /^\s*-{10,}\s*$/.test(s);

/** Index of the first non-blank line at or after i (lines.length at the end). */
export function skipBlank(lines: string[], i: number): number {
	while (i < lines.length && isBlank(lines[i])) i++;
	return i;
}

/** The file ended where `what` was expected. */
export function truncated(ctx: FileContext, lines: string[], what: string): never {
	fail(ctx, 'TRUNCATED', { line: Math.max(lines.length, 1) }, `the file ends before ${what}: it was cut short`);
}

function expectBorder(ctx: FileContext, lines: string[], i: number, what: string): void {
	if (i >= lines.length) truncated(ctx, lines, what);
	if (!isBorder(lines[i])) fail(ctx, 'UNEXPECTED_LINE', { line: i + 1 }, `expected the dashed border of ${what}, found "${lines[i]!.trim().slice(0, 40)}"`);
}

const cellsOf = (line: string) => line.split('|').map((c) => c.trim());

const percent = (ctx: FileContext, cell: string, line: number, field: string) => {
	if (!cell.endsWith('%')) fail(ctx, 'BAD_NUMBER', { line, field }, `"${cell.slice(0, 40)}" is not a percentage`);
	return signedDecimal(ctx, cell.slice(0, -1), { line, field });
};

const CPU_COLUMNS = ['CPU', 'Usage', 'User', 'Kernel', 'Idle'];

export function isCpuHeader(line: string): boolean {
	return cellsOf(line).slice(-CPU_COLUMNS.length).join('|') === CPU_COLUMNS.join('|');
}

/**
 * `CPU | Usage | User | Kernel | Idle`, with `Group |` (2.0.x on > 64 CPUs) or any of
 * `Socket | Node | Group | Core | Class |` (2.2) in front. Returns the `avg.` row's User and
 * Kernel shares (Kernel is printed without idle time: DiskSpd's own "system" CPU).
 */
export function parseCpuTable(ctx: FileContext, lines: string[], start: number): { usr: number; sys: number; next: number } {
	const width = cellsOf(lines[start]!).length;
	expectBorder(ctx, lines, start + 1, 'the CPU table');
	let i = start + 2;
	for (; i < lines.length && !isBorder(lines[i]); i++) {
		const cells = cellsOf(lines[i]!);
		if (cells.length !== width) fail(ctx, 'ROW_CUT', { line: i + 1 }, `CPU row has ${cells.length} cells, the header ${width}`);
		CPU_COLUMNS.slice(1).forEach((name, k) => percent(ctx, cells[width - 4 + k]!, i + 1, name));
	}
	expectBorder(ctx, lines, i, 'the end of the CPU table');
	const avgLine = lines[i + 1];
	if (avgLine === undefined) truncated(ctx, lines, 'the CPU table\'s "avg." row');
	const cells = cellsOf(avgLine);
	if (cells[0] !== 'avg.') fail(ctx, 'UNEXPECTED_LINE', { line: i + 2 }, `expected the CPU table's "avg." row, found "${avgLine.trim().slice(0, 40)}"`);
	if (cells.length !== 5) fail(ctx, 'ROW_CUT', { line: i + 2 }, `"avg." row has ${cells.length} cells, expected 5`);
	return { usr: percent(ctx, cells[2]!, i + 2, 'User'), sys: percent(ctx, cells[3]!, i + 2, 'Kernel'), next: i + 2 };
}

export interface IoRow {
	line: number;
	/** null on the `total:` row. */
	thread: number | null;
	path: string | null;
	bytes: number;
	ios: number;
	/** As printed, in MiB/s (the pre-2.0.18 header says "MB/s" for the same binary unit). */
	mibps: number;
	iops: number;
	avgLatNs: number | null;
	latStdDevNs: number | null;
}

export interface IoTable {
	header: string;
	/** "MiB/s" or "MB/s", as the header spells it. */
	rateLabel: string;
	rows: IoRow[];
	total: IoRow;
}

const KNOWN_COLUMNS = new Set(['thread', 'bytes', 'I/Os', 'MiB/s', 'MB/s', 'I/O per s', 'AvgLat', 'IopsStdDev', 'LatStdDev', 'file']);
const REQUIRED_COLUMNS = ['thread', 'bytes', 'I/Os', 'I/O per s', 'file'];
/** The file cell: the path, then its size as _DisplayFileSize prints it ("(8192MB)" ≤ 2.0.17, "(496GiB)" later). */
const FILE_CELL = /^(.*) \(\d+(?:B|KB|MB|GB|TB|KiB|MiB|GiB|TiB|PiB)\)$/;

function ioValues(ctx: FileContext, names: string[], cells: string[], line: number): Omit<IoRow, 'line' | 'thread' | 'path'> {
	const at = (name: string) => cells[names.indexOf(name)];
	const where = (field: string) => ({ line, field });
	const ms = (name: string, na: boolean): number | null => {
		const cell = at(name);
		if (cell === undefined) return null;
		if (na && cell === 'N/A') return null;
		return scaled(decimal(ctx, cell, where(name)), NS_PER_MS);
	};
	const rateName = names.includes('MiB/s') ? 'MiB/s' : 'MB/s';
	if (names.includes('IopsStdDev')) decimal(ctx, at('IopsStdDev')!, where('IopsStdDev'));
	return {
		bytes: count(ctx, at('bytes')!, where('bytes')),
		ios: count(ctx, at('I/Os')!, where('I/Os')),
		mibps: decimal(ctx, at(rateName)!, where(rateName)),
		iops: decimal(ctx, at('I/O per s')!, where('I/O per s')),
		avgLatNs: ms('AvgLat', false),
		latStdDevNs: ms('LatStdDev', true),
	};
}

/** One of Total IO / Read IO / Write IO, from its header line to its `total:` row. */
export function parseIoTable(ctx: FileContext, lines: string[], start: number, section: string): { table: IoTable; next: number } {
	if (start >= lines.length) truncated(ctx, lines, `the ${section} table`);
	const header = lines[start]!;
	const names = cellsOf(header);
	if (names[0] !== 'thread') fail(ctx, 'UNEXPECTED_LINE', { line: start + 1 }, `expected the ${section} table header, found "${header.trim().slice(0, 40)}"`);
	for (const n of names) if (!KNOWN_COLUMNS.has(n)) fail(ctx, 'UNKNOWN_COLUMN', { line: start + 1, field: n }, `unknown ${section} column "${n.slice(0, 40)}"`);
	for (const n of REQUIRED_COLUMNS) if (!names.includes(n)) fail(ctx, 'MISSING_COLUMN', { line: start + 1, field: n }, `${section} table has no "${n}" column`);
	const rateLabel = names.includes('MiB/s') ? 'MiB/s' : names.includes('MB/s') ? 'MB/s' : fail(ctx, 'MISSING_COLUMN', { line: start + 1, field: 'MiB/s' }, `${section} table has no MiB/s column`);
	if (names[names.length - 1] !== 'file') fail(ctx, 'UNEXPECTED_LINE', { line: start + 1, field: 'file' }, `${section} table header does not end with "file"`);
	expectBorder(ctx, lines, start + 1, `the ${section} table`);

	const rows: IoRow[] = [];
	let i = start + 2;
	for (; i < lines.length && !isBorder(lines[i]); i++) {
		const line = i + 1;
		const cells = cellsOf(lines[i]!);
		if (cells.length !== names.length) fail(ctx, 'ROW_CUT', { line }, `${section} row has ${cells.length} cells, the header ${names.length}`);
		const file = FILE_CELL.exec(cells[cells.length - 1]!);
		if (!file) fail(ctx, 'ROW_CUT', { line, field: 'file' }, `file cell "${cells[cells.length - 1]!.slice(0, 40)}" does not end with the target's size in parentheses`);
		rows.push({ line, thread: count(ctx, cells[0]!, { line, field: 'thread' }), path: file[1]!, ...ioValues(ctx, names, cells, line) });
	}
	expectBorder(ctx, lines, i, `the end of the ${section} table`);
	const totalText = lines[i + 1];
	if (totalText === undefined) truncated(ctx, lines, `the ${section} "total:" row`);
	const line = i + 2;
	const m = /^total:(.*)$/.exec(totalText.trim());
	if (!m) fail(ctx, 'UNEXPECTED_LINE', { line }, `expected the ${section} "total:" row, found "${totalText.trim().slice(0, 40)}"`);
	// `total:` takes the thread column's place and there is no file column.
	const cells = ['total', ...cellsOf(m[1]!), ''];
	if (cells.length !== names.length) fail(ctx, 'ROW_CUT', { line }, `${section} "total:" row has ${cells.length - 2} values, expected ${names.length - 2}`);
	const total = { line, thread: null, path: null, ...ioValues(ctx, names, cells, line) };
	return { table: { header: names.join('|'), rateLabel, rows, total }, next: i + 2 };
}

export const PERCENTILE_HEADER = /^\s*%-ile\s*\|\s*Read \(ms\)\s*\|\s*Write \(ms\)\s*\|\s*Total \(ms\)\s*$/;

/** The row labels of _PrintLatencyChart, between `min` and `max`. */
const PERCENTILE_LABELS: Record<string, number> = {
	'25th': 25,
	'50th': 50,
	'75th': 75,
	'90th': 90,
	'95th': 95,
	'99th': 99,
	'3-nines': 99.9,
	'4-nines': 99.99,
	'5-nines': 99.999,
	'6-nines': 99.9999,
	'7-nines': 99.99999,
	'8-nines': 99.999999,
	'9-nines': 99.9999999,
};
const COLUMNS: [RowDirection, string][] = [
	['read', 'Read (ms)'],
	['write', 'Write (ms)'],
	['mixed', 'Total (ms)'],
];

/** `%-ile | Read (ms) | Write (ms) | Total (ms)` from `min` to `max`; "N/A" where a direction had no I/O. */
export function parseLatencyTable(ctx: FileContext, lines: string[], start: number): { table: LatencyTable; next: number } {
	expectBorder(ctx, lines, start + 1, 'the latency percentile table');
	const table: LatencyTable = { line: start + 1, min: { read: null, write: null, mixed: null }, max: { read: null, write: null, mixed: null }, points: [] };
	let i = start + 2;
	let sawMin = false;
	const last: Record<RowDirection, number | null> = { read: null, write: null, mixed: null };
	for (; ; i++) {
		const text = lines[i];
		if (text === undefined || isBlank(text)) truncated(ctx, lines, 'the "max" row of the latency percentile table');
		const line = i + 1;
		const cells = cellsOf(text);
		if (cells.length !== 4) fail(ctx, 'ROW_CUT', { line }, `percentile row has ${cells.length} cells, expected 4`);
		const label = cells[0]!;
		const ns = {} as Record<RowDirection, number | null>;
		COLUMNS.forEach(([d, field], k) => {
			const cell = cells[k + 1]!;
			ns[d] = cell === 'N/A' ? null : scaled(decimal(ctx, cell, { line, field }), NS_PER_MS);
		});
		COLUMNS.forEach(([d, field]) => {
			const v = ns[d];
			const before = last[d];
			// A histogram's percentiles never go down: a smaller value is a cut or edited cell.
			if (v !== null && before !== null && v < before) {
				fail(ctx, 'BAD_PERCENTILES', { line, field }, `${label} ${v / NS_PER_MS} ms is below the row above (${before / NS_PER_MS} ms)`);
			}
			if (v !== null) last[d] = v;
		});
		if (!sawMin) {
			if (label !== 'min') fail(ctx, 'BAD_PERCENTILE_LABEL', { line, field: '%-ile' }, `the percentile table starts with "${label.slice(0, 20)}", not "min"`);
			table.min = ns;
			sawMin = true;
		} else if (label === 'max') {
			table.max = ns;
			return { table, next: i + 1 };
		} else {
			const percentile = PERCENTILE_LABELS[label];
			if (percentile === undefined) fail(ctx, 'BAD_PERCENTILE_LABEL', { line, field: '%-ile' }, `unknown percentile row "${label.slice(0, 20)}"`);
			const point: PercentilePoint = { percentile, ns };
			table.points.push(point);
		}
	}
}
