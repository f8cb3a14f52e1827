// Time series from fio logs, downsampled in SQL: each series is cut into `buckets` equal time slices and each
// slice becomes one point (mean, min, max, count), so a 30-minute per-I/O log is drawn from a few hundred rows.
import { series, type SeriesRow } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

export const DEFAULT_BUCKETS = 300;

export interface TimeseriesFilter {
	/** Log files (timeseries.series_id); or runIds, the runs logs belong to. */
	seriesIds?: readonly string[];
	runIds?: readonly string[];
	/** bw, iops, lat, clat or slat; every metric when not given. */
	metric?: string;
	direction?: string;
	/** Time slices per series and direction; 300 when not given. */
	buckets?: number;
	lang?: Lang;
}

export interface TimeseriesBucketRow {
	series_id: string;
	review_id: string;
	device_id: string;
	run_id: string | null;
	source_file: string;
	metric: string;
	direction: string;
	window_ms: number | null;
	bucket: number;
	/** Mean time of the points in the slice, ms since the job started. */
	time_ms: number;
	time_start_ms: number;
	time_end_ms: number;
	/** Points in the slice. */
	points: number;
	/** In the metric's base unit: IOPS, bytes/s or ns. Window maxima (log_window_value=both) only raise value_max. */
	value_mean: number | null;
	value_min: number | null;
	value_max: number | null;
	/** The series' steady-state window (steady_state), when this direction reached one. */
	steady_start_ms: number | null;
	steady_end_ms: number | null;
}

export function buildTimeseriesSql(filter: TimeseriesFilter): BuiltQuery {
	const buckets = Math.max(1, Math.floor(filter.buckets ?? DEFAULT_BUCKETS));
	const p = new Params();
	const where: string[] = [];
	if (filter.seriesIds !== undefined) where.push(`t.series_id IN (${p.list(filter.seriesIds)})`);
	if (filter.runIds !== undefined) where.push(`s.run_id IN (${p.list(filter.runIds)})`);
	if (filter.metric !== undefined) where.push(`s.metric = ${p.add(filter.metric)}`);
	if (filter.direction !== undefined) where.push(`t.direction = ${p.add(filter.direction)}`);
	const n = p.add(buckets);
	const text = sql`
		WITH points AS (
			SELECT
				t.series_id, s.review_id, s.device_id, s.run_id, s.source_file, s.metric, s.window_ms,
				t.direction, t.value_kind, t.time_ms, coalesce(t.iops, t.bw_bytes_per_s, t.lat_ns) AS value,
				ss.window_start_ms AS steady_start_ms, ss.window_end_ms AS steady_end_ms
			FROM timeseries t
			JOIN series s ON s.series_id = t.series_id
			LEFT JOIN steady_state ss ON ss.series_id = t.series_id AND ss.direction = t.direction
			WHERE ${where.length ? where.join(' AND ') : 'TRUE'}
		),
		spans AS (
			SELECT series_id, direction, min(time_ms) AS t0, max(time_ms) AS t1
			FROM points
			GROUP BY series_id, direction
		),
		sliced AS (
			SELECT
				p.*,
				least(floor((p.time_ms - s.t0) * CAST(${n} AS DOUBLE) / greatest(s.t1 - s.t0, 1)), CAST(${n} AS DOUBLE) - 1)::INTEGER AS bucket
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
	`;
	const ids = filter.seriesIds ?? filter.runIds ?? [];
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'timeseriesSlices', {
			metric: filter.metric ?? captionFor(filter.lang, 'everyMetric'),
			ids: idsText(ids, filter.lang) || captionFor(filter.lang, 'everySeries'),
			buckets,
		}),
		tables: ['timeseries', 'series', 'steady_state'],
		...(filter.seriesIds !== undefined ? { rowFilter: { timeseries: { column: 'series_id', values: [...filter.seriesIds] } } } : {}),
	};
}

export type SeriesListRow = SeriesRow;

/** The time series (log files) of a review or a drive, without their points. */
export function buildSeriesListSql(filter: { reviewId?: string; deviceId?: string; lang?: Lang }): BuiltQuery {
	const p = new Params();
	const where: string[] = [];
	if (filter.reviewId !== undefined) where.push(`review_id = ${p.add(filter.reviewId)}`);
	if (filter.deviceId !== undefined) where.push(`device_id = ${p.add(filter.deviceId)}`);
	const text = sql`
		SELECT ${series.columns.map((c) => c.name).join(', ')}
		FROM series
		WHERE ${where.length ? where.join(' AND ') : 'TRUE'}
		ORDER BY series_id
	`;
	const subject = filter.reviewId ?? filter.deviceId ?? '';
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'timeseriesList', { subject: subject ? captionFor(filter.lang, 'timeseriesOf', { id: subject }) : '' }),
		tables: ['series'],
	};
}
