// Build-only: every chart's embed, which other sites may frame (the rest of the site refuses it). The charts of a page
// group (a review with its workload pages, a drive, a comparison) share one embed document for every language: each
// page writes its charts' parts while it renders (emitted-files.ts), and the build's end joins each group's parts into
// its document (joinEmbeds). The documents are published with data/ (data/embeds/reviews/x.html), like the chart CSVs
// and the social previews: files made from one dataset version, by far the largest part of the build (a document holds
// its group's charts at three widths in every language), which go to object storage when SITE_DATA_URL says so, so
// the site itself stays within what static hosts take. A chart shows its pre-rendered SVG with minimal chrome (title, the
// one-line source, a link back) and needs no JavaScript: the URL's fragment picks the chart (CSS :target) and the
// chart is drawn at a few widths, the frame's width picking one (embed-layout.ts). Its script (embed.js, see
// astro.config.mjs) keeps the chart shown alone, follows ?theme=, redraws the chart at the frame's width and in the
// view of the page's URL (?stat=…) from the published Parquet, says when the numbers are of an older or newer dataset
// version, and reports its height to the page framing it. Beside it: its oEmbed JSON, when the build knows the
// site's address (site-url.ts).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { t, type Lang } from '../../i18n/strings.ts';
import { DEFAULT_LANG, LANGS } from '../../i18n/lang.ts';
import { assetPath, pathFor } from '../../i18n/routes.ts';
import { chartMarkup, el, htmlOf, type El } from '../element.ts';
import { iframeSnippet } from '../embed-snippet.ts';
import { drawingsCss, drawingsEl, embedFrame, type Drawing } from '../site/embed-layout.ts';
import { dataUrl } from '../data-url.ts';
import { buildDataUrl, siteLink, siteLinkFromData, siteUrl } from './site-url.ts';
import { emitFile, emittedDir, writeMakingFolder } from './emitted-files.ts';
import type { RunRow } from '../schema.ts';
import type { PageConfig } from '../site/page-config.ts';
import { packPageRuns, unpackPageRuns, type ChartSpec, type PackedChart, type PageRows } from '../site/chart-data.ts';
import { jsonForScript } from '../site/inline-json.ts';
import { embeddedFigureEl } from '../site/chart-figure.ts';
import { plotStyleTexts } from './plot-styles.ts';

/**
 * The page group whose charts share one embed document: a review with its workload pages ("/reviews/x/"), a drive
 * ("/drives/d/"), a comparison ("/compare/a-vs-b/"): the first two parts of the page's path, without its language.
 */
export const embedGroupOf = (pagePath: string) => `/${pagePath.split('/').filter(Boolean).slice(0, 2).join('/')}/`;

/** The folder under data/ of the embed documents; the dataset's versions leave it out. */
export const EMBEDS_FOLDER = 'embeds/';

/** A page group's embed document, relative to data/, from the group's path ("/reviews/x/" → "embeds/reviews/x.html"). */
export const embedDocFile = (groupPath: string) => `${EMBEDS_FOLDER}${groupPath.replace(/^\/+|\/+$/g, '')}.html`;

/** The oEmbed answer of a group's document, beside it ("embeds/reviews/x.oembed.json"). */
export const embedOembedFile = (groupPath: string) => embedDocFile(groupPath).replace(/\.html$/, '.oembed.json');

/** A chart's place in its embed document: its id, after the language when that is not the default ("zh-Hans/r-lvi-1"). */
export const embedAnchor = (lang: Lang, chartId: string) => (lang === DEFAULT_LANG ? chartId : `${lang}/${chartId}`);

/** The embed document of a page's charts, at data/'s address: /data/embeds/reviews/x.html (or SITE_DATA_URL's). */
export const embedDocPath = (pagePath: string) => dataUrl(embedDocFile(embedGroupOf(pagePath)), buildDataUrl());

/**
 * Where the embed of a page's chart is: the page group's one document, at the chart (/data/embeds/reviews/x.html#r-w-4k-lvi,
 * /data/embeds/reviews/x.html#zh-Hans/r-w-4k-lvi). A document for all of a group's charts in every language, not a
 * file per chart per language.
 */
export function embedPath(lang: Lang, pagePath: string, chartId: string): string {
	return `${embedDocPath(pagePath)}#${embedAnchor(lang, chartId)}`;
}

/**
 * The rules (in `_redirects`, `npm run serve` and the 404 page's script: redirects.ts) that send the embed URLs published before to their group's
 * document under data/: the documents of the site's /embed/ (/embed/reviews/x/charts/#r-lvi: the browser keeps the
 * fragment), and before them one page per chart (/embed/zh-Hans/reviews/x/w-4k/charts/r-lvi/), sent to the chart's
 * place: each language's, the default's last (its rules would match the others'), for a group's own page and its subpages.
 */
export function embedRedirects(): { from: string; to: string }[] {
	const doc = dataUrl(embedDocFile('/:type/:id/'), buildDataUrl());
	const langs = [...LANGS.filter((l) => l !== DEFAULT_LANG), DEFAULT_LANG];
	const pages = langs.flatMap((lang) => {
		const prefix = lang === DEFAULT_LANG ? '' : `/${lang}`;
		const to = `${doc}#${embedAnchor(lang, ':chart')}`;
		return [`/embed${prefix}/:type/:id/charts/:chart/`, `/embed${prefix}/:type/:id/:page/charts/:chart/`].map((from) => ({ from, to }));
	});
	return [{ from: '/embed/:type/:id/charts/', to: doc }, ...pages];
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
	rows?: PageRows;
	config?: PageConfig;
	/** Instead: the embed drawn in the browser that shows this chart in another view or dataset version. */
	live?: string;
	/** The chart its page puts first: the group page's is what the document shows when no chart is named. */
	headline?: boolean;
}

type FramedChart = Pick<EmbedChart, 'lang' | 'pagePath' | 'pageTitle' | 'spec' | 'title' | 'drawings'>;

/** The one-line source under an embed's chart: "Data: <the chart's page>". */
const sourceText = (lang: Lang, source: string) => `${t(lang, 'embedSource')}: ${source} · ${t(lang, 'siteName')} ↗`;

/** The embed's frame: its widest, and a height its content fits from 320 px up. */
export const embedFrameOf = (c: FramedChart) => embedFrame(c.drawings, c.title, sourceText(c.lang, c.pageTitle));

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

/** The embed's one-line source and the link back to the chart's page. */
export function embedSourceEl(lang: Lang, source: string, href: string): El {
	return el('p', { class: 'source', 'data-embed-source': '' }, `${t(lang, 'embedSource')}: ${source} · `, el('a', { href, target: '_top', 'data-embed-back': '' }, `${t(lang, 'siteName')} ↗`));
}

/** The embed's styles: its own colours in both themes, and Plot's. */
export const embedStyles = () => `${EMBED_CSS}${plotStyleTexts().join('\n')}`;

/** The part of a group's embed document a chart is, written while its page renders and joined at the build's end. */
export interface EmbedPart extends Omit<EmbedChart, 'spec'> {
	id: string;
	kind: ChartSpec['kind'];
}

/** Where the parts of the groups' embed documents wait (under the emitted files' folder, never moved into the site). */
const partsDir = () => join(emittedDir(), '.embed-parts');

/** Keeps the chart for its group's embed document (see joinEmbeds). */
export function emitEmbed(c: EmbedChart): void {
	const part = embedPart(c);
	// One file per chart of a page: a page's charts are written concurrently with other pages'.
	writeMakingFolder(join(partsDir(), embedGroupOf(c.pagePath), `${c.lang}~${c.pagePath.replace(/\//g, '_')}~${part.id}.json`), JSON.stringify(part));
}

export function embedPart({ spec, ...rest }: EmbedChart): EmbedPart {
	return { ...rest, id: spec.id, kind: spec.kind };
}

/** Shows the chart the URL's fragment names, else the document's first (no script needed). */
const TARGET_CSS = `
[data-embed-chart] { display: none; }
[data-embed-chart]:target, main:not(:has(> :target)) > [data-embed-chart]:first-child { display: block; }
`;

const json = (attr: string, data: unknown) => `<script type="application/json" ${attr}>${jsonForScript(data)}</script>`;

/** A sort comparator by a key of several parts, the first that differs deciding. */
const byKey =
	<T,>(key: (x: T) => readonly (string | number)[]) =>
	(a: T, b: T): number => {
		const [ka, kb] = [key(a), key(b)];
		for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
		return 0;
	};

/** Parts in the document's order: by language, the group's own page first and its headline first, then by page and id. */
function ordered(parts: EmbedPart[], group: string): EmbedPart[] {
	return parts.sort(byKey((p) => [LANGS.indexOf(p.lang), p.pagePath === group ? 0 : 1, p.headline ? 0 : 1, p.pagePath, p.id]));
}

/** One section of the document: a chart with its title, notice, source line and link back to its page. */
function sectionHtml(p: EmbedPart): string {
	const pageHref = siteLinkFromData(`${pathFor(p.lang, p.pagePath)}#${p.id}`);
	const figure = htmlOf(embeddedFigureEl({ id: p.id, kind: p.kind, markup: drawingsEl(p.drawings, chartMarkup), summary: p.summary, anchored: false }));
	const attrs = { class: 'embed-chart', id: embedAnchor(p.lang, p.id), lang: p.lang, 'data-embed-chart': '', 'data-title': `${p.title} · ${p.pageTitle}`, 'data-embed-live': p.live && siteLinkFromData(p.live) };
	// The redraw's data goes in the figure, after its drawings (which may hold figures of their own).
	const end = figure.lastIndexOf('</figure>');
	const withSpec = p.live ? figure : `${figure.slice(0, end)}${json('data-chart-spec', p.packed)}${figure.slice(end)}`;
	return htmlOf(el('section', attrs, embedNoticeEl(p.lang), el('h1', {}, p.title), chartMarkup(withSpec), embedSourceEl(p.lang, p.pageTitle, pageHref)));
}

/** The runs the document's charts redraw from: every part's, once, in the order the pages' run tables have (queries/runs.ts). */
function unionRows(parts: readonly EmbedPart[]): PageRows {
	const runs = new Map<string, RunRow>();
	for (const p of parts) for (const r of p.rows ? unpackPageRuns(p.rows.runs) : []) runs.set(`${r.run_id}\0${r.direction}`, r);
	const sorted = [...runs.values()].sort(byKey((r) => [r.review_id, r.device_id, r.run_id, r.direction]));
	return { runs: packPageRuns(sorted), rawFiles: [...new Set(parts.flatMap((p) => p.rows?.rawFiles ?? []))].sort() };
}

/** Each language's page config: the first of its parts', with the directions of all its charts. */
function configs(parts: readonly EmbedPart[]): string {
	return LANGS.flatMap((lang) => {
		const mine = parts.filter((p) => p.lang === lang && p.config);
		if (mine.length === 0) return [];
		const directions = [...new Set(mine.flatMap((p) => p.config!.directions))];
		return [json(`data-chart-page data-lang="${lang}"`, { ...mine[0]!.config!, directions })];
	}).join('');
}

/**
 * A page group's embed document: every chart of the group's pages in every language, each a section the URL's
 * fragment shows (CSS :target; the first without one); its script keeps the one shown and redraws it in the link's
 * view and version. The state scripts and data: each language's page config and the runs of all the charts, once.
 */
export function embedDocumentHtml(group: string, all: EmbedPart[]): string {
	const parts: EmbedPart[] = [];
	const seen = new Map<string, EmbedPart>();
	for (const p of ordered(all, group)) {
		const anchor = embedAnchor(p.lang, p.id);
		const other = seen.get(anchor);
		if (!other) {
			seen.set(anchor, p);
			parts.push(p);
		} else if (other.drawings.map((d) => d.markup).join() !== p.drawings.map((d) => d.markup).join()) {
			throw new Error(`embeds: chart ${p.id} is drawn differently on ${pathFor(p.lang, other.pagePath)} and ${pathFor(p.lang, p.pagePath)}`);
		}
	}
	const first = parts[0]!;
	const oembedHref = siteLink(dataUrl(embedOembedFile(group), buildDataUrl()));
	const oembed = siteUrl() ? htmlOf(el('link', { rel: 'alternate', type: 'application/json+oembed', href: oembedHref, title: first.title })) : '';
	const head = [
		'<meta charset="utf-8">',
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		'<meta name="robots" content="noindex">',
		htmlOf(el('title', {}, `${first.title} · ${first.pageTitle}`)),
		htmlOf(el('link', { rel: 'icon', href: siteLinkFromData(assetPath('/favicon.svg')), type: 'image/svg+xml' })),
		htmlOf(el('link', { rel: 'canonical', href: siteLink(pathFor(first.lang, group)) })),
		oembed,
		`<style>${embedStyles()}\n${drawingsCss(parts.map((p) => p.drawings))}${TARGET_CSS}</style>`,
		htmlOf(el('script', { type: 'module', src: siteLinkFromData(assetPath('/embed/embed.js')) })),
	];
	const data = parts.some((p) => p.config) ? `${configs(parts)}${json('data-chart-rows', unionRows(parts))}` : '';
	return [
		'<!doctype html>',
		`<html lang="${first.lang}" data-embed="">`,
		`<head>\n${head.filter(Boolean).join('\n')}\n</head>`,
		`<body><main>${parts.map(sectionHtml).join('')}</main>${data}</body>`,
		'</html>',
	].join('\n');
}

/**
 * The oEmbed answer of a group's document, for its first chart (a "rich" type: the iframe). oEmbed's consumers are
 * other sites' servers, which paste its HTML as it is: its URLs must be absolute, and a static file knows the site's
 * address only from SITE_URL. One answer per document: a static file cannot answer for the chart a fragment names.
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
			html: iframeSnippet(embedPath(c.lang, c.pagePath, c.spec.id).replace(/^\//, `${origin}/`), c.title, size),
			width: size.width,
			height: size.height,
		},
		null,
		2,
	)}\n`;
}

/**
 * At the build's end: each group's parts become its embed document (and, when the build knows the site's address,
 * its oEmbed answer) among the emitted files. A group's pages are built from the same reviews, so an incremental
 * build renders all of them or none (src/lib/build/incremental.ts): a document is never joined from some of its pages.
 */
export function joinEmbeds(): void {
	const root = partsDir();
	if (!existsSync(root)) return;
	const folders = new Set(
		readdirSync(root, { withFileTypes: true, recursive: true })
			.filter((e) => e.isFile())
			.map((e) => e.parentPath),
	);
	for (const folder of [...folders].sort()) {
		const parts = readdirSync(folder).map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as EmbedPart);
		const group = embedGroupOf(parts[0]!.pagePath);
		emitFile(assetPath(`/data/${embedDocFile(group)}`), embedDocumentHtml(group, parts));
		const origin = siteUrl();
		const first = ordered(parts, group)[0]!;
		if (origin) emitFile(assetPath(`/data/${embedOembedFile(group)}`), oembedJson({ ...first, spec: { id: first.id, kind: first.kind, fixed: {} } }, origin));
	}
	rmSync(root, { recursive: true, force: true });
}
