// A chart as an image file, as it is drawn now (view, theme, width): "SVG" and "PNG" (2× pixel ratio) under every
// chart. A chart is Plot's SVG with HTML around it (legend swatches, panel grids, the caption), so the image is
// composed from the layout the browser gave it: each SVG placed where it is, each line of HTML text written as SVG
// text in its computed font and colour, on the chart's background. And the "Embed" snippet, rewritten with the view
// the page's URL holds and the site's own address.
import { iframeSnippet } from '../embed-snippet.ts';
import { hostedVersions } from './version-pin.ts';
import { queryFromView, viewFromQuery } from '../site/url-state.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The styles Plot's classes need, from the page's style blocks. */
function plotStyles(): string {
	return [...document.querySelectorAll('style')]
		.map((s) => s.textContent ?? '')
		.filter((text) => text.includes('.plot-'))
		.join('\n');
}

/** Each line of an HTML text node, with where it is drawn. */
function textLines(node: Text): { text: string; rect: DOMRect }[] {
	const range = document.createRange();
	const lines: { text: string; rect: DOMRect }[] = [];
	for (const word of node.data.matchAll(/\S+/g)) {
		range.setStart(node, word.index);
		range.setEnd(node, word.index + word[0].length);
		const rect = range.getBoundingClientRect();
		if (rect.width === 0 && rect.height === 0) continue;
		const last = lines.at(-1);
		if (last && Math.abs(last.rect.top - rect.top) < rect.height / 2) {
			last.text += ` ${word[0]}`;
			last.rect = new DOMRect(last.rect.left, last.rect.top, rect.right - last.rect.left, Math.max(last.rect.height, rect.height));
		} else lines.push({ text: word[0], rect });
	}
	return lines;
}

/** The chart in `frame` as one standalone SVG element. */
export function composeSvg(frame: HTMLElement): SVGSVGElement {
	const origin = frame.getBoundingClientRect();
	const style = getComputedStyle(frame);
	const out = document.createElementNS(SVG_NS, 'svg');
	const [w, h] = [Math.ceil(frame.scrollWidth), Math.ceil(frame.scrollHeight)];
	out.setAttribute('xmlns', SVG_NS);
	out.setAttribute('width', String(w));
	out.setAttribute('height', String(h));
	out.setAttribute('viewBox', `0 0 ${w} ${h}`);
	out.setAttribute('style', `color: ${style.color}; font-family: ${style.fontFamily}`);
	const css = document.createElementNS(SVG_NS, 'style');
	css.textContent = `${plotStyles()}\nsvg { --plot-background: ${style.getPropertyValue('--plot-background') || 'white'}; }`;
	const background = document.createElementNS(SVG_NS, 'rect');
	background.setAttribute('width', '100%');
	background.setAttribute('height', '100%');
	background.setAttribute('fill', style.getPropertyValue('--plot-background').trim() || 'white');
	out.append(css, background);
	const at = (r: DOMRect) => ({ x: r.left - origin.left + frame.scrollLeft, y: r.top - origin.top + frame.scrollTop });
	for (const svg of frame.querySelectorAll('svg')) {
		if (svg.parentElement?.closest('svg')) continue;
		const r = svg.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		const copy = svg.cloneNode(true) as SVGSVGElement;
		const { x, y } = at(r);
		copy.setAttribute('x', String(x));
		copy.setAttribute('y', String(y));
		copy.setAttribute('width', String(r.width));
		copy.setAttribute('height', String(r.height));
		out.append(copy);
	}
	const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT, {
		acceptNode: (n) => (n.parentElement?.closest('svg, style, script') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
	});
	for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
		const parent = getComputedStyle(n.parentElement!);
		for (const line of textLines(n)) {
			const text = document.createElementNS(SVG_NS, 'text');
			const { x, y } = at(line.rect);
			text.setAttribute('x', String(x));
			// The baseline, about a fifth of the line box above its bottom.
			text.setAttribute('y', String(y + line.rect.height * 0.8));
			text.setAttribute('fill', parent.color);
			text.setAttribute('font-size', parent.fontSize);
			text.setAttribute('font-weight', parent.fontWeight);
			text.textContent = line.text;
			out.append(text);
		}
	}
	return out;
}

function download(blob: Blob, name: string): void {
	const url = URL.createObjectURL(blob);
	const a = document.createElement('a');
	a.href = url;
	a.download = name;
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The SVG drawn at twice its size into a canvas, as PNG. */
async function pngOf(svg: SVGSVGElement): Promise<Blob> {
	const [w, h] = [Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))];
	const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
	try {
		const image = new Image();
		image.src = url;
		await image.decode();
		const canvas = document.createElement('canvas');
		canvas.width = w * 2;
		canvas.height = h * 2;
		const ctx = canvas.getContext('2d')!;
		ctx.scale(2, 2);
		ctx.drawImage(image, 0, 0, w, h);
		return await new Promise<Blob>((done, fail) => canvas.toBlob((b) => (b ? done(b) : fail(new Error('no PNG'))), 'image/png'));
	} finally {
		URL.revokeObjectURL(url);
	}
}

/** The file name of a chart's image: the page's last path part and the chart's id. */
function fileName(figure: HTMLElement, ext: string): string {
	const page = location.pathname.split('/').filter(Boolean).at(-1) ?? 'chart';
	return `${page}-${figure.dataset.chartId ?? figure.id}.${ext}`;
}

document.addEventListener('click', (e) => {
	const button = (e.target as Element | null)?.closest<HTMLElement>('[data-chart-export]');
	const figure = button?.closest<HTMLElement>('figure[data-chart]');
	const frame = figure?.querySelector<HTMLElement>('[data-chart-frame]');
	if (!button || !figure || !frame) return;
	const svg = composeSvg(frame);
	if (button.dataset.chartExport === 'svg') {
		download(new Blob([`<?xml version="1.0" encoding="utf-8"?>\n${new XMLSerializer().serializeToString(svg)}`], { type: 'image/svg+xml' }), fileName(figure, 'svg'));
	} else {
		void pngOf(svg).then((blob) => download(blob, fileName(figure, 'png')));
	}
});

/** An embed snippet for the view of the page's URL, at this site's address, pinned to the current dataset version. */
async function refreshSnippet(area: HTMLTextAreaElement): Promise<void> {
	const d = area.dataset;
	const page = new URLSearchParams(location.search);
	// A chart of a page keeps the page's view; a comparison's, the whole comparison (drives, baseline…) and its chart.
	const query = d.embedKeep === 'all' ? page : queryFromView(viewFromQuery(page));
	for (const k of ['v', 'theme']) query.delete(k);
	if (d.embedChart && d.embedKeep === 'all') query.set('chart', d.embedChart);
	const [current] = await hostedVersions(d.dataBase!);
	if (current) query.set('v', current);
	// The query goes before the fragment that names the chart in its page's embed document.
	const [path, anchor] = d.embedSrc!.split('#') as [string, string | undefined];
	// The document is the site's, or of data/'s host when SITE_DATA_URL puts it elsewhere (its URL then absolute).
	const src = `${new URL(path.replace(/\?.*$/, ''), location.href).href}?${query.toString().replace(/%2C/g, ',')}${anchor === undefined ? '' : `#${anchor}`}`;
	area.value = iframeSnippet(src, d.embedTitle ?? '', { width: Number(d.embedWidth), height: Number(d.embedHeight) });
	area.closest('details')?.querySelector<HTMLAnchorElement>('[data-embed-link]')?.setAttribute('href', src);
}

function openedEmbed(details: HTMLDetailsElement): void {
	const area = details.querySelector<HTMLTextAreaElement>('[data-embed-snippet]');
	// "none": the page built the snippet for what it shows (the finder's question); it keeps nothing more.
	if (area && area.dataset.embedKeep !== 'none') void refreshSnippet(area);
}

document.addEventListener(
	'toggle',
	(e) => {
		const details = e.target as HTMLDetailsElement;
		if (details.matches?.('details[data-chart-embed]') && details.open) openedEmbed(details);
	},
	true,
);
// An embed opened before this script ran (a page that drew its charts first, as the comparison does) is pinned now.
for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-chart-embed][open]')) openedEmbed(details);
