// Totals across fio jobs, computed the way fio's group_reporting does (stat.c sum_thread_stats,
// sum_stat): bytes and I/Os summed, runtime = longest job, IOPS and bandwidth = sums over that
// runtime, latency means weighted by I/O count, variances merged with the parallel algorithm,
// min of mins, max of maxes. Percentiles are never recomputed: they stay NULL on totals.
import type { ParsedRun } from '../parse-result.ts';
import { newRun } from '../rows.ts';

interface Stat {
	mean: number | null;
	stddev: number | null;
	min: number | null;
	max: number | null;
}

function mergeStats(parts: { stat: Stat; n: number }[]): Stat {
	let n = 0;
	let mean = 0;
	let s = 0;
	let min: number | null = null;
	let max: number | null = null;
	let any = false;
	for (const { stat, n: ni } of parts) {
		if (stat.mean === null || ni <= 0) continue;
		const si = stat.stddev === null ? 0 : stat.stddev ** 2 * Math.max(ni - 1, 0);
		if (!any) {
			mean = stat.mean;
			s = si;
		} else {
			const delta = stat.mean - mean;
			const merged = (stat.mean * ni + mean * n) / (n + ni);
			s = s + si + (delta * delta * (n * ni)) / (n + ni);
			mean = merged;
		}
		n += ni;
		any = true;
		if (stat.min !== null) min = min === null ? stat.min : Math.min(min, stat.min);
		if (stat.max !== null) max = max === null ? stat.max : Math.max(max, stat.max);
	}
	if (!any) return { mean: null, stddev: null, min: null, max: null };
	return { mean, stddev: n > 1 ? Math.sqrt(s / (n - 1)) : 0, min, max };
}

function sumOrNull(values: (number | null)[]): number | null {
	let total: number | null = null;
	for (const v of values) if (v !== null) total = (total ?? 0) + v;
	return total;
}

function common<K extends keyof ParsedRun>(rows: ParsedRun[], k: K): ParsedRun[K] | null {
	const first = rows[0]![k];
	return rows.every((r) => r[k] === first) ? first : null;
}

/**
 * One derived total per direction over `jobs` (rows of one file, scope "job").
 * Returns [] when there are fewer than two jobs.
 */
export function aggregateJobs(jobs: ParsedRun[], runKey = 'total'): ParsedRun[] {
	const byDir = new Map<string, ParsedRun[]>();
	for (const r of jobs) {
		const list = byDir.get(r.direction) ?? [];
		list.push(r);
		byDir.set(r.direction, list);
	}
	const out: ParsedRun[] = [];
	for (const [direction, rows] of byDir) {
		if (rows.length < 2) continue;
		const weights = rows.map((r) => r.total_ios ?? 0);
		const stat = (prefix: 'lat' | 'clat' | 'slat') =>
			mergeStats(
				rows.map((r, i) => ({
					stat: {
						mean: r[`${prefix}_mean_ns`],
						stddev: prefix === 'slat' ? null : r[`${prefix}_stddev_ns` as 'lat_stddev_ns'],
						min: prefix === 'slat' ? null : r[`${prefix}_min_ns` as 'lat_min_ns'],
						max: r[`${prefix}_max_ns`],
					},
					n: weights[i]!,
				})),
			);
		const runtimes = rows.map((r) => r.runtime_s).filter((v): v is number => v !== null);
		const runtime = runtimes.length ? Math.max(...runtimes) : null;
		const ioBytes = sumOrNull(rows.map((r) => r.io_bytes));
		const totalIos = sumOrNull(rows.map((r) => r.total_ios));
		const perSecond = (v: number | null) => (v !== null && runtime ? v / runtime : null);
		const lat = stat('lat');
		const clat = stat('clat');
		const slat = stat('slat');
		const first = rows[0]!;
		const numjobs = sumOrNull(rows.map((r) => r.numjobs ?? 1));
		out.push(
			newRun({
				run_key: runKey,
				source_format: first.source_format,
				source_line: first.source_line,
				tool: first.tool,
				tool_version: first.tool_version,
				job_name: common(rows, 'job_name'),
				scope: 'total',
				direction,
				rw: common(rows, 'rw'),
				access: common(rows, 'access'),
				read_pct: common(rows, 'read_pct'),
				random_pct: common(rows, 'random_pct'),
				block_size_bytes: common(rows, 'block_size_bytes'),
				iodepth: common(rows, 'iodepth'),
				numjobs,
				device_count: common(rows, 'device_count'),
				rate_limit_iops: common(rows, 'rate_limit_iops'),
				runtime_s: runtime,
				// fio: bw = io_bytes * 1000 / runtime_ms of the group, iops likewise.
				iops: totalIos !== null ? perSecond(totalIos) : sumOrNull(rows.map((r) => r.iops)),
				bw_bytes_per_s: ioBytes !== null ? perSecond(ioBytes) : sumOrNull(rows.map((r) => r.bw_bytes_per_s)),
				io_bytes: ioBytes,
				total_ios: totalIos,
				lat_mean_ns: lat.mean,
				lat_stddev_ns: lat.stddev,
				lat_min_ns: lat.min,
				lat_max_ns: lat.max,
				clat_mean_ns: clat.mean,
				clat_stddev_ns: clat.stddev,
				clat_min_ns: clat.min,
				clat_max_ns: clat.max,
				slat_mean_ns: slat.mean,
				slat_max_ns: slat.max,
				started_at: common(rows, 'started_at'),
				workload: common(rows, 'workload'),
				value_origin: 'derived',
			}),
		);
	}
	return out;
}
