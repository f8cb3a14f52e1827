// DiskSpd text output (`-Rtext`, the default), every version from 2.0.x to 2.2: what
// ResultParser::ParseResults prints. A file may hold anything around it (a console transcript,
// a system-information dump) and several runs one after another: only the `Input parameters:`
// blocks and the `Results for timespan N:` blocks are read, the latter strictly.
import { checkDirectionSum, checkRates, checkTotal } from './checks.ts';
import { count, decimal } from './common.ts';
import type { DirValues, LatencyTable, RowDirection, ThreadRow, TimeSpanResults } from './model.ts';
import { resultsToRuns } from './runs.ts';
import { parseParameters, type Profile } from './text-params.ts';
import { isCpuHeader, parseCpuTable, parseIoTable, parseLatencyTable, PERCENTILE_HEADER, skipBlank, truncated, type IoRow, type IoTable } from './text-tables.ts';
import { emptyResult, fail, splitLines, warn, type FileContext, type ParseResult } from '../parse-result.ts';
import { MIB } from '../../units.ts';

export const TEXT_FORMAT_ID = 'diskspd-text';

const SECTIONS: [string, RowDirection][] = [
	['Total IO', 'mixed'],
	['Read IO', 'read'],
	['Write IO', 'write'],
];
const TOTAL_LABELS = new Set(['total:', 'Total latency distribution:']);

/**
 * A rate, from the two rounded forms the file holds: printed to 2 decimals (0.21 MiB/s for 0.2143), or the exact count
 * over the test time printed to 0.01 s. Each is off by at most 0.005 of its own size: the larger of the two is the
 * more precise (a slow HDD's 0.86 MiB/s comes from its bytes over 600 s; a fast SSD's 1189.03 I/O per s is kept).
 */
function morePreciseRate(printed: number, count: number, testTimeS: number): number {
	return printed < testTimeS ? count / testTimeS : printed;
}

function valuesOf(row: IoRow, testTimeS: number): DirValues {
	return {
		bytes: row.bytes,
		ios: row.ios,
		iops: morePreciseRate(row.iops, row.ios, testTimeS),
		bwBytesPerS: morePreciseRate(row.mibps, row.bytes / MIB, testTimeS) * MIB,
		latMeanNs: row.avgLatNs,
		latStdDevNs: row.latStdDevNs,
		line: row.line,
	};
}

/** The lines after the `*****` rule up to the CPU table: test time and thread count. */
function readHeader(ctx: FileContext, lines: string[], start: number): { testTimeS: number | null; threadCount: number | null; next: number; interrupted: boolean } {
	let testTimeS: number | null = null;
	let threadCount: number | null = null;
	for (let i = start; ; i++) {
		if (i >= lines.length) truncated(ctx, lines, 'the CPU table');
		const raw = lines[i]!;
		const t = raw.trim();
		const line = i + 1;
		let m: RegExpExecArray | null;
		if (t === '') continue;
		if (t.startsWith('The test was interrupted before the measurements began')) return { testTimeS, threadCount, next: i + 1, interrupted: true };
		if ((m = /^actual test time:\s*(.*?)s?$/.exec(t))) testTimeS = decimal(ctx, m[1]!, { line, field: 'actual test time' });
		else if ((m = /^thread count:\s*(.*)$/.exec(t))) threadCount = count(ctx, m[1]!, { line, field: 'thread count' });
		else if (isCpuHeader(raw)) return { testTimeS, threadCount, next: i, interrupted: false };
		// `request count:`, `proc count:` (2.0.x) and other "name: value" lines say nothing the schema keeps.
		else if (!/^[A-Za-z][\w ./()-]*:\s/.test(t)) fail(ctx, 'UNEXPECTED_LINE', { line }, `expected the test time, thread count or CPU table, found "${t.slice(0, 40)}"`);
	}
}

/** Thread rows of the three sections are printed in the same order: they must name the same thread and file. */
function threadRows(ctx: FileContext, tables: Record<RowDirection, IoTable>, testTimeS: number): ThreadRow[] {
	const { mixed, read, write } = tables;
	for (const [label, t] of [['Read IO', read], ['Write IO', write]] as const) {
		if (t.header !== mixed.header) fail(ctx, 'ROW_MISMATCH', { line: t.total.line }, `the ${label} table's columns differ from Total IO's`);
		if (t.rows.length !== mixed.rows.length) fail(ctx, 'ROW_MISMATCH', { line: t.total.line }, `${label} has ${t.rows.length} thread rows, Total IO ${mixed.rows.length}`);
		t.rows.forEach((r, k) => {
			const m = mixed.rows[k]!;
			if (r.thread !== m.thread || r.path !== m.path) {
				fail(ctx, 'ROW_MISMATCH', { line: r.line }, `${label} row is thread ${r.thread} on "${r.path}", Total IO's row ${k + 1} thread ${m.thread} on "${m.path}"`);
			}
		});
	}
	return mixed.rows.map((row, k) => ({
		thread: row.thread!,
		path: row.path!,
		values: { read: valuesOf(read.rows[k]!, testTimeS), write: valuesOf(write.rows[k]!, testTimeS), mixed: valuesOf(row, testTimeS) },
	}));
}

/**
 * The latency tables after Write IO: one per target (labelled with its path) when there are
 * several, then the total one — labelled `total:` from 2.0.18 on, unlabelled before.
 */
function latencyTables(ctx: FileContext, lines: string[], start: number): { total: LatencyTable; targets: Map<string, LatencyTable>; next: number } {
	const targets = new Map<string, LatencyTable>();
	let i = start;
	for (;;) {
		i = skipBlank(lines, i);
		if (i >= lines.length) truncated(ctx, lines, 'the latency percentile table');
		let label: string | null = null;
		const first = i + 1;
		if (!PERCENTILE_HEADER.test(lines[i]!)) {
			label = lines[i]!.trim();
			if (i + 1 >= lines.length) truncated(ctx, lines, `the latency percentile table of "${label.slice(0, 40)}"`);
			if (!PERCENTILE_HEADER.test(lines[i + 1]!)) {
				fail(ctx, 'UNEXPECTED_LINE', { line: i + 1 }, `expected a latency percentile table, found "${label.slice(0, 40)}"`);
			}
			i++;
		}
		const { table, next } = parseLatencyTable(ctx, lines, i);
		i = next;
		if (label === null || TOTAL_LABELS.has(label)) return { total: table, targets, next: i };
		if (targets.has(label)) fail(ctx, 'DUPLICATE_TABLE', { line: first }, `second latency table for "${label.slice(0, 40)}"`);
		// A target's run starts at the line naming it.
		targets.set(label, { ...table, line: first });
	}
}

function parseResultsBlock(
	ctx: FileContext,
	lines: string[],
	start: number,
	index: number,
	profile: Profile | null,
	spanNo: number,
): { results: TimeSpanResults | null; next: number } {
	const rule = lines[start + 1];
	if (rule === undefined) truncated(ctx, lines, 'the results');
	if (!/^\*+$/.test(rule.trim())) fail(ctx, 'UNEXPECTED_LINE', { line: start + 2 }, `expected the "*****" rule under "Results for timespan ${spanNo}:"`);
	const header = readHeader(ctx, lines, start + 2);
	if (header.interrupted) {
		warn(ctx, 'INTERRUPTED', { line: header.next }, `timespan ${spanNo} was interrupted before the measurements began: no results`);
		return { results: null, next: header.next };
	}
	const { testTimeS, threadCount } = header;
	if (testTimeS === null) fail(ctx, 'MISSING_VALUE', { line: start + 1, field: 'actual test time' }, 'results block without "actual test time:"');
	if (testTimeS <= 0) fail(ctx, 'BAD_NUMBER', { line: start + 1, field: 'actual test time' }, 'actual test time is 0');
	const cpu = parseCpuTable(ctx, lines, header.next);

	let i = cpu.next;
	const tables = {} as Record<RowDirection, IoTable>;
	for (const [label, d] of SECTIONS) {
		i = skipBlank(lines, i);
		if (i >= lines.length) truncated(ctx, lines, `the ${label} table`);
		if (lines[i]!.trim() !== label) fail(ctx, 'UNEXPECTED_LINE', { line: i + 1 }, `expected "${label}", found "${lines[i]!.trim().slice(0, 40)}"`);
		const { table, next } = parseIoTable(ctx, lines, i + 1, label);
		for (const row of [...table.rows, table.total]) checkRates(ctx, row, testTimeS, table.rateLabel);
		checkTotal(ctx, table.rows, table.total, label);
		tables[d] = table;
		i = next;
	}
	const threads = threadRows(ctx, tables, testTimeS);
	const total = { read: valuesOf(tables.read.total, testTimeS), write: valuesOf(tables.write.total, testTimeS), mixed: valuesOf(tables.mixed.total, testTimeS) };
	for (const t of threads) checkDirectionSum(ctx, t.values, `thread ${t.thread} on "${t.path}"`);
	checkDirectionSum(ctx, total, 'total');
	const distinct = new Set(threads.map((t) => t.thread)).size;
	if (threadCount !== null && distinct !== threadCount) {
		warn(ctx, 'THREAD_COUNT_MISMATCH', { line: tables.mixed.total.line }, `thread count says ${threadCount} threads, the tables have rows for ${distinct}`);
	}

	let latency: { total: LatencyTable | null; targets: Map<string, LatencyTable> } = { total: null, targets: new Map() };
	if (tables.mixed.header.includes('AvgLat')) {
		const l = latencyTables(ctx, lines, i);
		latency = l;
		i = l.next;
	}

	const config = profile?.timespans[spanNo - 1] ?? null;
	if (!config) warn(ctx, 'NO_PARAMETERS', { line: start + 1 }, `no "Input parameters:" for timespan ${spanNo} before these results: block size, mix and depth are unknown`);
	return {
		results: {
			index,
			config,
			testTimeS,
			threadCount,
			usrCpuPct: cpu.usr,
			sysCpuPct: cpu.sys,
			threads,
			total,
			totalLatency: latency.total,
			targetLatency: latency.targets,
			origin: 'measured',
			// The text output never prints DiskSpd's version.
			toolVersion: null,
			startedAt: profile?.startedAt ?? null,
		},
		next: i,
	};
}

export function parseDiskSpdText(text: string, file: string): ParseResult {
	const ctx: FileContext = { file, warnings: [] };
	const out = emptyResult();
	const { lines } = splitLines(text);
	let profile: Profile | null = null;
	let profileLine = 0;
	let resultsOfProfile = 0;
	let blocks = 0;
	const closeProfile = () => {
		if (profile && resultsOfProfile === 0) {
			warn(ctx, 'NO_RESULTS_FOR_PARAMETERS', { line: profileLine }, 'input parameters without any results after them (the run failed?)');
		}
	};
	let i = 0;
	while (i < lines.length) {
		const t = lines[i]!.trim();
		if (t === 'Input parameters:') {
			closeProfile();
			profileLine = i + 1;
			resultsOfProfile = 0;
			const p = parseParameters(ctx, lines, i + 1);
			profile = p.profile;
			i = p.next;
			continue;
		}
		const m = /^Results for timespan (\d+):$/.exec(t);
		if (m) {
			const block = parseResultsBlock(ctx, lines, i, ++blocks, profile, Number(m[1]));
			resultsOfProfile++;
			if (block.results) resultsToRuns(ctx, block.results, TEXT_FORMAT_ID, out);
			i = block.next;
			continue;
		}
		i++;
	}
	const spans = (profile as Profile | null)?.timespans.length ?? 0;
	if (profile && resultsOfProfile < spans) {
		truncated(ctx, lines, `the results of timespan ${resultsOfProfile + 1} of the input parameters at line ${profileLine}`);
	}
	if (blocks === 0) fail(ctx, 'NO_RESULTS', { line: Math.max(lines.length, 1) }, 'no "Results for timespan" block: not DiskSpd text output');
	out.warnings = ctx.warnings;
	return out;
}
