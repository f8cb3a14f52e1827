SELECT …
FROM runs
WHERE review_id = $1 AND run_id IN ($2, $3) AND direction = $4
ORDER BY review_id, device_id, run_id, direction