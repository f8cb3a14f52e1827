// Build-only: every chart's embed, a small page under /embed/ that other sites may frame (the rest of the site
// refuses it), written while the chart's own page renders (emitted-files.ts), like its CSV. It shows the chart's
// pre-rendered SVG with minimal chrome (title, the one-line source, a link back) and needs no JavaScript: the chart is
// drawn at a few widths and the frame's picks one (embed-layout.ts). Its script (embed.js, see astro.config.mjs)
// follows ?theme=, redraws the chart at the frame's width and in the view of the page's URL (?stat=…) from the
// published Parquet, says when the numbers are of an older or newer dataset version, and reports its height to the
// page framing it. Beside it: its oEmbed JSON, when the build knows the site's address (site-url.ts).
import { t, type Lang } from '../../i18n/strings.ts';
import { assetPath, langPath, pathFor } from '../../i18n/routes.ts';
import { chartMarkup, el, htmlOf, type El } from '../element.ts';
import { iframeSnippet } from '../embed-snippet.ts';
import { drawingsCss, drawingsEl, embedFrame, type Drawing } from '../site/embed-layout.ts';
import { siteLink, siteUrl } from './site-url.ts';
import type { ChartSpec, PackedChart, PackedRows } from '../site/chart-data.ts';
import { emitFile } from './emitted-files.ts';
import { jsonForScript } from '../site/inline-json.ts';
import { plotStyleTexts } from './plot-styles.ts';

/** The folder of a page's embeds, from the page's site path with its language ("/zh-Hans/reviews/x/"), unprefixed by the base. */
export const embedsFolder = (pageSitePath: string) => `/embed${pageSitePath}charts/`;

/** Where the embed of a page's chart is (site path, under the base): /embed/reviews/x/charts/lvi-1/, /embed/zh-Hans/…. */
export function embedPath(lang: Lang, pagePath: string, chartId: string): string {
	return assetPath(`${embedsFolder(`/${langPath(lang, pagePath)}`)}${chartId}/`);
}

/** Colours of the embed in both themes: the system's unless ?theme= says (the script sets data-theme). */
const EMBED_CSS = `
:root { color-scheme: light dark; --bg: #fff; --fg: #292524; --muted: #78716c; --link: #2563eb; --chart: #44403c; --note-bg: #fffbeb; --note-fg: #92400e; }
@media (prefers-color-scheme: dark) { :root:not([data-theme='light']) { --bg: #0c0a09; --fg: #e7e5e4; --muted: #a8a29e; --link: #93c5fd; --chart: #d6d3d1; --note-bg: #451a03; --note-fg: #fcd34d; } }
:root[data-theme='dark'] { color-scheme: dark; --bg: #0c0a09; --fg: #e7e5e4; --muted: #a8a29e; --link: #93c5fd; --chart: #d6d3d1; --note-bg: #451a03; --note-fg: #fcd34d; }
:root[data-theme='light'] { color-scheme: light; }
html, body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { padding: 8px 10px; min-width: 300px; }
h1 { font-size: 15px; margin: 0 0 4px; font-weight: 600; }
a { color: var(--link); }
.chart-frame { --plot-background: var(--bg); color: var(--chart); }
.chart-frame svg { max-width: 100%; height: auto; overflow: visible; }
.chart-frame figure { margin: 0; }
.chart-frame figcaption, .source { font-size: 12px; color: var(--muted); }
.source { margin: 6px 0 0; }
.notice { margin: 0 0 6px; padding: 4px 8px; border-radius: 4px; background: var(--note-bg); color: var(--note-fg); font-size: 12px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
table, details { display: none; }
`;

export interface EmbedChart {
	lang: Lang;
	/** The page the chart is on (no language prefix, "/reviews/x/"), its title (the source line) and the chart's id. */
	pagePath: string;
	pageTitle: string;
	spec: Pick<ChartSpec, 'id' | 'kind' | 'fixed'>;
	/** The chart as the page draws it, at each width of drawnWidths() (its own last); its title (its aria-label) and text summary. */
	drawings: Drawing[];
	title: string;
	summary: string;
	/** What the script needs to redraw it in another view: the packed chart, its runs, and the page's data source. */
	packed?: PackedChart;
	rows?: { runs: PackedRows; rawFiles: string[] };
	config?: unknown;
	/** Instead: the embed drawn in the browser that shows this chart in another view or dataset version. */
	live?: string;
}

type FramedChart = Pick<EmbedChart, 'lang' | 'pagePath' | 'pageTitle' | 'spec' | 'title' | 'drawings'>;

/** The one-line source under an embed's chart: "Data: <the chart's page>". */
const sourceText = (lang: Lang, source: string) => `${t(lang, 'embedSource')}: ${source} · ${t(lang, 'siteName')} ↗`;

/** The embed's frame: its widest, and a height its content fits from 320 px up. */
export const embedFrameOf = (c: FramedChart) => embedFrame(c.drawings, c.title, sourceText(c.lang, c.pageTitle));

/**
 * The chart's iframe snippet at the site's address: SITE_URL's, else the site path, which the page's script
 * replaces with where the page is served (it also adds the view and the dataset version).
 */
export function chartSnippet(c: FramedChart): string {
	return iframeSnippet(siteLink(embedPath(c.lang, c.pagePath, c.spec.id)), c.title, embedFrameOf(c));
}

/** The part of an embed above the chart that says which dataset version it shows (embed scripts fill it). */
export function embedNoticeEl(lang: Lang): El {
	return el('p', {
		class: 'notice',
		'data-embed-notice': '',
		'data-newer': t(lang, 'embedNewer'),
		'data-newer-link': t(lang, 'embedNewerLink'),
		'data-gone': t(lang, 'embedGone'),
		hidden: '',
	});
}

/** The embed's chart: its frame (its drawings, or empty for a chart drawn in the browser) and text summary. */
export function embedFigureEl(id: string, kind: string, drawings: readonly Drawing[], summary: string): El {
	return el(
		'figure',
		{ class: 'chart', id, style: 'margin:0', 'data-chart': kind, 'data-chart-id': id, 'data-eager': '' },
		el('div', { class: 'chart-frame', 'data-chart-frame': '' }, ...drawingsEl(drawings, chartMarkup)),
		el('p', { class: 'sr-only', 'data-chart-summary': '' }, summary),
	);
}

/** The embed's one-line source and the link back to the chart's page. */
export function embedSourceEl(lang: Lang, source: string, href: string): El {
	return el('p', { class: 'source', 'data-embed-source': '' }, `${t(lang, 'embedSource')}: ${source} · `, el('a', { href, target: '_top', 'data-embed-back': '' }, `${t(lang, 'siteName')} ↗`));
}

/** The embed's styles: its own colours in both themes, and Plot's. */
export const embedStyles = () => `${EMBED_CSS}${plotStyleTexts().join('\n')}`;

/**
 * The embed page: chart, title, source line and link back; the state script and its data (a chart of a page), or the
 * live embed its script goes to when the link asks for another view or dataset version (a pre-rendered comparison's).
 */
export function embedHtml(c: EmbedChart): string {
	const path = embedPath(c.lang, c.pagePath, c.spec.id);
	const pageHref = `${pathFor(c.lang, c.pagePath)}#${c.spec.id}`;
	const oembed = siteUrl() ? htmlOf(el('link', { rel: 'alternate', type: 'application/json+oembed', href: siteLink(`${path}oembed.json`), title: c.title })) : '';
	const head = [
		'<meta charset="utf-8">',
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		'<meta name="robots" content="noindex">',
		htmlOf(el('title', {}, `${c.title} · ${c.pageTitle}`)),
		htmlOf(el('link', { rel: 'icon', href: assetPath('/favicon.svg'), type: 'image/svg+xml' })),
		htmlOf(el('link', { rel: 'canonical', href: siteLink(pageHref) })),
		oembed,
		`<style>${embedStyles()}\n${drawingsCss([c.drawings])}</style>`,
		htmlOf(el('script', { type: 'module', src: assetPath('/embed/embed.js') })),
	];
	const json = (attr: string, data: unknown) => `<script type="application/json" ${attr}>${jsonForScript(data)}</script>`;
	const figure = htmlOf(embedFigureEl(c.spec.id, c.spec.kind, c.drawings, c.summary));
	const body = htmlOf(
		el('main', {}, embedNoticeEl(c.lang), el('h1', {}, c.title), chartMarkup(c.live ? figure : figure.replace('</figure>', `${json('data-chart-spec', c.packed)}</figure>`)), embedSourceEl(c.lang, c.pageTitle, pageHref)),
	);
	const data = c.live ? '' : `${json('data-chart-page', c.config)}${json('data-chart-rows', c.rows)}`;
	const live = c.live ? ` data-embed-live="${htmlOf(c.live)}"` : '';
	return [
		'<!doctype html>',
		`<html lang="${c.lang}" data-embed=""${live}>`,
		`<head>\n${head.filter(Boolean).join('\n')}\n</head>`,
		`<body>${body}${data}</body>`,
		'</html>',
	].join('\n');
}

/**
 * The chart's oEmbed answer (a "rich" type: the iframe). oEmbed's consumers are other sites' servers, which paste its
 * HTML as it is: its URLs must be absolute, and a static file knows the site's address only from SITE_URL.
 */
export function oembedJson(c: FramedChart, origin: string): string {
	const size = embedFrameOf(c);
	return `${JSON.stringify(
		{
			version: '1.0',
			type: 'rich',
			provider_name: t(c.lang, 'siteName'),
			provider_url: `${origin}${pathFor(c.lang, '/')}`,
			title: `${c.title} · ${c.pageTitle}`,
			html: iframeSnippet(`${origin}${embedPath(c.lang, c.pagePath, c.spec.id)}`, c.title, size),
			width: size.width,
			height: size.height,
		},
		null,
		2,
	)}\n`;
}

/** Writes the chart's embed page and, when the build knows the site's address, its oEmbed JSON into the site. */
export function emitEmbed(c: EmbedChart): void {
	const path = embedPath(c.lang, c.pagePath, c.spec.id);
	emitFile(`${path}index.html`, embedHtml(c));
	const origin = siteUrl();
	if (origin) emitFile(`${path}oembed.json`, oembedJson(c, origin));
}
