// Drawing a page's charts: each kind's drawing (its folder's chart.ts) with the options of the reader's view.
// Their data (queries, input, how rows travel in the page) is in chart-data.ts. Pure: imported at build time by the pages
// and, lazily, in the browser to redraw the same charts with the same functions.
import type { ChartOptions } from '../charts/options.ts';
import type { ChartTable } from '../charts/table.ts';
import type { KindDraw } from '../charts/kind.ts';
import { kindOf } from '../charts/kinds.ts';
import type { ComparisonKind } from '../charts/comparison-bars/chart.ts';
import { localizeAriaNames } from '../charts/aria-labels.ts';
import { chartContext } from '../charts/context.ts';
import type { ChartSpec, FixedOptions } from './chart-data.ts';
import { DEFAULT_VIEW, type ChartKind, type ViewState } from './view.ts';

export { DEFAULT_VIEW, type ChartKind, type ViewState };

// Every kind's drawing, found in its folder (chart.ts `draw`): the kinds' list stays free of Plot.
const DRAWINGS = import.meta.glob<KindDraw<unknown>>('../charts/*/chart.ts', { eager: true, import: 'draw' });

/** How a kind draws: its render, summary and table. */
export function drawOf(kind: ChartKind): KindDraw<unknown> {
	const draw = DRAWINGS[`../charts/${kindOf(kind).id}/chart.ts`];
	if (!draw) throw new Error(`chart kind ${kind}: no draw in src/lib/charts/${kindOf(kind).id}/chart.ts`);
	return draw;
}

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

export type DrawnChart = Pick<RenderedChart, 'element' | 'title'>;

/**
 * Draws a chart with the chart library: only the element and its name (a drawing whose text and table are not shown).
 * `prepare` works on Plot's drawing before its groups are named in the chart's language (the build's compaction finds
 * Plot's groups by their English names).
 */
export function drawChart(kind: ChartKind, input: unknown, options: ChartOptions, prepare?: (element: Element) => void): DrawnChart {
	const element = drawOf(kind).render(input, options);
	prepare?.(element);
	localizeAriaNames(element, chartContext(options));
	const svg = [...element.children].find((c) => c.tagName.toLowerCase() === 'svg');
	const title = element.getAttribute('aria-label') ?? svg?.getAttribute('aria-label') ?? '';
	return { element, title };
}

/** Draws a chart with the chart library: the element, its text summary and its data table. */
export function renderChart(kind: ChartKind, input: unknown, options: ChartOptions): RenderedChart {
	const f = drawOf(kind);
	return { ...drawChart(kind, input, options), summary: f.summary(input, options), table: f.table(input, options) };
}

/** Only the chart's data table (a table opened before its chart was redrawn; the CSV downloads). */
export function chartTable(kind: ChartKind, input: unknown, options: ChartOptions): ChartTable {
	return drawOf(kind).table(input, options);
}

/** Only the chart's text summary (a chart not drawn yet still says what it shows). */
export function chartSummary(kind: ChartKind, input: unknown, options: ChartOptions): string {
	return drawOf(kind).summary(input, options);
}
