// One job section of fio's normal output (stat.c show_thread_status_normal / show_ddir_status):
//   header      `name: (groupid=0, jobs=4): err= 0: pid=2300: Wed Oct  9 00:30:28 2024`
//   per direction `  read: IOPS=110, BW=111MiB/s (116MB/s)(4096MiB/36978msec)` (≥2.17)
//              or `  read : io=29854MB, bw=254727KB/s, iops=63647, runt=120014msec` (≤2.16)
//              or `  write: io=81156KB, bw=613081 B/s, iops=196 , runt=135550msec` (2.0.x)
//   then slat/clat/lat lines, percentile blocks, bw/iops window stats;
//   after all directions: latency buckets, cpu, IO depths, `issued` counts, `latency : target=…`.
// Lines we take numbers from are matched whole: a line that starts like one but does not match
// (cut off, altered) is a ParseError, never a half-read value.
import type { Direction, LatStat } from '../../schema.ts';
import { nsPerTimeUnit } from '../../units.ts';
import { ParseError } from '../parse-result.ts';
import { printedAmount, printedCount } from './amount.ts';
import type { PrintedAmount, Reading } from './amount.ts';
import { plainNumber, siNumber, toNs } from './common.ts';
import type { LatSummary } from './common.ts';

export interface PercentilePoint {
	stat: LatStat;
	percentile: number;
	valueNs: number;
}

export interface DirSection {
	direction: Direction;
	line: number;
	/** IOPS as printed: issued I/Os × 1000 / runtime, truncated. */
	iops: Reading;
	/** BW as printed: the kb_base form first, then (≥ 2.17) the other one. */
	bw: PrintedAmount[];
	io: PrintedAmount;
	runtimeMs: number;
	lat: Partial<Record<LatStat, LatSummary & { line: number }>>;
	percentiles: PercentilePoint[];
}

export interface JobSection {
	name: string;
	groupid: number;
	numjobs: number;
	error: number;
	pid: number;
	startedAt: string | null;
	headerLine: number;
	lastLine: number;
	dirs: DirSection[];
	usrCpuPct: number | null;
	sysCpuPct: number | null;
	/** I/O counts per read, write, trim from the `issued` line: the last line we read numbers from. */
	issued: [number, number, number] | null;
	/** fsync/fdatasync/sync_file_range calls: the fourth `issued rwts` count (3.4+), null before. */
	syncs: number | null;
	/** First percentage above 100 (fio 2.x bug, FIO_FORMATS G12): where and what. */
	impossiblePercent: { line: number; text: string } | null;
	/** The `IO depths` line when a share on it is above 100 %: fio ≥ 3.4 counts syncs there too (see ioDepthsExplained). */
	ioDepthsOver100: { line: number; text: string; total: number } | null;
	/** Where `|  1.00th=[…]` rows go: a latency kind of the current direction, or nowhere (prio/sync blocks). */
	percentileTarget: { stat: LatStat; nsPerUnit: number } | 'ignore' | null;
	/** The current direction stops at the sync section (`fsync/fdatasync/…:`), whose lines look alike. */
	inSync: boolean;
}

export const HEADER_PREFIX = /: \(groupid=\d+, jobs=\d+\): err=/;
const HEADER = /^(.+?): \(groupid=(\d+), jobs=(\d+)\): err=\s*(\d+)(?: \(.*\))?: pid=(\d+)(?:: (.*))?$/;
const CTIME = /^\w{3} (\w{3}) +(\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const DIR_PREFIX = /^\s*(read|write|trim|mixed)\s*: (?:IOPS=|io=)/;
const DIR_IEC = /^\s*(read|write|trim|mixed): IOPS=(\S+), BW=(\S+) \((\S+)\)\((\S+)\/(\d+)msec\)(?:;.*)?$/;
// 2.0.x prints a figure without prefix with a space for one ("bw=613081 B/s", "iops=783 ,").
const DIR_KB_BASE = /^\s*(read|write|trim|mixed)\s*: io=(\S+(?: B)?), bw=(\S+(?: B\/s)?), iops=(\S+) ?, runt=\s*(\d+)msec$/;
const LAT_PREFIX = /^\s*(slat|clat|lat)\s+\((nsec|usec|msec)\):\s*min=/;
const LAT = /^\s*(slat|clat|lat)\s+\((nsec|usec|msec)\): min=\s*(\S+) ?, max=\s*(\S+) ?, avg=\s*(\S+), stdev=\s*(\S+)$/;
const PCT_HEADER = /^\s*(slat|clat|lat) percentiles \((nsec|usec|msec)\):\s*$/;
const ANY_PCT_HEADER = /percentiles \(\w+\):\s*$/;
const PCT_ROW = /^\s*\|(?:\s*\d+(?:\.\d+)?th=\[\s*\d+\],?)+\s*$/;
const CPU_PREFIX = /^\s*cpu\s*: usr=/;
const CPU = /^\s*cpu\s*: usr=(\S+)%, sys=(\S+)%, ctx=\d+, majf=\d+, minf=\d+$/;
const ISSUED_PREFIX = /^\s*issued[^:]*: total=/;
const ISSUED = /^\s*issued[^:]*: total=(?:r=(\d+)\/w=(\d+)\/d=(\d+)|(\d+)[,/](\d+)[,/](\d+)(?:,(\d+))?)(?:[, ].*)?$/;

/** "Wed Oct  9 00:30:28 2024" (ctime, local time) → "2024-10-09T00:30:28"; null when not a ctime string. */
function isoFromCtime(text: string | undefined): string | null {
	const m = text === undefined ? null : CTIME.exec(text.trim());
	if (!m) return null;
	const month = MONTHS.indexOf(m[1]!) + 1;
	const day = Number(m[2]);
	if (month === 0 || day < 1 || day > 31) return null;
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${m[6]}-${pad(month)}-${pad(day)}T${m[3]}:${m[4]}:${m[5]}`;
}

/** The job header, or null when the line is not one. */
export function parseJobHeader(text: string, line: number, file: string): JobSection | null {
	if (!HEADER_PREFIX.test(text)) return null;
	const m = HEADER.exec(text);
	if (!m) throw new ParseError('BAD_JOB_HEADER', file, { line }, `job header not understood: "${text.slice(0, 120)}"`);
	return {
		name: m[1]!,
		groupid: plainNumber(m[2]!, file, line, 'groupid'),
		numjobs: plainNumber(m[3]!, file, line, 'jobs'),
		error: plainNumber(m[4]!, file, line, 'err'),
		pid: plainNumber(m[5]!, file, line, 'pid'),
		startedAt: isoFromCtime(m[6]),
		headerLine: line,
		lastLine: line,
		dirs: [],
		usrCpuPct: null,
		sysCpuPct: null,
		issued: null,
		syncs: null,
		impossiblePercent: null,
		ioDepthsOver100: null,
		percentileTarget: null,
		inSync: false,
	};
}

function parseDirection(text: string, line: number, file: string): DirSection {
	const base = { line, lat: {}, percentiles: [] };
	const amount = (t: string, kind: 'rate' | 'size', explicit: boolean) => printedAmount(t, kind, explicit, file, line);
	let m = DIR_IEC.exec(text);
	if (m) {
		// ≥2.17: "BW=<kb_base prefix> (<the other prefix>)", the unit letters say which is which.
		return {
			...base,
			direction: m[1] as Direction,
			iops: printedCount(m[2]!, file, line, 'IOPS'),
			bw: [amount(m[3]!, 'rate', true), amount(m[4]!, 'rate', true)],
			// io is printed with one prefix only; "(1024MiB/…)" carries sig_figs (4) digits.
			io: amount(m[5]!, 'size', true),
			runtimeMs: plainNumber(m[6]!, file, line, 'runtime msec'),
		};
	}
	m = DIR_KB_BASE.exec(text);
	if (m) {
		// ≤2.16: KB/MB/GB are kb_base units. bw is truncated to whole KB/s; io to 6 significant digits.
		return {
			...base,
			direction: m[1] as Direction,
			iops: printedCount(m[4]!, file, line, 'iops'),
			bw: [amount(m[3]!, 'rate', false)],
			io: amount(m[2]!, 'size', false),
			runtimeMs: plainNumber(m[5]!, file, line, 'runt msec'),
		};
	}
	throw new ParseError('BAD_DIRECTION_LINE', file, { line }, `direction line not understood: "${text.slice(0, 120)}"`);
}

function parseLat(text: string, line: number, file: string): [LatStat, LatSummary & { line: number }] {
	const m = LAT.exec(text);
	if (!m) throw new ParseError('BAD_LATENCY_LINE', file, { line }, `latency line not understood: "${text.slice(0, 120)}"`);
	const unit = nsPerTimeUnit(m[2]!)!;
	const stat = m[1] as LatStat;
	return [
		stat,
		{
			line,
			// min/max go through num2str: "11404k" means 11404 × 1000 of the line's unit.
			min: toNs(siNumber(m[3]!, file, line, `${stat} min`), unit),
			max: toNs(siNumber(m[4]!, file, line, `${stat} max`), unit),
			mean: toNs(plainNumber(m[5]!, file, line, `${stat} avg`), unit),
			stddev: toNs(plainNumber(m[6]!, file, line, `${stat} stdev`), unit),
		},
	];
}

const IO_DEPTHS = /^\s*IO depths\s*:/;

function checkPercentages(job: JobSection, text: string, line: number): void {
	const over = [...text.matchAll(/[^\s,]*=(\d+(?:\.\d+)?)%/g)].find((m) => Number(m[1]) > 100);
	if (!over) return;
	if (IO_DEPTHS.test(text)) {
		const total = [...text.matchAll(/=(\d+(?:\.\d+)?)%/g)].reduce((sum, m) => sum + Number(m[1]), 0);
		job.ioDepthsOver100 ??= { line, text: over[0], total };
	} else job.impossiblePercent ??= { line, text: over[0] };
}

/**
 * fio ≥ 3.4 counts fsync/fdatasync calls in the IO depths map but divides by reads + writes + trims only, so with
 * fsync=1 `1=200.0%` is right: the depths add up to (I/Os + syncs) / I/Os.
 */
function ioDepthsExplained(job: JobSection): boolean {
	const d = job.ioDepthsOver100;
	if (d === null) return true;
	const ios = job.issued ? job.issued[0] + job.issued[1] + job.issued[2] : 0;
	if (!job.syncs || ios === 0) return false;
	// Each share is printed to 0.1 %: 7 of them may add up to 0.35 % off.
	return Math.abs(d.total - (100 * (ios + job.syncs)) / ios) <= 0.5;
}

/** The first percentage of the job above 100 % that nothing explains (fio 2.x bug, FIO_FORMATS G12), or null. */
export function impossiblePercent(job: JobSection): { line: number; text: string } | null {
	const depths = ioDepthsExplained(job) ? null : job.ioDepthsOver100;
	const other = job.impossiblePercent;
	if (depths === null || other === null) return depths ?? other;
	return depths.line < other.line ? depths : other;
}

const DIRECTION_INDEX: Record<Direction, number> = { read: 0, write: 1, trim: 2, mixed: -1 };

/** I/Os issued in one direction; the mixed section of unified_rw_reporting covers them all. */
export function issuedIn(job: JobSection, direction: Direction): number {
	const issued = job.issued!;
	const idx = DIRECTION_INDEX[direction];
	return idx < 0 ? issued[0] + issued[1] + issued[2] : issued[idx]!;
}

/** fio 3.27–3.38 print `mixed: IOPS=0, BW=0 (0)(0B/…)` per job (fixed in 3.39, 6f3de5ce): not measured. */
export function zeroMixed(dir: DirSection): boolean {
	return dir.direction === 'mixed' && dir.iops.value === 0 && dir.bw[0]!.number === 0;
}

/** Feed one line of the job's section (header excluded, blank lines end the section before this). */
export function feedJobLine(job: JobSection, text: string, line: number, file: string): void {
	job.lastLine = line;
	const dir = job.inSync ? undefined : job.dirs[job.dirs.length - 1];
	if (job.percentileTarget !== null && /^\s*\|/.test(text)) {
		if (!PCT_ROW.test(text)) {
			throw new ParseError('BAD_PERCENTILE_LINE', file, { line }, `percentile line not understood: "${text.slice(0, 120)}"`);
		}
		const target = job.percentileTarget;
		if (target === 'ignore' || !dir) return;
		for (const m of text.matchAll(/(\d+(?:\.\d+)?)th=\[\s*(\d+)\]/g)) {
			dir.percentiles.push({
				stat: target.stat,
				percentile: plainNumber(m[1]!, file, line, 'percentile'),
				valueNs: toNs(plainNumber(m[2]!, file, line, 'percentile value'), target.nsPerUnit),
			});
		}
		return;
	}
	job.percentileTarget = null;
	if (DIR_PREFIX.test(text)) {
		job.dirs.push(parseDirection(text, line, file));
		job.inSync = false;
	} else if (LAT_PREFIX.test(text)) {
		const [stat, summary] = parseLat(text, line, file);
		if (dir) dir.lat[stat] = summary;
	} else if (PCT_HEADER.test(text)) {
		const m = PCT_HEADER.exec(text)!;
		job.percentileTarget = { stat: m[1] as LatStat, nsPerUnit: nsPerTimeUnit(m[2]!)! };
	} else if (ANY_PCT_HEADER.test(text)) {
		job.percentileTarget = 'ignore';
	} else if (/^\s*fsync\/fdatasync/.test(text)) {
		job.inSync = true;
	} else if (CPU_PREFIX.test(text)) {
		const m = CPU.exec(text);
		if (!m) throw new ParseError('BAD_CPU_LINE', file, { line }, `cpu line not understood: "${text.slice(0, 120)}"`);
		job.usrCpuPct = plainNumber(m[1]!, file, line, 'usr cpu %');
		job.sysCpuPct = plainNumber(m[2]!, file, line, 'sys cpu %');
	} else if (ISSUED_PREFIX.test(text)) {
		const m = ISSUED.exec(text);
		if (!m) throw new ParseError('BAD_ISSUED_LINE', file, { line }, `issued line not understood: "${text.slice(0, 120)}"`);
		const counts = (m[1] !== undefined ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]]) as [string, string, string];
		job.issued = counts.map((c) => plainNumber(c, file, line, 'issued count')) as [number, number, number];
		job.syncs = m[7] === undefined ? null : plainNumber(m[7], file, line, 'issued sync count');
	} else {
		checkPercentages(job, text, line);
	}
}

/** The section is over: it must have its numbers and reach the `issued` line, or it was cut off. */
export function finishJob(job: JobSection, file: string): void {
	if (job.dirs.length === 0) {
		throw new ParseError('JOB_SECTION_CUT_OFF', file, { line: job.headerLine }, `job "${job.name}" has no read/write/trim line`);
	}
	if (job.issued === null) {
		throw new ParseError('JOB_SECTION_CUT_OFF', file, { line: job.lastLine }, `job "${job.name}" ends before its "issued" line`);
	}
}
