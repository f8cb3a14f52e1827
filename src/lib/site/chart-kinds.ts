// The charts a page can show, by kind: which chart-library functions draw them, with which options. Their data
// (queries, input, how rows travel in the page) is in chart-data.ts. Pure: imported at build time by the pages
// and, lazily, in the browser to redraw the same charts with the same functions.
import type { ChartOptions } from '../charts/options.ts';
import type { ChartTable } from '../charts/table.ts';
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
import { localizeAriaNames } from '../charts/aria-labels.ts';
import { chartContext } from '../charts/context.ts';
import type { ChartSpec, FixedOptions } from './chart-data.ts';
import { DEFAULT_VIEW, KIND_CONTROLS, type ChartKind, type ViewState } from './view.ts';

export { DEFAULT_VIEW, KIND_CONTROLS, type ChartKind, type ViewState };
export * from './chart-data.ts';

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
	base: Pick<ChartOptions, 'lang' | 'deviceLabels' | 'document' | 'rawFileHref'>,
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
		muted: spec.fixed.muted,
	};
}

export interface RenderedChart {
	element: Element;
	/** The chart's name, as its aria-label says it ("Latency histogram"): on its root, or on its SVG in a figure. */
	title: string;
	summary: string;
	table: ChartTable;
}

type UntypedFunctions = {
	render(input: unknown, options: ChartOptions): Element;
	summary(input: unknown, options: ChartOptions): string;
	table(input: unknown, options: ChartOptions): ChartTable;
};

/** Draws a chart with the chart library: the element, its text summary and its data table. */
export function renderChart(kind: ChartKind, input: unknown, options: ChartOptions): RenderedChart {
	const f = FUNCTIONS[kind] as unknown as UntypedFunctions;
	const element = f.render(input, options);
	localizeAriaNames(element, chartContext(options));
	const svg = [...element.children].find((c) => c.tagName.toLowerCase() === 'svg');
	const title = element.getAttribute('aria-label') ?? svg?.getAttribute('aria-label') ?? '';
	return { element, title, summary: f.summary(input, options), table: f.table(input, options) };
}

/** Only the chart's data table (a table opened before its chart was redrawn; the CSV downloads). */
export function chartTable(kind: ChartKind, input: unknown, options: ChartOptions): ChartTable {
	return (FUNCTIONS[kind] as unknown as UntypedFunctions).table(input, options);
}

/** Only the chart's text summary (a chart not drawn yet still says what it shows). */
export function chartSummary(kind: ChartKind, input: unknown, options: ChartOptions): string {
	return (FUNCTIONS[kind] as unknown as UntypedFunctions).summary(input, options);
}
