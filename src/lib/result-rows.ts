// Where a parser's rows land in the published tables: the ids that tie a run, its percentiles, histograms and series
// to the review and the file they came from. The ingest places rows by these rules and so does a reader's own result
// in the browser ("your drive" on a comparison page), so that its rows are the ingest's apart from the ids.
import type { ParsedRun, ParsedTimeseries } from './formats/parse-result.ts';
import type { RunRow } from './schema.ts';

/** A run's id: its review, the file's path inside the review's folder, and the run's key within the file. */
export const runIdOf = (reviewId: string, file: string, runKey: string): string => `${reviewId}:${file}#${runKey}`;

/** A log file is one series (no key); a result file's series are told apart by resultSeriesKey. */
export const seriesIdOf = (reviewId: string, file: string, key?: string): string => (key === undefined ? `${reviewId}:${file}` : `${reviewId}:${file}#${key}`);

/** Which series of a result file a time-series row belongs to: one per metric, and per worker (series_key) when given. */
export const resultSeriesKey = (r: Pick<ParsedTimeseries, 'metric' | 'series_key'>): string => (r.series_key ? `${r.metric}#${r.series_key}` : r.metric);

/** Columns a run takes from its file's entry in raw/runs.yaml when the file itself does not say. */
export type RunDefaults = Partial<Pick<RunRow, 'device_count' | 'workload' | 'rate_limit_iops' | 'condition' | 'host'>>;

export interface RunPlace {
	reviewId: string;
	deviceId: string;
	/** Path inside the review's folder (the run id's part). */
	file: string;
	/** Path as published in source_file. */
	source: string;
	defaults?: RunDefaults;
}

/** A parsed run as a published row: placed in its review, device and file; the parser's own review/device dropped. */
export function placeRun(r: ParsedRun, place: RunPlace): RunRow {
	const { run_key, review_id: _review, device_id: _device, ...rest } = r;
	const d = place.defaults;
	return {
		...rest,
		review_id: place.reviewId,
		device_id: place.deviceId,
		run_id: runIdOf(place.reviewId, place.file, run_key),
		source_file: place.source,
		device_count: rest.device_count ?? d?.device_count ?? null,
		workload: rest.workload ?? d?.workload ?? null,
		rate_limit_iops: rest.rate_limit_iops ?? d?.rate_limit_iops ?? null,
		condition: rest.condition ?? d?.condition ?? null,
		host: d?.host ?? null,
	};
}

/** A percentile or histogram row of a run: its run_key becomes the run's id. */
export function withRunId<T extends { run_key: string }>(row: T, runId: string): Omit<T, 'run_key'> & { run_id: string } {
	const { run_key: _key, ...rest } = row;
	return { ...rest, run_id: runId };
}
