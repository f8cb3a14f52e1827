// Everything the review page shows, read at build time through the SQL builders.
import type { ComparisonRow, DeviceRow, FigureRow, PercentileRow, ReviewRow, RunRow } from '../schema.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildComparisonsSql, buildFiguresSql } from '../queries/published.ts';
import { buildHistogramRunsSql } from '../queries/histograms.ts';
import { buildPercentilesSql } from '../queries/percentiles.ts';
import { buildRunsSql } from '../queries/runs.ts';
import { buildSeriesListSql, type SeriesListRow } from '../queries/timeseries.ts';
import { siteQuery, withScope, type QueryRunner } from './db.ts';
import { groupByWorkload, hasOwnPage, type WorkloadGroup } from '../site/groups.ts';
import { loadManifest, rawCopyOf, reviewScope, type ReviewScope } from './manifest.ts';
import { jsonObject, parseJsonColumn } from '../json-column.ts';

export interface TestedDevice {
	device_id: string;
	role: string;
	note: string | null;
	device: DeviceRow | undefined;
}

export interface SourceFile {
	path: string;
	format: string;
	bytes: number;
	sha256: string;
	/** Path of the published copy under the data folder ("raw/…"), when there is one. */
	download: string | null;
}

export interface ReviewData {
	review: ReviewRow;
	methodology: [string, unknown][];
	tested: TestedDevice[];
	devices: DeviceRow[];
	runs: RunRow[];
	groups: WorkloadGroup[];
	figures: FigureRow[];
	comparisons: ComparisonRow[];
	percentiles: PercentileRow[];
	histogramRuns: string[];
	series: SeriesListRow[];
	files: SourceFile[];
	/** The review's files in the dataset: what the page's live queries read. */
	scope: ReviewScope;
}

export async function reviewIds(): Promise<string[]> {
	return (await siteQuery<ReviewRow>(buildReviewsSql())).map((r) => r.review_id);
}

/** Every workload with a page of its own (groups.ts hasOwnPage), from one query over the catalog's runs. */
export async function workloadPages(): Promise<{ reviewId: string; groupId: string }[]> {
	const byReview = new Map<string, RunRow[]>();
	for (const r of await siteQuery<RunRow>(buildRunsSql({}))) byReview.set(r.review_id, [...(byReview.get(r.review_id) ?? []), r]);
	return [...byReview].flatMap(([reviewId, runs]) => groupByWorkload(runs).filter(hasOwnPage).map((g) => ({ reviewId, groupId: g.id })));
}

function testedDevices(review: ReviewRow, devices: readonly DeviceRow[]): TestedDevice[] {
	const parsed = parseJsonColumn(review.devices_json);
	if (!Array.isArray(parsed)) return [];
	return parsed
		.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null && typeof d.device_id === 'string')
		.map((d) => ({
			device_id: d.device_id as string,
			role: typeof d.role === 'string' ? d.role : 'subject',
			note: typeof d.note === 'string' ? d.note : null,
			device: devices.find((x) => x.device_id === d.device_id),
		}));
}

const runIdsOf = (runs: readonly RunRow[]) => [...new Set(runs.map((r) => r.run_id))];

/** Which of some runs have histogram bins. */
export async function histogramRunsOf(query: QueryRunner, runs: readonly RunRow[]): Promise<string[]> {
	return (await query<{ run_id: string }>(buildHistogramRunsSql({ runIds: runIdsOf(runs) }))).map((r) => r.run_id);
}

/** What a page's chart plan needs to know of some runs beyond their rows: their percentiles, and which have histogram bins. */
export async function runDetails(query: QueryRunner, runs: readonly RunRow[]): Promise<{ percentiles: PercentileRow[]; histogramRuns: string[] }> {
	const [percentiles, histogramRuns] = await Promise.all([query<PercentileRow>(buildPercentilesSql({ runIds: runIdsOf(runs) })), histogramRunsOf(query, runs)]);
	return { percentiles, histogramRuns };
}

export async function loadReview(reviewId: string): Promise<ReviewData> {
	const [review] = await siteQuery<ReviewRow>(buildReviewsSql({ reviewId }));
	if (!review) throw new Error(`no review ${reviewId}`);
	const scope = reviewScope([reviewId]);
	// Only the drives this review names: a page never carries the whole catalog's devices.
	const named = new Set([...testedDevices(review, []).map((d) => d.device_id), ...(loadManifest().reviews[reviewId]?.devices ?? [])]);
	const devices = await siteQuery<DeviceRow>(buildDevicesSql({ deviceIds: [...named].sort() }));
	return withScope(scope, async (query) => {
		const [runs, figures, comparisons, series] = await Promise.all([
			query<RunRow>(buildRunsSql({ reviewId })),
			query<FigureRow>(buildFiguresSql({ reviewId })),
			query<ComparisonRow>(buildComparisonsSql({ reviewId })),
			query<SeriesListRow>(buildSeriesListSql({ reviewId })),
		]);
		const { percentiles, histogramRuns } = await runDetails(query, runs);
		const files = scope.inputs.map((f) => ({ ...f, download: rawCopyOf(scope, f.path)?.path ?? null }));
		return {
			review,
			methodology: Object.entries(jsonObject(review.methodology_json)).filter(([, v]) => v !== null && v !== ''),
			tested: testedDevices(review, devices),
			devices,
			runs,
			groups: groupByWorkload(runs),
			figures,
			comparisons,
			percentiles,
			histogramRuns,
			series,
			files,
			scope,
		};
	});
}
