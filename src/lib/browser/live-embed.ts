// An embed whose chart is computed in the browser (the comparison's, the finder's: /embed/compare/, /embed/find/):
// its link's query, `theme=` its colours, its height told to the page framing it, then the drawn chart put into the
// embed's figure (site/chart-figure.ts embeddedFigureEl) with its name, or a message where it failed.
import type { Lang } from '../../i18n/strings.ts';
import { reportEmbedHeight } from './embed-height.ts';
import { fillFrame, fillSummary } from './figure-fill.ts';

export interface LiveEmbed {
	root: HTMLElement;
	/** The embed's main element (found by `selector`): its data-* attributes are the page's bases. */
	main: HTMLElement;
	lang: Lang;
	query: URLSearchParams;
	/** The figure's frame: the chart is drawn at its width. */
	frame: HTMLElement;
}

export function openLiveEmbed(selector: string): LiveEmbed {
	const root = document.documentElement;
	const main = document.querySelector<HTMLElement>(selector)!;
	const query = new URLSearchParams(location.search);
	const theme = query.get('theme');
	if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
	reportEmbedHeight();
	return { root, main, lang: root.lang as Lang, query, frame: main.querySelector<HTMLElement>('[data-chart-frame]')! };
}

/** The drawn chart into the embed's figure, its kind and id on it, and its name as the embed's heading and the document's title. */
export function showLiveChart(e: LiveEmbed, chart: { kind: string; id?: string; element: Element; summary: string; title: string; documentTitle: string }): void {
	const figure = e.main.querySelector<HTMLElement>('figure[data-chart]')!;
	fillFrame(figure, chart.element);
	figure.dataset.chart = chart.kind;
	if (chart.id) figure.dataset.chartId = chart.id;
	fillSummary(figure, chart.summary);
	e.main.querySelector('[data-embed-title]')!.textContent = chart.title;
	document.title = chart.documentTitle;
}

/** The chart is drawn: the "needs JavaScript" status goes, the document says it is ready (the tests wait for it). */
export function liveEmbedReady(e: LiveEmbed): void {
	e.main.querySelector('[data-embed-status]')?.remove();
	e.root.dataset.state = 'ready';
}

/** No chart: the status says why. */
export function liveEmbedFailed(e: LiveEmbed, message: string): void {
	e.main.querySelector('[data-embed-status]')!.textContent = message;
	e.root.dataset.state = 'failed';
}
