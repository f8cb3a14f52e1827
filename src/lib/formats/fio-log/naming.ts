// fio's log file names (init.c gen_log_name(), HOWTO write_bw_log): the only place a plain log says its metric.
import { LOG_METRICS, type LogMetric } from '../../schema.ts';

const LOG_NAME = new RegExp(`^(.+)_(${LOG_METRICS.join('|')})(?:\\.(\\d+))?\\.log$`);

/**
 * fio's documented log naming: `<prefix>_<type>.<N>.log` (N = fio's 1-based job number, 2.1.11+),
 * `<prefix>_<type>.log` (older fio, or per_job_logs=0) and `agg-<ddir>_bw.log` (--bandwidth-log).
 * `jobIndex` is that N as written (1-based), null when the name has none.
 * Histogram logs (`_clat_hist`) and compressed logs (`.log.fz`) are not plain logs: undefined.
 */
export function fioLogMetricFromName(fileName: string): { metric: LogMetric; jobIndex: number | null } | undefined {
	const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
	const m = LOG_NAME.exec(base);
	if (!m) return undefined;
	return { metric: m[2] as LogMetric, jobIndex: m[3] === undefined ? null : Number(m[3]) };
}
