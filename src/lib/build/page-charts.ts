// The charts of a review page and of a drive page, planned when the page renders (its chart tables are written
// then too, see chart-tables.ts): nothing is kept once the page is done, so a build's memory does not grow with
// the catalog.
import type { Lang } from '../../i18n/strings.ts';
import { planCharts, type ChartPlan } from './chart-plan.ts';
import type { ChartSpec } from '../site/chart-data.ts';
import { loadDrive, type DriveData, type DriveReview } from './drive.ts';
import { withScope } from './db.ts';
import { deviceLabels } from '../site/labels.ts';
import { loadReview, type ReviewData } from './review.ts';

export interface ReviewCharts {
	data: ReviewData;
	labels: Record<string, string>;
	plan: ChartPlan;
}

export interface DriveCharts {
	data: DriveData;
	labels: Record<string, string>;
	/** One plan per review with results of the drive. */
	plans: { review: DriveReview; plan: ChartPlan }[];
	/** The published comparisons that involve the drive. */
	cmpPlan: ChartPlan;
	/** What the page's controls act on: every plan's kinds, devices, directions and runs together. */
	pagePlan: ChartPlan;
}

/**
 * The last reviews read: a review's workload pages are built one after another, and each needs the review's data.
 * Only a couple are kept, so memory stays that of one page whatever the catalog's size.
 */
const recent = new Map<string, Promise<ReviewData>>();
const RECENT = 2;

function recentReview(reviewId: string): Promise<ReviewData> {
	let data = recent.get(reviewId);
	if (!data) {
		data = loadReview(reviewId);
		recent.set(reviewId, data);
		data.catch(() => recent.delete(reviewId));
		for (const key of recent.keys()) if (recent.size > RECENT) recent.delete(key);
	}
	return data;
}

/** A review's charts: its page's (a summary: workloads with a page of their own are listed), or one workload's. */
export async function reviewCharts(reviewId: string, lang: Lang, part: 'summary' | { groupId: string } = 'summary'): Promise<ReviewCharts> {
	const data = await recentReview(reviewId);
	const labels = deviceLabels(data.devices);
	const plan = await withScope(data.scope, (query) =>
		planCharts(data, { lang, labels, idPrefix: 'r', comparisonFilter: { reviewId }, query, part }),
	);
	return { data, labels, plan };
}

export async function driveCharts(deviceId: string, lang: Lang): Promise<DriveCharts> {
	const data = await loadDrive(deviceId);
	const labels = deviceLabels(data.devices);
	const { plans, cmpPlan } = await withScope(data.scope, async (query) => {
		const plans: DriveCharts['plans'] = [];
		for (const r of data.reviews) {
			plans.push({
				review: r,
				plan: await planCharts(r.source, { lang, labels, idPrefix: `d-${r.review.review_id}`, comparisonFilter: { deviceId }, query, part: 'summary' }),
			});
		}
		const cmpPlan = await planCharts(
			{ runs: [], groups: [], figures: [], comparisons: data.comparisons, percentiles: [], histogramRuns: [], series: [] },
			{ lang, labels, idPrefix: 'd', comparisonFilter: { deviceId }, query },
		);
		return { plans, cmpPlan };
	});
	const all = [...plans.map((p) => p.plan), cmpPlan];
	const pagePlan: ChartPlan = {
		...cmpPlan,
		kinds: [...new Set(all.flatMap((p) => p.kinds))],
		devices: [...new Set(all.flatMap((p) => p.devices))].sort(),
		directions: [...new Set(plans.flatMap((p) => p.plan.directions))],
		hasTimeseries: plans.some((p) => p.plan.hasTimeseries),
		runIds: [...new Set(all.flatMap((p) => p.runIds))],
	};
	return { data, labels, plans, cmpPlan, pagePlan };
}

/** Every chart of a plan, in page order. */
export function planSpecs(plan: ChartPlan): ChartSpec[] {
	return [...plan.overview, ...plan.groups.flatMap((g) => g.charts), ...plan.comparisons];
}
