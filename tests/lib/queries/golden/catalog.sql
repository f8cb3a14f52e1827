WITH pairs AS (
  SELECT review_id, device_id FROM runs
  UNION SELECT review_id, device_id FROM figures
  UNION SELECT review_id, device_id FROM comparisons
),
headline AS (
  SELECT
    review_id,
    device_id,
    string_agg(DISTINCT tool, '; ' ORDER BY tool) AS tools,
    string_agg(DISTINCT value_origin, ', ' ORDER BY value_origin) AS origins,
    count(*)::INTEGER AS run_count
  FROM runs
  GROUP BY review_id, device_id
)
SELECT
  d.device_id, d.vendor, d.model, d.device_class, d.capacity_bytes, d.interface, d.interface_lanes, d.form_factor,
  p.review_id, rv.title, rv.title_en, rv.publisher, rv.year, rv.language,
  h.tools, h.origins, coalesce(h.run_count, 0)::INTEGER AS run_count
FROM devices d
LEFT JOIN pairs p ON p.device_id = d.device_id
LEFT JOIN reviews rv ON rv.review_id = p.review_id
LEFT JOIN headline h ON h.review_id = p.review_id AND h.device_id = p.device_id
ORDER BY d.vendor NULLS LAST, d.model NULLS LAST, d.device_id, rv.year NULLS LAST, p.review_id NULLS LAST