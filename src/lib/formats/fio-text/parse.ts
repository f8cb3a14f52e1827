// fio normal ("human") output of both eras (≤2.16 kb_base units, ≥2.17 IEC + SI), as captured in
// the wild: several runs in one file (script echo lines and shell prompts between them),
// --status-interval repeats of the whole report, CRLF, `\r`-joined ETA lines, and terse lines
// printed before the normal report (--output-format=terse,normal). FIO_FORMATS.md §3 and §6.
//
// A run starts at a job-description line or a version line ("fio-3.36") once the previous run
// has output, or at a job header that follows a finished report and is not a repeat of one of
// its jobs. Within a run, a job header that repeats one of the current report's jobs after
// its "Run status group" lines starts a new report (--status-interval): only the last is kept.
import type { Direction, LatStat } from '../../schema.ts';
import type { KbBase } from '../../units.ts';
import { MS_PER_S, NS_PER_MS } from '../../units.ts';
import { newRun } from '../rows.ts';
import { emptyResult, ParseError } from '../parse-result.ts';
import type { ParsedPercentile, ParsedRun, ParseResult, Warning } from '../parse-result.ts';
import { accessOf, latColumns, percentileColumns, splitFioLines, TERSE_LINE } from './common.ts';
import { blockSizeFor, DESCRIPTION_PREFIX, parseDescription } from './describe.ts';
import type { JobDescription } from './describe.ts';
import { GROUP_HEADER, GROUP_LINE_PREFIX, parseGroupLine } from './group.ts';
import type { GroupDir } from './group.ts';
import { feedJobLine, finishJob, impossiblePercent, issuedIn, parseJobHeader, zeroMixed } from './job.ts';
import type { DirSection, JobSection } from './job.ts';
import { inferKbBase } from './kb-base.ts';
import type { KbBaseCase } from './kb-base.ts';
import { countedBytes, groupRates, jobRates } from './rates.ts';
import { parseTerseLines } from './terse.ts';
import type { TerseLine } from './terse.ts';

// "fio-3.36"; fio 2.0.x printed "fio 2.0.8" or, in some builds, the bare "2.0.8".
const VERSION_LINE = /^(?:fio[- ](\d+\.\d+\S*)|(\d+\.\d+\.\d+))\s*$/;

interface GroupBlock {
	groupid: number;
	line: number;
	dirs: GroupDir[];
}

interface Report {
	jobs: JobSection[];
	groups: GroupBlock[];
}

interface Run {
	version: string | null;
	descriptions: Map<string, JobDescription>;
	reports: Report[];
}

const jobKey = (j: JobSection) => `${j.name}\u0000${j.groupid}\u0000${j.pid}`;
const hasOutput = (run: Run) => run.reports.some((r) => r.jobs.length > 0 || r.groups.length > 0);
const newRunState = (): Run => ({ version: null, descriptions: new Map(), reports: [{ jobs: [], groups: [] }] });

/** ≤2.16 output prints KB/MB in kb_base units; an echoed job file or command line may say it was 1000. */
function kbBaseHint(text: string): KbBase {
	return /\bkb_base=1000\b/.test(text) ? 1000 : 1024;
}

interface Scan {
	runs: Run[];
	terse: TerseLine[];
	warnings: Warning[];
}

function scan(lines: string[], file: string): Scan {
	const out: Scan = { runs: [newRunState()], terse: [], warnings: [] };
	let run = out.runs[0]!;
	let job: JobSection | null = null;
	let group: GroupBlock | null = null;
	const report = () => run.reports[run.reports.length - 1]!;
	const closeJob = () => {
		if (job === null) return;
		finishJob(job, file);
		report().jobs.push(job);
		job = null;
	};
	const startRunIfUsed = () => {
		if (!hasOutput(run)) return;
		run = newRunState();
		out.runs.push(run);
	};
	lines.forEach((text, i) => {
		const line = i + 1;
		if (group !== null) {
			if (GROUP_LINE_PREFIX.test(text)) {
				group.dirs.push(parseGroupLine(text, line, file));
				return;
			}
			group = null;
		}
		if (TERSE_LINE.test(text)) {
			closeJob();
			out.terse.push({ text, line });
			return;
		}
		const header = parseJobHeader(text, line, file);
		if (header !== null) {
			closeJob();
			const current = report();
			if (current.groups.length > 0) {
				if (current.jobs.some((j) => jobKey(j) === jobKey(header))) run.reports.push({ jobs: [], groups: [] });
				else startRunIfUsed();
			}
			job = header;
			return;
		}
		if (DESCRIPTION_PREFIX.test(text)) {
			closeJob();
			startRunIfUsed();
			const d = parseDescription(text);
			if (d) run.descriptions.set(d.name, d);
			else {
				const message = 'job description line not understood; rw/bs/iodepth left empty';
				out.warnings.push({ code: 'DESCRIPTION_UNPARSED', message, line });
			}
			return;
		}
		const version = VERSION_LINE.exec(text);
		if (version) {
			closeJob();
			startRunIfUsed();
			run.version = (version[1] ?? version[2])!;
			return;
		}
		const g = GROUP_HEADER.exec(text);
		if (g) {
			closeJob();
			group = { groupid: Number(g[1]), line, dirs: [] };
			report().groups.push(group);
			return;
		}
		if (job !== null) {
			// A job section has no blank line inside; the first one ends it.
			if (text.trim() === '') closeJob();
			else feedJobLine(job, text, line, file);
		}
	});
	closeJob();
	return out;
}

function common<T>(values: T[]): T | null {
	return values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null;
}

interface RowContext {
	runKey: string;
	version: string | null;
	kbBase: KbBase;
	warnings: Warning[];
}

/** The ≤ 2.16 directions of a report, with issued I/Os × block size where the block size is fixed. */
function kbBaseCases(jobs: JobSection[], run: Run): KbBaseCase[] {
	return jobs.flatMap((job) =>
		job.dirs
			.filter((dir) => !dir.io.explicit)
			.map((dir) => {
				const bs = blockSizeFor(run.descriptions.get(job.name), dir.direction);
				return { line: dir.line, bytes: bs === null ? null : issuedIn(job, dir.direction) * bs, runtimeMs: dir.runtimeMs, io: dir.io, bw: dir.bw };
			}),
	);
}

/** Σ issued I/Os × block size over a group's jobs in one direction, when each job's is what it printed; else null. */
function groupCountedBytes(members: JobSection[], direction: Direction, run: Run, kbBase: KbBase): number | null {
	let total = 0;
	for (const job of members) {
		const dir = job.dirs.find((d) => d.direction === direction);
		if (!dir) continue;
		const bs = blockSizeFor(run.descriptions.get(job.name), direction);
		const printed = { io: [dir.io], bw: dir.bw, runtimeMs: dir.runtimeMs };
		const bytes = zeroMixed(dir) ? null : countedBytes(printed, issuedIn(job, direction), bs, kbBase);
		if (bytes === null) return null;
		total += bytes;
	}
	return total;
}

/** Latency stats that cannot be true (e.g. 2.1.11 `lat (msec): min=755174K` in a 30 s run) become NULL. */
function plausibleLat(dir: DirSection, stat: LatStat, ctx: RowContext) {
	const s = dir.lat[stat];
	if (!s) return null;
	if (s.min > dir.runtimeMs * NS_PER_MS) {
		ctx.warnings.push({
			code: 'IMPOSSIBLE_LATENCY',
			message: `${stat} min ${s.min / NS_PER_MS} ms exceeds the ${dir.runtimeMs} ms runtime (fio 2.x bug); ${stat} left empty`,
			line: s.line,
		});
		return null;
	}
	return s;
}

function jobRows(job: JobSection, index: number, desc: JobDescription | undefined, ctx: RowContext, out: ParseResult): void {
	const impossible = impossiblePercent(job);
	if (impossible !== null) {
		out.warnings.push({
			code: 'IMPOSSIBLE_PERCENTAGE',
			message: `job "${job.name}" prints "${impossible.text}" (fio 2.x accounting bug): its figures are best-effort`,
			line: impossible.line,
		});
	}
	for (const dir of job.dirs) {
		const pct: ParsedPercentile[] = dir.percentiles.map((p) => ({
			run_key: ctx.runKey,
			direction: dir.direction,
			stat: p.stat,
			percentile: p.percentile,
			value_ns: p.valueNs,
		}));
		out.percentiles.push(...pct);
		const totalIos = issuedIn(job, dir.direction);
		const blockSize = blockSizeFor(desc, dir.direction);
		const mixedBug = zeroMixed(dir);
		if (mixedBug) {
			out.warnings.push({
				code: 'MIXED_BW_IOPS_ZERO',
				message: 'per-job mixed IOPS/BW/io printed as 0 (fio 3.27–3.38 bug); left empty, the group MIXED line is right',
				line: dir.line,
			});
		}
		const rates = mixedBug ? null : jobRates(dir, totalIos, blockSize, ctx.kbBase, out.warnings);
		const lat: Partial<ParsedRun> = Object.assign(
			{},
			...(['slat', 'clat', 'lat'] as const).map((stat) => latColumns(stat, plausibleLat(dir, stat, ctx))),
		);
		out.runs.push(
			newRun({
				run_key: ctx.runKey,
				source_format: 'fio-normal',
				source_line: job.headerLine,
				tool: 'fio',
				tool_version: ctx.version,
				job_name: job.name,
				job_index: index,
				scope: 'job',
				direction: dir.direction,
				rw: desc?.rw ?? null,
				access: accessOf(desc?.rw ?? null),
				block_size_bytes: blockSize,
				iodepth: desc?.iodepth ?? null,
				numjobs: job.numjobs,
				runtime_s: dir.runtimeMs / MS_PER_S,
				iops: rates?.iops ?? null,
				bw_bytes_per_s: rates?.bwBytesPerS ?? null,
				io_bytes: rates?.ioBytes ?? null,
				total_ios: totalIos,
				...lat,
				...percentileColumns(pct),
				usr_cpu_pct: job.usrCpuPct,
				sys_cpu_pct: job.sysCpuPct,
				error_code: job.error === 0 ? null : job.error,
				started_at: job.startedAt,
				value_origin: 'measured',
			}),
		);
	}
}

function groupRows(block: GroupBlock, jobs: JobSection[], run: Run, ctx: RowContext, out: ParseResult): void {
	const members = jobs.filter((j) => j.groupid === block.groupid);
	const descs = members.map((j) => run.descriptions.get(j.name));
	const rw = common(descs.map((d) => d?.rw ?? null));
	for (const dir of block.dirs) {
		const memberBytes = groupCountedBytes(members, dir.direction, run, ctx.kbBase);
		const rates = groupRates(dir, memberBytes, ctx.kbBase, out.warnings);
		out.runs.push(
			newRun({
				run_key: ctx.runKey,
				source_format: 'fio-normal',
				source_line: block.line,
				tool: 'fio',
				tool_version: ctx.version,
				job_name: common(members.map((j) => j.name)),
				scope: 'group',
				direction: dir.direction,
				rw,
				access: accessOf(rw),
				block_size_bytes: common(descs.map((d) => blockSizeFor(d, dir.direction))),
				iodepth: common(descs.map((d) => d?.iodepth ?? null)),
				numjobs: members.length ? members.reduce((n, j) => n + j.numjobs, 0) : null,
				runtime_s: dir.runtimeMs / MS_PER_S,
				bw_bytes_per_s: rates.bwBytesPerS,
				io_bytes: rates.ioBytes,
				started_at: common(members.map((j) => j.startedAt)),
				value_origin: 'measured',
			}),
		);
	}
}

export function parseFioText(text: string, file: string): ParseResult {
	const { runs, terse, warnings } = scan(splitFioLines(text), file);
	const hint = kbBaseHint(text);
	const out = emptyResult();
	const used = runs.filter(hasOutput);
	if (used.length === 0 && terse.length === 0) {
		throw new ParseError('NO_FIO_REPORT', file, { line: 1 }, 'no fio job report, "Run status group" or terse line found');
	}
	const normalJobs = new Set<string>();
	used.forEach((run, r) => {
		const last = run.reports[run.reports.length - 1]!;
		if (run.reports.length > 1) {
			const firstJob = run.reports[0]!.jobs[0];
			out.warnings.push({
				code: 'STATUS_INTERVAL_REPEATS',
				message: `run ${r}: the report is printed ${run.reports.length} times (--status-interval); only the last is kept`,
				line: firstJob?.headerLine ?? run.reports[0]!.groups[0]?.line,
			});
		}
		const { kbBase, warning } = inferKbBase(kbBaseCases(last.jobs, run), hint);
		if (warning) out.warnings.push(warning);
		const context = (runKey: string): RowContext => ({ runKey, version: run.version, kbBase, warnings: out.warnings });
		last.jobs.forEach((job, i) => {
			normalJobs.add(job.name);
			jobRows(job, i, run.descriptions.get(job.name), context(`run${r}/job${i}`), out);
		});
		for (const block of last.groups) groupRows(block, last.jobs, run, context(`run${r}/group${block.groupid}`), out);
	});
	// Terse lines printed before a normal report describe the same jobs: keep the normal figures.
	const terseName = (t: TerseLine) => t.text.split(';')[t.text.startsWith('2;') ? 1 : 2]!;
	const duplicate = terse.filter((t) => normalJobs.has(terseName(t)));
	if (duplicate.length > 0) {
		out.warnings.push({
			code: 'TERSE_DUPLICATE_SKIPPED',
			message: `${duplicate.length} terse line(s) repeat jobs of the normal report and were skipped`,
			line: duplicate[0]!.line,
		});
	}
	const own = terse.filter((t) => !normalJobs.has(terseName(t)));
	if (own.length > 0) {
		const t = parseTerseLines(own, file);
		out.runs.push(...t.runs);
		out.percentiles.push(...t.percentiles);
		out.warnings.push(...t.warnings);
	}
	out.warnings.unshift(...warnings);
	return out;
}
