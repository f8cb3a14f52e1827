// The charts a page can show, by kind: which chart-library functions draw them, what input they take, how that
// input travels to the browser (compact JSON) and which queries rebuild it from the dataset. Pure: imported at
// build time by the pages and, lazily, in the browser to redraw the same charts with the same functions.
import type { ComparisonRow, HistogramRow, PercentileRow, RunRow } from '../schema.ts';
import { comparisons, histograms, percentiles, runs } from '../schema.ts';
import type { ChartOptions } from '../charts/options.ts';
import type { ChartTable } from '../charts/table.ts';
import type { HistogramInput } from '../charts/histogram-series.ts';
import type { PercentileLadderInput } from '../charts/percentile-ladder.ts';
import type { TimeseriesMetric, TimeseriesPoint } from '../charts/timeseries.ts';
import type { ComparisonKind } from '../charts/comparison-bars.ts';
import { appProfileBars, appProfileBarsSummary, appProfileBarsTable } from '../charts/app-profile-bars.ts';
import { comparisonBars, comparisonBarsSummary, comparisonBarsTable } from '../charts/comparison-bars.ts';
import { latencyExceedance, latencyExceedanceSummary, latencyExceedanceTable } from '../charts/exceedance.ts';
import { fourCorners, fourCornersSummary, fourCornersTable } from '../charts/four-corners.ts';
import { latencyHistogram, latencyHistogramSummary, latencyHistogramTable } from '../charts/histogram.ts';
import { latencyVsIops, latencyVsIopsSummary, latencyVsIopsTable } from '../charts/latency-vs-iops.ts';
import { mixBars, mixBarsSummary, mixBarsTable } from '../charts/mix-bars.ts';
import { percentileLadder, percentileLadderSummary, percentileLadderTable } from '../charts/percentile-ladder.ts';
import { qdScaling, qdScalingSummary, qdScalingTable } from '../charts/qd-scaling.ts';
import { timeseriesChart, timeseriesSummary, timeseriesTable } from '../charts/timeseries.ts';
import type { BuiltQuery } from '../queries/query.ts';
import { buildRunsSql, type RunsFilter } from '../queries/runs.ts';
import { buildPercentilesSql, type PercentileFilter } from '../queries/percentiles.ts';
import { buildHistogramsSql, type HistogramFilter } from '../queries/histograms.ts';
import { buildTimeseriesSql, type TimeseriesBucketRow, type TimeseriesFilter } from '../queries/timeseries.ts';
import { buildComparisonsSql, type PublishedFilter } from '../queries/published.ts';
import { DEFAULT_VIEW, KIND_CONTROLS, type ChartKind, type ViewState } from './view.ts';

export { DEFAULT_VIEW, KIND_CONTROLS, type ChartKind, type ViewState };

/** Options a chart keeps whatever the reader chooses (its size, its metric…). */
export interface FixedOptions {
	height?: number;
	width?: number;
	/** ts: which metric the log holds. */
	metric?: TimeseriesMetric;
	/** cmp: draw as changes (%) or ratios (×); only rows of that kind are given. */
	comparisonKind?: ComparisonKind;
}

/** Queries that rebuild a chart's input from the dataset (the browser runs them in DuckDB-wasm). */
export interface ChartQueries {
	runs?: RunsFilter;
	percentiles?: PercentileFilter;
	histograms?: HistogramFilter;
	timeseries?: TimeseriesFilter;
	comparisons?: PublishedFilter;
}

export interface ChartSpec {
	id: string;
	kind: ChartKind;
	/** The chart's input, in the shape its functions take. */
	input: unknown;
	fixed: FixedOptions;
	queries: ChartQueries;
	/** Directions this chart can be redrawn for (ladders). */
	directions?: string[];
	/** Workload label given to runs that have none (charts group bars by workload). */
	relabel?: string;
	/** Id of a chart on the page with the same input: the page carries that input once. */
	inputFrom?: string;
}

interface KindFunctions {
	render(input: never, options: never): Element;
	summary(input: never, options: never): string;
	table(input: never, options: never): ChartTable;
}

const FUNCTIONS: Record<ChartKind, KindFunctions> = {
	lvi: { render: latencyVsIops, summary: latencyVsIopsSummary, table: latencyVsIopsTable },
	qd: { render: qdScaling, summary: qdScalingSummary, table: qdScalingTable },
	ladder: { render: percentileLadder, summary: percentileLadderSummary, table: percentileLadderTable },
	hist: { render: latencyHistogram, summary: latencyHistogramSummary, table: latencyHistogramTable },
	exc: { render: latencyExceedance, summary: latencyExceedanceSummary, table: latencyExceedanceTable },
	fc: { render: fourCorners, summary: fourCornersSummary, table: fourCornersTable },
	mix: { render: mixBars, summary: mixBarsSummary, table: mixBarsTable },
	app: { render: appProfileBars, summary: appProfileBarsSummary, table: appProfileBarsTable },
	ts: { render: timeseriesChart, summary: timeseriesSummary, table: timeseriesTable },
	cmp: { render: comparisonBars, summary: comparisonBarsSummary, table: comparisonBarsTable },
};

/** The chart options for a spec under a view: the reader's choices, then what the chart keeps fixed. */
export function chartOptions(
	spec: Pick<ChartSpec, 'fixed'>,
	view: ViewState,
	base: Pick<ChartOptions, 'lang' | 'deviceLabels' | 'document'>,
): ChartOptions & FixedOptions & { kind?: ComparisonKind } {
	return {
		...base,
		stat: view.stat,
		rateUnit: view.rateUnit,
		latencyUnit: view.latencyUnit,
		logX: view.logX,
		logY: view.logY,
		series: view.devices,
		width: spec.fixed.width,
		height: spec.fixed.height,
		metric: spec.fixed.metric,
		kind: spec.fixed.comparisonKind,
	};
}

export interface RenderedChart {
	element: Element;
	summary: string;
	table: ChartTable;
}

/** Draws a chart with the chart library: the element, its text summary and its data table. */
export function renderChart(kind: ChartKind, input: unknown, options: ChartOptions): RenderedChart {
	const f = FUNCTIONS[kind] as unknown as {
		render(input: unknown, options: ChartOptions): Element;
		summary(input: unknown, options: ChartOptions): string;
		table(input: unknown, options: ChartOptions): ChartTable;
	};
	return { element: f.render(input, options), summary: f.summary(input, options), table: f.table(input, options) };
}

// Compact JSON: rows travel as columns; a column that is NULL throughout is left out and restored from the schema,
// and a text column with few distinct values (a run id repeated on every histogram bin) becomes a dictionary.
type Row = Record<string, unknown>;
type PackedColumn = unknown[] | { d: unknown[]; i: number[] };
interface PackedRows {
	n: number;
	c: Record<string, PackedColumn>;
}

function compactRows(rows: readonly object[]): PackedRows {
	const names = new Set<string>();
	for (const r of rows) for (const [k, v] of Object.entries(r)) if (v !== null && v !== undefined) names.add(k);
	const c: Record<string, PackedColumn> = {};
	for (const name of names) {
		const values = rows.map((r) => (r as Row)[name] ?? null);
		const distinct = [...new Set(values)];
		if (values.some((v) => typeof v === 'string') && distinct.length * 2 < values.length) {
			const index = new Map(distinct.map((v, i) => [v, i]));
			c[name] = { d: distinct, i: values.map((v) => index.get(v)!) };
		} else {
			c[name] = values;
		}
	}
	return { n: rows.length, c };
}

function restoreRows<T>(packed: PackedRows, columns: readonly { name: string }[]): T[] {
	const out: T[] = [];
	for (let k = 0; k < packed.n; k++) {
		const row: Row = {};
		for (const { name } of columns) {
			const col = packed.c[name];
			row[name] = col === undefined ? null : Array.isArray(col) ? (col[k] ?? null) : (col.d[col.i[k]!] ?? null);
		}
		out.push(row as T);
	}
	return out;
}

const TS_FIELDS = [{ name: 'device_id' }, { name: 'series' }, { name: 't_s' }, { name: 'min' }, { name: 'mean' }, { name: 'max' }, { name: 'tool' }, { name: 'tool_version' }];

/** The input as it is written into the page. */
export function packInput(kind: ChartKind, input: unknown): unknown {
	switch (kind) {
		case 'ladder': {
			const i = input as PercentileLadderInput;
			return { runs: compactRows(i.runs), percentiles: compactRows(i.percentiles) };
		}
		case 'hist':
		case 'exc': {
			const i = input as HistogramInput;
			return { runs: compactRows(i.runs), bins: compactRows(i.bins) };
		}
		default:
			return compactRows(input as object[]);
	}
}

/** The input as the chart functions take it, from what packInput wrote. */
export function unpackInput(kind: ChartKind, packed: unknown): unknown {
	switch (kind) {
		case 'ladder': {
			const i = packed as { runs: PackedRows; percentiles: PackedRows };
			return { runs: restoreRows<RunRow>(i.runs, runs.columns), percentiles: restoreRows<PercentileRow>(i.percentiles, percentiles.columns) };
		}
		case 'hist':
		case 'exc': {
			const i = packed as { runs: PackedRows; bins: PackedRows };
			return { runs: restoreRows<RunRow>(i.runs, runs.columns), bins: restoreRows<HistogramRow>(i.bins, histograms.columns) };
		}
		case 'ts':
			return restoreRows<TimeseriesPoint>(packed as PackedRows, TS_FIELDS);
		case 'cmp':
			return restoreRows<ComparisonRow>(packed as PackedRows, comparisons.columns);
		default:
			return restoreRows<RunRow>(packed as PackedRows, runs.columns);
	}
}

/** fio log metrics as the time-series chart names them. */
export function timeseriesMetricOf(logMetric: string): TimeseriesMetric {
	return logMetric === 'iops' ? 'iops' : logMetric === 'bw' ? 'bw' : 'lat';
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Downsampled log rows → the time-series chart's points. A device's line is its direction, or the log file and
 * direction when the device has several logs in the chart.
 */
export function timeseriesPoints(rows: readonly TimeseriesBucketRow[], tools: ReadonlyMap<string, Pick<RunRow, 'tool' | 'tool_version'>> = new Map()): TimeseriesPoint[] {
	const filesPerDevice = new Map<string, Set<string>>();
	for (const r of rows) filesPerDevice.set(r.device_id, (filesPerDevice.get(r.device_id) ?? new Set()).add(r.series_id));
	return rows.map((r) => {
		const several = (filesPerDevice.get(r.device_id)?.size ?? 0) > 1;
		const tool = r.run_id ? tools.get(r.run_id) : undefined;
		return {
			device_id: r.device_id,
			series: several ? `${fileName(r.source_file)} · ${r.direction}` : r.direction,
			t_s: r.time_ms / 1000,
			min: r.value_min,
			mean: r.value_mean,
			max: r.value_max,
			tool: tool?.tool ?? null,
			tool_version: tool?.tool_version ?? null,
		};
	});
}

/** Rows returned by a chart's queries. */
export interface QueryResults {
	runs?: RunRow[];
	percentiles?: PercentileRow[];
	histograms?: HistogramRow[];
	timeseries?: TimeseriesBucketRow[];
	comparisons?: ComparisonRow[];
}

/** A chart's input from its query results: the one path used at build time and in the browser. */
export function assembleInput(spec: Pick<ChartSpec, 'kind' | 'fixed' | 'relabel'>, results: QueryResults): unknown {
	const runRows = (results.runs ?? []).map((r) => (spec.relabel && r.workload === null ? { ...r, workload: spec.relabel } : r));
	switch (spec.kind) {
		case 'ladder':
			return { runs: runRows, percentiles: results.percentiles ?? [] } satisfies PercentileLadderInput;
		case 'hist':
		case 'exc':
			return { runs: runRows, bins: results.histograms ?? [] } satisfies HistogramInput;
		case 'ts':
			return timeseriesPoints(results.timeseries ?? [], new Map(runRows.map((r) => [r.run_id, r])));
		case 'cmp':
			return (results.comparisons ?? []).filter((c) => !spec.fixed.comparisonKind || c.kind === spec.fixed.comparisonKind);
		default:
			return runRows;
	}
}

/** Runs a query and returns its rows; @duckdb/node-api at build time, DuckDB-wasm in the browser. */
export type QueryRunner = <T>(query: BuiltQuery) => Promise<T[]>;

/** The SQL of a chart's queries, in a fixed order (runs, percentiles, histograms, timeseries, comparisons). */
export function builtQueries(q: ChartQueries): { name: keyof QueryResults; query: BuiltQuery }[] {
	const out: { name: keyof QueryResults; query: BuiltQuery }[] = [];
	if (q.runs) out.push({ name: 'runs', query: buildRunsSql(q.runs) });
	if (q.percentiles) out.push({ name: 'percentiles', query: buildPercentilesSql(q.percentiles) });
	if (q.histograms) out.push({ name: 'histograms', query: buildHistogramsSql(q.histograms) });
	if (q.timeseries) out.push({ name: 'timeseries', query: buildTimeseriesSql(q.timeseries) });
	if (q.comparisons) out.push({ name: 'comparisons', query: buildComparisonsSql(q.comparisons) });
	return out;
}

export async function runChartQueries(q: ChartQueries, run: QueryRunner): Promise<QueryResults> {
	const results: QueryResults = {};
	for (const { name, query } of builtQueries(q)) (results as Record<string, unknown>)[name] = await run(query);
	return results;
}

/** A chart's queries under a view: the ladder's direction and the time slices follow the reader's choice. */
export function queriesForView(spec: Pick<ChartSpec, 'kind' | 'queries' | 'directions'>, view: Pick<ViewState, 'buckets' | 'direction'>): ChartQueries {
	const q = spec.queries;
	if (spec.kind === 'ladder' && view.direction && spec.directions?.includes(view.direction)) {
		return {
			...q,
			runs: q.runs && { ...q.runs, direction: view.direction },
			percentiles: q.percentiles && { ...q.percentiles, direction: view.direction },
		};
	}
	if (spec.kind === 'ts' && q.timeseries) return { ...q, timeseries: { ...q.timeseries, buckets: view.buckets } };
	return q;
}
