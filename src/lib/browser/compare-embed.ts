// The embed of a comparison's chart: the drives, baseline, filters and view of its link (as the comparison page's),
// `chart=<id>` the chart, `v=` a dataset version kept while it is hosted, `theme=` its colours. The comparison is
// computed by the comparison page's modules, from the same files, and the one chart drawn by the chart functions.
import { t } from '../../i18n/strings.ts';
import { compareDrives } from '../compare/comparison.ts';
import { devicesOfQuery, includeAllOfQuery } from '../compare/drive-file.ts';
import { comparisonCharts, withLateRows } from '../compare/html.ts';
import { compareSource, lateIndex } from './compare-data.ts';
import { otherHostedVersion } from './version-pin.ts';
import { viewFromQuery } from '../site/url-state.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';
import { dataBase } from '../data-url.ts';
import { liveEmbedFailed, liveEmbedReady, openLiveEmbed, showLiveChart } from './live-embed.ts';

const embed = openLiveEmbed('[data-compare-embed]');
const { main, lang, query, frame } = embed;
const pageBase = main.dataset.pageBase!;

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
	if (!found) return liveEmbedFailed(embed, t(lang, 'compareEmbedNoChart', { chart: id }));
	const chart = found.late ? withLateRows(found, await source.lateRows(found.late, loaded)) : found;
	const kinds = await import('../site/chart-kinds.ts');
	const labels = Object.fromEntries(loaded.files.map((f) => [f.device_id, f.label]));
	const options = kinds.chartOptions(chart, viewFromQuery(query), { lang, deviceLabels: labels, document });
	options.width = Math.max(MIN_DRAWN_WIDTH, Math.min(960, Math.floor(frame.clientWidth) || 640));
	const drawn = kinds.renderChart(chart.kind, chart.input, options);
	showLiveChart(embed, { kind: chart.kind, id: chart.id, element: drawn.element, summary: drawn.summary, title: drawn.title, documentTitle: `${drawn.title} · ${t(lang, 'compareTitle')}` });
	const back = new URLSearchParams(query);
	for (const k of ['chart', 'v', 'theme']) back.delete(k);
	const page = `${pageBase}compare/?${back.toString().replace(/%2C/g, ',')}#${chart.id}`;
	const sourceLine = main.querySelector<HTMLElement>('[data-embed-source]')!;
	sourceLine.firstChild!.textContent = `${t(lang, 'embedSource')}: ${present.map((d) => labels[d] ?? d).join(' · ')} · `;
	sourceLine.querySelector('a')!.href = page;
	liveEmbedReady(embed);
}

draw().catch((err: unknown) => liveEmbedFailed(embed, t(lang, 'compareFailed', { reason: err instanceof Error ? err.message : String(err) })));
