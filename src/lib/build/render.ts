// Build-time chart rendering: the chart library's functions on a linkedom document, serialized to markup.
// linkedom escapes text and attribute values, so the SVG is safe to inline (the page's one raw-HTML sink).
import { parseHTML } from 'linkedom';
import type { Lang } from '../../i18n/strings.ts';
import { DEFAULT_WIDTH, type ChartOptions } from '../charts/options.ts';
import { compactSvg } from '../charts/svg-paths.ts';
import type { ChartTable } from '../charts/table.ts';
import { chartContext } from '../charts/context.ts';
import { DEFAULT_VIEW, chartOptions, chartSummary, chartTable, drawChart } from '../site/chart-kinds.ts';
import { type ChartSpec } from '../site/chart-data.ts';
import { publishedRawFiles } from './manifest.ts';
import { drawnWidths, type Drawing } from '../site/embed-layout.ts';
import { removePlotStyles } from './plot-styles.ts';
import { sharedDrawing } from './shared-drawing.ts';
import { rawFileLinker } from '../site/raw-files.ts';
import { dataBase } from '../data-url.ts';

export interface StaticChart {
	markup: string;
	/** The chart's name, as its aria-label says it ("Latency histogram"). */
	title: string;
	summary: string;
	table: ChartTable;
}

let linker: ChartOptions['rawFileHref'];

/** Links to the published raw files, as the browser builds them from the page's list. */
export function buildRawFileHref(): NonNullable<ChartOptions['rawFileHref']> {
	linker ??= rawFileLinker(dataBase(), publishedRawFiles);
	return linker;
}

let drawingDocument: Document | undefined;

/** The document every drawing is made in: a chart's elements are created in it but never added to it, so one serves all. */
function staticDocument(): Document {
	drawingDocument ??= parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document;
	return drawingDocument;
}

function staticOptions(spec: Pick<ChartSpec, 'fixed'>, lang: Lang, deviceLabels: Record<string, string>, width?: number): ChartOptions {
	const options = chartOptions(spec, DEFAULT_VIEW, { lang, deviceLabels, document: staticDocument(), rawFileHref: buildRawFileHref() });
	if (width !== undefined) options.width = width;
	return options;
}

type DrawnSpec = Pick<ChartSpec, 'kind' | 'input' | 'fixed'>;

/**
 * The drawings made of a chart while its page renders, by labels, language and width: the page's social preview takes
 * the page's own drawing of its headline. Held by the chart's spec, so they go with the page.
 */
const drawn = new WeakMap<DrawnSpec, WeakMap<Record<string, string>, Map<string, StaticChart>>>();

/**
 * A drawing whose summary and table are worked out when first read: an embed's narrower drawings use only the markup.
 * Both are the same at every width (the steps a chart's drawings share, charts/shared-steps.ts). The getters are the
 * object's own, so a copy (`{ ...chart }`) still has both.
 */
function lazyStaticChart(markup: string, title: string, about: { summary(): string; table(): ChartTable }): StaticChart {
	let summary: string | undefined;
	let table: ChartTable | undefined;
	return {
		markup,
		title,
		get summary() {
			summary ??= about.summary();
			return summary;
		},
		get table() {
			table ??= about.table();
			return table;
		},
	};
}

/** Shorter markup (svg-paths.ts) without Plot's stylesheets (plot-styles.ts). */
function compactDrawing(element: Element): void {
	compactSvg(element);
	removePlotStyles(element);
}

/** The chart in the default view, at its own width or at `width` (an embed's narrower drawings). */
export function renderStaticChart(spec: DrawnSpec, lang: Lang, deviceLabels: Record<string, string>, width?: number): StaticChart {
	const key = `${lang} ${width ?? spec.fixed.width ?? DEFAULT_WIDTH}`;
	if (!drawn.has(spec)) drawn.set(spec, new WeakMap());
	const byLabels = drawn.get(spec)!;
	if (!byLabels.has(deviceLabels)) byLabels.set(deviceLabels, new Map());
	const charts = byLabels.get(deviceLabels)!;
	let chart = charts.get(key);
	if (!chart) {
		const options = staticOptions(spec, lang, deviceLabels, width);
		const shared = sharedDrawing(spec, deviceLabels, options, compactDrawing);
		if (shared) {
			// Written from the drawing made once for every language.
			const ctx = chartContext(options);
			const { markup, title } = shared.write(ctx);
			chart = lazyStaticChart(markup, title, { summary: () => shared.summary(ctx), table: () => shared.table(ctx) });
		} else {
			const picture = drawChart(spec.kind, spec.input, options, compactDrawing);
			chart = lazyStaticChart(picture.element.outerHTML, picture.title, {
				summary: () => chartSummary(spec.kind, spec.input, options),
				table: () => chartTable(spec.kind, spec.input, options),
			});
		}
		charts.set(key, chart);
	}
	return chart;
}

/** The chart drawn at every width its embed shows it at (embed-layout.ts), `own` (its drawing at its own width) last. */
export function embedDrawings(spec: DrawnSpec, lang: Lang, deviceLabels: Record<string, string>, own: StaticChart): Drawing[] {
	const ownWidth = spec.fixed.width ?? DEFAULT_WIDTH;
	return drawnWidths(ownWidth).map((width) => ({ width, markup: width === ownWidth ? own.markup : renderStaticChart(spec, lang, deviceLabels, width).markup }));
}

/** The chart's whole data table in the default view (the CSV download). */
export function staticChartTable(spec: ChartSpec, lang: Lang, deviceLabels: Record<string, string>): ChartTable {
	return chartTable(spec.kind, spec.input, staticOptions(spec, lang, deviceLabels));
}
