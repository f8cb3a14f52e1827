// Which charts a review or drive page shows: per workload group, the charts its results can fill (a load sweep
// gets latency-vs-IOPS and QD scaling, reported percentiles a ladder, histogram bins a histogram and exceedance,
// logs a time series, single figures bars), plus the four corners overview and the published comparisons.
// Every chart's input is then fetched with its own queries, the same ones the browser re-runs.
import type { ComparisonRow, FigureRow, PercentileRow, RunRow } from '../schema.ts';
import { fourCornersData } from '../charts/four-corners/chart.ts';
import type { Draft, GroupFacts } from '../charts/kind.ts';
import { KINDS } from '../charts/kinds.ts';
import { byDirection } from '../charts/percentile-ladder/index.ts';
import { latencyOf, outstandingOf, rateOf } from '../charts/run-values.ts';
import type { ChartOptions } from '../charts/options.ts';
import type { SeriesListRow } from '../queries/timeseries.ts';
import { rowsOfRuns } from '../queries/query.ts';
import type { Lang } from '../../i18n/strings.ts';
import { DEFAULT_VIEW, chartOptions, type ChartKind } from '../site/chart-kinds.ts';
import { assembleInput, pageRunIds, batchQueries, type ChartSpec } from '../site/chart-data.ts';
import type { QueryRunner } from './db.ts';
import { hasOwnPage, type WorkloadGroup } from '../site/groups.ts';

export interface PlannedGroup {
	group: WorkloadGroup;
	/** The workload's charts are on its own page (groups.ts hasOwnPage), not planned here. */
	ownPage: boolean;
	charts: ChartSpec[];
	/** Published figures transcribed for this workload. */
	figures: FigureRow[];
}

export interface ChartPlan {
	overview: ChartSpec[];
	/** The devices the first overview chart (the headline) draws. */
	headlineDevices: string[];
	groups: PlannedGroup[];
	comparisons: ChartSpec[];
	/** Every device drawn in some chart, for the "drives shown" control. */
	devices: string[];
	kinds: ChartKind[];
	/** Every run a chart selects by id: the page's run table (see chart-data.ts). */
	runIds: string[];
	/** Directions the page's ladders can switch between. */
	directions: string[];
	hasTimeseries: boolean;
	labels: Record<string, string>;
}

export interface PlanSource {
	/** Every row of each run of the page's review or drive, in the order buildRunsSql returns them. */
	runs: RunRow[];
	groups: WorkloadGroup[];
	figures: FigureRow[];
	comparisons: ComparisonRow[];
	percentiles: PercentileRow[];
	/** Runs that have latency histogram bins (the bins themselves are the charts' queries'). */
	histogramRuns: string[];
	series: SeriesListRow[];
}

export interface PlanContext {
	lang: Lang;
	labels: Record<string, string>;
	/** Prefix of chart ids (unique per page). */
	idPrefix: string;
	/** Review or drive the comparisons belong to (their re-query filter). */
	comparisonFilter: { reviewId?: string; deviceId?: string };
	/** Runs the charts' queries: on the page's own reviews (db.ts withScope), never the whole catalog. */
	query: QueryRunner;
	/**
	 * Which charts: every chart (default); a summary, where workloads with a page of their own are listed without
	 * their charts; or the charts of one such workload, for its page.
	 */
	part?: 'all' | 'summary' | { groupId: string };
}

const distinct = <T>(values: readonly T[]) => [...new Set(values)];

function loadKey(r: RunRow): string {
	return r.rate_limit_iops !== null ? `rate:${r.rate_limit_iops}` : `qd:${outstandingOf(r) ?? '?'}`;
}

/** A sweep: some device and direction has at least two loads with both a rate and a latency. */
function isSweep(runs: readonly RunRow[]): boolean {
	const loads = new Map<string, Set<string>>();
	for (const r of runs) {
		if (rateOf(r, 'iops') === null || latencyOf(r, 'mean', 'us') === null) continue;
		const k = `${r.device_id}\u0000${r.direction}\u0000${r.value_origin}`;
		loads.set(k, (loads.get(k) ?? new Set()).add(loadKey(r)));
	}
	return [...loads.values()].some((s) => s.size >= 2);
}

const probeOptions = (lang: Lang): ChartOptions => ({ lang, stat: 'mean', rateUnit: 'iops', latencyUnit: 'us' });

/** What a group's charts are planned from (kind.ts GroupFacts): each kind's `plan` then says which it draws. */
function groupFacts(group: WorkloadGroup, src: PlanSource, lang: Lang): GroupFacts {
	return {
		lang,
		runs: group.runs,
		runIds: distinct(group.runs.map((r) => r.run_id)),
		relabel: group.runs.some((r) => r.workload === null) ? group.label : undefined,
		rated: group.runs.filter((r) => rateOf(r, 'iops') !== null || r.tps !== null),
		sweep: isSweep(group.runs),
		percentiles: src.percentiles,
		histogramRuns: src.histogramRuns,
		series: src.series,
	};
}

/** A group's charts: each kind's, in the order of the kinds' list. */
function groupDrafts(group: WorkloadGroup, src: PlanSource, lang: Lang): Draft[] {
	const facts = groupFacts(group, src, lang);
	return KINDS.flatMap((kind) => kind.plan?.(facts) ?? []);
}

/**
 * The charts of a page with their rows: their queries batched into one query per table where the filters allow
 * (as the browser batches them), each chart's rows then picked out in the order its own query returns them.
 */
async function materialize(drafts: readonly { draft: Draft; id: string }[], src: PlanSource, query: QueryRunner): Promise<ChartSpec[]> {
	const batch = batchQueries(drafts.map(({ draft }) => draft.queries));
	const results: unknown[][] = [];
	// The page's runs and their percentiles are read already: the charts' are picked from them.
	const read = new Set(src.runs.map((r) => r.run_id));
	const known: Partial<Record<string, readonly { run_id: string }[]>> = { runs: src.runs, percentiles: src.percentiles };
	for (const { name, query: q, runIds } of batch.queries) {
		const rows = known[name];
		results.push((rows && runIds && rowsOfRuns(rows, read, runIds)) || (await query(q)));
	}
	const perChart = batch.split(results);
	return drafts.map(({ draft, id }, i) => {
		const spec: ChartSpec = {
			id,
			kind: draft.kind as ChartKind,
			input: null,
			fixed: draft.fixed ?? {},
			queries: draft.queries,
			...(draft.directions ? { directions: draft.directions } : {}),
			...(draft.relabel ? { relabel: draft.relabel } : {}),
		};
		spec.results = perChart[i]!;
		spec.input = assembleInput(spec, spec.results);
		return spec;
	});
}

/**
 * The charts a review opens on, the first of them its headline (its first screen): the four corners when they hold every device some workload's chart
 * holds, else the first chart of the workload with the most devices (drawn here even when the workload has a page of
 * its own, and not again below). Several reviews test one drive in a corner and every drive in an application profile.
 */
function overviewOf(src: PlanSource, ctx: PlanContext): { draft: Draft; id: string; devices: string[] }[] {
	const devicesOf = (runs: readonly RunRow[]) => distinct(runs.map((r) => r.device_id)).sort();
	const corners = devicesOf(fourCornersData(src.runs, probeOptions(ctx.lang)).bars.map((b) => b.run));
	let best: { draft: Draft; id: string; devices: string[] } | null = null;
	for (const group of src.groups) {
		const first = groupDrafts(group, src, ctx.lang)[0];
		const devices = devicesOf(group.runs);
		if (first && (!best || devices.length > best.devices.length)) best = { draft: first, id: `${ctx.idPrefix}-${group.id}-${first.suffix}`, devices };
	}
	const fc = { draft: { kind: 'fc', suffix: 'fc', queries: { runs: { runIds: distinct(src.runs.map((r) => r.run_id)) } } } as Draft, id: `${ctx.idPrefix}-four-corners`, devices: corners };
	if (corners.length === 0) return best ? [best] : [];
	// The corners stay in the overview, after a headline that holds more devices.
	return !best || corners.length >= best.devices.length ? [fc] : [best, fc];
}

export async function planCharts(src: PlanSource, ctx: PlanContext): Promise<ChartPlan> {
	const drafts: { draft: Draft; id: string; place: 'overview' | 'comparisons' | number }[] = [];
	const part = ctx.part ?? 'all';
	const onePage = typeof part === 'object' ? part.groupId : null;
	const chartedHere = (group: WorkloadGroup) => (onePage !== null ? group.id === onePage : part === 'all' || !hasOwnPage(group));
	const shownGroups = onePage === null ? src.groups : src.groups.filter((g) => g.id === onePage);
	const overview = onePage === null ? overviewOf(src, ctx) : [];
	for (const o of overview) drafts.push({ draft: o.draft, id: o.id, place: 'overview' });
	shownGroups.forEach((group, g) => {
		if (!chartedHere(group)) return;
		for (const d of groupDrafts(group, src, ctx.lang)) {
			const id = `${ctx.idPrefix}-${group.id}-${d.suffix}`;
			if (!overview.some((o) => o.id === id)) drafts.push({ draft: d, id, place: g });
		}
	});
	for (const kind of ['delta', 'ratio'] as const) {
		if (onePage !== null || !src.comparisons.some((c) => c.kind === kind)) continue;
		drafts.push({
			draft: { kind: 'cmp', suffix: `cmp-${kind}`, queries: { comparisons: ctx.comparisonFilter }, fixed: { comparisonKind: kind } },
			id: `${ctx.idPrefix}-comparisons-${kind}`,
			place: 'comparisons',
		});
	}
	const specs = await materialize(drafts, src, ctx.query);
	const placed = (place: (typeof drafts)[number]['place']) => specs.filter((_, i) => drafts[i]!.place === place);
	const overviewCharts = placed('overview');
	const groups: PlannedGroup[] = shownGroups.map((group, g) => ({
		group,
		ownPage: !chartedHere(group),
		charts: placed(g),
		figures: src.figures.filter((f) => f.workload === group.label),
	}));
	const comparisons = placed('comparisons');
	const all = [...overviewCharts, ...groups.flatMap((g) => g.charts), ...comparisons];
	const charted = all.some((c) => c.kind !== 'cmp');
	const devices = distinct([...(charted ? src.runs.map((r) => r.device_id) : []), ...(comparisons.length ? src.comparisons.map((c) => c.device_id) : [])]).sort();
	return {
		overview: overviewCharts,
		headlineDevices: overview[0]?.devices ?? [],
		groups,
		comparisons,
		devices,
		kinds: distinct(all.map((c) => c.kind)),
		runIds: pageRunIds(all),
		directions: distinct(all.flatMap((c) => c.directions ?? [])).sort(byDirection),
		hasTimeseries: all.some((c) => c.kind === 'ts'),
		labels: ctx.labels,
	};
}

export { chartOptions, DEFAULT_VIEW };
