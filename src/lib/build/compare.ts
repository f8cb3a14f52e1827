// Build-only: what the comparison pages are made from. The pairs of drives tested in one review (each gets a
// pre-rendered page; pairs that share no review are drawn in the browser, so pages grow with reviews, not with the
// square of the catalog), a pair's rows, and each drive's file for the browser's comparison page.
import type { DeviceClass, DeviceRow, HistogramRow, ReviewRow, RunRow } from '../schema.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildRunsSql, matchesRunsFilter } from '../queries/runs.ts';
import { buildHistogramsSql } from '../queries/histograms.ts';
import { buildSeriesListSql, buildTimeseriesSql, type TimeseriesBucketRow } from '../queries/timeseries.ts';
import type { SeriesRow } from '../schema.ts';
import type { QueryRunner } from '../site/chart-data.ts';
import { compareDrives, type Comparison } from '../compare/comparison.ts';
import { COMPARE_TABLES, type CompareDriveFile } from '../compare/drive-file.ts';
import type { ReviewFacts } from '../compare/conditions.ts';
import { comparisonCharts, type ComparisonCharts } from '../compare/html.ts';
import type { PercentileRow } from '../schema.ts';
import { siteQuery, withScope } from './db.ts';
import { deviceLabels } from '../site/labels.ts';
import { reviewManifest, reviewScope, reviewsOfDevice } from './manifest.ts';
import { histogramRunsOf, runDetails } from './review.ts';

export interface ComparePair {
	a: string;
	b: string;
	/** The reviews of either drive: what the page reads (its incremental key). */
	reviews: string[];
}

let pairs: Promise<ComparePair[]> | undefined;

/** Every pair of drives with results in one review, ids in order. */
export function comparePairs(): Promise<ComparePair[]> {
	pairs ??= siteQuery<{ review_id: string; device_id: string }>({
		sql: 'SELECT DISTINCT review_id, device_id FROM runs ORDER BY review_id, device_id',
		params: [],
	}).then((rows) => {
		const byReview = new Map<string, string[]>();
		for (const r of rows) byReview.set(r.review_id, [...(byReview.get(r.review_id) ?? []), r.device_id]);
		const seen = new Map<string, ComparePair>();
		for (const devices of byReview.values()) {
			for (let i = 0; i < devices.length; i++) {
				for (let j = i + 1; j < devices.length; j++) {
					const [a, b] = [devices[i]!, devices[j]!];
					const key = `${a}\u0000${b}`;
					if (!seen.has(key)) seen.set(key, { a, b, reviews: [...new Set([...reviewsOfDevice(a), ...reviewsOfDevice(b)])].sort() });
				}
			}
		}
		return [...seen.values()];
	});
	return pairs;
}

/** The pairs a drive is in: the drives it was tested beside, for its "Compare with…". */
export async function pairsOf(deviceId: string): Promise<string[]> {
	return (await comparePairs()).flatMap((p) => (p.a === deviceId ? [p.b] : p.b === deviceId ? [p.a] : []));
}

export interface PairComparison {
	comparison: Comparison;
	charts: ComparisonCharts;
	devices: DeviceRow[];
	labels: Record<string, string>;
	reviews: ReviewRow[];
}

/** The comparison of some drives over their reviews, as the browser computes it from the same rows. */
export async function loadComparison(deviceIds: readonly string[]): Promise<PairComparison> {
	const reviewIds = [...new Set(deviceIds.flatMap(reviewsOfDevice))].sort();
	const [devices, reviews] = await Promise.all([
		siteQuery<DeviceRow>(buildDevicesSql({ deviceIds: [...deviceIds].sort() })),
		siteQuery<ReviewRow>(buildReviewsSql({ reviewIds })),
	]);
	return withScope(reviewScope(reviewIds), async (query) => {
		// Each drive's runs as buildRunsSql({ deviceId }) returns them, from one query over the reviews.
		const all = await query<RunRow>(buildRunsSql({}));
		const runs = deviceIds.flatMap((deviceId) => all.filter((r) => matchesRunsFilter(r, { deviceId })));
		const { percentiles, histogramRuns } = await runDetails(query, runs);
		const logs = await logsOf(query, deviceIds);
		const comparison = compareDrives({
			devices: deviceIds,
			runs,
			percentiles: percentiles as PercentileRow[],
			histogramRuns: new Set(histogramRuns),
			logs,
			reviews: new Map<string, ReviewFacts>(reviews.map((r) => [r.review_id, r])),
			deviceClasses: new Map(devices.map((d) => [d.device_id, d.device_class as DeviceClass])),
		});
		const late = await lateRows(query, comparison);
		const charts = comparisonCharts(comparison, runs, percentiles, late);
		return { comparison, charts, devices, labels: deviceLabels(devices), reviews };
	});
}

/** The log metrics of each run of some drives that has logs. */
async function logsOf(query: QueryRunner, deviceIds: readonly string[]): Promise<Map<string, string[]>> {
	const series = (await Promise.all(deviceIds.map((deviceId) => query<SeriesRow>(buildSeriesListSql({ deviceId }))))).flat();
	const logs = new Map<string, string[]>();
	for (const s of series) if (s.run_id !== null) logs.set(s.run_id, [...new Set([...(logs.get(s.run_id) ?? []), s.metric])]);
	return logs;
}

/** The histogram bins and log points of the runs the comparison's charts draw at one load. */
async function lateRows(query: QueryRunner, comparison: Comparison): Promise<{ histograms: HistogramRow[]; timeseries: TimeseriesBucketRow[] }> {
	const histogramRuns = comparison.families.flatMap((f) => f.histogram?.runIds ?? []);
	const logged = comparison.families.flatMap((f) => (f.timeseries ? [f.timeseries] : []));
	const [histograms, timeseries] = await Promise.all([
		histogramRuns.length ? query<HistogramRow>(buildHistogramsSql({ runIds: histogramRuns })) : [],
		Promise.all(logged.map((l) => query<TimeseriesBucketRow>(buildTimeseriesSql({ runIds: l.runIds, metric: l.metric })))).then((r) => r.flat()),
	]);
	return { histograms, timeseries };
}

/** A drive's file for the browser's comparison page. */
export async function compareDriveFile(deviceId: string): Promise<CompareDriveFile> {
	const reviewIds = reviewsOfDevice(deviceId);
	const [[device], reviews] = await Promise.all([
		siteQuery<DeviceRow>(buildDevicesSql({ deviceId })),
		reviewIds.length ? siteQuery<ReviewRow>(buildReviewsSql({ reviewIds })) : Promise.resolve([]),
	]);
	if (!device) throw new Error(`no device ${deviceId}`);
	// Which runs have histogram bins and logs: the comparison plans those charts before it reads their rows.
	const { histogramRuns, series } = await withScope(reviewScope(reviewIds), async (query) => {
		const runs = await query<RunRow>(buildRunsSql({ deviceId }));
		const [histogramRuns, series] = await Promise.all([histogramRunsOf(query, runs), query<SeriesRow>(buildSeriesListSql({ deviceId }))]);
		return { histogramRuns, series: series.filter((s) => s.run_id !== null) };
	});
	return {
		device_id: deviceId,
		label: deviceLabels([device])[deviceId] ?? deviceId,
		device_class: device.device_class as DeviceClass,
		reviews: reviews.map((r) => {
			const m = reviewManifest(r.review_id);
			const partitions = Object.fromEntries(COMPARE_TABLES.flatMap((t) => (m.partitions[t] ? [[t, m.partitions[t]]] : [])));
			return {
				review_id: r.review_id,
				title: r.title ?? r.review_id,
				title_en: r.title_en,
				year: r.year,
				platform_cpu: r.platform_cpu,
				platform_os: r.platform_os,
				drive_count: r.drive_count,
				methodology_json: r.methodology_json,
				partitions,
				histogram_runs: [...histogramRuns].filter((id) => id.startsWith(`${r.review_id}:`)).sort(),
				logs: series.filter((s) => s.review_id === r.review_id).map(({ series_id, run_id, source_file, metric, window_ms }) => ({ series_id, run_id, source_file, metric, window_ms })),
			};
		}),
	};
}
