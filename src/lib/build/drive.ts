// Everything the drive page shows: the device's specs, claimed figures beside the best results in the dataset,
// and its results in every review, read at build time through the SQL builders.
import type { ComparisonRow, DeviceRow, FigureRow, ReviewRow, RunRow } from '../schema.ts';
import { CATALOG_SLOTS, type CatalogSlotKey } from '../compare/slots.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildComparisonsSql, buildFiguresSql } from '../queries/published.ts';
import { buildRunsSql, matchesRunsFilter } from '../queries/runs.ts';
import { buildSeriesListSql, type SeriesListRow } from '../queries/timeseries.ts';
import { claimOutcome, type ClaimOutcome } from '../site/claims.ts';
import { bestInSlot, type SlotFigure } from '../site/slot-cells.ts';
import { siteQuery, withScope } from './db.ts';
import { reviewScope, reviewsOfDevice, type ReviewScope } from './manifest.ts';
import { groupByWorkload } from '../site/groups.ts';
import type { PlanSource } from './chart-plan.ts';
import { runDetails } from './review.ts';
import { parseJsonColumn } from '../json-column.ts';

export interface ClaimedFigure {
	item: string;
	value: number | string | null;
	unit: string | null;
	written: string | null;
	quote: string | null;
	note: string | null;
	/** The claim against the results: matched at its conditions, or why not. */
	outcome: ClaimOutcome;
}

export interface DriveReview {
	review: ReviewRow;
	source: PlanSource;
	/** Ids of the review's own workload groups by label (its workload pages: groups.ts workloadPath). */
	workloadIds: Record<string, string>;
}

export interface DriveData {
	device: DeviceRow;
	devices: DeviceRow[];
	claimed: ClaimedFigure[];
	/** Per catalog column, the drive's best figure in any review (per drive, the slot's results only). */
	best: Partial<Record<CatalogSlotKey, SlotFigure>>;
	reviews: DriveReview[];
	/** Every run of the drive, in the order buildRunsSql returns them. */
	runs: RunRow[];
	/** Reviews that compare other drives with this one without results of its own. */
	comparedIn: ReviewRow[];
	comparisons: ComparisonRow[];
	/** Other facts from the device YAML. */
	extra: unknown;
	/** The files of the reviews that name the drive: what the page's live queries read. */
	scope: ReviewScope;
}

export async function deviceIds(): Promise<string[]> {
	return (await siteQuery<DeviceRow>(buildDevicesSql())).map((d) => d.device_id);
}

function claimedFigures(device: DeviceRow, runs: readonly RunRow[]): ClaimedFigure[] {
	const parsed = parseJsonColumn(device.claimed_json);
	if (!Array.isArray(parsed)) return [];
	return parsed
		.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && typeof c.item === 'string')
		.map((c) => {
			const claim = {
				item: c.item as string,
				value: typeof c.value === 'number' || typeof c.value === 'string' ? c.value : null,
				unit: typeof c.unit === 'string' ? c.unit : null,
			};
			return {
				...claim,
				written: typeof c.written === 'string' ? c.written : null,
				quote: typeof c.quote === 'string' ? c.quote : null,
				note: typeof c.note === 'string' ? c.note : null,
				outcome: claimOutcome(claim, runs),
			};
		});
}

/** The drive's best figure per catalog column, over every review. */
export function bestFigures(runs: readonly RunRow[]): Partial<Record<CatalogSlotKey, SlotFigure>> {
	const best: Partial<Record<CatalogSlotKey, SlotFigure>> = {};
	for (const slot of CATALOG_SLOTS) {
		const figure = bestInSlot(runs, slot);
		if (figure) best[slot.key] = figure;
	}
	return best;
}

export async function loadDrive(deviceId: string): Promise<DriveData> {
	const [device] = await siteQuery<DeviceRow>(buildDevicesSql({ deviceId }));
	if (!device) throw new Error(`no device ${deviceId}`);
	// Only the reviews that name this drive are read: a drive page's work does not grow with the catalog.
	const reviewIds = reviewsOfDevice(deviceId);
	const scope = reviewScope(reviewIds);
	const reviews = await siteQuery<ReviewRow>(buildReviewsSql({ reviewIds }));
	const { allRuns, reviewRuns, figures, comparisons, series, percentiles, histogramRuns } = await withScope(scope, async (query) => {
		const [reviewRuns, figures, comparisons, series] = await Promise.all([
			// Every run of those reviews, other drives' too: the reviews' own workload groups.
			query<RunRow>(buildRunsSql({})),
			query<FigureRow>(buildFiguresSql({ deviceId })),
			query<ComparisonRow>(buildComparisonsSql({ deviceId })),
			query<SeriesListRow>(buildSeriesListSql({ deviceId })),
		]);
		// The drive's, as buildRunsSql({ deviceId }) returns them: its rows of those, in their order.
		const allRuns = reviewRuns.filter((r) => matchesRunsFilter(r, { deviceId }));
		return { allRuns, reviewRuns, figures, comparisons, series, ...(await runDetails(query, allRuns)) };
	});
	const named = new Set([deviceId, ...allRuns.map((r) => r.device_id), ...comparisons.flatMap((c) => (c.basis_device_id ? [c.device_id, c.basis_device_id] : [c.device_id]))]);
	const devices = await siteQuery<DeviceRow>(buildDevicesSql({ deviceIds: [...named].sort() }));
	const withResults = new Set([...allRuns.map((r) => r.review_id), ...figures.map((f) => f.review_id)]);
	const driveReviews: DriveReview[] = reviews
		.filter((r) => withResults.has(r.review_id))
		.sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || a.review_id.localeCompare(b.review_id))
		.map((review) => {
			const runs = allRuns.filter((r) => r.review_id === review.review_id);
			const ids = new Set(runs.map((r) => r.run_id));
			return {
				review,
				source: {
					runs,
					groups: groupByWorkload(runs, review.review_id),
					figures: figures.filter((f) => f.review_id === review.review_id),
					comparisons: [],
					percentiles: percentiles.filter((p) => ids.has(p.run_id)),
					histogramRuns: histogramRuns.filter((id) => ids.has(id)),
					series: series.filter((s) => s.review_id === review.review_id),
				},
				workloadIds: Object.fromEntries(groupByWorkload(reviewRuns.filter((r) => r.review_id === review.review_id)).map((g) => [g.label, g.id])),
			};
		});
	const comparedIn = reviews.filter((r) => !withResults.has(r.review_id) && comparisons.some((c) => c.review_id === r.review_id));
	return {
		device,
		devices,
		claimed: claimedFigures(device, allRuns),
		best: bestFigures(allRuns),
		reviews: driveReviews,
		runs: allRuns,
		comparedIn,
		comparisons,
		extra: parseJsonColumn(device.extra_json),
		scope,
	};
}
