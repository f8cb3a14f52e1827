// The page script of review and drive pages. The pre-rendered charts need nothing from it; it
// 1. once the page has loaded and the browser is idle, loads the chart library (marking <html data-charts-ready="1">),
//    then DuckDB-wasm, whose first queries load the page's runs and check them against the rows in the page
//    (marking <html data-duckdb="ready">);
// 2. keeps the controls and the URL in step, and on a change redraws only the charts the change touches: those in
//    view at once, the others when the browser is idle or they scroll into view. A new statistic re-queries the
//    charts that show one, in one query per table; rows the page does not carry (histogram bins, another
//    direction or time resolution) are asked of DuckDB when a chart needs them.
import { DEFAULT_WIDTH, MIN_DRAWN_WIDTH } from '../charts/options.ts';
import type { RunRow } from '../schema.ts';
import type { ChartQueries, PackedChart, PageRows, QueryResults } from '../site/chart-data.ts';
import { rawFileLinker } from '../site/raw-files.ts';
import { DEFAULT_VIEW, type ChartKind, type ViewState } from '../site/view.ts';
import type { DrawContext } from './chart-render.ts';
import type { PageConfig } from '../site/page-config.ts';
import { readJson } from './inline-data.ts';
import { isDefaultView, queryFromView, viewFromQuery } from '../site/url-state.ts';
import { CONTROL_NAMES, controlValue, viewWithControl, type ControlName } from '../site/control-values.ts';

interface Chart {
	figure: HTMLElement;
	id: string;
	packed: PackedChart;
	/** Rows by the queries that return them (JSON of the queries). */
	rows: Map<string, QueryResults>;
	/** Bumped when DuckDB returns rows that differ from the ones drawn. */
	version: number;
	/** What the SVG shows now, and what the table shows (drawKey / tableKey; "partial": only its first rows). */
	drawn: string;
	table: string;
}

type Library = typeof import('./chart-render.ts');
type Data = typeof import('../site/chart-data.ts');

const root = document.documentElement;
const config = readJson<PageConfig>('script[data-chart-page]');
const controls = document.querySelector<HTMLElement>('[data-chart-controls]');
const status = document.querySelector<HTMLElement>('[data-live-status]');
const idle: (cb: (deadline?: IdleDeadline) => void) => void = window.requestIdleCallback
	? (cb) => window.requestIdleCallback(cb, { timeout: 1000 })
	: (cb) => window.setTimeout(cb, 50);

let view: ViewState = viewFromQuery(new URLSearchParams(location.search));

function setStatus(text: string): void {
	if (status) status.textContent = text;
}

// Keys of what a chart shows: the parts of the view its kind responds to, the queries its rows come from,
// the version of those rows and (for the SVG) the width it is drawn at.
const queriesKey = (q: ChartQueries) => JSON.stringify(q);

function viewPart(d: Data, kind: ChartKind, v: ViewState): string {
	const c = d.kindControls(kind);
	return JSON.stringify([
		c.includes('stat') ? v.stat : '',
		c.includes('rate') ? v.rateUnit : '',
		c.includes('latency') ? v.latencyUnit : '',
		c.includes('log') ? [v.logX ?? null, v.logY ?? null] : '',
		v.devices ?? null,
	]);
}

// Two lazy modules: the charts' data (small: enough to tell which charts a change touches) and the chart library
// (Plot), needed only to draw.
let lib: Promise<Library> | undefined;
const library = () => (lib ??= import('./chart-render.ts'));
let dataModule: Promise<Data> | undefined;
const chartData = () => (dataModule ??= import('../site/chart-data.ts'));

function tableKey(d: Data, chart: Chart, v: ViewState): string {
	return `${viewPart(d, chart.packed.kind, v)}|${queriesKey(d.queriesForView(chart.packed, v))}|${chart.version}`;
}

function drawKey(d: Data, chart: Chart, v: ViewState, width: number): string {
	return `${tableKey(d, chart, v)}|${width}`;
}

const staticWidth = (chart: Chart) => chart.packed.fixed.width ?? DEFAULT_WIDTH;

/** The width of the drawing shown: an embed carries its chart drawn at a few widths, one shown per frame width. */
function shownWidth(chart: Chart): number {
	for (const drawing of chart.figure.querySelectorAll<HTMLElement>('[data-drawn-width]')) {
		if (getComputedStyle(drawing).display !== 'none') return Number(drawing.dataset.drawnWidth);
	}
	return staticWidth(chart);
}

/**
 * Charts are drawn for the space they have: on a phone a 640 px chart scaled down would shrink its text below
 * legibility. The figure's width is its frame's, and reading it does not lay out a chart skipped out of view.
 */
function targetWidth(chart: Chart): number {
	const room = chart.figure.clientWidth;
	return room > 0 ? Math.max(MIN_DRAWN_WIDTH, Math.min(staticWidth(chart), Math.floor(room))) : staticWidth(chart);
}

function nearViewport(el: Element, margin = 200): boolean {
	const r = el.getBoundingClientRect();
	return r.bottom > -margin && r.top < window.innerHeight + margin && r.height > 0;
}

interface PageCharts {
	d: Data;
	list: Chart[];
	ctx: DrawContext;
}

let charts: Promise<PageCharts> | undefined;

/**
 * The runs the page's charts are drawn from: in the document (an embed's), or in the file under data/ the page names
 * (every language's page shares it). Without them (the file not reached) the charts ask DuckDB for their rows.
 */
async function pageRows(): Promise<PageRows | undefined> {
	const inline = readJson<PageRows>('script[data-chart-rows]');
	const href = document.querySelector<HTMLLinkElement>('link[data-chart-rows]')?.href;
	if (inline || !href) return inline;
	// As the preload hint asked for it (CORS, credentials of the same origin only), so its response is the one used.
	return fetch(href, { mode: 'cors', credentials: 'same-origin' })
		.then((r) => (r.ok ? (r.json() as Promise<PageRows>) : undefined))
		.catch(() => undefined);
}

/** The page's charts with the rows the page carries for them. */
function pageCharts(): Promise<PageCharts> {
	charts ??= (async () => {
		const [d, rows] = await Promise.all([chartData(), pageRows()]);
		const pageRuns: RunRow[] = rows ? d.unpackPageRuns(rows.runs) : [];
		const list: Chart[] = [];
		for (const figure of document.querySelectorAll<HTMLElement>('figure[data-chart]')) {
			const id = figure.dataset.chartId ?? figure.id;
			// An embed's figure carries its spec; a page's are in its rows file.
			const packed = readJson<PackedChart>('script[data-chart-spec]', figure) ?? rows?.charts?.[id];
			if (!packed) continue;
			const chart: Chart = { figure, id, packed, rows: new Map(), version: 0, drawn: '', table: '' };
			const carried = d.unpackResults(packed, pageRuns);
			if (carried) chart.rows.set(queriesKey(packed.queries), carried);
			chart.drawn = drawKey(d, chart, DEFAULT_VIEW, shownWidth(chart));
			const full = Number(figure.querySelector<HTMLElement>('table[data-chart-table]')?.dataset.rows ?? 0);
			chart.table = figure.querySelector('[data-table-truncated]') || full === 0 ? 'partial' : tableKey(d, chart, DEFAULT_VIEW);
			list.push(chart);
		}
		const ctx: DrawContext = {
			lang: config!.lang,
			deviceLabels: config!.labels,
			rawFileHref: rawFileLinker(config!.dataBase, new Set(rows?.rawFiles ?? [])),
		};
		return { d, list, ctx };
	})();
	return charts;
}

function inputOf(d: Data, chart: Chart): unknown {
	const rows = chart.rows.get(queriesKey(d.queriesForView(chart.packed, view)));
	return rows && d.assembleInput(chart.packed, rows);
}

const hasRows = (d: Data, chart: Chart) => chart.rows.has(queriesKey(d.queriesForView(chart.packed, view)));
const isStale = (d: Data, chart: Chart) => chart.drawn !== drawKey(d, chart, view, targetWidth(chart));
const tableOpen = (chart: Chart) => !!chart.figure.querySelector<HTMLDetailsElement>('details[data-chart-table-details]')?.open;
const queriesOpen = (chart: Chart) => !!chart.figure.querySelector<HTMLDetailsElement>('details[data-chart-queries]')?.open;

/** Redraws a chart for the current view if it has the rows; false when it has not. */
function drawNow(d: Data, m: Library, chart: Chart, ctx: DrawContext): boolean {
	const width = targetWidth(chart);
	const want = drawKey(d, chart, view, width);
	if (chart.drawn === want) return true;
	const input = inputOf(d, chart);
	if (input === undefined) return false;
	try {
		const table = m.drawChart({ figure: chart.figure, kind: chart.packed.kind, fixed: chart.packed.fixed }, input, view, width, ctx);
		if (tableOpen(chart)) {
			m.fillTable(chart.figure, table, ctx.lang);
			chart.table = tableKey(d, chart, view);
		}
	} catch (err) {
		console.error(`chart ${chart.id}:`, err);
	}
	chart.drawn = want;
	return true;
}

/** Asks DuckDB for the rows of the charts' current queries: those it lacks, and all of `fresh`. */
async function fetchRows(d: Data, list: readonly Chart[], fresh: ReadonlySet<Chart> = new Set()): Promise<void> {
	const todo = list.filter((c) => fresh.has(c) || !hasRows(d, c));
	if (todo.length === 0 || !config) return;
	const { fetchChartRows } = await import('./live-data.ts');
	const queries = todo.map((c) => d.queriesForView(c.packed, view));
	const results = await fetchChartRows(config, queries);
	root.dataset.duckdbQueries = String(Number(root.dataset.duckdbQueries ?? 0) + 1);
	todo.forEach((chart, i) => {
		const key = queriesKey(queries[i]!);
		const old = chart.rows.get(key);
		if (old && JSON.stringify(old) === JSON.stringify(results[i])) return;
		chart.rows.set(key, results[i]!);
		if (old) chart.version++;
	});
}

let duckdb: Promise<boolean> | undefined;

/** DuckDB-wasm with the page's rows loaded: the rows the page carries are re-read from the Parquet files. */
function loadDuckdb(): Promise<boolean> {
	duckdb ??= (async () => {
		if (!config) return false;
		root.dataset.duckdb = 'loading';
		setStatus(config.messages.loading);
		try {
			const [{ liveDatabase }, { d, list }] = await Promise.all([import('./live-data.ts'), pageCharts()]);
			await liveDatabase(config);
			const carried = list.filter((c) => !c.packed.queries.histograms);
			await fetchRows(d, carried, new Set(carried));
			root.dataset.duckdb = 'ready';
			performance.mark('duckdb-ready');
			setStatus(config.messages.ready);
			scheduleDrain();
			return true;
		} catch (err) {
			console.error('live data:', err);
			root.dataset.duckdb = 'error';
			setStatus(config.messages.error);
			return false;
		}
	})();
	return duckdb;
}

const duckdbReady = () => root.dataset.duckdb === 'ready';

let draining = false;
/** A drain was asked for while one ran (the view may have changed under it): it runs again. */
let drainAgain = false;
/** Charts DuckDB could not give rows for: not asked again in this view. */
let unavailable = new WeakSet<Chart>();

/** Redraws the stale charts, those in view first, a few per idle moment. */
function scheduleDrain(): void {
	if (draining) {
		drainAgain = true;
		return;
	}
	draining = true;
	drainAgain = false;
	idle((deadline) => void drain(deadline));
}

async function drain(deadline?: IdleDeadline): Promise<void> {
	const m = await library();
	const { d, list, ctx } = await pageCharts();
	const stale = list.filter((c) => !unavailable.has(c) && isStale(d, c));
	const waiting = stale.filter((c) => !hasRows(d, c));
	if (waiting.length > 0 && duckdbReady()) {
		try {
			await fetchRows(d, waiting);
		} catch (err) {
			console.error('live data:', err);
		}
		for (const c of waiting) if (!hasRows(d, c)) unavailable.add(c);
	}
	const drawable = stale.filter((c) => hasRows(d, c));
	const order = [...drawable.filter((c) => nearViewport(c.figure)), ...drawable.filter((c) => !nearViewport(c.figure))];
	let drawn = 0;
	for (const chart of order) {
		if (drawn > 0 && deadline && deadline.timeRemaining() < 8) break;
		drawNow(d, m, chart, ctx);
		drawn++;
	}
	draining = false;
	if (drawn < order.length || drainAgain) scheduleDrain();
	else if (performance.getEntriesByName('view-change', 'mark').length > 0) performance.measure('view-redrawn-all', 'view-change');
}

/** Fills a chart's table with every row for the current view when the reader opens it. */
async function showTable(chart: Chart): Promise<void> {
	const m = await library();
	const { d, ctx } = await pageCharts();
	const want = tableKey(d, chart, view);
	if (chart.table === want) return;
	if (!hasRows(d, chart) && (await loadDuckdb())) await fetchRows(d, [chart]);
	const input = inputOf(d, chart);
	if (input === undefined || !tableOpen(chart)) return;
	const target = { figure: chart.figure, kind: chart.packed.kind, fixed: chart.packed.fixed };
	m.fillTable(chart.figure, m.tableOf(target, input, view, targetWidth(chart), ctx), ctx.lang);
	chart.table = want;
}

/** Writes a chart's queries, for the current view, into its "Query (SQL)" disclosure. */
async function showQueries(chart: Chart): Promise<void> {
	const [m, { d, ctx }] = await Promise.all([library(), pageCharts()]);
	m.fillQueries(chart.figure, d.shownQueries(d.queriesForView(chart.packed, view), ctx.lang));
}

let upgrade: Promise<void> | undefined;

/** Live charts: the chart library, the charts in view redrawn if their width calls for it, then DuckDB. */
function startUpgrade(): Promise<void> {
	upgrade ??= (async () => {
		const m = await library();
		const { d, list, ctx } = await pageCharts();
		for (const chart of list) if (nearViewport(chart.figure) && isStale(d, chart)) drawNow(d, m, chart, ctx);
		observe(d, m, list, ctx);
		root.dataset.chartsReady = '1';
		scheduleDrain();
		// An embed in its own view and version redraws only for its width: the rows it carries are all it needs.
		if (root.dataset.liveData !== 'off') idle(() => void loadDuckdb());
	})();
	return upgrade;
}

/** A stale chart scrolling into view is drawn at once, not at the next idle moment. */
function observe(d: Data, m: Library, list: readonly Chart[], ctx: DrawContext): void {
	if (!('IntersectionObserver' in window)) return;
	const byFigure = new Map(list.map((c) => [c.figure, c]));
	const observer = new IntersectionObserver(
		(entries) => {
			for (const e of entries) {
				const chart = byFigure.get(e.target as HTMLElement);
				if (e.isIntersecting && chart && isStale(d, chart) && !drawNow(d, m, chart, ctx)) scheduleDrain();
			}
		},
		{ rootMargin: '200px 0px' },
	);
	for (const c of list) observer.observe(c.figure);
}

async function applyView(next: ViewState): Promise<void> {
	performance.mark('view-change');
	const statChanged = next.stat !== view.stat;
	view = next;
	unavailable = new WeakSet();
	writeUrl();
	void startUpgrade();
	const { d, list, ctx } = await pageCharts();
	for (const chart of list.filter(queriesOpen)) void showQueries(chart);
	// A new statistic re-queries the charts that show one; charts in view that lack rows for this view get them too.
	const fresh = new Set(statChanged ? list.filter((c) => d.kindControls(c.packed.kind).includes('stat')) : []);
	const inView = list.filter((c) => nearViewport(c.figure) && isStale(d, c));
	if (duckdbReady()) {
		try {
			await fetchRows(d, [...new Set([...fresh, ...inView])], fresh);
		} catch (err) {
			console.error('live data:', err);
		}
	} else if (fresh.size > 0 || inView.some((c) => !hasRows(d, c))) {
		// Drawn from the page's rows now; DuckDB's arrive when it has loaded (and redraw what they change).
		void loadDuckdb();
	}
	// The chart library is needed only if a chart in view changes; the others follow as the browser is idle.
	if (inView.length > 0) {
		const m = await library();
		for (const chart of inView) drawNow(d, m, chart, ctx);
	}
	performance.measure('view-redrawn', 'view-change');
	root.dataset.viewsApplied = String(Number(root.dataset.viewsApplied ?? 0) + 1);
	scheduleDrain();
}

function writeControls(): void {
	if (!controls) return;
	for (const name of CONTROL_NAMES) {
		const el = controls.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-control="${name}"]`);
		const value = controlValue(view, name);
		if (el instanceof HTMLInputElement) el.checked = value === true;
		else if (el && [...el.options].some((o) => o.value === value)) el.value = String(value);
	}
	for (const box of controls.querySelectorAll<HTMLInputElement>('[data-control="device"]')) {
		box.checked = !view.devices || view.devices.includes(box.value);
	}
}

function readControls(changed: string): ViewState {
	const control = (name: string) => controls?.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-control="${name}"]`);
	if (changed === 'log-x' || changed === 'log-y') {
		// Both axes as the boxes show them: an axis left to its chart's default is unticked, so it is now off.
		const checked = (name: string) => (control(name) as HTMLInputElement | null | undefined)?.checked === true;
		return { ...view, logX: checked('log-x'), logY: checked('log-y') };
	}
	if (changed === 'device') {
		const boxes = [...(controls?.querySelectorAll<HTMLInputElement>('[data-control="device"]') ?? [])];
		const shown = boxes.filter((b) => b.checked).map((b) => b.value);
		return { ...view, devices: shown.length === boxes.length ? undefined : shown };
	}
	const el = control(changed);
	return el && (CONTROL_NAMES as readonly string[]).includes(changed) ? viewWithControl(view, changed as ControlName, el.value) : view;
}

function writeUrl(): void {
	const query = queryFromView(view, new URLSearchParams(location.search)).toString();
	history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

function onControl(e: Event): void {
	const el = (e.target as HTMLElement).closest<HTMLElement>('[data-control]');
	if (!el) return;
	const name = el.dataset.control!;
	if (name === 'reset') {
		void applyView({ ...DEFAULT_VIEW }).then(writeControls);
		return;
	}
	void applyView(readControls(name));
}

/** After the page has loaded and settled: the live charts' downloads never compete with the page's own. */
function afterLoad(run: () => void): void {
	const later = () => window.setTimeout(() => idle(run), 1000);
	if (document.readyState === 'complete') later();
	else window.addEventListener('load', later, { once: true });
}

if (config && document.querySelector('figure[data-chart]')) {
	writeControls();
	controls?.addEventListener('change', onControl);
	controls?.addEventListener('click', (e) => {
		if ((e.target as HTMLElement).closest('[data-control="reset"]')) onControl(e);
	});
	// The first touch of any control starts the live charts even before its change lands.
	controls?.addEventListener('pointerdown', () => void startUpgrade(), { once: true });
	controls?.addEventListener('focusin', () => void startUpgrade(), { once: true });
	for (const [selector, show] of [
		['details[data-chart-table-details]', showTable],
		['details[data-chart-queries]', showQueries],
	] as const) {
		for (const details of document.querySelectorAll<HTMLDetailsElement>(`figure[data-chart] ${selector}`)) {
			details.addEventListener('toggle', () => {
				if (!details.open) return;
				void pageCharts().then(({ list }) => {
					const chart = list.find((c) => c.figure.contains(details));
					if (chart) return show(chart);
				});
			});
		}
	}
	// Charts are drawn for the width they have: once a resize settles, the stale ones are redrawn (the SVG scales meanwhile).
	let resizeTimer: number | undefined;
	let lastWidth = window.innerWidth;
	window.addEventListener('resize', () => {
		window.clearTimeout(resizeTimer);
		resizeTimer = window.setTimeout(() => {
			if (!upgrade || Math.abs(window.innerWidth - lastWidth) < 40) return;
			lastWidth = window.innerWidth;
			scheduleDrain();
		}, 250);
	});
	if (!isDefaultView(view)) {
		// A shared link: draw its view at once from the page's rows (DuckDB follows with any rows it needs).
		void applyView(view);
	} else {
		afterLoad(() => void startUpgrade());
	}
}
