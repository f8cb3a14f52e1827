// One timespan's results → runs: a `job` row per thread and target, a `disk` row per target when
// the tool printed that target's own latency table, and the `total`; percentiles of the latter two.
import { ROW_DIRECTIONS, type DirValues, type LatencyTable, type RowDirection, type TargetConfig, type TimeSpanConfig, type TimeSpanResults } from './model.ts';
import { newRun, rwOfMix } from '../rows.ts';
import type { ParsedRun, ParseResult } from '../parse-result.ts';
import { PERCENTILE_COLUMNS } from '../../schema.ts';
import { at, warn, type FileContext } from '../parse-result.ts';

export const TOOL = 'diskspd';

type Workload = Pick<ParsedRun, 'block_size_bytes' | 'read_pct' | 'random_pct' | 'access' | 'rw' | 'iodepth'>;

const UNKNOWN_WORKLOAD: Workload = { block_size_bytes: null, read_pct: null, random_pct: null, access: null, rw: null, iodepth: null };


function workloadOf(span: TimeSpanConfig, t: TargetConfig): Workload {
	const read_pct = t.writePct === null ? null : 100 - t.writePct;
	const random_pct = t.randomPct;
	const access = random_pct === null ? null : random_pct === 100 ? 'random' : random_pct === 0 ? 'sequential' : 'mixed';
	return {
		block_size_bytes: t.blockSizeBytes,
		read_pct,
		random_pct,
		access,
		rw: rwOfMix(read_pct, random_pct),
		// -O gives a per-thread depth shared by the thread's targets; else -o is per thread per target.
		iodepth: span.requestsPerThread ?? t.requestCount,
	};
}

/** What all the given workloads share: each field where they agree, NULL where they differ. */
function common(list: Workload[]): Workload {
	if (list.length === 0) return UNKNOWN_WORKLOAD;
	const out = { ...list[0]! } as Record<string, unknown>;
	for (const w of list.slice(1)) {
		for (const [k, v] of Object.entries(w)) if (out[k] !== v) out[k] = null;
	}
	return out as Workload;
}

function directionsOf(values: Record<RowDirection, DirValues>): RowDirection[] {
	const out: RowDirection[] = [];
	if (values.read.ios > 0) out.push('read');
	if (values.write.ios > 0) out.push('write');
	// The total of a read-only or write-only row repeats that direction: no mixed row then.
	if (values.read.ios > 0 && values.write.ios > 0) out.push('mixed');
	return out;
}

function latencyColumns(table: LatencyTable | null, d: RowDirection): Partial<ParsedRun> {
	if (!table) return {};
	const cols: Record<string, number | null> = { lat_min_ns: table.min[d], lat_max_ns: table.max[d] };
	for (const [p, suffix] of PERCENTILE_COLUMNS) {
		const point = table.points.find((x) => x.percentile === p);
		if (point) cols[`lat_${suffix}_ns`] = point.ns[d];
	}
	return cols as Partial<ParsedRun>;
}

function percentileRows(table: LatencyTable | null, runKey: string, d: RowDirection, out: ParseResult): void {
	if (!table) return;
	for (const point of table.points) {
		const value = point.ns[d];
		if (value !== null) out.percentiles.push({ run_key: runKey, direction: d, stat: 'lat', percentile: point.percentile, value_ns: value });
	}
}

/** A target's figures summed over its threads: counts exact, rates and mean latency derived. */
function sumOf(rows: Record<RowDirection, DirValues>[], testTimeS: number): Record<RowDirection, DirValues> {
	const one = (d: RowDirection): DirValues => {
		const list = rows.map((r) => r[d]);
		const bytes = list.reduce((s, v) => s + v.bytes, 0);
		const ios = list.reduce((s, v) => s + v.ios, 0);
		const timed = list.filter((v) => v.ios > 0);
		const latKnown = ios > 0 && timed.every((v) => v.latMeanNs !== null);
		return {
			bytes,
			ios,
			iops: ios / testTimeS,
			bwBytesPerS: bytes / testTimeS,
			latMeanNs: latKnown ? timed.reduce((s, v) => s + v.latMeanNs! * v.ios, 0) / ios : null,
			latStdDevNs: null,
			line: null,
		};
	};
	return { read: one('read'), write: one('write'), mixed: one('mixed') };
}

export function resultsToRuns(ctx: FileContext, r: TimeSpanResults, sourceFormat: string, out: ParseResult): void {
	const prefix = `run${r.index}/`;
	const span = r.config;
	const configOf = new Map<string, TargetConfig>();
	for (const t of span?.targets ?? []) if (!configOf.has(t.path)) configOf.set(t.path, t);
	const warnedPaths = new Set<string>();
	const workloadOfPath = (path: string, line: number | null): Workload => {
		const t = configOf.get(path);
		if (span && t) return workloadOf(span, t);
		if (span && !warnedPaths.has(path)) {
			warnedPaths.add(path);
			warn(ctx, 'TARGET_NOT_IN_PARAMETERS', at(line), `target "${path}" is not among the input parameters' paths; its block size, mix and depth are unknown`);
		}
		return UNKNOWN_WORKLOAD;
	};

	const paths = [...new Set(r.threads.map((t) => t.path))];
	const rowsPerThread = new Map<number, number>();
	for (const t of r.threads) rowsPerThread.set(t.thread, (rowsPerThread.get(t.thread) ?? 0) + 1);
	const base = {
		source_format: sourceFormat,
		tool: TOOL,
		tool_version: r.toolVersion,
		runtime_s: r.testTimeS,
		started_at: r.startedAt,
		value_origin: r.origin,
	} as const;
	type Fields = Partial<ParsedRun> & Pick<ParsedRun, 'run_key' | 'scope'>;
	const push = (fields: Fields, values: Record<RowDirection, DirValues>, table: LatencyTable | null, d: RowDirection) => {
		const v = values[d];
		out.runs.push(
			newRun({
				...base,
				...fields,
				direction: d,
				source_line: v.line,
				iops: v.iops,
				bw_bytes_per_s: v.bwBytesPerS,
				io_bytes: v.bytes,
				total_ios: v.ios,
				lat_mean_ns: v.latMeanNs,
				lat_stddev_ns: v.latStdDevNs,
				...latencyColumns(table, d),
			}),
		);
		percentileRows(table, fields.run_key, d, out);
	};

	const seen = new Map<number, number>();
	for (const row of r.threads) {
		const nth = seen.get(row.thread) ?? 0;
		seen.set(row.thread, nth + 1);
		const key = rowsPerThread.get(row.thread)! > 1 ? `${prefix}thread${row.thread}.${nth}` : `${prefix}thread${row.thread}`;
		const directions = directionsOf(row.values);
		if (directions.length === 0) {
			const line = row.values.mixed.line;
			warn(ctx, 'NO_IO', at(line), `thread ${row.thread} completed no I/O on "${row.path}"; no run emitted`);
			continue;
		}
		const t = configOf.get(row.path);
		const fields = {
			run_key: key,
			scope: 'job',
			job_name: row.path,
			job_index: row.thread,
			numjobs: 1,
			rate_limit_iops: t?.rateLimitIops ?? null,
			...workloadOfPath(row.path, row.values.mixed.line),
		};
		for (const d of directions) push(fields, row.values, null, d);
	}

	for (const [path, table] of [...r.targetLatency].sort(([a], [b]) => paths.indexOf(a) - paths.indexOf(b))) {
		const index = paths.indexOf(path);
		const rows = r.threads.filter((t) => t.path === path);
		if (index < 0) {
			warn(ctx, 'TARGET_WITHOUT_ROWS', at(table.line), `latency table for "${path}", a target without thread rows; skipped`);
			continue;
		}
		const values = sumOf(rows.map((t) => t.values), r.testTimeS);
		for (const d of ROW_DIRECTIONS) values[d].line = table.line;
		const fields = {
			run_key: `${prefix}target${index}`,
			scope: 'disk',
			job_name: path,
			numjobs: new Set(rows.map((t) => t.thread)).size,
			value_origin: 'derived',
			...workloadOfPath(path, table.line),
		};
		for (const d of directionsOf(values)) push(fields, values, table, d);
	}

	const directions = directionsOf(r.total);
	if (directions.length === 0) {
		const line = r.total.mixed.line;
		warn(ctx, 'NO_IO', at(line), `timespan ${r.index} completed no I/O; no total run emitted`);
		return;
	}
	const usedPaths = paths.length > 0 ? paths : (span?.targets ?? []).map((t) => t.path);
	const fields = {
		run_key: `${prefix}total`,
		scope: 'total',
		job_name: usedPaths.length === 1 ? usedPaths[0]! : null,
		numjobs: r.threadCount ?? (new Set(r.threads.map((t) => t.thread)).size || null),
		usr_cpu_pct: r.usrCpuPct,
		sys_cpu_pct: r.sysCpuPct,
		...common(usedPaths.map((p) => workloadOfPath(p, r.total.mixed.line))),
	};
	for (const d of directions) push(fields, r.total, r.totalLatency, d);
}
