// Build-only: a page's social preview (Open Graph, Twitter card), a 1200 × 630 PNG of its headline chart under the
// page's title, drawn here as SVG while the page renders, from the page's own drawing of the chart (no second drawing),
// scaled up to fill the image: its 10 px text reads at about 17 px. social-png.ts renders it to PNG.
import { join } from 'node:path';
import { t, type Lang } from '../../i18n/strings.ts';
import { el, htmlOf } from '../element.ts';
import type { ChartSpec } from '../site/chart-data.ts';
import { emitFile, writeMakingFolder } from './emitted-files.ts';
import { renderStaticChart } from './render.ts';
import { PREVIEW_DRAWINGS_ENV, SOCIAL_IMAGE, previewDrawingFile, socialImageFile } from '../site/social-path.ts';
import { assetPath, langPath } from '../../i18n/routes.ts';
import { dataUrl } from '../data-url.ts';

const MARGIN = 40;
const FONTS = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans CJK SC', sans-serif";
const COLOURS = { background: '#ffffff', text: '#292524', muted: '#78716c', chart: '#44403c' };

const isWide = (ch: string) => /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch);

/** The text cut to fit `room` px at `px` (an estimate, taken wide), with an ellipsis when cut. */
function fitted(text: string, px: number, room: number): string {
	let used = 0;
	const chars = [...text];
	for (let i = 0; i < chars.length; i++) {
		used += (isWide(chars[i]!) ? 1 : 0.62) * px;
		if (used > room) return `${chars.slice(0, Math.max(0, i - 1)).join('').trimEnd()}…`;
	}
	return text;
}

interface Piece {
	width: number;
	height: number;
	markup: string;
}

/** Plot's SVGs in the chart's markup (a chart of panels has several), each with its own size. */
function chartSvgs(markup: string): Piece[] {
	return [...markup.matchAll(/<svg[^>]*\sviewBox="[^"]*"[^>]*>[\s\S]*?<\/svg>/g)].map((m) => {
		const open = /^<svg[^>]*>/.exec(m[0])![0];
		return {
			width: Number(/\swidth="([\d.]+)"/.exec(open)![1]),
			height: Number(/\sheight="([\d.]+)"/.exec(open)![1]),
			// The size is set where the piece is placed; the fonts are the ones the renderer has.
			markup: m[0].replace(open, open.replace(/\s(width|height)="[^"]*"/g, '').replace(/\sfont-family="[^"]*"/, ` font-family="${FONTS}"`)),
		};
	});
}

/** Plot's legend swatches: each colour and label. */
function swatches(markup: string): { colour: string; label: string }[] {
	return [...markup.matchAll(/<span class="[^"]*-swatch"><svg[^>]*\sfill="([^"]+)"[\s\S]*?<\/svg>([\s\S]*?)<\/span>/g)].map((m) => ({
		colour: m[1]!,
		label: m[2]!.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'),
	}));
}

const text = (x: number, y: number, px: number, fill: string, content: string, weight = 'normal') =>
	htmlOf(el('text', { x, y, 'font-size': px, 'font-weight': weight, fill }, content));

/** The preview as SVG: the site's name, the page's title, the legend, then the chart's panels side by side, scaled to fit. */
export function socialSvg(markup: string, title: string, lang: Lang): string {
	const { width: W, height: H } = SOCIAL_IMAGE;
	const room = W - 2 * MARGIN;
	const parts = [
		htmlOf(el('rect', { width: W, height: H, fill: COLOURS.background })),
		text(MARGIN, 58, 24, COLOURS.muted, t(lang, 'siteName')),
		text(MARGIN, 108, 38, COLOURS.text, fitted(title, 38, room), 'bold'),
	];
	let top = 132;
	const legend = swatches(markup);
	if (legend.length > 0) {
		let x = MARGIN;
		for (const s of legend) {
			const label = fitted(s.label, 20, room / Math.min(legend.length, 3) - 40);
			const w = 30 + [...label].reduce((sum, ch) => sum + (isWide(ch) ? 1 : 0.62) * 20, 0) + 24;
			if (x + w > W - MARGIN) break;
			parts.push(htmlOf(el('rect', { x, y: top + 4, width: 20, height: 20, fill: s.colour })), text(x + 28, top + 21, 20, COLOURS.text, label));
			x += w;
		}
		top += 40;
	}
	const pieces = chartSvgs(markup);
	const drawnWidth = pieces.reduce((sum, p) => sum + p.width, 0);
	const drawnHeight = Math.max(0, ...pieces.map((p) => p.height));
	const scale = Math.min(room / drawnWidth, (H - top - MARGIN / 2) / drawnHeight);
	let x = MARGIN + (room - drawnWidth * scale) / 2;
	for (const p of pieces) {
		parts.push(p.markup.replace('<svg', `<svg x="${x}" y="${top}" width="${p.width * scale}" height="${p.height * scale}" color="${COLOURS.chart}"`));
		x += p.width * scale;
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${FONTS}">${parts.join('')}</svg>`;
}

/** Leaves a preview's drawing (`file`: the preview's file under data/) in the folder `drawings`, for social-png.ts. */
export function leavePreviewDrawing(drawings: string, lang: Lang, file: string, svg: string): void {
	writeMakingFolder(join(drawings, previewDrawingFile(lang, file)), svg);
}

/**
 * Publishes the page's preview ("/zh-Hans/reviews/x/": the page's site path), drawn from its headline chart (none when
 * the page has no chart), and returns what Base.astro's `social` takes. In a build run by scripts/build.ts its drawing
 * is left for that process to render once the pages are rendered (PREVIEW_DRAWINGS_ENV), so no Astro process loads
 * the renderer, its fonts and the pixels; else it is rendered here.
 */
export async function emitSocialImage(
	pagePath: string,
	spec: Pick<ChartSpec, 'kind' | 'input' | 'fixed'> | undefined,
	title: string,
	lang: Lang,
	labels: Record<string, string>,
): Promise<{ image: string; alt: string } | undefined> {
	if (!spec) return undefined;
	const chart = renderStaticChart(spec, lang, labels);
	const file = socialImageFile(langPath(lang, pagePath));
	const svg = socialSvg(chart.markup, title, lang);
	const drawings = process.env[PREVIEW_DRAWINGS_ENV];
	if (drawings) leavePreviewDrawing(drawings, lang, file, svg);
	else emitFile(assetPath(`/data/${file}`), await (await import('./social-png.ts')).socialPng(svg, lang));
	return { image: dataUrl(file), alt: `${chart.title} · ${title}` };
}
