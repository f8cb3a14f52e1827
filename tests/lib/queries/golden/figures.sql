SELECT review_id, device_id, source_file, source_line, run_id, workload, metric, value_printed, unit_printed, value, base_unit, condition, correction, quote
FROM figures
WHERE review_id = $1
ORDER BY review_id, source_file, source_line