// A chart's data: the queries that fill it, how their rows become the chart's input (its kind's `input`,
// src/lib/charts/kinds.ts), and how those rows travel in the page. No chart library here (no Plot: the kinds'
// objects leave their drawing to their chart.ts), so the page script can re-query and rebuild inputs before the
// charts themselves are loaded; chart-kinds.ts adds the drawing.
//
// In the page, a chart carries the rows of its queries except two kinds: its runs come from one table of the
// page's runs (each run once, however many charts draw it), and histogram bins are not carried at all (thousands
// per chart; the pre-rendered SVG, summary and first table rows need none of them): the browser asks DuckDB
// for them when a view or an opened table needs them.
import type { Lang } from '../../i18n/lang.ts';
import type { ComparisonRow, HistogramRow, PercentileRow, RunRow } from '../schema.ts';
import { comparisons, percentiles, runs } from '../schema.ts';
import type { ComparisonKind } from '../charts/comparison-bars/chart.ts';
import type { KindControl } from '../charts/kind.ts';
import { kindOf } from '../charts/kinds.ts';
import type { TimeseriesMetric } from '../charts/timeseries/chart.ts';
import { TIMESERIES_POINT_COLUMNS } from '../charts/timeseries/points.ts';
import type { BuiltQuery } from '../queries/query.ts';
import { buildRunsSql, matchesRunsFilter, type RunsFilter } from '../queries/runs.ts';
import { buildPercentilesSql, matchesPercentileFilter, type PercentileFilter } from '../queries/percentiles.ts';
import { buildHistogramsSql, matchesHistogramFilter, type HistogramFilter } from '../queries/histograms.ts';
import { buildTimeseriesSql, type TimeseriesBucketRow, type TimeseriesFilter } from '../queries/timeseries.ts';
import { buildComparisonsSql, type PublishedFilter } from '../queries/published.ts';
import type { ChartKind, ViewState } from './view.ts';

/** Options a chart keeps whatever the reader chooses (its size, its metric…). */
export interface FixedOptions {
	height?: number;
	width?: number;
	/** ts: which metric the log holds. */
	metric?: TimeseriesMetric;
	/** cmp: draw as changes (%) or ratios (×); only rows of that kind are given. */
	comparisonKind?: ComparisonKind;
	/** Devices drawn apart (a comparison's sides measured under other conditions). */
	muted?: string[];
}

/** Queries that rebuild a chart's input from the dataset (the browser runs them in DuckDB-wasm). */
export interface ChartQueries {
	runs?: RunsFilter;
	percentiles?: PercentileFilter;
	histograms?: HistogramFilter;
	timeseries?: TimeseriesFilter;
	comparisons?: PublishedFilter;
}

/** Rows returned by a chart's queries. */
export interface QueryResults {
	runs?: RunRow[];
	percentiles?: PercentileRow[];
	histograms?: HistogramRow[];
	timeseries?: TimeseriesBucketRow[];
	comparisons?: ComparisonRow[];
}

export type ResultName = keyof QueryResults;

export interface ChartSpec {
	id: string;
	kind: ChartKind;
	/** The chart's input, in the shape its functions take; null in the browser until its rows are there. */
	input: unknown;
	fixed: FixedOptions;
	queries: ChartQueries;
	/** Directions this chart can be redrawn for (ladders). */
	directions?: string[];
	/** Workload label given to runs that have none (charts group bars by workload). */
	relabel?: string;
	/** The rows the input was assembled from (build time). */
	results?: QueryResults;
}

/** A chart's input from its query results: the one path used at build time and in the browser. */
export function assembleInput(spec: Pick<ChartSpec, 'kind' | 'fixed' | 'relabel'>, results: QueryResults): unknown {
	const runs = (results.runs ?? []).map((r) => (spec.relabel && r.workload === null ? { ...r, workload: spec.relabel } : r));
	return kindOf(spec.kind).input({ runs, results, fixed: spec.fixed });
}

/** The reader's controls a chart kind responds to. */
export function kindControls(kind: ChartKind): readonly KindControl[] {
	return kindOf(kind).controls;
}

/** Runs a query and returns its rows; @duckdb/node-api at build time, DuckDB-wasm in the browser. */
export type QueryRunner = <T>(query: BuiltQuery) => Promise<T[]>;

/** The SQL of a chart's queries, in a fixed order (runs, percentiles, histograms, timeseries, comparisons). */
export function builtQueries(q: ChartQueries): { name: ResultName; query: BuiltQuery }[] {
	const out: { name: ResultName; query: BuiltQuery }[] = [];
	if (q.runs) out.push({ name: 'runs', query: buildRunsSql(q.runs) });
	if (q.percentiles) out.push({ name: 'percentiles', query: buildPercentilesSql(q.percentiles) });
	if (q.histograms) out.push({ name: 'histograms', query: buildHistogramsSql(q.histograms) });
	if (q.timeseries) out.push({ name: 'timeseries', query: buildTimeseriesSql(q.timeseries) });
	if (q.comparisons) out.push({ name: 'comparisons', query: buildComparisonsSql(q.comparisons) });
	return out;
}

/** A chart's queries as a reader is shown them: their captions in `lang`. */
export function shownQueries(q: ChartQueries, lang: Lang): BuiltQuery[] {
	const inLang = Object.fromEntries(Object.entries(q).map(([name, filter]) => [name, { ...filter, lang }])) as ChartQueries;
	return builtQueries(inLang).map(({ query }) => query);
}

export async function runChartQueries(q: ChartQueries, run: QueryRunner): Promise<QueryResults> {
	const results: QueryResults = {};
	for (const { name, query } of builtQueries(q)) (results as Record<string, unknown>)[name] = await run(query);
	return results;
}

/** A chart's queries under a view: the ladder's direction and the time slices follow the reader's choice. */
export function queriesForView(spec: Pick<ChartSpec, 'kind' | 'queries' | 'directions'>, view: Pick<ViewState, 'buckets' | 'direction'>): ChartQueries {
	const forView = kindOf(spec.kind).queriesForView;
	return forView ? forView(spec.queries, view, spec.directions) : spec.queries;
}

// Batching: the queries of many charts as one query per table where the filters allow it (runs, percentiles and
// histograms selected by run ids), each chart's rows then picked from the result with the same filter in
// JavaScript. The SQL orders the wider result the same way, so each chart gets exactly the rows, in the order,
// its own query returns.

export interface QueryBatch {
	/** Each with the runs it selects, where it selects rows by run ids alone. */
	queries: { name: ResultName; query: BuiltQuery; runIds?: readonly string[] }[];
	/** The results of `queries` (same order) → each chart's results (same order as the charts given). */
	split(results: readonly unknown[][]): QueryResults[];
}

const union = (lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

export function batchQueries(list: readonly ChartQueries[]): QueryBatch {
	const queries: QueryBatch['queries'] = [];
	const pickers: ((results: readonly unknown[][], i: number, out: QueryResults) => void)[] = [];
	const add = (name: ResultName, query: BuiltQuery, runIds?: readonly string[]) => queries.push({ name, query, ...(runIds ? { runIds } : {}) }) - 1;

	const byIds = <F extends { runIds?: readonly string[] }>(
		name: 'runs' | 'percentiles' | 'histograms',
		filterOf: (q: ChartQueries) => F | undefined,
		build: (runIds: string[]) => BuiltQuery,
		matches: (row: never, filter: F) => boolean,
	) => {
		const filters = list.map(filterOf);
		const shared = filters.filter((f): f is F & { runIds: readonly string[] } => f?.runIds !== undefined);
		const runIds = union(shared.map((f) => f.runIds));
		const at = shared.length > 0 ? add(name, build(runIds), runIds) : -1;
		pickers.push((results, i, out) => {
			const f = filters[i];
			if (!f || f.runIds === undefined) return;
			(out as Record<string, unknown>)[name] = (results[at] as never[]).filter((row) => matches(row, f));
		});
	};
	byIds('runs', (q) => q.runs, (runIds) => buildRunsSql({ runIds }), matchesRunsFilter as (row: never, f: RunsFilter) => boolean);
	byIds(
		'percentiles',
		(q) => q.percentiles,
		(runIds) => buildPercentilesSql({ runIds }),
		matchesPercentileFilter as (row: never, f: PercentileFilter) => boolean,
	);
	byIds(
		'histograms',
		(q) => q.histograms,
		(runIds) => buildHistogramsSql({ runIds }),
		matchesHistogramFilter as (row: never, f: HistogramFilter) => boolean,
	);
	// Everything else: the chart's own query.
	list.forEach((q, i) => {
		const own = builtQueries(q).filter(({ name }) => !(name === 'percentiles' || name === 'histograms' || (name === 'runs' && q.runs?.runIds !== undefined)));
		const at = own.map(({ name, query }) => [name, add(name, query)] as const);
		pickers.push((results, j, out) => {
			if (j !== i) return;
			for (const [name, k] of at) (out as Record<string, unknown>)[name] = results[k];
		});
	});
	return {
		queries,
		split: (results) =>
			list.map((_, i) => {
				const out: QueryResults = {};
				for (const pick of pickers) pick(results, i, out);
				return out;
			}),
	};
}

// Rows in the page: columns rather than objects; a column that is NULL throughout is left out and restored from
// the schema, and a text column with few distinct values (a run id repeated on every row) becomes a dictionary.
type Row = Record<string, unknown>;
type PackedColumn = unknown[] | { d: unknown[]; i: number[] };
export interface PackedRows {
	n: number;
	c: Record<string, PackedColumn>;
}

export function packRows(rows: readonly object[], only?: readonly string[]): PackedRows {
	const names = new Set<string>();
	for (const r of rows) for (const [k, v] of Object.entries(r)) if (v !== null && v !== undefined && (!only || only.includes(k))) names.add(k);
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

export function unpackRows<T>(packed: PackedRows, columns: readonly { name: string }[]): T[] {
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

const TIMESERIES_FIELDS = TIMESERIES_POINT_COLUMNS.map((name) => ({ name }));

/** What a page writes for one chart (besides its SVG, summary and table). */
export interface PackedChart {
	kind: ChartKind;
	fixed: FixedOptions;
	queries: ChartQueries;
	directions?: string[];
	relabel?: string;
	/** Rows of the chart's queries that travel with it; see the module comment for the two that do not. */
	rows: { runs?: PackedRows; percentiles?: PackedRows; timeseries?: PackedRows; comparisons?: PackedRows };
}

/** Runs come from the page's run table when the chart selects them by id. */
const runsFromPage = (q: ChartQueries) => q.runs?.runIds !== undefined;

/** Every run id the page's charts select, for the page's run table (buildRunsSql with these ids). */
export function pageRunIds(specs: readonly Pick<ChartSpec, 'queries'>[]): string[] {
	return union(specs.flatMap((s) => (s.queries.runs?.runIds ? [s.queries.runs.runIds] : [])));
}

export function packChart(spec: ChartSpec): PackedChart {
	const r = spec.results ?? {};
	const rows: PackedChart['rows'] = {};
	if (r.runs && !runsFromPage(spec.queries)) rows.runs = packRows(r.runs);
	if (r.percentiles) rows.percentiles = packRows(r.percentiles);
	if (r.timeseries) rows.timeseries = packRows(r.timeseries, TIMESERIES_POINT_COLUMNS);
	if (r.comparisons) rows.comparisons = packRows(r.comparisons);
	return {
		kind: spec.kind,
		fixed: spec.fixed,
		queries: spec.queries,
		...(spec.directions ? { directions: spec.directions } : {}),
		...(spec.relabel ? { relabel: spec.relabel } : {}),
		rows,
	};
}

/**
 * The results a packed chart carries, with its runs picked from the page's run table; null when the chart needs
 * rows the page does not carry (histogram bins).
 */
export function unpackResults(packed: PackedChart, pageRuns: readonly RunRow[]): QueryResults | null {
	const q = packed.queries;
	if (q.histograms) return null;
	const out: QueryResults = {};
	if (q.runs) {
		out.runs = runsFromPage(q)
			? pageRuns.filter((r) => matchesRunsFilter(r, q.runs!))
			: unpackRows<RunRow>(packed.rows.runs ?? { n: 0, c: {} }, runs.columns);
	}
	if (q.percentiles) out.percentiles = unpackRows<PercentileRow>(packed.rows.percentiles ?? { n: 0, c: {} }, percentiles.columns);
	if (q.timeseries) out.timeseries = unpackRows<TimeseriesBucketRow>(packed.rows.timeseries ?? { n: 0, c: {} }, TIMESERIES_FIELDS);
	if (q.comparisons) out.comparisons = unpackRows<ComparisonRow>(packed.rows.comparisons ?? { n: 0, c: {} }, comparisons.columns);
	return out;
}

/**
 * What a page's chart script redraws from, beside its charts' drawings: the runs its charts select (each picks its own
 * with its query's filter), which of their raw files the site publishes, and each chart's packed spec by its id. One
 * file under data/ that every language's page shares (build/chart-tables.ts), or inline in an embed document (runs only:
 * there the spec is in the figure).
 */
export interface PageRows {
	runs: PackedRows;
	rawFiles: string[];
	charts?: Record<string, PackedChart>;
}

/** The page's run table as written in the page, and back. */
export function packPageRuns(rows: readonly RunRow[]): PackedRows {
	return packRows(rows);
}

export function unpackPageRuns(packed: PackedRows): RunRow[] {
	return unpackRows<RunRow>(packed, runs.columns);
}
