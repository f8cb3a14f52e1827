// Which charts a review or drive page shows: per workload group, the charts its results can fill (a load sweep
// gets latency-vs-IOPS and QD scaling, reported percentiles a ladder, histogram bins a histogram and exceedance,
// logs a time series, single figures bars), plus the four corners overview and the published comparisons.
// Every chart's input is then fetched with its own queries, the same ones the browser re-runs.
import type { ComparisonRow, FigureRow, PercentileRow, RunRow } from '../schema.ts';
import { DIRECTIONS } from '../schema.ts';
import { fourCornersData } from '../charts/four-corners.ts';
import { mixBarsData } from '../charts/mix-bars.ts';
import { compareByLoad, latencyOf, outstandingOf, rateOf } from '../charts/run-values.ts';
import type { ChartOptions } from '../charts/options.ts';
import type { SeriesListRow } from '../queries/timeseries.ts';
import type { Lang } from '../../i18n/strings.ts';
import {
	DEFAULT_VIEW,
	assembleInput,
	chartOptions,
	pageRunIds,
	batchQueries,
	timeseriesMetricOf,
	type ChartKind,
	type ChartSpec,
	type FixedOptions,
	type ChartQueries,
} from './chart-kinds.ts';
import type { QueryRunner } from '../build/db.ts';
import { hasOwnPage, type WorkloadGroup } from './groups.ts';

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

const directionOrder = (d: string) => {
	const i = DIRECTIONS.indexOf(d as (typeof DIRECTIONS)[number]);
	return i < 0 ? DIRECTIONS.length : i;
};
const byDirection = (a: string, b: string) => directionOrder(a) - directionOrder(b);
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

/**
 * Histograms of a load sweep overlap into a blur: per device and direction, the lightest, the middle and the
 * heaviest load are drawn (the ladder and the tables keep every load).
 */
function representativeRuns(runs: readonly RunRow[]): string[] {
	const byKey = new Map<string, RunRow[]>();
	for (const r of runs) byKey.set(`${r.device_id}\u0000${r.direction}`, [...(byKey.get(`${r.device_id}\u0000${r.direction}`) ?? []), r]);
	const picked = new Set<string>();
	for (const list of byKey.values()) {
		const sorted = [...list].sort(compareByLoad);
		for (const i of [0, Math.floor((sorted.length - 1) / 2), sorted.length - 1]) picked.add(sorted[i]!.run_id);
	}
	return [...picked];
}

interface Draft {
	kind: ChartKind;
	suffix: string;
	queries: ChartQueries;
	fixed?: FixedOptions;
	directions?: string[];
	relabel?: string;
}

function groupDrafts(group: WorkloadGroup, src: PlanSource, lang: Lang): Draft[] {
	const runIds = distinct(group.runs.map((r) => r.run_id));
	const drafts: Draft[] = [];
	const relabel = group.runs.some((r) => r.workload === null) ? group.label : undefined;
	const runsQuery = { runs: { runIds } };
	const rated = group.runs.filter((r) => rateOf(r, 'iops') !== null || r.tps !== null);
	const sweep = isSweep(group.runs);
	if (sweep) {
		drafts.push({ kind: 'lvi', suffix: 'lvi', queries: runsQuery });
		if (distinct(rated.map(outstandingOf).filter((v) => v !== null)).length >= 2) drafts.push({ kind: 'qd', suffix: 'qd', queries: runsQuery });
	} else if (rated.length > 0) {
		const probeRows = group.runs.map((r) => (relabel && r.workload === null ? { ...r, workload: relabel } : r));
		const mixed = mixBarsData(probeRows, probeOptions(lang)).bars.length > 0;
		// One workload per group, so the bar chart has one panel: drawn under 560 px it takes the whole width.
		drafts.push({ kind: mixed ? 'mix' : 'app', suffix: mixed ? 'mix' : 'app', queries: runsQuery, relabel, fixed: mixed ? undefined : { width: 540 } });
	}
	const ids = new Set(runIds);
	// A ladder needs at least two rungs on one run: a published figure of one percentile is a point, not a ladder.
	const rungs = new Map<string, Set<string>>();
	for (const p of src.percentiles) if (ids.has(p.run_id)) rungs.set(p.run_id, (rungs.get(p.run_id) ?? new Set()).add(`${p.stat}:${p.percentile}`));
	for (const r of group.runs) if ((r.clat_mean_ns ?? r.lat_mean_ns) !== null) rungs.get(r.run_id)?.add('mean');
	const ladderRuns = [...rungs].filter(([, set]) => set.size >= 2).map(([id]) => id);
	const pctDirections = distinct(src.percentiles.filter((p) => ladderRuns.includes(p.run_id)).map((p) => p.direction)).sort(byDirection);
	if (pctDirections.length > 0) {
		const direction = pctDirections[0]!;
		drafts.push({
			kind: 'ladder',
			suffix: 'ladder',
			queries: { runs: { runIds: ladderRuns, direction }, percentiles: { runIds: ladderRuns, direction } },
			directions: pctDirections,
		});
	}
	const binned = new Set(src.histogramRuns.filter((id) => ids.has(id)));
	const histRuns = representativeRuns(group.runs.filter((r) => binned.has(r.run_id)));
	if (histRuns.length > 0) {
		const queries = { runs: { runIds: histRuns }, histograms: { runIds: histRuns } };
		drafts.push({ kind: 'hist', suffix: 'hist', queries }, { kind: 'exc', suffix: 'exc', queries });
	}
	const series = src.series.filter((s) => s.run_id !== null && ids.has(s.run_id));
	for (const metric of distinct(series.map((s) => timeseriesMetricOf(s.metric)))) {
		const files = series.filter((s) => timeseriesMetricOf(s.metric) === metric);
		const logMetrics = distinct(files.map((s) => s.metric));
		drafts.push({
			kind: 'ts',
			suffix: `ts-${metric}`,
			fixed: { metric },
			queries: {
				runs: { runIds: distinct(files.map((s) => s.run_id!)) },
				timeseries: {
					seriesIds: distinct(files.map((s) => s.series_id)),
					// clat is what fio's per-I/O logs hold most often; one latency metric per chart.
					metric: logMetrics.includes('clat') ? 'clat' : logMetrics[0],
					buckets: DEFAULT_VIEW.buckets,
				},
			},
		});
	}
	return drafts;
}

/**
 * The charts of a page with their rows: their queries batched into one query per table where the filters allow
 * (as the browser batches them), each chart's rows then picked out in the order its own query returns them.
 */
async function materialize(drafts: readonly { draft: Draft; id: string }[], query: QueryRunner): Promise<ChartSpec[]> {
	const batch = batchQueries(drafts.map(({ draft }) => draft.queries));
	const results: unknown[][] = [];
	for (const { query: q } of batch.queries) results.push(await query(q));
	const perChart = batch.split(results);
	return drafts.map(({ draft, id }, i) => {
		const spec: ChartSpec = {
			id,
			kind: draft.kind,
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
	const specs = await materialize(drafts, ctx.query);
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
