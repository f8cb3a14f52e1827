SELECT run_id, direction, stat, source, time_ms, bin_index, bin_lower_ns, bin_upper_ns, count
FROM histograms
WHERE run_id IN ($1) AND stat = $2
ORDER BY run_id, direction, stat, time_ms NULLS FIRST, bin_lower_ns