SELECT series_id, review_id, device_id, run_id, source_file, metric, window_ms, points
FROM series
WHERE review_id = $1
ORDER BY series_id