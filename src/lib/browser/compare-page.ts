// The comparison page in the browser: the drives from the URL, their files (/compare/drives/<id>.json), their
// reviews' Parquet partitions read with hyparquet (only those: the bytes grow with the drives compared, not the
// catalog), the comparison computed and written with the same modules as the pre-rendered pair pages, and the
// charts drawn by the same chart functions (loaded when the first chart is drawn). Every choice is in the URL;
// back and forward restore it. A reader's own file is parsed in a worker and never leaves the page but in a link the
// reader copies, its rows in the URL's fragment (`#own=…`), which opens here as the same "Your drive".
import { punctuationOf } from '../../i18n/lang.ts';
import { t, tn, type Lang } from '../../i18n/strings.ts';
import { compareDrives } from '../compare/comparison.ts';
import type { ReviewFacts } from '../compare/conditions.ts';
import { compareEmbedPath, devicesOfQuery, includeAllOfQuery, type CompareDriveFile } from '../compare/drive-file.ts';
import { embedSize } from '../embed-snippet.ts';
import { comparisonCharts, comparisonEl, familyTitle, withLateRows, type ChartEmbed, type CompareChart, type DrawnChart } from '../compare/html.ts';
import { domOf } from '../element.ts';
import { chartFigureEl } from '../site/chart-figure.ts';
import { reviewTitle } from '../site/labels.ts';
import { timeseriesMetricOf, timeseriesPoints } from '../charts/timeseries/points.ts';
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import { OWN_DEVICE_ID, OWN_REVIEW_ID, ownResultCsv, type OwnParse, type OwnParseOptions } from '../own-result/common.ts';
import { SHARE_MAX_CHARS, encodeOwnShare } from '../own-result/share.ts';
import { fileSizeText } from '../site/format.ts';
import type { ViewState } from '../site/view.ts';
import { queryFromView, viewFromQuery } from '../site/url-state.ts';
import { controlValue, viewWithControl, type ControlName } from '../site/control-values.ts';
import { compareSource, lateIndex, type Loaded } from './compare-data.ts';
import { parseInWorker } from './own-result.ts';
import { fillFrame, fillSummary } from './figure-fill.ts';
import { sharedOwnOfLocation, withShareFragment } from './own-share.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';
import { dataBase } from '../data-url.ts';

const MAX_DRIVES = 8;
const page = document.querySelector<HTMLElement>('[data-compare-page]')!;
const lang = page.dataset.lang as Lang;
const siteBase = page.dataset.siteBase!;
const pageBase = page.dataset.pageBase!;
const $ = <T extends Element>(selector: string) => page.querySelector<T>(selector)!;
const output = $<HTMLElement>('[data-compare-output]');
const status = $<HTMLElement>('[data-compare-status]');
const chips = $<HTMLUListElement>('[data-compare-chips]');
const search = $<HTMLInputElement>('[data-compare-search]');
const matches = $<HTMLUListElement>('[data-compare-matches]');
const baseSelect = $<HTMLSelectElement>('[data-compare-base]');
const allBox = $<HTMLInputElement>('[data-compare-all]');
/** The chart view's controls (site/chart-controls.ts), each named by its `data-control`. */
const viewControls = [...page.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-control]')];
const controlName = (control: HTMLElement) => control.dataset.control as ControlName;
const workloadSelect = $<HTMLSelectElement>('[data-compare-workload]');
const fileInput = $<HTMLInputElement>('[data-compare-file]');
const drop = $<HTMLElement>('[data-compare-drop]');
const ownStatus = $<HTMLElement>('[data-compare-own-status]');
const ownCsv = $<HTMLButtonElement>('[data-compare-own-csv]');
const ownRemove = $<HTMLButtonElement>('[data-compare-own-remove]');
const ownCharts = $<HTMLElement>('[data-compare-own-charts]');
const shareBox = $<HTMLElement>('[data-compare-share]');
const shareCopy = $<HTMLButtonElement>('[data-compare-share-copy]');
const shareLink = $<HTMLInputElement>('[data-compare-share-link]');
const shareNote = $<HTMLElement>('[data-compare-share-note]');
/** Asks which fio wrote a log whose latency unit only the version tells. */
const versionForm = $<HTMLFormElement>('[data-compare-own-version]');

interface State {
	devices: string[];
	given: number;
	base: string | null;
	/** Results of every class compete (`all=1`); by default only the same testbed and comparable ones. */
	all: boolean;
	workload: string | null;
	view: ViewState;
}

function stateFromUrl(): State {
	const query = new URLSearchParams(location.search);
	const { devices, given, base } = devicesOfQuery(query, MAX_DRIVES);
	const view = { ...viewFromQuery(query), devices: undefined };
	return { devices, given, base, all: includeAllOfQuery(query), workload: query.get('workload'), view };
}

/** The page's URL of a state, with the result link's fragment when the URL carries it (or the one given). */
function urlOf(s: State, fragment = linked ? shareFragment : null): string {
	const query = queryFromView(s.view);
	if (s.devices.length) query.set('devices', s.devices.join(','));
	if (s.base && s.base !== s.devices[0]) query.set('base', s.base);
	if (s.all) query.set('all', '1');
	if (s.workload) query.set('workload', s.workload);
	const text = query.toString().replace(/%2C/g, ',');
	return withShareFragment(`${location.pathname}${text ? `?${text}` : ''}`, fragment);
}

// The reader's result as a link: its fragment once made (null: no result, or too large), and whether the page's URL
// carries it (after "Copy link", or when the page was opened from one); a change of view keeps it there.
let shareFragment: string | null = null;
let linked = false;

let state = stateFromUrl();

/** A new state: into the URL (a history entry, so back returns to the previous view), then drawn. */
function go(next: State): void {
	state = next;
	history.pushState(null, '', urlOf(state));
	void render();
}

addEventListener('popstate', () => {
	state = stateFromUrl();
	void render();
});

const source = compareSource();
const driveFile = source.driveFile;

// The reader's own result: parsed in a worker, kept in this page only.
let own: Extract<OwnParse, { ok: true }> | null = null;
/** "Your drive" among the drives compared, when the reader's file gave results (a log alone gives a time series). */
const ownDevice = () => (own && own.runs.length > 0 ? [OWN_DEVICE_ID] : []);
let ownName = '';

/** The chart library, loaded with the first comparison drawn (it brings Observable Plot). */
const chartModules = () => Promise.all([import('../site/chart-kinds.ts'), import('./chart-render.ts')]);
type ChartModules = Awaited<ReturnType<typeof chartModules>>;

/**
 * The charts on the page. A chart is drawn, its summary and table written, when it is in or near the view: a redraw
 * after a change of statistic or unit costs the charts the reader sees. The other charts' summaries and tables are
 * rewritten in idle time; a chart whose rows are read only when drawn (histogram bins, log points) waits for the view.
 */
interface PageChart {
	chart: CompareChart;
	figure: HTMLElement;
	/** Its drawing, and its summary and table, are not of the current view. */
	stale: boolean;
	textStale: boolean;
}
let shownCharts: PageChart[] = [];
/** What the drawn comparison is of (drives, baseline, filters, own file): a change of view alone keeps it. */
let shownKey = '';
let shownLoaded: Loaded | null = null;
let ownVersion = 0;
let modules: ChartModules | undefined;
let labelsShown: Record<string, string> = {};

const chartWidth = () => Math.max(MIN_DRAWN_WIDTH, Math.min(960, Math.floor(output.clientWidth) || 640));

function optionsOf(chart: CompareChart) {
	const options = modules![0].chartOptions(chart, state.view, { lang, deviceLabels: labelsShown, document });
	options.width = chartWidth();
	return options;
}

function writeText(c: PageChart): void {
	const [kinds, render] = modules!;
	const options = optionsOf(c.chart);
	fillSummary(c.figure, kinds.chartSummary(c.chart.kind, c.chart.input, options));
	render.fillTable(c.figure, kinds.chartTable(c.chart.kind, c.chart.input, options), lang);
	c.textStale = false;
}

function drawNow(c: PageChart): void {
	observer.unobserve(c.figure);
	if (c.chart.input === null) return void completeAndDraw(c);
	const drawn = modules![0].renderChart(c.chart.kind, c.chart.input, optionsOf(c.chart));
	fillFrame(c.figure, drawn.element);
	if (drawn.title) c.figure.querySelector('[data-embed-snippet]')?.setAttribute('data-embed-title', drawn.title);
	if (c.textStale) writeText(c);
	c.stale = false;
}

/** A chart that waits for its rows: read them (once), then draw it. */
async function completeAndDraw(c: PageChart): Promise<void> {
	const late = c.chart.late!;
	const loaded = shownLoaded!;
	const drawnFor = shownKey;
	c.figure.dataset.loading = '';
	try {
		const rows = await source.lateRows(late, loaded, own);
		if (drawnFor !== shownKey) return;
		c.chart = withLateRows(c.chart, rows);
	} catch (err) {
		c.figure.querySelector('[data-chart-frame]')!.textContent = t(lang, 'compareFailed', { reason: err instanceof Error ? err.message : String(err) });
		return;
	} finally {
		delete c.figure.dataset.loading;
	}
	drawNow(c);
}

const observer = new IntersectionObserver(
	(entries) => {
		for (const e of entries) {
			const c = e.isIntersecting ? shownCharts.find((x) => x.figure === e.target) : undefined;
			if (c?.stale) drawNow(c);
		}
	},
	{ rootMargin: '300px 0px' },
);

const nearView = (el: Element) => {
	const r = el.getBoundingClientRect();
	return r.bottom > -300 && r.top < innerHeight + 300;
};

const idle = (work: (deadline: { timeRemaining(): number }) => void) =>
	'requestIdleCallback' in window ? requestIdleCallback(work) : setTimeout(() => work({ timeRemaining: () => 8 }), 1);
let textPass = 0;

/** Summaries and tables of the charts out of view, a few per idle moment, until all are of the current view. */
function rewriteTextsWhenIdle(): void {
	const pass = ++textPass;
	const step = (deadline: { timeRemaining(): number }) => {
		if (pass !== textPass) return;
		for (const c of shownCharts) {
			if (!c.textStale || c.chart.input === null) continue;
			if (deadline.timeRemaining() < 4) return void idle(step);
			writeText(c);
		}
	};
	idle(step);
}

/** The view changed (or the charts are new): the charts near the view drawn now, the others when they come near. */
function redrawCharts(): void {
	for (const c of shownCharts) {
		c.stale = true;
		c.textStale = true;
		if (nearView(c.figure)) drawNow(c);
		else observer.observe(c.figure);
	}
	rewriteTextsWhenIdle();
}

/** A chart's embed: the comparison's live embed with this page's query (chart-export.ts adds it when "Embed" opens). */
function embedOf(chart: CompareChart): ChartEmbed {
	const src = `${siteBase}${compareEmbedPath(page.dataset.langPrefix ?? '', new URLSearchParams(location.search), chart.id).slice(1)}`;
	const size = embedSize(chartWidth(), 420);
	return { src, keep: 'all', dataBase: dataBase(), title: chart.id, size };
}

function labelsOf(files: readonly CompareDriveFile[]): Record<string, string> {
	const labels: Record<string, string> = Object.fromEntries(files.map((f) => [f.device_id, f.label]));
	if (ownDevice().length) labels[OWN_DEVICE_ID] = t(lang, 'compareOwnDrive');
	return labels;
}

let generation = 0;

async function render(): Promise<void> {
	const mine = ++generation;
	syncControls();
	if (shareFragment) shareLink.value = `${location.origin}${urlOf(state, shareFragment)}`;
	const devices = [...state.devices, ...ownDevice()];
	const notes: string[] = [];
	if (state.given > MAX_DRIVES) notes.push(t(lang, 'compareTooMany', { n: state.given }));
	if (devices.length < 2) {
		status.textContent = [...notes, t(lang, 'compareChooseMore')].join(' ');
		output.replaceChildren();
		renderChips((await Promise.all(state.devices.map(driveFile).map((f) => f.catch(() => null)))).filter((f): f is CompareDriveFile => f !== null));
		if (mine === generation) page.dataset.state = 'ready';
		return;
	}
	status.textContent = t(lang, 'compareLoading');
	page.dataset.state = 'loading';
	let loaded: Loaded;
	try {
		loaded = await source.load(state.devices);
	} catch (err) {
		if (mine !== generation) return;
		status.textContent = t(lang, 'compareFailed', { reason: err instanceof Error ? err.message : String(err) });
		page.dataset.state = 'failed';
		return;
	}
	if (mine !== generation) return;
	modules ??= await chartModules();
	if (mine !== generation) return;
	for (const id of loaded.unknown) notes.push(t(lang, 'compareUnknown', { id }));
	const labels = labelsOf(loaded.files);
	renderChips(loaded.files);
	const present = devices.filter((d) => !loaded.unknown.includes(d));
	if (present.length < 2) {
		status.textContent = [...notes, t(lang, 'compareChooseMore')].join(' ');
		output.replaceChildren();
		page.dataset.state = 'ready';
		return;
	}
	const key = JSON.stringify([present, state.base, state.all, state.workload, ownVersion]);
	labelsShown = labels;
	if (key === shownKey) {
		redrawCharts();
		status.textContent = notes.join(' ');
		page.dataset.state = 'ready';
		return;
	}
	const runs = own ? [...loaded.runs, ...own.runs] : loaded.runs;
	const percentiles = own ? [...loaded.percentiles, ...own.percentiles] : loaded.percentiles;
	const reviews = new Map<string, ReviewFacts>(loaded.reviews);
	if (own) reviews.set(OWN_REVIEW_ID, { review_id: OWN_REVIEW_ID, year: null, platform_cpu: null, platform_os: null, drive_count: null, methodology_json: null });
	const comparison = compareDrives({
		devices: present,
		baseline: state.base ?? undefined,
		runs,
		percentiles,
		reviews,
		deviceClasses: loaded.deviceClasses,
		includeAll: state.all,
		...lateIndex(loaded.reviews.values(), own),
	});
	fillWorkloads(comparison.families.map((f) => ({ key: f.key, text: familyTitle(f, lang) })));
	const shown = state.workload ? comparison.families.filter((f) => f.key === state.workload) : comparison.families;
	const filtered = { ...comparison, families: shown.length ? shown : comparison.families };
	const charts = comparisonCharts(filtered, runs, percentiles);
	// Each chart's frame, summary and table are filled by redrawCharts (drawn when in view).
	const draw = (): DrawnChart => ({ markup: document.createElement('div'), summary: '', table: { columns: [], rows: [] } });
	const titles: Record<string, string> = Object.fromEntries([...loaded.reviews.values()].map((r) => [r.review_id, reviewTitle(r, lang)]));
	if (own) titles[OWN_REVIEW_ID] = ownName;
	const tree = comparisonEl(filtered, charts, {
		lang,
		labels,
		reviewTitles: titles,
		reviewHref: (id) => (id === OWN_REVIEW_ID ? null : `${pageBase}reviews/${id}/`),
		driveHref: (id) => (id === OWN_DEVICE_ID ? null : `${pageBase}drives/${id}/`),
		draw,
		// A chart of the reader's own file has no embed: the file never leaves this page.
		embed: own ? undefined : (chart) => embedOf(chart),
	});
	observer.disconnect();
	output.replaceChildren(domOf(tree, document));
	shownKey = key;
	shownLoaded = loaded;
	shownCharts = [...(charts.corners ? [charts.corners] : []), ...charts.families.flat()].map((chart) => ({
		chart,
		figure: output.querySelector<HTMLElement>(`[data-chart-id="${chart.id}"]`)!,
		stale: true,
		textStale: true,
	}));
	redrawCharts();
	status.textContent = notes.join(' ');
	page.dataset.state = 'ready';
}

function syncControls(): void {
	allBox.checked = state.all;
	for (const control of viewControls) {
		const value = controlValue(state.view, controlName(control));
		if (control instanceof HTMLInputElement) control.checked = value === true;
		else control.value = String(value);
	}
	const devices = [...state.devices, ...ownDevice()];
	baseSelect.replaceChildren(
		...devices.map((d) => {
			const o = document.createElement('option');
			o.value = d;
			o.textContent = d === OWN_DEVICE_ID ? t(lang, 'compareOwnDrive') : d;
			o.selected = d === (state.base ?? devices[0]);
			return o;
		}),
	);
}

function fillWorkloads(families: readonly { key: string; text: string }[]): void {
	const all = document.createElement('option');
	all.value = '';
	all.textContent = '—';
	workloadSelect.replaceChildren(
		all,
		...families.map((f) => {
			const o = document.createElement('option');
			o.value = f.key;
			o.textContent = f.text;
			return o;
		}),
	);
	workloadSelect.value = state.workload && families.some((f) => f.key === state.workload) ? state.workload : '';
}

function renderChips(files: readonly CompareDriveFile[]): void {
	const label = (id: string) => files.find((f) => f.device_id === id)?.label ?? id;
	for (const o of baseSelect.options) if (o.value !== OWN_DEVICE_ID) o.textContent = label(o.value);
	chips.replaceChildren(
		...state.devices.map((id) => {
			const li = document.createElement('li');
			li.className = 'badge badge-neutral flex max-w-full items-center gap-1';
			li.dataset.device = id;
			const name = document.createElement('span');
			name.className = 'min-w-0 whitespace-normal break-words';
			name.textContent = label(id);
			const remove = document.createElement('button');
			remove.type = 'button';
			remove.textContent = '×';
			remove.setAttribute('aria-label', t(lang, 'compareRemove', { drive: label(id) }));
			remove.addEventListener('click', () => go({ ...state, devices: state.devices.filter((d) => d !== id), given: state.devices.length - 1, base: state.base === id ? null : state.base }));
			li.append(name, remove);
			return li;
		}),
	);
}

// Choosing drives: the catalog's drive list, read when the reader first searches.
type CatalogDevice = [string, string, ...string[]];
let catalog: Promise<CatalogDevice[]> | undefined;

function catalogDevices(): Promise<CatalogDevice[]> {
	catalog ??= fetch(`${siteBase}catalog.json`).then(async (r) => ((await r.json()) as { devices: CatalogDevice[] }).devices);
	return catalog;
}

async function showMatches(): Promise<void> {
	const q = search.value.trim().toLowerCase();
	if (!q) return matches.replaceChildren();
	const words = q.split(/\s+/);
	const found = (await catalogDevices()).filter(([id, ...rest]) => !state.devices.includes(id) && words.every((w) => [id, ...rest].join(' ').toLowerCase().includes(w))).slice(0, 12);
	if (search.value.trim().toLowerCase() !== q) return;
	if (found.length === 0) {
		const li = document.createElement('li');
		li.textContent = t(lang, 'compareNoMatch', { q: search.value.trim() });
		return matches.replaceChildren(li);
	}
	matches.replaceChildren(
		...found.map(([id, label]) => {
			const li = document.createElement('li');
			const add = document.createElement('button');
			add.type = 'button';
			add.className = 'button';
			add.dataset.device = id;
			add.textContent = `+ ${label}`;
			add.disabled = state.devices.length >= MAX_DRIVES;
			add.addEventListener('click', () => {
				search.value = '';
				matches.replaceChildren();
				go({ ...state, devices: [...state.devices, id], given: state.devices.length + 1 });
				search.focus();
			});
			li.append(add);
			return li;
		}),
	);
}

search.addEventListener('input', () => void showMatches());
baseSelect.addEventListener('change', () => go({ ...state, base: baseSelect.value }));
allBox.addEventListener('change', () => go({ ...state, all: allBox.checked }));
workloadSelect.addEventListener('change', () => go({ ...state, workload: workloadSelect.value || null }));
for (const control of viewControls) {
	control.addEventListener('change', () => {
		const value = control instanceof HTMLInputElement ? control.checked : control.value;
		go({ ...state, view: viewWithControl(state.view, controlName(control), value) });
	});
}

// The reader's own file.
let lastFile: File | null = null;

async function readOwn(file: File, options: OwnParseOptions = {}): Promise<void> {
	lastFile = file;
	versionForm.hidden = true;
	ownStatus.textContent = t(lang, 'compareLoading');
	const result = await parseInWorker(file, undefined, options);
	if (!result.ok) {
		const e = result.error;
		const where = [e.file || file.name, e.line ?? null, e.field ?? null].filter((x) => x !== null && x !== '').join(':');
		ownStatus.textContent = t(lang, 'compareOwnError', { where, message: e.message });
		ownStatus.dataset.state = 'error';
		versionForm.hidden = e.code !== 'LATENCY_UNIT_UNKNOWN';
		return;
	}
	// A new file replaces the result a link brought: the URL no longer carries it.
	setShare(null, false);
	await showOwn(result, file.name);
}

/** A parsed result shown as "Your drive", whether from a file or a link. */
async function showOwn(result: Extract<OwnParse, { ok: true }>, name: string): Promise<void> {
	own = result;
	ownName = name;
	ownVersion++;
	const series = result.runs.length === 0 && result.timeseries.length > 0;
	ownStatus.textContent = series
		? t(lang, 'compareOwnSeries', { file: name, format: result.format, points: tn(lang, 'countPoints', result.timeseries.length) })
		: t(lang, 'compareOwnRead', { file: name, format: result.format, results: tn(lang, 'countResults', result.runs.length) });
	await drawOwnSeries(result.timeseries);
	ownStatus.dataset.state = 'ok';
	ownCsv.hidden = false;
	ownRemove.hidden = false;
	void render();
	await offerShare(result);
}

/** The share control's fragment, and whether the page's URL carries it (replaced: no history entry). */
function setShare(fragment: string | null, onUrl: boolean): void {
	shareFragment = fragment;
	linked = onUrl && fragment !== null;
	history.replaceState(history.state, '', urlOf(state));
	shareBox.hidden = fragment === null;
	shareLink.value = fragment ? `${location.origin}${urlOf(state, fragment)}` : '';
	if (fragment === null) shareNote.hidden = true;
}

/** The result as a link, or, when too large for one, why and the CSV instead. */
async function offerShare(result: Extract<OwnParse, { ok: true }>): Promise<void> {
	const encoded = await encodeOwnShare({ ...result, name: ownName });
	if (own !== result) return;
	shareNote.hidden = false;
	if (!encoded.ok) {
		setShare(null, false);
		shareNote.hidden = false;
		shareNote.dataset.state = 'too-large';
		shareNote.textContent = t(lang, 'compareShareTooLarge', { size: fileSizeText(encoded.chars, lang), cap: fileSizeText(SHARE_MAX_CHARS, lang) });
		return;
	}
	setShare(encoded.fragment, linked);
	shareNote.dataset.state = 'ok';
	const leftOut = encoded.left_out.map((table) => t(lang, `compareShareTable_${table}`)).join(punctuationOf(lang).items);
	shareNote.textContent = [t(lang, 'compareShareNote'), ...(leftOut ? [t(lang, 'compareShareLeftOut', { tables: leftOut })] : [])].join(' ');
}

/** A result link in the URL (`#own=…`), read and checked, then shown as a dropped file is; true when it was shown. */
async function openSharedLink(): Promise<boolean> {
	const decoding = sharedOwnOfLocation();
	if (!decoding) return false;
	const shared = await decoding;
	if (!shared.ok) {
		ownStatus.textContent = t(lang, 'compareShareBad', { message: shared.message });
		ownStatus.dataset.state = 'error';
		return false;
	}
	linked = true;
	await showOwn({ ok: true, format: shared.format, ...shared.rows }, shared.name);
	return true;
}

/** A log the reader dropped: its time series, one chart per metric, drawn by the site's time-series chart. */
async function drawOwnSeries(rows: readonly TimeseriesBucketRow[]): Promise<void> {
	if (rows.length === 0) return ownCharts.replaceChildren();
	modules ??= await chartModules();
	const [kinds] = modules;
	const labels = { [OWN_DEVICE_ID]: t(lang, 'compareOwnDrive') };
	// As every page writes a chart (site/chart-figure.ts), without an embed: the file never leaves this page.
	const figures = [...new Set(rows.map((r) => timeseriesMetricOf(r.metric)))].map((metric) => {
		const points = timeseriesPoints(rows.filter((r) => timeseriesMetricOf(r.metric) === metric));
		const options = kinds.chartOptions({ fixed: { metric } }, state.view, { lang, deviceLabels: labels, document });
		options.width = chartWidth();
		const drawn = kinds.renderChart('ts', points, options);
		return domOf(chartFigureEl({ lang, id: `own-ts-${metric}`, kind: 'ts', markup: drawn.element, summary: drawn.summary, table: drawn.table }), document);
	});
	ownCharts.replaceChildren(...figures);
}

versionForm.addEventListener('submit', (e) => {
	e.preventDefault();
	const version = new FormData(versionForm).get('fio');
	if (lastFile && typeof version === 'string') void readOwn(lastFile, { fioVersion: version.trim() });
});
fileInput.addEventListener('change', () => {
	const file = fileInput.files?.[0];
	if (file) void readOwn(file);
	fileInput.value = '';
});
drop.addEventListener('dragover', (e) => {
	e.preventDefault();
	drop.dataset.dragging = '';
});
drop.addEventListener('dragleave', () => delete drop.dataset.dragging);
drop.addEventListener('drop', (e) => {
	e.preventDefault();
	delete drop.dataset.dragging;
	const file = e.dataTransfer?.files[0];
	if (file) void readOwn(file);
});
ownCsv.addEventListener('click', () => {
	if (!own) return;
	const url = URL.createObjectURL(new Blob([ownResultCsv(own)], { type: 'text/csv;charset=utf-8' }));
	const a = document.createElement('a');
	a.href = url;
	a.download = `${ownName.replace(/\.[^.]*$/, '') || 'result'}-normalized.csv`;
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
});
ownRemove.addEventListener('click', () => {
	own = null;
	ownVersion++;
	setShare(null, false);
	ownCharts.replaceChildren();
	ownStatus.textContent = '';
	ownCsv.hidden = true;
	ownRemove.hidden = true;
	void render();
});
shareCopy.addEventListener('click', async () => {
	if (!shareFragment) return;
	setShare(shareFragment, true);
	shareLink.select();
	try {
		await navigator.clipboard.writeText(shareLink.value);
		shareNote.textContent = `${t(lang, 'compareShareCopied')} ${t(lang, 'compareShareNote')}`;
	} catch {
		shareNote.textContent = `${t(lang, 'compareShareSelect')} ${t(lang, 'compareShareNote')}`;
	}
});
shareLink.addEventListener('focus', () => shareLink.select());
// A link pasted into this tab changes only the fragment: no new page, so read it here.
addEventListener('hashchange', () => {
	if (shareFragment === null || location.hash !== `#${shareFragment}`) void openSharedLink();
});

void openSharedLink().then((shown) => {
	if (!shown) void render();
});
