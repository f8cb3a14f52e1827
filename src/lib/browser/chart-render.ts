// Redraws a page's chart in place with the same chart-library function the build used. Loaded lazily (it brings
// Observable Plot): the pre-rendered SVG stays until the reader's first interaction or an idle moment.
import type { Lang } from '../../i18n/strings.ts';
import type { ChartTable } from '../charts/table.ts';
import { DEFAULT_WIDTH } from '../charts/options.ts';
import { chartOptions, renderChart, unpackInput, type ChartKind, type ChartSpec, type ViewState } from '../site/chart-kinds.ts';
import { cellText, isNumericCell } from '../site/table-format.ts';

export interface PackedSpec {
	kind: ChartKind;
	/** null when `inputFrom` names the chart holding the same input. */
	input: unknown;
	inputFrom?: string;
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
	const inputs = new Map<string, unknown>();
	const shared: [PageChart, string][] = [];
	for (const figure of root.querySelectorAll<HTMLElement>('figure[data-chart]')) {
		const block = figure.querySelector<HTMLScriptElement>('script[data-chart-spec]');
		if (!block?.textContent) continue;
		const packed = JSON.parse(block.textContent) as PackedSpec;
		const id = figure.dataset.chartId ?? figure.id;
		const input = packed.inputFrom ? null : unpackInput(packed.kind, packed.input);
		inputs.set(id, input);
		const chart: PageChart = {
			figure,
			spec: {
				id,
				kind: packed.kind,
				input,
				fixed: packed.fixed,
				queries: packed.queries,
				...(packed.directions ? { directions: packed.directions } : {}),
				...(packed.relabel ? { relabel: packed.relabel } : {}),
			},
		};
		if (packed.inputFrom) shared.push([chart, packed.inputFrom]);
		out.push(chart);
	}
	for (const [chart, from] of shared) chart.spec.input = inputs.get(from) ?? null;
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
	// Drawn for the space it has: on a phone a 640 px chart scaled down would shrink its text below legibility.
	const room = chart.figure.querySelector<HTMLElement>('[data-chart-frame]')?.clientWidth ?? 0;
	if (room > 0) options.width = Math.max(300, Math.min(options.width ?? DEFAULT_WIDTH, room));
	const rendered = renderChart(chart.spec.kind, input ?? chart.spec.input, options);
	chart.figure.querySelector('[data-chart-frame]')?.replaceChildren(rendered.element);
	const summary = chart.figure.querySelector('[data-chart-summary]');
	if (summary) {
		const hidden = summary.querySelector('.sr-only');
		summary.replaceChildren(...(hidden ? [hidden] : []), document.createTextNode(rendered.summary));
	}
	const table = chart.figure.querySelector<HTMLTableElement>('table[data-chart-table]');
	if (table) showTable(chart.figure, table, rendered.table, lang);
}

const pendingTables = new WeakMap<HTMLElement, () => void>();
const listening = new WeakSet<HTMLElement>();

/** Fills the data table now if it is open, else when the reader opens it (tables can hold thousands of bins). */
function showTable(figure: HTMLElement, table: HTMLTableElement, data: ChartTable, lang: Lang): void {
	const details = figure.querySelector<HTMLDetailsElement>('details[data-chart-table-details]');
	const fill = () => {
		fillTable(table, data, lang);
		figure.querySelector('[data-table-truncated]')?.remove();
	};
	if (!details || details.open) {
		fill();
		return;
	}
	pendingTables.set(figure, fill);
	if (!listening.has(figure)) {
		listening.add(figure);
		details.addEventListener('toggle', () => {
			if (!details.open) return;
			pendingTables.get(figure)?.();
			pendingTables.delete(figure);
		});
	}
}
