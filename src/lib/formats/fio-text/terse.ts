// fio terse output (--minimal / --output-format=terse), versions 2–5: one ';'-separated line per job
// (per group with group_reporting). Field positions: FIO_FORMATS.md §4 (stat.c show_ddir_status_terse):
// io KiB, bw KiB/s, iops, runtime ms, then slat/clat/lat in µs in every version. The bandwidth is io over the
// runtime (what fio divides before truncating it to whole KiB/s); the IOPS stay as printed: no I/O count is there.
import type { Direction, LatStat } from '../../schema.ts';
import { aggregateJobs } from '../fio/aggregate.ts';
import { KIB, MS_PER_S, nsPerTimeUnit } from '../../units.ts';
import { newRun } from '../rows.ts';
import { emptyResult, ParseError } from '../parse-result.ts';
import type { ParsedPercentile, ParsedRun, ParseResult } from '../parse-result.ts';
import {
	fioVersion,
	latColumns,
	percentileColumns,
	plainNumber,
	splitFioLines,
	TERSE_LINE,
	toNs,
} from './common.ts';
import type { LatSummary } from './common.ts';
import { blockSizeFromRates, derivedBlockSizeWarning } from './terse-block-size.ts';
import type { DerivedBlockSize } from './terse-block-size.ts';

const NS_PER_US = nsPerTimeUnit('usec')!;

/** CPU (5) + IO depths (7) + µs latency buckets (10) + ms buckets (12) after the direction blocks. */
const TRAILER_FIELDS = 34;
const PERCENTILE_SLOTS = 20;

export interface TerseLine {
	text: string;
	/** 1-based line in the file. */
	line: number;
}

interface Layout {
	header: number;
	blockSize: number;
	directions: Direction[];
}

function isPercentField(f: string | undefined): boolean {
	return f !== undefined && /^\d+(?:\.\d+)?%$/.test(f);
}

/** Does the line have `blocks` direction blocks? Checked on the fields that carry a '%' sign. */
function fits(fields: string[], header: number, blockSize: number, blocks: number): boolean {
	const trailer = header + blocks * blockSize;
	if (fields.length < trailer + TRAILER_FIELDS) return false;
	for (let b = 0; b < blocks; b++) {
		const start = header + b * blockSize;
		for (let i = 12; i < 12 + PERCENTILE_SLOTS; i++) if (!/^\d+(?:\.\d+)?%=\d+$/.test(fields[start + i]!)) return false;
		if (!isPercentField(fields[start + 38])) return false;
	}
	if (!isPercentField(fields[trailer]) || !isPercentField(fields[trailer + 1])) return false;
	for (let i = 5; i < TRAILER_FIELDS; i++) if (!isPercentField(fields[trailer + i])) return false;
	return true;
}

/**
 * Which blocks the line holds: read/write(/trim) normally, one `mixed` block with
 * unified_rw_reporting=1, or read/write(/trim) + mixed with unified_rw_reporting=both (3.27+).
 */
function layoutOf(fields: string[], file: string, line: number): Layout {
	const version = fields[0]!;
	const header = version === '2' ? 4 : 5;
	const blockSize = version === '5' ? 47 : 41;
	const rw: Direction[] = version === '3' ? ['read', 'write'] : ['read', 'write', 'trim'];
	const candidates: Direction[][] = [rw, ['mixed'], [...rw, 'mixed']];
	for (const directions of candidates) {
		if (fits(fields, header, blockSize, directions.length)) return { header, blockSize, directions };
	}
	throw new ParseError(
		'BAD_TERSE_LINE',
		file,
		{ line },
		`terse v${version} line with ${fields.length} fields does not match the v${version} layout (truncated or altered?)`,
	);
}

interface TerseJob {
	groupid: number;
	runs: ParsedRun[];
	percentiles: ParsedPercentile[];
	derivedBlockSizes: DerivedBlockSize[];
}

function latSummary(at: number, num: (i: number, what: string) => number, what: string): LatSummary | null {
	const s = {
		min: toNs(num(at, `${what} min`), NS_PER_US),
		max: toNs(num(at + 1, `${what} max`), NS_PER_US),
		mean: toNs(num(at + 2, `${what} mean`), NS_PER_US),
		stddev: toNs(num(at + 3, `${what} stdev`), NS_PER_US),
	};
	// fio prints zeros for a latency it did not sample (e.g. slat with a sync engine): not measured.
	return s.min === 0 && s.max === 0 && s.mean === 0 && s.stddev === 0 ? null : s;
}

function parseTerseLine(src: TerseLine, jobIndex: number, file: string): TerseJob {
	const fields = src.text.split(';');
	const layout = layoutOf(fields, file, src.line);
	const v2 = fields[0] === '2';
	const num = (i: number, what: string) => plainNumber(fields[i]!, file, src.line, `field ${i + 1} (${what})`);
	const percent = (i: number, what: string) => plainNumber(fields[i]!.slice(0, -1), file, src.line, `field ${i + 1} (${what})`);
	const name = fields[v2 ? 1 : 2]!;
	const groupid = num(v2 ? 2 : 3, 'groupid');
	const error = num(v2 ? 3 : 4, 'error');
	const trailer = layout.header + layout.directions.length * layout.blockSize;
	const runKey = `line${src.line}`;
	const job: TerseJob = { groupid, runs: [], percentiles: [], derivedBlockSizes: [] };
	layout.directions.forEach((direction, b) => {
		const at = layout.header + b * layout.blockSize;
		const ioKib = num(at, 'io KiB');
		const bwKib = num(at + 1, 'bw KiB/s');
		const iops = num(at + 2, 'iops');
		const runtimeMs = num(at + 3, 'runtime ms');
		if (ioKib === 0 && bwKib === 0 && iops === 0 && runtimeMs === 0) return;
		const stats: [LatStat, LatSummary | null][] = [
			['slat', latSummary(at + 4, num, 'slat')],
			['clat', latSummary(at + 8, num, 'clat')],
			['lat', latSummary(at + 32, num, 'lat')],
		];
		const latCols: Partial<ParsedRun> = Object.assign({}, ...stats.map(([stat, s]) => latColumns(stat, s)));
		const pct: ParsedPercentile[] = [];
		for (let i = at + 12; i < at + 12 + PERCENTILE_SLOTS; i++) {
			const [p, v] = fields[i]!.split('%=') as [string, string];
			const percentile = plainNumber(p, file, src.line, `field ${i + 1} (percentile)`);
			if (percentile === 0) continue;
			// The slots hold clat percentiles, or total-latency ones with lat_percentiles=1: terse does not say
			// which, and clat is fio's default.
			const valueNs = toNs(plainNumber(v, file, src.line, `field ${i + 1} (percentile value)`), NS_PER_US);
			pct.push({ run_key: runKey, direction, stat: 'clat', percentile, value_ns: valueNs });
		}
		job.percentiles.push(...pct);
		const ioBytes = ioKib * KIB;
		const bwBytesPerS = runtimeMs > 0 ? (ioBytes * MS_PER_S) / runtimeMs : bwKib * KIB;
		const blockSize = blockSizeFromRates(bwBytesPerS, iops, ioBytes, runtimeMs);
		if (blockSize !== null) job.derivedBlockSizes.push({ runKey, direction, line: src.line, bytes: blockSize });
		job.runs.push(
			newRun({
				run_key: runKey,
				source_format: 'fio-terse',
				source_line: src.line,
				tool: 'fio',
				tool_version: v2 ? null : fioVersion(fields[1]!),
				job_name: name,
				job_index: jobIndex,
				scope: 'job',
				direction,
				block_size_bytes: blockSize,
				runtime_s: runtimeMs / MS_PER_S,
				iops,
				bw_bytes_per_s: bwBytesPerS,
				io_bytes: ioBytes,
				...latCols,
				...percentileColumns(pct),
				usr_cpu_pct: percent(trailer, 'usr cpu %'),
				sys_cpu_pct: percent(trailer + 1, 'sys cpu %'),
				error_code: error === 0 ? null : error,
				value_origin: 'measured',
			}),
		);
	});
	return job;
}

/**
 * Rows of terse lines (with their own line numbers), plus derived totals for each run of
 * consecutive lines with the same groupid — how numjobs>1 without group_reporting prints.
 */
export function parseTerseLines(lines: TerseLine[], file: string, firstJobIndex = 0): ParseResult {
	const result = emptyResult();
	const jobs = lines.map((l, i) => ({ src: l, job: parseTerseLine(l, firstJobIndex + i, file) }));
	for (let i = 0; i < jobs.length; ) {
		let j = i + 1;
		while (j < jobs.length && jobs[j]!.job.groupid === jobs[i]!.job.groupid) j++;
		const set = jobs.slice(i, j);
		for (const { job } of set) {
			result.runs.push(...job.runs);
			result.percentiles.push(...job.percentiles);
		}
		if (set.length > 1) {
			const key = `lines${set[0]!.src.line}-${set[set.length - 1]!.src.line}/total`;
			result.runs.push(...aggregateJobs(set.flatMap(({ job }) => job.runs), key));
		}
		i = j;
	}
	const derived = derivedBlockSizeWarning(jobs.flatMap(({ job }) => job.derivedBlockSizes));
	if (derived) result.warnings.push(derived);
	return result;
}

/** A whole terse file: every terse line; other non-blank lines are skipped with one warning. */
export function parseFioTerse(text: string, file: string): ParseResult {
	const lines: TerseLine[] = [];
	const other: number[] = [];
	splitFioLines(text).forEach((t, i) => {
		if (TERSE_LINE.test(t)) lines.push({ text: t, line: i + 1 });
		else if (t.trim() !== '') other.push(i + 1);
	});
	if (lines.length === 0) {
		throw new ParseError('NO_TERSE_LINES', file, { line: 1 }, 'no fio terse line (e.g. "3;fio-3.28;…") found');
	}
	const result = parseTerseLines(lines, file);
	if (other.length > 0) {
		const message = `${other.length} line(s) that are not terse output were ignored`;
		result.warnings.push({ code: 'TERSE_EXTRA_LINES', message, line: other[0] });
	}
	return result;
}
