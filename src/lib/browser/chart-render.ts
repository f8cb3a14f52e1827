// Redraws a page's chart in place with the same chart-library function the build used. Loaded lazily (it brings
// Observable Plot): the pre-rendered SVG stays until a chart has to change.
import type { Lang } from '../../i18n/strings.ts';
import type { ChartOptions } from '../charts/options.ts';
import type { ChartTable } from '../charts/table.ts';
import { chartOptions, chartTable, renderChart, type ChartKind, type ViewState } from '../site/chart-kinds.ts';
import { type FixedOptions } from '../site/chart-data.ts';
import { cellText, isNumericCell } from '../site/table-format.ts';
import { fillEmbedTitle, fillFrame, fillSummary } from './figure-fill.ts';
import { queryBlockEls, type FigureQuery } from '../site/chart-figure.ts';
import { domOf } from '../element.ts';

export interface DrawContext {
	lang: Lang;
	deviceLabels: Record<string, string>;
	rawFileHref: ChartOptions['rawFileHref'];
}

export interface DrawTarget {
	figure: HTMLElement;
	kind: ChartKind;
	fixed: FixedOptions;
}

function options(target: DrawTarget, view: ViewState, width: number, ctx: DrawContext): ChartOptions {
	const o = chartOptions(target, view, { lang: ctx.lang, deviceLabels: ctx.deviceLabels, rawFileHref: ctx.rawFileHref, document });
	o.width = width;
	return o;
}

/** Draws `input` under `view` into the chart's figure at `width` px: SVG and summary. Returns the chart's table. */
export function drawChart(target: DrawTarget, input: unknown, view: ViewState, width: number, ctx: DrawContext): ChartTable {
	const rendered = renderChart(target.kind, input, options(target, view, width, ctx));
	fillFrame(target.figure, rendered.element);
	fillSummary(target.figure, rendered.summary);
	fillEmbedTitle(target.figure, rendered.title);
	return rendered.table;
}

/** Only the chart's table (a table opened while its chart is not redrawn). */
export function tableOf(target: DrawTarget, input: unknown, view: ViewState, width: number, ctx: DrawContext): ChartTable {
	return chartTable(target.kind, input, options(target, view, width, ctx));
}

/** Writes the chart's queries into its "Query (SQL)" disclosure (the page holds a note in their place). */
export function fillQueries(figure: HTMLElement, queries: readonly FigureQuery[]): void {
	figure.querySelector('[data-chart-query-list]')?.replaceChildren(...queryBlockEls(queries).map((e) => domOf(e, document)));
}

/** Writes every row of `data` into the chart's table (the page holds only the first ones). */
export function fillTable(figure: HTMLElement, data: ChartTable, lang: Lang): void {
	const table = figure.querySelector<HTMLTableElement>('table[data-chart-table]');
	if (!table) return;
	const headRow = document.createElement('tr');
	for (const c of data.columns) {
		const th = document.createElement('th');
		th.scope = 'col';
		th.textContent = c;
		headRow.append(th);
	}
	const thead = document.createElement('thead');
	thead.append(headRow);
	const tbody = document.createElement('tbody');
	for (const row of data.rows) {
		const tr = document.createElement('tr');
		for (const v of row) {
			const td = document.createElement('td');
			if (isNumericCell(v)) td.className = 'num';
			td.textContent = cellText(v, lang);
			tr.append(td);
		}
		tbody.append(tr);
	}
	table.replaceChildren(thead, tbody);
	table.dataset.rows = String(data.rows.length);
	figure.querySelector('[data-table-truncated]')?.setAttribute('hidden', '');
}
