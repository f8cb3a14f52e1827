// The comparison as an element tree (src/lib/element.ts): the verdict, the drives with their best values, and per
// workload family its sources, the conditions that differ, its charts and the delta table; then the workloads only
// one drive has. One definition for the pre-rendered pair pages (written as HTML) and the browser's comparison page
// (built as DOM), so both show the same thing. Text from the data is only ever text or an attribute value; the
// charts' SVG comes from the chart library.
import { punctuationOf } from '../../i18n/lang.ts';
import { t, type Lang, type UiKey } from '../../i18n/strings.ts';
import { formatNumber, formatSigned, listText } from '../charts/format.ts';
import type { ChartTable } from '../charts/table.ts';
import { el, type El } from '../element.ts';
import type { HistogramRow, PercentileRow, RunRow } from '../schema.ts';
import { matchesHistogramFilter } from '../queries/histograms.ts';
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import type { FamilyFacts } from '../charts/kind.ts';
import { KINDS, kindOf } from '../charts/kinds.ts';
import { fourCornersKind } from '../charts/four-corners/index.ts';
import { assembleInput, type FixedOptions } from '../site/chart-data.ts';
import { headlineDisplay } from '../site/format.ts';
import { chartFigureEl } from '../site/chart-figure.ts';
import type { ChartKind } from '../site/view.ts';
import type { Comparison, Family, SharedLoad } from './comparison.ts';
import { bestOf, metricsOf, type DeltaRow } from './delta.ts';
import type { Reason } from './comparability.ts';
import { metricText, partsText, reasonText, verdictText, workloadTitle } from './verdict.ts';

/** A chart of the comparison: drawn by the same chart functions as every other page. */
export interface CompareChart {
	id: string;
	kind: ChartKind;
	/** The chart's input; null while it waits for its late rows. */
	input: unknown;
	fixed: FixedOptions;
	/** Rows read only when the chart is drawn (histogram bins, log points: large), and of which runs. */
	late?: LateNeed;
}

export interface LateNeed {
	table: 'histograms' | 'timeseries';
	runs: RunRow[];
	direction: string;
	/** timeseries: the log metric (bw, iops, lat, clat, slat). */
	metric?: string;
}

/** Late rows at hand (build: queried; browser: read from the drives' partitions when a chart comes into view). */
export interface LateRows {
	histograms?: readonly HistogramRow[];
	timeseries?: readonly TimeseriesBucketRow[];
}

/** The charts of a comparison: the four corners of its drives, and per family (in comparison.families' order) its charts. */
export interface ComparisonCharts {
	corners: CompareChart | null;
	families: CompareChart[][];
}

export interface DrawnChart {
	/** The chart's SVG markup (build time) or element (browser). */
	markup: string | Element;
	/** Its name (its aria-label), when drawn. */
	title?: string;
	summary: string;
	table: ChartTable;
}

export interface CompareView {
	lang: Lang;
	/** Display names by device id ("Your drive" included). */
	labels: Record<string, string>;
	/** Review titles by id, and where a review's and a drive's pages are (null: none, e.g. the reader's own file). */
	reviewTitles: Record<string, string>;
	reviewHref(reviewId: string): string | null;
	driveHref(deviceId: string): string | null;
	/** Draws a chart (build: linkedom; browser: the page's document). */
	draw(chart: CompareChart): DrawnChart;
	/** A chart's embed: its address (the page's script puts in the view and the current dataset version). */
	embed?(chart: CompareChart): ChartEmbed;
}

export interface ChartEmbed {
	/** The embed's address, without query (a pre-rendered one) or with the comparison's (the live one). */
	src: string;
	/** "view": the page's chart view joins the address; "all": the whole query of the page (the comparison's drives…). */
	keep: 'view' | 'all';
	/** The data folder, whose versions/index.json names the current dataset version. */
	dataBase: string;
	/** The iframe's title. */
	title: string;
	/** The iframe's widest and its height (src/lib/embed-snippet.ts). */
	size: { width: number; height: number };
}

/** A chart whose late rows are at hand: its input assembled as every page assembles it (chart-data.ts). */
export function withLateRows(chart: CompareChart, rows: LateRows): CompareChart {
	const late = chart.late;
	if (!late) return chart;
	const runIds = late.runs.map((r) => r.run_id);
	const input = assembleInput(chart, {
		runs: late.runs,
		histograms: rows.histograms?.filter((b) => matchesHistogramFilter(b, { runIds, direction: late.direction })),
		timeseries: rows.timeseries?.filter((b) => b.run_id !== null && runIds.includes(b.run_id) && b.metric === late.metric && b.direction === late.direction),
	});
	return { ...chart, input };
}

/** Lays out the charts of a comparison; those needing late rows get them from `late`, or wait (input null) without. */
export function comparisonCharts(comparison: Comparison, runs: readonly RunRow[], percentiles: readonly PercentileRow[], late?: LateRows): ComparisonCharts {
	const ready = (c: CompareChart) => (late && c.late ? withLateRows(c, late) : c);
	return {
		corners: comparison.corners ? { id: `cmp-${fourCornersKind.slug}`, kind: fourCornersKind.slug, input: comparison.corners, fixed: {} } : null,
		families: comparison.families.map((f, i) => familyCharts(f, i, runs, percentiles).map(ready)),
	};
}

/** The charts of a family: each kind's (kind.ts `compare`), in the order of the kinds' list. */
function familyCharts(family: Family, index: number, runs: readonly RunRow[], percentiles: readonly PercentileRow[]): CompareChart[] {
	const facts: FamilyFacts = {
		family,
		percentiles,
		fixed: family.odd.length ? { muted: family.odd } : {},
		runsOf: ({ runIds, direction }: SharedLoad) => runs.filter((r) => runIds.includes(r.run_id) && r.direction === direction),
	};
	return KINDS.flatMap((kind) => {
		const draft = kind.compare?.(facts) ?? null;
		return draft ? [{ id: `cmp-${index}-${kind.slug}`, kind: kind.slug, ...draft }] : [];
	});
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const name = (v: CompareView, d: string) => v.labels[d] ?? d;
const link = (href: string | null, text: string, attrs: El['attrs'] = {}) => (href ? el('a', { href, ...attrs }, text) : el('span', attrs, text));

function valueText(row: DeltaRow, value: number, lang: Lang): string {
	const shown = row.metric.unit === 'TPS' ? { value, unit: 'TPS' } : headlineDisplay(row.metric.unit, value);
	return `${formatNumber(shown.value, lang)} ${shown.unit}`;
}

/** A reason in words with both sides' values: "preconditioning not stated alike (A: …; B: —)". */
function reasonLine(r: Reason, sides: [string, string], v: CompareView): string {
	const parts = r.kind === 'unknown_part' && r.parts?.length ? ` (${partsText(r.parts, v.lang)})` : '';
	const values = r.values.map((x, i) => `${sides[i]}: ${x ?? t(v.lang, 'condUnknown')}`).join('; ');
	return `${reasonText(r.kind, v.lang)}${parts} — ${values}`;
}

/** A workload's load within its family: "QD 32", "QD 1 · 50,000 IOPS"; a labelled workload by its label. */
function loadText(row: DeltaRow, lang: Lang): string {
	if (row.workload.label) return row.workload.label.text;
	const fp = row.workload.fingerprint;
	const parts = [fp.outstanding === null ? null : `QD ${formatNumber(fp.outstanding, lang)}`, fp.rate_limit_iops === null ? null : `${formatNumber(fp.rate_limit_iops, lang)} IOPS`];
	return parts.filter((p) => p !== null).join(' · ') || '?';
}

/** A chart of the comparison, as every page writes a chart (site/chart-figure.ts). */
function chartFigure(chart: CompareChart, drawn: DrawnChart, lang: Lang, e?: ChartEmbed): El {
	const embed = e && { src: e.src, keep: e.keep, chart: chart.id, title: e.title, width: e.size.width, height: e.size.height, dataBase: e.dataBase };
	return chartFigureEl({ lang, id: chart.id, kind: chart.kind, markup: drawn.markup, summary: drawn.summary, table: drawn.table, embed });
}

/** Each drive's class against the reference drive, and why a drive is drawn pale and left out of wins. */
function classesNote(family: Family, v: CompareView): El | string {
	const others = [...family.classes].filter(([d, c]) => d !== family.reference && (c.class !== 'same_testbed' || c.notes.length));
	if (others.length === 0) return '';
	const sides: [string, string] = [name(v, family.reference), ''];
	const items = others.map(([d, c]) =>
		el(
			'li',
			{ 'data-class': c.class, 'data-device': d },
			el('strong', {}, `${name(v, d)}: ${t(v.lang, `class_${c.class}` as UiKey)}`),
			...[...c.reasons, ...c.notes].map((r) => el('span', { class: 'block', 'data-reason': r.kind }, reasonLine(r, [sides[0], name(v, d)], v))),
		),
	);
	const odd = family.odd.length > 0;
	return el(
		'div',
		{
			class: odd ? 'mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950' : 'prose-muted mt-3 text-sm',
			role: 'note',
			'data-testid': 'conditions',
		},
		el('p', { class: 'font-medium' }, t(v.lang, 'compareClasses', { reference: name(v, family.reference) })),
		el('ul', { class: 'mt-1 list-disc pl-5' }, ...items),
		odd ? el('p', { class: 'mt-1' }, t(v.lang, 'compareConditionsDrawn', { drives: family.odd.map((d) => name(v, d)).join(', ') })) : '',
	);
}

function deltaCell(row: DeltaRow, device: string, v: CompareView): El {
	const c = row.cells.get(device);
	if (!c) return el('td', { class: 'num prose-muted' }, '—');
	const { lang } = v;
	// One mark before the value, never two ("≈~411,987"): a converted value is "≈", a loose match alone "~"; the mark's
	// title gives every reason.
	const loose = c.member.match === 'loose' && !row.workload.label;
	const markTitle = [c.converted ? t(lang, 'compareConverted') : null, loose ? t(lang, 'compareLoose', { parts: partsText(row.workload.unknown, lang) }) : null].filter((x) => x !== null);
	const marks = markTitle.length
		? [el('abbr', { title: markTitle.join('; '), 'data-converted': c.converted ? '' : undefined, 'data-loose': loose ? '' : undefined }, c.converted ? '≈' : '~')]
		: [];
	const value = valueText(row, c.value, lang);
	// A tie between every counted drive marks nobody.
	const marked = c.best && bestOf(row).length < row.cells.size;
	const per = c.perDrive;
	const perText = per?.divided
		? t(lang, 'comparePerDrive', { total: valueText(row, per.total, lang), drives: formatNumber(per.drives!, lang), value })
		: per?.hostBound
			? t(lang, 'compareHostBound', { total: valueText(row, per.total, lang), drives: formatNumber(per.drives!, lang) })
			: null;
	const why = c.counts ? [] : c.reasons.map((r) => `${reasonText(r.kind, lang)}${r.values.some((x) => x !== null) ? ` (${r.values.map((x) => x ?? '—').join(' / ')})` : ''}`);
	const title = [t(lang, 'compareFrom', { review: v.reviewTitles[c.member.row.review_id] ?? c.member.row.review_id }), `${t(lang, `class_${c.class}` as UiKey)}${why.length ? `: ${why.join('; ')}` : ''}`, perText]
		.filter((x) => x !== null)
		.join('\n');
	return el(
		'td',
		{
			class: c.counts ? 'num' : 'num opacity-60',
			'data-device': device,
			// The value compared (per drive for a rate of several drives) in the dataset's base unit (IOPS, bytes/s, ns).
			'data-value': c.value,
			'data-class': c.class,
			'data-counts': c.counts ? '' : undefined,
			'data-best': marked ? '' : undefined,
			title,
		},
		...marks,
		marked ? el('strong', {}, value) : value,
		marked ? el('span', { class: 'ml-1', 'data-best-mark': '', 'aria-label': t(lang, 'compareBest') }, '★') : '',
		perText ? el('span', { class: 'prose-muted block text-xs', 'data-per-drive': per!.divided ? 'divided' : 'host-bound' }, perText) : '',
		!c.counts ? el('span', { class: 'prose-muted block text-xs', 'data-not-ranked': '' }, t(lang, `class_${c.class}` as UiKey)) : '',
		c.pct === null ? '' : el('span', { class: 'prose-muted block text-xs', 'data-pct': '' }, `${formatSigned(c.pct, lang)} %`),
	);
}

function deltaTableEl(family: Family, comparison: Comparison, v: CompareView): El {
	const devices = comparison.devices.filter((d) => family.rows.some((r) => r.cells.has(d)));
	// No two drives share a metric here: say what each has instead of a table with no rows.
	if (family.rows.length === 0) {
		const has = comparison.devices
			.map((d) => [d, metricsOf(family.workloads, d)] as const)
			.filter(([, metrics]) => metrics.length > 0)
			.map(([d, metrics]) => t(v.lang, 'compareDriveHas', { drive: name(v, d), metrics: listText(metrics.map((m) => metricText(m, v.lang)), v.lang) }));
		return el('p', { class: 'prose-muted mt-4 max-w-3xl text-sm', 'data-testid': 'no-common-metric' }, t(v.lang, 'compareNoCommonMetric', { drives: has.join(punctuationOf(v.lang).groups) }));
	}
	return el(
		'div',
		{ class: 'mt-4 overflow-x-auto' },
		el(
			'table',
			{ class: 'data-table', 'data-testid': 'delta-table' },
			el('caption', { class: 'prose-muted text-left text-sm' }, t(v.lang, 'compareDelta', { base: name(v, comparison.baseline) })),
			el(
				'thead',
				{},
				el(
					'tr',
					{},
					el('th', { scope: 'col' }, t(v.lang, 'compareLoad')),
					el('th', { scope: 'col' }, t(v.lang, 'compareMetric')),
					...devices.map((d) => el('th', { scope: 'col', class: 'num', 'data-device': d, 'data-baseline': d === comparison.baseline ? '' : undefined }, name(v, d))),
				),
			),
			el(
				'tbody',
				{},
				...family.rows.map((row) =>
					el(
						'tr',
						{ 'data-metric': row.metric.key, 'data-workload': row.workload.key },
						el('th', { scope: 'row' }, loadText(row, v.lang)),
						el('td', {}, capitalized(metricText(row.metric.key, v.lang))),
						...devices.map((d) => deltaCell(row, d, v)),
					),
				),
			),
		),
	);
}

/** A family's heading: its fingerprint without the load, or the label of a workload matched inside one review. */
export function familyTitle(family: Family, lang: Lang): string {
	return family.merged ? workloadTitle(family.workloads[0]!, lang) : workloadTitle({ fingerprint: family.fingerprint, unknown: family.unknown, label: null }, lang);
}

function familyEl(family: Family, index: number, comparison: Comparison, charts: readonly CompareChart[], v: CompareView, headline = false): El {
	const sources = [...family.sources].map(([d, series]) => {
		const [review, host] = series.split('\u0000') as [string, string];
		return el('li', {}, `${name(v, d)}: `, link(v.reviewHref(review), v.reviewTitles[review] ?? review), host ? ` · ${host}` : '');
	});
	return el(
		'section',
		{ class: 'mt-10', 'data-family': family.key, 'aria-labelledby': `family-${index}` },
		el('h3', { id: `family-${index}`, class: 'text-lg' }, familyTitle(family, v.lang)),
		el('ul', { class: 'prose-muted mt-1 text-sm', 'data-testid': 'family-sources' }, ...sources),
		classesNote(family, v),
		headline ? el('p', { class: 'mt-2 text-sm' }, link('#headline', t(v.lang, 'compareChartAtTop'))) : '',
		...charts.map((c) => chartFigure(c, v.draw(c), v.lang, v.embed?.(c))),
		deltaTableEl(family, comparison, v),
	);
}

function tallyEl(comparison: Comparison, v: CompareView): El {
	const rows = comparison.devices.map((d) => {
		const tally = comparison.tally.get(d) ?? { wins: 0, losses: 0 };
		return el(
			'tr',
			{ 'data-device': d, 'data-baseline': d === comparison.baseline ? '' : undefined },
			el('th', { scope: 'row' }, link(v.driveHref(d), name(v, d))),
			el('td', { class: 'num', 'data-wins': '' }, formatNumber(tally.wins, v.lang)),
			el('td', { class: 'num', 'data-losses': '' }, formatNumber(tally.losses, v.lang)),
		);
	});
	return el(
		'div',
		{ class: 'mt-3 overflow-x-auto' },
		el(
		'table',
		{ class: 'data-table', 'data-testid': 'tally' },
		el(
			'thead',
			{},
			el('tr', {}, ...(['compareDrives', 'compareWins', 'compareLosses'] as const).map((k) => el('th', { scope: 'col' }, t(v.lang, k)))),
		),
		el('tbody', {}, ...rows),
		),
	);
}

function singleEl(comparison: Comparison, v: CompareView): El | string {
	if (comparison.single.length === 0) return '';
	const items = comparison.single.map((w) => {
		const d = [...w.byDevice.keys()][0]!;
		return el('li', {}, el('span', { class: 'font-medium' }, name(v, d)), `: ${workloadTitle(w, v.lang)}`);
	});
	return el(
		'section',
		{ class: 'mt-10', 'aria-labelledby': 'only-one' },
		el('h2', { id: 'only-one', class: 'text-xl' }, `${t(v.lang, 'compareOnlyOne')} (${formatNumber(comparison.single.length, v.lang)})`),
		el('ul', { class: 'mt-3 list-disc pl-5 text-sm', 'data-testid': 'single-workloads' }, ...items),
	);
}

/** The whole comparison, given its charts (comparisonCharts). */

/**
 * The chart the comparison opens on, right under its verdict: the four corners when they hold every drive, else the
 * chart of a shared workload every drive has (by its kind's headlineRank), else whichever exists. Drawn once: not again below.
 */
function headlineOf(comparison: Comparison, charts: ComparisonCharts): { chart: CompareChart; family: number | null } | null {
	if (charts.corners && comparison.cornersLeftOut.length === 0) return { chart: charts.corners, family: null };
	// Among workloads every drive has, a chart of figures readers look for first (throughput, a curve) over a latency detail.
	const rank = (c: CompareChart) => kindOf(c.kind).headlineRank ?? -1;
	let all: { chart: CompareChart; family: number } | null = null;
	comparison.families.forEach((f, i) => {
		if (f.sources.size !== comparison.devices.length) return;
		for (const chart of charts.families[i] ?? []) if (!all || rank(chart) < rank(all.chart)) all = { chart, family: i };
	});
	if (all) return all;
	if (charts.corners) return { chart: charts.corners, family: null };
	const any = charts.families.findIndex((list) => list.length > 0);
	return any >= 0 ? { chart: charts.families[any]![0]!, family: any } : null;
}

export function comparisonEl(comparison: Comparison, charts: ComparisonCharts, v: CompareView): El {
	const verdict = verdictText(comparison.verdict, comparison.shared, comparison.single.length, v.labels, v.lang);
	const headline = headlineOf(comparison, charts);
	const cornersLeftOut = comparison.cornersLeftOut.length
		? el('p', { class: 'prose-muted mt-2 max-w-3xl text-sm', 'data-testid': 'corners-left-out' }, t(v.lang, 'compareCornersLeftOut', { drives: comparison.cornersLeftOut.map((d) => name(v, d)).join(', ') }))
		: '';
	const headlineEl = headline
		? el(
				'div',
				{ class: 'mt-4 sm:mt-6', id: 'headline', 'data-testid': 'headline', 'data-family': headline.family === null ? undefined : comparison.families[headline.family]!.key },
				el('h3', { class: 'text-lg' }, headline.family === null ? t(v.lang, 'compareCornersShort') : familyTitle(comparison.families[headline.family]!, v.lang)),
				headline.family === null ? cornersLeftOut : '',
				chartFigure(headline.chart, v.draw(headline.chart), v.lang, v.embed?.(headline.chart)),
			)
		: el('p', { class: 'prose-muted mt-4 max-w-3xl text-sm', 'data-testid': 'no-headline' }, t(v.lang, 'compareNoHeadline'));
	// The headline's family lists its other charts only.
	const familyCharts = (i: number) => (charts.families[i] ?? []).filter((c) => c !== headline?.chart);
	return el(
		'div',
		{ 'data-baseline': comparison.baseline },
		el(
			'section',
			{ 'aria-labelledby': 'verdict' },
			// On a phone the heading is for screen readers only: the verdict and the headline chart share the first screen.
			el('h2', { id: 'verdict', class: 'text-xl max-sm:sr-only' }, t(v.lang, 'compareVerdict')),
			el('p', { class: 'max-w-3xl sm:mt-2', 'data-testid': 'verdict' }, verdict),
			headlineEl,
			tallyEl(comparison, v),
		),
		charts.corners && headline?.chart !== charts.corners
			? el(
					'section',
					{ class: 'mt-10', 'aria-labelledby': 'corners' },
					el('h2', { id: 'corners', class: 'text-xl' }, t(v.lang, 'compareCorners')),
					cornersLeftOut,
					chartFigure(charts.corners, v.draw(charts.corners), v.lang, v.embed?.(charts.corners)),
				)
			: '',
		comparison.families.length
			? el(
					'section',
					{ class: 'mt-10', 'aria-labelledby': 'families' },
					el('h2', { id: 'families', class: 'text-xl' }, `${t(v.lang, 'compareFamilies')} (${formatNumber(comparison.shared, v.lang)})`),
					...comparison.families.map((f, i) => familyEl(f, i, comparison, familyCharts(i), v, headline?.family === i)),
				)
			: '',
		singleEl(comparison, v),
	);
}
