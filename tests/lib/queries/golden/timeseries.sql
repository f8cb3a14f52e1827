WITH points AS (
  SELECT
    t.series_id, s.review_id, s.device_id, s.run_id, s.source_file, s.metric, s.window_ms,
    t.direction, t.value_kind, t.time_ms, coalesce(t.iops, t.bw_bytes_per_s, t.lat_ns) AS value,
    ss.window_start_ms AS steady_start_ms, ss.window_end_ms AS steady_end_ms
  FROM timeseries t
  JOIN series s ON s.series_id = t.series_id
  LEFT JOIN steady_state ss ON ss.series_id = t.series_id AND ss.direction = t.direction
  WHERE t.series_id IN ($1)
),
spans AS (
  SELECT series_id, direction, min(time_ms) AS t0, max(time_ms) AS t1
  FROM points
  GROUP BY series_id, direction
),
sliced AS (
  SELECT
    p.*,
    least(floor((p.time_ms - s.t0) * CAST($2 AS DOUBLE) / greatest(s.t1 - s.t0, 1)), CAST($2 AS DOUBLE) - 1)::INTEGER AS bucket
  FROM points p
  JOIN spans s ON s.series_id = p.series_id AND s.direction = p.direction
)
SELECT
  series_id, any_value(review_id) AS review_id, any_value(device_id) AS device_id, any_value(run_id) AS run_id,
  any_value(source_file) AS source_file, any_value(metric) AS metric, direction, any_value(window_ms) AS window_ms, bucket,
  avg(time_ms) AS time_ms, min(time_ms)::DOUBLE AS time_start_ms, max(time_ms)::DOUBLE AS time_end_ms,
  count(*)::INTEGER AS points,
  avg(value) FILTER (WHERE value_kind IS DISTINCT FROM 'max') AS value_mean,
  min(value) FILTER (WHERE value_kind IS DISTINCT FROM 'max') AS value_min,
  max(value) AS value_max,
  any_value(steady_start_ms)::DOUBLE AS steady_start_ms, any_value(steady_end_ms)::DOUBLE AS steady_end_ms
FROM sliced
GROUP BY series_id, direction, bucket
ORDER BY series_id, direction, bucket