SELECT run_id, direction, stat, percentile, value_ns
FROM percentiles
WHERE run_id IN ($1) AND direction = $2 AND stat = $3
ORDER BY run_id, direction, stat, percentile