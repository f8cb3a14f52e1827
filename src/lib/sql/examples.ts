// The SQL console's example queries (/sql/): questions the published tables answer, run as they are in DuckDB-wasm
// in the browser and by the tests in DuckDB on Node. Their titles are UI strings (src/i18n/strings.ts, sqlExample_<id>).
import type { TableName } from '../queries/query.ts';

export interface SqlExample {
	id: 'p99-under-500us' | 'qd-95-peak' | 'tail-ratio' | 'steady-state';
	/** Tables the SQL names: what the console reads to run it. */
	tables: TableName[];
	sql: string;
}

export const SQL_EXAMPLES: readonly SqlExample[] = [
	{
		id: 'p99-under-500us',
		tables: ['runs', 'devices'],
		sql: `-- 4K random reads that report a p99 latency (total, else completion):
-- per drive, the most IOPS reached while p99 stayed under 500 µs,
-- and whether that is at least 500K IOPS.
WITH reads AS (
  SELECT device_id, iops, coalesce(lat_p99_ns, clat_p99_ns) / 1000 AS p99_us
  FROM runs
  WHERE access = 'random' AND direction = 'read' AND block_size_bytes = 4096
    AND iops IS NOT NULL AND coalesce(lat_p99_ns, clat_p99_ns) IS NOT NULL
)
SELECT r.device_id, d.vendor, d.model,
  round(max(r.iops) FILTER (WHERE r.p99_us < 500)) AS max_iops_p99_under_500us,
  round(min(r.p99_us), 1) AS lowest_p99_us,
  coalesce(max(r.iops) FILTER (WHERE r.p99_us < 500), 0) >= 500000 AS under_500us_at_500k_iops
FROM reads r LEFT JOIN devices d USING (device_id)
GROUP BY r.device_id, d.vendor, d.model
ORDER BY under_500us_at_500k_iops DESC, max_iops_p99_under_500us DESC NULLS LAST`,
	},
	{
		id: 'qd-95-peak',
		tables: ['runs'],
		sql: `-- 4K random reads swept over queue depth (outstanding I/Os = QD × jobs, unthrottled):
-- each drive's peak IOPS in each review, and the lowest queue depth reaching 95 % of it.
WITH points AS (
  SELECT review_id, device_id, iodepth * coalesce(numjobs, 1) AS outstanding_ios, max(iops) AS iops
  FROM runs
  WHERE access = 'random' AND direction = 'read' AND block_size_bytes = 4096
    AND iops IS NOT NULL AND iodepth IS NOT NULL AND rate_limit_iops IS NULL
  GROUP BY ALL
), peaks AS (
  SELECT review_id, device_id, max(iops) AS peak_iops, count(*) AS depths
  FROM points GROUP BY ALL
)
SELECT p.device_id, p.review_id, round(k.peak_iops) AS peak_iops,
  min(p.outstanding_ios) AS qd_at_95pct_of_peak, k.depths AS depths_tested
FROM points p JOIN peaks k USING (review_id, device_id)
WHERE k.depths >= 3 AND p.iops >= 0.95 * k.peak_iops
GROUP BY ALL
ORDER BY peak_iops DESC`,
	},
	{
		id: 'tail-ratio',
		tables: ['percentiles', 'runs'],
		sql: `-- How far the tail reaches: completion latency at p99.99 over p50, per run,
-- from the long-form percentiles table, widest tail first.
SELECT r.device_id, r.workload, r.direction, r.iodepth,
  round(max(p.value_ns) FILTER (WHERE p.percentile = 50) / 1000, 1) AS p50_us,
  round(max(p.value_ns) FILTER (WHERE p.percentile = 99.99) / 1000, 1) AS p99_99_us,
  round(p99_99_us / p50_us, 1) AS tail_ratio
FROM percentiles p JOIN runs r USING (run_id, direction)
WHERE p.stat = 'clat'
GROUP BY ALL
HAVING p50_us > 0 AND p99_99_us IS NOT NULL
ORDER BY tail_ratio DESC
LIMIT 20`,
	},
	{
		id: 'steady-state',
		tables: ['steady_state', 'series'],
		sql: `-- Logged runs judged by the SNIA rule: which series reached steady state, and from when.
SELECT s.device_id, s.series_id, s.metric, t.direction, t.rounds, t.attained,
  round(t.window_start_ms / 1000, 1) AS steady_from_s,
  round(t.data_excursion_pct, 1) AS data_excursion_pct,
  round(t.slope_excursion_pct, 1) AS slope_excursion_pct
FROM steady_state t JOIN series s USING (series_id)
ORDER BY t.attained DESC NULLS LAST, s.device_id, s.series_id, t.direction`,
	},
];
