// Redraws a page's chart in place with the same chart-library function the build used. Loaded lazily (it brings
// Observable Plot): the pre-rendered SVG stays until the reader's first interaction or an idle moment.
import type { Lang } from '../../i18n/strings.ts';
import type { ChartTable } from '../charts/table.ts';
import { chartOptions, renderChart, unpackInput, type ChartKind, type ChartSpec, type ViewState } from '../site/chart-kinds.ts';
import { cellText, isNumericCell } from '../site/table-format.ts';

export interface PackedSpec {
	kind: ChartKind;
	input: unknown;
	fixed: ChartSpec['fixed'];
	queries: ChartSpec['queries'];
	directions?: string[];
	relabel?: string;
}

export interface PageChart {
	figure: HTMLElement;
	spec: ChartSpec;
}

/** The chart specs embedded in the page, with their inputs restored to the chart functions' shape. */
export function pageCharts(root: ParentNode = document): PageChart[] {
	const out: PageChart[] = [];
	for (const figure of root.querySelectorAll<HTMLElement>('figure[data-chart]')) {
		const block = figure.querySelector<HTMLScriptElement>('script[data-chart-spec]');
		if (!block?.textContent) continue;
		const packed = JSON.parse(block.textContent) as PackedSpec;
		out.push({
			figure,
			spec: {
				id: figure.dataset.chartId ?? figure.id,
				kind: packed.kind,
				input: unpackInput(packed.kind, packed.input),
				fixed: packed.fixed,
				queries: packed.queries,
				...(packed.directions ? { directions: packed.directions } : {}),
				...(packed.relabel ? { relabel: packed.relabel } : {}),
			},
		});
	}
	return out;
}

function fillTable(table: HTMLTableElement, data: ChartTable, lang: Lang): void {
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
}

/** Draws `input` (or the spec's own input) under `view` into the chart's figure: SVG, summary and table. */
export function drawChart(chart: PageChart, view: ViewState, lang: Lang, deviceLabels: Record<string, string>, input?: unknown): void {
	const options = chartOptions(chart.spec, view, { lang, deviceLabels, document });
	const rendered = renderChart(chart.spec.kind, input ?? chart.spec.input, options);
	chart.figure.querySelector('[data-chart-frame]')?.replaceChildren(rendered.element);
	const summary = chart.figure.querySelector('[data-chart-summary]');
	if (summary) {
		const hidden = summary.querySelector('.sr-only');
		summary.replaceChildren(...(hidden ? [hidden] : []), document.createTextNode(rendered.summary));
	}
	const table = chart.figure.querySelector<HTMLTableElement>('table[data-chart-table]');
	if (table) fillTable(table, rendered.table, lang);
}
