// One chart as the page shows it: the drawn chart (SVG; no JavaScript needed), its text summary, its data table (on a
// pre-rendered page its columns, the rows written by the page's script when it is opened, and the files that hold them
// all: its CSV and Parquet files), its image buttons, its embed, the SQL behind it and what the page's script needs to
// redraw it. One definition for every page: Astro pages write it as HTML (ChartFigure.astro, the comparison pages
// through compare/html.ts) and the browser builds it as DOM (the live comparison page, the finder), so a chart looks
// the same wherever it is drawn. The parts a page does not have are left out.
import { t, type Lang } from '../../i18n/strings.ts';
import { chartExportsEl } from '../chart-actions.ts';
import type { ChartTable } from '../charts/table.ts';
import { chartMarkup, el, type El } from '../element.ts';
import { cellText, isNumericCell } from './table-format.ts';

/** "Embed" under a chart: the snippet to paste (browser/chart-export.ts rewrites it for the page's view) and links. */
export interface FigureEmbed {
	/** The embed's address. */
	src: string;
	/** The iframe's title (the chart's name). */
	title: string;
	/** The iframe's widest and its height (src/lib/embed-snippet.ts). */
	width: number;
	height: number;
	/** The data folder, whose versions/index.json names the current dataset version (an embed that pins none has none). */
	dataBase?: string;
	/**
	 * The snippet to paste, where the page writes it ("none" below). Otherwise the page's script writes it when the
	 * embed is opened, with the page's view and pinned to the dataset version (browser/chart-export.ts); without
	 * JavaScript the embed is linked.
	 */
	snippet?: string;
	/**
	 * A live page's: what of the page's address the embed keeps ("view": its chart view; "all": its whole query;
	 * "none": nothing, the snippet as written is the one to paste, built in the browser for what the page shows).
	 */
	keep?: 'view' | 'all' | 'none';
	/** What the snippet shows, above it; by default a chart's view pinned to the dataset version (chartEmbedHint). */
	hint?: string;
	/** A live page's: the chart's id in the embed. */
	chart?: string;
}

export interface FigureQuery {
	caption: string;
	sql: string;
	params: readonly unknown[];
}

export interface ChartFigure {
	lang: Lang;
	/** The figure's id (the page's anchor) and its chart kind's slug. */
	id: string;
	kind: string;
	/**
	 * The drawn chart: markup at build time, the element in the browser; or its drawings for several widths
	 * (site/embed-layout.ts drawingsEl). Absent: the frame is left empty for the page's script to draw into.
	 */
	markup?: string | Element | readonly El[];
	summary: string;
	/** A heading above the chart (a page whose chart has no heading of its own, as the finder's). */
	title?: string;
	/** A note between the heading and the chart (the finder's "the first 10 of 14 results drawn"). */
	note?: string;
	/** Its data table (left out when absent, as in an embed). */
	table?: ChartTable;
	/** The page holds the table's columns only, and its script writes the rows when it is opened (the CSV has them too). */
	rowsOnOpen?: boolean;
	/** At the top of the page: laid out with the first paint, not when it comes into view. */
	eager?: boolean;
	/** The chart's data as files: its CSV and the Parquet files its queries read. */
	downloads?: { csv: string; files: readonly { href: string; path: string }[] };
	embed?: FigureEmbed;
	/** A "Query (SQL)" disclosure, which the page's script fills with the chart's queries when it is opened. */
	queriesOnOpen?: boolean;
}

/** A chart in an embed: alone, its summary for screen readers only, no table, buttons or details, no margin. */
export interface EmbeddedFigure extends Pick<ChartFigure, 'id' | 'kind' | 'markup' | 'summary'> {
	/** The figure is not the address's anchor (an embed document's section around it is). */
	anchored?: false;
}

export function embeddedFigureEl(f: EmbeddedFigure): El {
	return el(
		'figure',
		{ class: 'chart', id: f.anchored === false ? undefined : f.id, style: 'margin:0', 'data-chart': f.kind, 'data-chart-id': f.id, 'data-eager': true },
		el('div', { class: 'chart-frame', 'data-chart-frame': true }, ...drawnEls(f.markup)),
		el('p', { class: 'sr-only', 'data-chart-summary': true }, f.summary),
	);
}

const drawnEls = (markup: ChartFigure['markup']): readonly El[] =>
	markup === undefined ? [] : Array.isArray(markup) ? (markup as readonly El[]) : [chartMarkup(markup as string | Element)];

const SUMMARY_CLASS = 'disclosure';

function tableEl(f: ChartFigure, table: ChartTable): El {
	const { lang } = f;
	const shown = f.rowsOnOpen ? [] : table.rows;
	const cell = (v: string | number | null) => el('td', { class: isNumericCell(v) ? 'num' : undefined }, cellText(v, lang));
	const notes: (El | string)[] = [];
	if (shown.length < table.rows.length) notes.push(el('span', { 'data-table-truncated': true }, `${t(lang, 'tableOnOpen', { total: table.rows.length })} `));
	if (f.downloads) {
		notes.push(el('span', { class: 'whitespace-nowrap' }, `${t(lang, 'download')}${t(lang, 'labelSeparator')}`, el('a', { href: f.downloads.csv, download: true }, 'CSV')));
		for (const file of f.downloads.files) notes.push(' · ', el('a', { href: file.href, download: true, class: 'break-all' }, file.path));
	}
	return el(
		'details',
		{ class: 'w-full', 'data-chart-table-details': true },
		el('summary', { class: SUMMARY_CLASS }, t(lang, 'dataTable')),
		el(
			'div',
			{ class: 'table-scroll' },
			el(
				'table',
				{ class: 'data-table', 'data-chart-table': true, 'data-rows': table.rows.length },
				el('thead', {}, el('tr', {}, ...table.columns.map((c) => el('th', { scope: 'col' }, c)))),
				el('tbody', {}, ...shown.map((row) => el('tr', {}, ...row.map(cell)))),
			),
		),
		notes.length ? el('p', { class: 'prose-muted mt-2 text-xs' }, ...notes) : '',
	);
}

function embedEl(e: FigureEmbed, lang: Lang): El {
	// A snippet the script writes is shown only with the script.
	const scripted = e.snippet === undefined ? ' js-only' : '';
	return el(
		'details',
		{ class: 'w-full', 'data-chart-embed': true },
		el('summary', { class: SUMMARY_CLASS }, t(lang, 'chartEmbed')),
		el('p', { class: `prose-muted mt-2 max-w-3xl${scripted}` }, e.hint ?? t(lang, 'chartEmbedHint')),
		el(
			'textarea',
			{
				class: `field snippet${scripted}`,
				readonly: true,
				'data-embed-snippet': true,
				'data-embed-src': e.src,
				'data-embed-keep': e.keep,
				'data-embed-chart': e.chart,
				'data-embed-title': e.title,
				'data-embed-width': e.width,
				'data-embed-height': e.height,
				'data-data-base': e.dataBase,
				'aria-label': t(lang, 'chartEmbed'),
			},
			e.snippet ?? '',
		),
		el(
			'p',
			{ class: 'mt-1 text-xs' },
			el('a', { href: e.src, 'data-embed-link': true }, t(lang, 'chartEmbedOpen')),
		),
	);
}

/** Each query with its caption, SQL and parameters. */
export function queryBlockEls(queries: readonly FigureQuery[]): El[] {
	return queries.map((q) =>
		el(
			'div',
			{ class: 'mt-2' },
			el('p', { class: 'prose-muted' }, q.caption),
			el('pre', { class: 'code-block' }, el('code', {}, q.sql)),
			q.params.length > 0 ? el('p', { class: 'prose-muted code-params' }, JSON.stringify(q.params)) : '',
		),
	);
}

function queriesEl(lang: Lang): El {
	return el(
		'details',
		{ class: 'w-full', 'data-chart-queries': true },
		el('summary', { class: SUMMARY_CLASS }, t(lang, 'querySql')),
		el('div', { 'data-chart-query-list': true }, el('p', { class: 'prose-muted mt-2 text-xs' }, t(lang, 'queriesOnOpen'))),
	);
}

export function chartFigureEl(f: ChartFigure): El {
	const { lang } = f;
	const drawn = drawnEls(f.markup);
	return el(
		'figure',
		{ class: 'chart mt-6', id: f.id, 'data-eager': f.eager === true, 'data-chart': f.kind, 'data-chart-id': f.id, 'data-testid': 'chart' },
		f.title === undefined ? '' : el('figcaption', { class: 'text-base font-medium' }, f.title),
		f.note === undefined ? '' : el('p', { class: 'prose-muted text-sm', 'data-chart-note': true }, f.note),
		el('div', { class: 'chart-frame overflow-x-auto', 'data-chart-frame': true }, ...drawn),
		el('p', { class: 'chart-summary', 'data-chart-summary': true }, el('span', { class: 'sr-only' }, `${t(lang, 'chartSummary')}: `), f.summary),
		el(
			'div',
			{ class: 'chart-actions' },
			f.table ? tableEl(f, f.table) : '',
			chartExportsEl(lang),
			f.embed ? embedEl(f.embed, lang) : '',
			f.queriesOnOpen ? queriesEl(lang) : '',
		),
	);
}
