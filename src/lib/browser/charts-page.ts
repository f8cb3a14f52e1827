// The page script of review and drive pages. The pre-rendered charts need nothing from it; it
// 1. applies a view from the URL at once (redrawing from the rows embedded in the page),
// 2. on the first use of a control, or when the browser is idle, loads the chart library, redraws every chart
//    (marking <html data-charts-ready="1">), then loads DuckDB-wasm and re-runs each chart's queries against
//    the Parquet files (marking <html data-duckdb="ready">),
// 3. keeps the controls and the URL in step, re-querying DuckDB when a view needs rows the page does not hold.
import type { Lang } from '../../i18n/strings.ts';
import { DEFAULT_VIEW, type ViewState } from '../site/view.ts';
import { readJson } from './inline-data.ts';
import { isDefaultView, queryFromView, viewFromQuery } from './url-state.ts';
import type { DataSource } from './duckdb.ts';
import type { PageChart } from './chart-render.ts';

interface PageConfig extends DataSource {
	lang: Lang;
	labels: Record<string, string>;
	directions: string[];
	messages: { loading: string; ready: string; error: string };
}

const root = document.documentElement;
const config = readJson<PageConfig>('script[data-chart-page]');
const controls = document.querySelector<HTMLElement>('[data-chart-controls]');
const status = document.querySelector<HTMLElement>('[data-live-status]');

let view: ViewState = viewFromQuery(new URLSearchParams(location.search));
let charts: PageChart[] | undefined;
/** Inputs fetched from DuckDB for the current view, by chart id. */
const liveInputs = new Map<string, unknown>();
let upgrade: Promise<void> | undefined;
let duckdbReady: Promise<void> | undefined;

function setStatus(text: string): void {
	if (status) status.textContent = text;
}

async function renderer() {
	const module = await import('./chart-render.ts');
	charts ??= module.pageCharts();
	return { module, charts };
}

/** Redraws every chart under the current view, from DuckDB rows when they are loaded, else the page's rows. */
async function redrawAll(): Promise<void> {
	if (!config) return;
	const { module, charts: list } = await renderer();
	for (const chart of list) {
		try {
			module.drawChart(chart, view, config.lang, config.labels, liveInputs.get(chart.spec.id));
		} catch (err) {
			console.error(`chart ${chart.spec.id}:`, err);
		}
	}
}

/** Re-runs every chart's queries in DuckDB-wasm under the current view. */
async function requeryAll(): Promise<void> {
	if (!config) return;
	const [{ runLiveQuery }, { charts: list }, kinds] = await Promise.all([
		import('./duckdb.ts'),
		renderer(),
		import('../site/chart-kinds.ts'),
	]);
	const run = <T>(q: Parameters<typeof runLiveQuery>[1]) => runLiveQuery<T>(config, q);
	for (const chart of list) {
		const results = await kinds.runChartQueries(kinds.queriesForView(chart.spec, view), run);
		liveInputs.set(chart.spec.id, kinds.assembleInput(chart.spec, results));
	}
	root.dataset.duckdbQueries = String(Number(root.dataset.duckdbQueries ?? 0) + 1);
}

function loadDuckdb(): Promise<void> {
	duckdbReady ??= (async () => {
		root.dataset.duckdb = 'loading';
		setStatus(config?.messages.loading ?? '');
		try {
			await requeryAll();
			await redrawAll();
			root.dataset.duckdb = 'ready';
			setStatus(config?.messages.ready ?? '');
		} catch (err) {
			console.error('live data:', err);
			root.dataset.duckdb = 'error';
			setStatus(config?.messages.error ?? '');
		}
	})();
	return duckdbReady;
}

/** Live charts: the chart library first (fast, from the page's rows), then DuckDB. */
function startUpgrade(): Promise<void> {
	upgrade ??= (async () => {
		await redrawAll();
		root.dataset.chartsReady = '1';
		void loadDuckdb();
	})();
	return upgrade;
}

function writeControls(): void {
	if (!controls) return;
	const set = (name: string, value: string) => {
		const el = controls.querySelector<HTMLSelectElement>(`[data-control="${name}"]`);
		if (el && [...el.options].some((o) => o.value === value)) el.value = value;
	};
	set('stat', { mean: 'mean', p50: 'p50', p99: 'p99', p99_9: 'p99.9', p99_99: 'p99.99' }[view.stat]);
	set('rate', view.rateUnit);
	set('latency', view.latencyUnit);
	set('buckets', String(view.buckets));
	set('direction', view.direction ?? '');
	const check = (name: string, on: boolean | undefined) => {
		const el = controls.querySelector<HTMLInputElement>(`[data-control="${name}"]`);
		if (el) el.checked = !!on;
	};
	check('log-x', view.logX);
	check('log-y', view.logY);
	for (const box of controls.querySelectorAll<HTMLInputElement>('[data-control="device"]')) {
		box.checked = !view.devices || view.devices.includes(box.value);
	}
}

function readControls(changed: string): ViewState {
	const next: ViewState = { ...view };
	const value = (name: string) => controls?.querySelector<HTMLSelectElement>(`[data-control="${name}"]`)?.value;
	const fresh = viewFromQuery(
		new URLSearchParams({
			stat: value('stat') ?? 'mean',
			unit: [value('rate') === 'MB/s' ? 'MBps' : value('rate') === 'MiB/s' ? 'MiBps' : 'iops', value('latency') ?? 'us'].join(','),
			buckets: value('buckets') ?? String(DEFAULT_VIEW.buckets),
			dir: value('direction') ?? '',
		}),
	);
	next.stat = fresh.stat;
	next.rateUnit = fresh.rateUnit;
	next.latencyUnit = fresh.latencyUnit;
	next.buckets = fresh.buckets;
	next.direction = fresh.direction;
	if (changed === 'log-x' || changed === 'log-y') {
		const checked = (name: string) => !!controls?.querySelector<HTMLInputElement>(`[data-control="${name}"]`)?.checked;
		next.logX = checked('log-x');
		next.logY = checked('log-y');
	}
	if (changed === 'device') {
		const boxes = [...(controls?.querySelectorAll<HTMLInputElement>('[data-control="device"]') ?? [])];
		const shown = boxes.filter((b) => b.checked).map((b) => b.value);
		next.devices = shown.length === boxes.length ? undefined : shown;
	}
	return next;
}

function writeUrl(): void {
	const query = queryFromView(view, new URLSearchParams(location.search)).toString();
	history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

async function applyView(next: ViewState): Promise<void> {
	performance.mark('view-change');
	// A new statistic, time resolution or direction asks DuckDB again; units and axes only redraw.
	const requery = next.stat !== view.stat || next.buckets !== view.buckets || next.direction !== view.direction;
	view = next;
	writeUrl();
	await startUpgrade();
	if (requery) {
		const fresh = !duckdbReady;
		await loadDuckdb();
		if (!fresh && root.dataset.duckdb === 'ready') await requeryAll();
	}
	await redrawAll();
	performance.measure('view-redrawn', 'view-change');
	root.dataset.viewsApplied = String(Number(root.dataset.viewsApplied ?? 0) + 1);
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

if (config && document.querySelector('figure[data-chart]')) {
	writeControls();
	controls?.addEventListener('change', onControl);
	controls?.addEventListener('click', (e) => {
		if ((e.target as HTMLElement).closest('[data-control="reset"]')) onControl(e);
	});
	// The first touch of any control starts the live charts even before its change lands.
	controls?.addEventListener('pointerdown', () => void startUpgrade(), { once: true });
	controls?.addEventListener('focusin', () => void startUpgrade(), { once: true });
	// Charts are drawn for the width they have: redraw once a resize settles (the SVG scales meanwhile).
	let resizeTimer: number | undefined;
	let lastWidth = window.innerWidth;
	window.addEventListener('resize', () => {
		window.clearTimeout(resizeTimer);
		resizeTimer = window.setTimeout(() => {
			if (!upgrade || Math.abs(window.innerWidth - lastWidth) < 40) return;
			lastWidth = window.innerWidth;
			void redrawAll();
		}, 250);
	});
	if (!isDefaultView(view)) {
		// A shared link: draw its view at once from the page's rows (DuckDB follows with any rows it needs).
		void startUpgrade();
	} else {
		const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
		idle(() => void startUpgrade());
	}
}
