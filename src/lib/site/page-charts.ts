// The charts of a review page and of a drive page, planned when the page renders (its chart tables are written
// then too, see chart-tables.ts): nothing is kept once the page is done, so a build's memory does not grow with
// the catalog.
import type { Lang } from '../../i18n/strings.ts';
import { planCharts, type ChartPlan } from './chart-plan.ts';
import type { ChartSpec } from './chart-data.ts';
import { loadDrive, type DriveData, type DriveReview } from './drive.ts';
import { withScope } from './db.ts';
import { deviceLabels } from './labels.ts';
import { scopePaths } from './manifest.ts';
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

export async function reviewCharts(reviewId: string, lang: Lang): Promise<ReviewCharts> {
	const data = await loadReview(reviewId);
	const labels = deviceLabels(data.devices);
	const plan = await withScope(scopePaths(data.scope), (query) => planCharts(data, { lang, labels, idPrefix: 'r', comparisonFilter: { reviewId }, query }));
	return { data, labels, plan };
}

export async function driveCharts(deviceId: string, lang: Lang): Promise<DriveCharts> {
	const data = await loadDrive(deviceId);
	const labels = deviceLabels(data.devices);
	const { plans, cmpPlan } = await withScope(scopePaths(data.scope), async (query) => {
		const plans: DriveCharts['plans'] = [];
		for (const r of data.reviews) {
			plans.push({
				review: r,
				plan: await planCharts(r.source, { lang, labels, idPrefix: `d-${r.review.review_id}`, comparisonFilter: { deviceId }, query }),
			});
		}
		const cmpPlan = await planCharts(
			{ runs: [], groups: [], figures: [], comparisons: data.comparisons, percentiles: [], histograms: [], series: [] },
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
