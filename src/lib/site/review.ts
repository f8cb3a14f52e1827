// Everything the review page shows, read at build time through the SQL builders.
import type { ComparisonRow, DeviceRow, FigureRow, HistogramRow, PercentileRow, ReviewRow, RunRow } from '../schema.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildComparisonsSql, buildFiguresSql } from '../queries/published.ts';
import { buildHistogramsSql } from '../queries/histograms.ts';
import { buildPercentilesSql } from '../queries/percentiles.ts';
import { buildRunsSql } from '../queries/runs.ts';
import { buildSeriesListSql, type SeriesListRow } from '../queries/timeseries.ts';
import { siteQuery } from './db.ts';
import { groupByWorkload, type WorkloadGroup } from './groups.ts';
import { loadManifest, rawCopyOf } from './manifest.ts';

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
	histograms: HistogramRow[];
	series: SeriesListRow[];
	files: SourceFile[];
}

export async function reviewIds(): Promise<string[]> {
	return (await siteQuery<ReviewRow>(buildReviewsSql())).map((r) => r.review_id);
}

/** Parses a JSON column written by the ingest; text that is not JSON is kept as it is. */
export function parseJsonColumn(text: string | null): unknown {
	if (text === null) return null;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
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

export async function loadReview(reviewId: string): Promise<ReviewData> {
	const [review] = await siteQuery<ReviewRow>(buildReviewsSql({ reviewId }));
	if (!review) throw new Error(`no review ${reviewId}`);
	const [devices, runs, figures, comparisons, series] = await Promise.all([
		siteQuery<DeviceRow>(buildDevicesSql()),
		siteQuery<RunRow>(buildRunsSql({ reviewId })),
		siteQuery<FigureRow>(buildFiguresSql({ reviewId })),
		siteQuery<ComparisonRow>(buildComparisonsSql({ reviewId })),
		siteQuery<SeriesListRow>(buildSeriesListSql({ reviewId })),
	]);
	const runIds = [...new Set(runs.map((r) => r.run_id))];
	const [percentiles, histograms] = await Promise.all([
		siteQuery<PercentileRow>(buildPercentilesSql({ runIds })),
		siteQuery<HistogramRow>(buildHistogramsSql({ runIds })),
	]);
	const methodology = parseJsonColumn(review.methodology_json);
	const manifest = loadManifest();
	const files = manifest.inputs
		.filter((f) => f.path.startsWith(`reviews/${reviewId}/`))
		.map((f) => ({ ...f, download: rawCopyOf(manifest, f.path)?.path ?? null }));
	return {
		review,
		methodology:
			methodology && typeof methodology === 'object' && !Array.isArray(methodology)
				? Object.entries(methodology).filter(([, v]) => v !== null && v !== '')
				: [],
		tested: testedDevices(review, devices),
		devices,
		runs,
		groups: groupByWorkload(runs),
		figures,
		comparisons,
		percentiles,
		histograms,
		series,
		files,
	};
}
