// Runs the planned points one fio invocation each, so a failure loses one point only.
import {
	copyFileSync,
	existsSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	unlinkSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { MIB, MS_PER_S, NS_PER_US } from '../../src/lib/units.ts';
import { extractJson, runFioAsync, summarizeFioJson, type PointSummary } from './fio.ts';
import { fioArgs, jobFileText, withRate, type JobCommon, type JobPoint } from './jobs.ts';
import type { OutputFile } from './metadata.ts';

export interface PointRecord {
	name: string;
	workload: string;
	kind: JobPoint['kind'];
	status: 'ok' | 'failed' | 'skipped';
	output: string | null;
	job_file: string;
	rate_limit_iops: number | null;
	iops: number | null;
	bw_bytes_per_sec: number | null;
	mean_lat_ns: number | null;
	fio_seconds: number;
	error: string | null;
}

export interface SweepResult {
	records: PointRecord[];
	files: OutputFile[];
	rateReferenceIops: number | null;
	interrupted: boolean;
}

export interface SweepContext {
	rawDir: string;
	/** fio's working directory: where the target file lives (logs land here first). */
	workDir: string;
	common: JobCommon;
	rateReferenceName: string;
	log: (line: string) => void;
	/** Aborted on SIGINT/SIGTERM: the running fio is interrupted and no further point starts. */
	stop: AbortSignal;
}

export function formatPoint(
	index: number,
	total: number,
	name: string,
	s: PointSummary | null,
	seconds: number,
	error: string | null,
): string {
	const head = `[${String(index).padStart(String(total).length)}/${total}] ${name.padEnd(40)}`;
	if (!s) return `${head} FAILED (${seconds.toFixed(1)} s): ${error ?? 'no result'}`;
	const iops = Math.round(s.iops).toLocaleString('en-US').padStart(10);
	const bw = (s.bwBytesPerSec / MIB).toFixed(1).padStart(8);
	const lat = s.meanLatNs === null ? '-' : `${(s.meanLatNs / NS_PER_US).toFixed(0)} µs`;
	return `${head} ${iops} IOPS ${bw} MiB/s  mean lat ${lat.padStart(9)}  (${seconds.toFixed(1)} s)`;
}

function moveFile(from: string, to: string): void {
	try {
		renameSync(from, to);
	} catch {
		copyFileSync(from, to);
		unlinkSync(from);
	}
}

/** Moves the point's log files from fio's working directory into raw/; empty logs (e.g. slat with psync) are dropped. */
function collectLogs(p: JobPoint, ctx: SweepContext): string[] {
	const prefix = `${p.name}_`;
	const moved: string[] = [];
	for (const f of readdirSync(ctx.workDir)
		.filter((n) => n.startsWith(prefix) && n.endsWith('.log'))
		.sort()) {
		const from = join(ctx.workDir, f);
		if (statSync(from).size === 0) {
			unlinkSync(from);
			continue;
		}
		moveFile(from, join(ctx.rawDir, f));
		moved.push(f);
	}
	return moved;
}

function timeoutMs(p: JobPoint): number {
	// A pass over the footprint (preconditioning) has no runtime; allow a day.
	return p.runtimeMs === null ? 86_400_000 : p.runtimeMs + p.rampMs + 300_000;
}

function failureText(exitText: string, output: string, summary: PointSummary | null): string {
	// What fio said: its stderr, and any text it printed before the JSON document (FIO_FORMATS.md G1).
	const jsonStart = /^\{/m.exec(output)?.index ?? output.length;
	const lines = `${exitText}\n${output.slice(0, Math.min(jsonStart, 2_000))}`
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l.length > 0);
	if (summary && summary.error !== 0) lines.unshift(`job error ${summary.error}`);
	return [...new Set(lines)].slice(0, 5).join(' | ') || 'fio produced no result';
}

export async function runSweep(points: JobPoint[], ctx: SweepContext): Promise<SweepResult> {
	const result: SweepResult = { records: [], files: [], rateReferenceIops: null, interrupted: false };
	for (const [i, planned] of points.entries()) {
		if (ctx.stop.aborted) result.interrupted = true;
		if (result.interrupted) break;
		const jobRel = `jobs/${planned.name}.fio`;
		const record: PointRecord = {
			name: planned.name,
			workload: planned.workload,
			kind: planned.kind,
			status: 'skipped',
			output: null,
			job_file: jobRel,
			rate_limit_iops: null,
			iops: null,
			bw_bytes_per_sec: null,
			mean_lat_ns: null,
			fio_seconds: 0,
			error: null,
		};
		result.records.push(record);
		if (planned.kind === 'rate' && result.rateReferenceIops === null) {
			record.error = `no measured reference (${ctx.rateReferenceName} failed)`;
			ctx.log(formatPoint(i + 1, points.length, planned.name, null, 0, `skipped: ${record.error}`));
			continue;
		}
		const p = planned.kind === 'rate' ? withRate(planned, result.rateReferenceIops!) : planned;
		record.rate_limit_iops = p.rateIops;
		const jobPath = join(ctx.rawDir, jobRel);
		const outName = `${p.name}.json`;
		const outPath = join(ctx.rawDir, outName);
		writeFileSync(jobPath, jobFileText(p, ctx.common));
		const exit = await runFioAsync(fioArgs(outPath, jobPath), ctx.workDir, timeoutMs(p), ctx.stop);
		record.fio_seconds = exit.durationMs / MS_PER_S;
		const text = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
		const summary = summarizeFioJson(extractJson(text));
		const logs = p.logAvgMs !== null ? collectLogs(p, ctx) : [];
		if (exit.signal !== null || ctx.stop.aborted || /terminating on signal/.test(text)) result.interrupted = true;
		if (!exit.ok || result.interrupted || summary === null || summary.error !== 0 || summary.totalIos === 0) {
			record.status = 'failed';
			record.error = failureText(
				[exit.spawnError, exit.signal ? `killed by ${exit.signal}` : '', exit.stderr].join('\n'),
				text,
				summary,
			);
			// Partial output would be read as a result at ingest: keep the error here, not the file.
			rmSync(outPath, { force: true });
			for (const f of logs) rmSync(join(ctx.rawDir, f), { force: true });
			ctx.log(formatPoint(i + 1, points.length, p.name, null, record.fio_seconds, record.error));
			continue;
		}
		record.status = 'ok';
		record.output = outName;
		record.iops = summary.iops;
		record.bw_bytes_per_sec = summary.bwBytesPerSec;
		record.mean_lat_ns = summary.meanLatNs;
		if (p.name === ctx.rateReferenceName) result.rateReferenceIops = summary.iops;
		const condition =
			p.rateIops !== null
				? `rate_iops limited to ${p.ratePercent}% of ${Math.round(result.rateReferenceIops!)} IOPS measured at QD ${p.iodepth}`
				: p.kind === 'precondition'
					? 'preconditioning pass before the sweep'
					: p.kind === 'timeseries'
						? `logged run: bw/iops/lat averaged over ${p.logAvgMs} ms windows`
						: null;
		result.files.push({ path: outName, point: p, runOf: null, condition });
		for (const f of logs) result.files.push({ path: f, point: p, runOf: outName, condition });
		ctx.log(formatPoint(i + 1, points.length, p.name, summary, record.fio_seconds, null));
	}
	return result;
}
