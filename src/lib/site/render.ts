// Build-time chart rendering: the chart library's functions on a linkedom document, serialized to markup.
// linkedom escapes text and attribute values, so the SVG is safe to inline (the page's one raw-HTML sink).
import { parseHTML } from 'linkedom';
import type { Lang } from '../../i18n/strings.ts';
import type { ChartTable } from '../charts/table.ts';
import { DEFAULT_VIEW, chartOptions, renderChart, type ChartSpec } from './chart-kinds.ts';

export interface StaticChart {
	markup: string;
	summary: string;
	table: ChartTable;
}

export function renderStaticChart(spec: ChartSpec, lang: Lang, deviceLabels: Record<string, string>): StaticChart {
	const { document } = parseHTML('<!doctype html><html><body></body></html>');
	const options = chartOptions(spec, DEFAULT_VIEW, { lang, deviceLabels, document: document as unknown as Document });
	const rendered = renderChart(spec.kind, spec.input, options);
	return { markup: rendered.element.outerHTML, summary: rendered.summary, table: rendered.table };
}
