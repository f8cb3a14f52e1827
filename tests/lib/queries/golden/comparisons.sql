SELECT review_id, device_id, source_file, source_line, workload, iodepth, kind, basis, basis_device_id, quantity, delta_pct, ratio, condition, quote
FROM comparisons
WHERE (device_id = $1 OR basis_device_id = $1)
ORDER BY review_id, source_file, source_line