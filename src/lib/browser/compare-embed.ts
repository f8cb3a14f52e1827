// The embed of a comparison's chart: the drives, baseline, filters and view of its link (as the comparison page's),
// `chart=<id>` the chart, `v=` a dataset version kept while it is hosted, `theme=` its colours. The comparison is
// computed by the comparison page's modules, from the same files, and the one chart drawn by the chart functions.
import { t, type Lang } from '../../i18n/strings.ts';
import { compareDrives } from '../compare/comparison.ts';
import { devicesOfQuery, includeAllOfQuery } from '../compare/drive-file.ts';
import { comparisonCharts, withLateRows } from '../compare/html.ts';
import { compareSource, lateIndex } from './compare-data.ts';
import { otherHostedVersion } from './version-pin.ts';
import { viewFromQuery } from '../site/url-state.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';
import { reportEmbedHeight } from './embed-height.ts';
import { dataBase } from '../data-url.ts';

const root = document.documentElement;
const main = document.querySelector<HTMLElement>('[data-compare-embed]')!;
const lang = root.lang as Lang;
const pageBase = main.dataset.pageBase!;
const status = main.querySelector<HTMLElement>('[data-embed-status]')!;
const query = new URLSearchParams(location.search);
const theme = query.get('theme');
if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
reportEmbedHeight();

async function draw(): Promise<void> {
	const { devices, base } = devicesOfQuery(query);
	const pinned = query.get('v');
	const source = compareSource(pinned && (await otherHostedVersion(dataBase(), pinned)) ? pinned : undefined);
	const loaded = await source.load(devices);
	const present = devices.filter((d) => !loaded.unknown.includes(d));
	const comparison = compareDrives({
		devices: present,
		baseline: base ?? undefined,
		runs: loaded.runs,
		percentiles: loaded.percentiles,
		reviews: loaded.reviews,
		deviceClasses: loaded.deviceClasses,
		includeAll: includeAllOfQuery(query),
		...lateIndex(loaded.reviews.values()),
	});
	const charts = comparisonCharts(comparison, loaded.runs, loaded.percentiles);
	const id = query.get('chart') ?? '';
	const found = [...(charts.corners ? [charts.corners] : []), ...charts.families.flat()].find((c) => c.id === id);
	if (!found) {
		status.textContent = t(lang, 'compareEmbedNoChart', { chart: id });
		return;
	}
	const chart = found.late ? withLateRows(found, await source.lateRows(found.late, loaded)) : found;
	const kinds = await import('../site/chart-kinds.ts');
	const labels = Object.fromEntries(loaded.files.map((f) => [f.device_id, f.label]));
	const frame = main.querySelector<HTMLElement>('[data-chart-frame]')!;
	const options = kinds.chartOptions(chart, viewFromQuery(query), { lang, deviceLabels: labels, document });
	options.width = Math.max(MIN_DRAWN_WIDTH, Math.min(960, Math.floor(frame.clientWidth) || 640));
	const drawn = kinds.renderChart(chart.kind, chart.input, options);
	frame.replaceChildren(drawn.element);
	const figure = main.querySelector<HTMLElement>('figure[data-chart]')!;
	figure.dataset.chart = chart.kind;
	figure.dataset.chartId = chart.id;
	main.querySelector('[data-chart-summary]')!.textContent = drawn.summary;
	main.querySelector('[data-embed-title]')!.textContent = drawn.title;
	document.title = `${drawn.title} · ${t(lang, 'compareTitle')}`;
	const back = new URLSearchParams(query);
	for (const k of ['chart', 'v', 'theme']) back.delete(k);
	const page = `${pageBase}compare/?${back.toString().replace(/%2C/g, ',')}#${chart.id}`;
	const sourceLine = main.querySelector<HTMLElement>('[data-embed-source]')!;
	sourceLine.firstChild!.textContent = `${t(lang, 'embedSource')}: ${present.map((d) => labels[d] ?? d).join(' · ')} · `;
	sourceLine.querySelector('a')!.href = page;
	status.remove();
	root.dataset.state = 'ready';
}

draw().catch((err: unknown) => {
	status.textContent = t(lang, 'compareFailed', { reason: err instanceof Error ? err.message : String(err) });
	root.dataset.state = 'failed';
});
