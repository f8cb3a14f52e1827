// elbencho's live statistics CSV (`--livecsv`, one row per `--liveint` ms; Statistics.cpp
// prepLiveCSVFile / printLiveStatsCSV):
//   [ISO Date,]Label,Phase,RuntimeMS,Rank,MixType,Done%,DoneBytes,MiB/s,IOPS,Entries,Entries/s,[Lat Ent us,Lat IO us,]Active,CPU,Service,
// Rank "Total" rows hold the aggregate of all workers over the last interval (MixType "Write"/"Read"
// in rwmix phases, else empty); `--livecsvex` adds one row per worker (Rank 0, 1, …) without rates.
// MiB/s is always binary and an integer truncated toward zero; RuntimeMS counts from the phase start.
import { emptyResult, fail, splitLines, warn, type ParsedTimeseries, type ParseResult } from '../parse-result.ts';
import { MIB, NS_PER_US } from '../../units.ts';
import { NO_POINT_VALUES } from '../rows.ts';
import {
	decimalTimes,
	newContext,
	parseCount,
	phaseKind,
	TRUNCATION_NOTE,
	warnOnce,
	type ElbenchoContext,
} from './common.ts';

export const SOURCE_FORMAT = 'elbencho-livecsv';
export const LIVE_HEADER = /^(?:ISO Date,)?Label,Phase,RuntimeMS,Rank,/;
const REQUIRED = ['Phase', 'RuntimeMS', 'Rank', 'MiB/s', 'IOPS'] as const;

interface Point {
	line: number;
	timeMs: number;
	direction: 'read' | 'write';
	iops: number;
	bw: number;
	latNs: number | null;
}

interface Series {
	key: string;
	points: Point[];
}

/** The series being filled: its phase and its last point. */
interface Current {
	phase: string;
	lastMs: number;
	lastDirection: string;
	series: Series;
}

/**
 * The averaging window when every gap between a series' points (per direction) is the same, else null:
 * elbencho's refresh times jitter by a millisecond, and the interval it divides by is not written.
 */
function constantGap(points: Point[]): number | null {
	const gaps = new Set<number>();
	const last = new Map<string, number>();
	for (const p of points) {
		const before = last.get(p.direction);
		if (before !== undefined) gaps.add(p.timeMs - before);
		last.set(p.direction, p.timeMs);
	}
	return gaps.size === 1 ? [...gaps][0]! : null;
}

function directionOf(ctx: ElbenchoContext, phase: string, mix: string, line: number): 'read' | 'write' | undefined {
	const kind = phaseKind(phase);
	if (kind === 'write' || kind === 'read') return kind;
	if (kind === 'mix') {
		if (mix === 'Write') return 'write';
		if (mix === 'Read') return 'read';
		fail(ctx, 'BAD_ROW', { line, field: 'MixType' }, `rwmix phase ${phase} row with MixType "${mix.slice(0, 20)}" (expected Write or Read)`);
	}
	return undefined;
}

export function parseElbenchoLiveCsv(text: string, file: string): ParseResult {
	const ctx = newContext(file);
	const out = emptyResult();
	const { lines, terminated } = splitLines(text);
	if (lines.length === 0 || !LIVE_HEADER.test(lines[0]!)) {
		fail(ctx, 'MISSING_HEADER', { line: 1 }, 'first line is not the "Label,Phase,RuntimeMS,Rank,…" header');
	}
	const names = lines[0]!.split(',');
	// Every line ends with a comma: the header's last name is empty.
	const width = names.length;
	const index = new Map(names.map((n, i) => [n.trim(), i] as const));
	for (const name of REQUIRED) {
		if (!index.has(name)) fail(ctx, 'MISSING_COLUMN', { line: 1, field: name }, `header has no "${name}" column`);
	}

	const series: Series[] = [];
	const occurrences = new Map<string, number>();
	const nonIo = new Map<string, number>();
	let workerRows = 0;
	let firstWorkerRow = 0;
	// (a holder, not a `let`: TypeScript would narrow a `let` to its initial null across the loop)
	const open: { current: Current | null } = { current: null };

	for (let i = 1; i < lines.length; i++) {
		const t = lines[i]!;
		const n = i + 1;
		if (t.trim() === '') continue;
		if (i === lines.length - 1 && !terminated) fail(ctx, 'TRUNCATED_ROW', { line: n }, 'the last row has no line ending: the file was cut short');
		const cells = t.split(',');
		if (cells.length !== width) fail(ctx, 'FIELD_COUNT', { line: n }, `row has ${cells.length} fields, the header has ${width}: line cut short?`);
		const get = (name: string) => {
			const k = index.get(name);
			return k === undefined ? '' : cells[k]!.trim();
		};
		const phase = get('Phase');
		const timeMs = parseCount(ctx, get('RuntimeMS'), n, 'RuntimeMS');
		if (get('Rank') !== 'Total') {
			if (workerRows++ === 0) firstWorkerRow = n;
			continue;
		}
		const direction = directionOf(ctx, phase, get('MixType'), n);
		if (direction === undefined) {
			if (!nonIo.has(phase)) nonIo.set(phase, n);
			continue;
		}
		// A new series when the phase changes or its clock restarts (the same phase run again); an
		// rwmix phase writes a Write and a Read row at each time.
		let cur = open.current;
		if (cur === null || cur.phase !== phase || timeMs < cur.lastMs || (timeMs === cur.lastMs && direction === cur.lastDirection)) {
			const k = (occurrences.get(phase) ?? 0) + 1;
			occurrences.set(phase, k);
			cur = { phase, lastMs: timeMs, lastDirection: direction, series: { key: k === 1 ? phase : `${phase}-${k}`, points: [] } };
			series.push(cur.series);
			open.current = cur;
		}
		cur.lastMs = timeMs;
		cur.lastDirection = direction;
		const iops = parseCount(ctx, get('IOPS'), n, 'IOPS');
		const mibs = parseCount(ctx, get('MiB/s'), n, 'MiB/s');
		const latText = get('Lat IO us');
		let latNs: number | null = null;
		if (latText !== '' && iops > 0) {
			if (!/^\d+(?:\.\d+)?$/.test(latText)) fail(ctx, 'BAD_NUMBER', { line: n, field: 'Lat IO us' }, `"${latText.slice(0, 24)}" is not a number`);
			latNs = decimalTimes(latText, NS_PER_US);
		}
		warnOnce(ctx, 'ELBENCHO_MIBS_TRUNCATED', { line: n }, `${TRUNCATION_NOTE}; the live MiB/s and IOPS are per-interval integers kept as printed ` +
			'(the cumulative DoneBytes over RuntimeMS is not more exact: the interval elbencho divides by is not written)');
		cur.series.points.push({ line: n, timeMs, direction, iops, bw: mibs * MIB, latNs });
	}

	const keyed = series.length > 1;
	for (const s of series) {
		const common = {
			window_ms: constantGap(s.points),
			value_kind: 'mean',
			...NO_POINT_VALUES,
			series_key: keyed ? s.key : null,
		} satisfies Partial<ParsedTimeseries>;
		for (const p of s.points) {
			const at = { ...common, seq: p.line, time_ms: p.timeMs, direction: p.direction };
			out.timeseries.push({ ...at, metric: 'iops', iops: p.iops });
			out.timeseries.push({ ...at, metric: 'bw', bw_bytes_per_s: p.bw });
			if (p.latNs !== null) out.timeseries.push({ ...at, metric: 'lat', lat_ns: p.latNs });
		}
	}
	if (workerRows > 0) {
		warn(ctx, 'ELBENCHO_LIVE_WORKER_ROWS', { line: firstWorkerRow }, `${workerRows} per-worker rows (--livecsvex) skipped: they carry no rates`);
	}
	if (nonIo.size > 0) {
		warn(ctx, 'ELBENCHO_NON_IO_PHASES', { line: [...nonIo.values()][0]! }, `phases without reads or writes, no points: ${[...nonIo.keys()].join(', ')}`);
	}
	if (out.timeseries.length === 0) fail(ctx, 'NO_RESULTS', { line: lines.length }, 'no Total rows of a read or write phase');
	out.warnings = ctx.warnings;
	return out;
}
