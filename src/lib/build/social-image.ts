// Build-only: a page's social preview (Open Graph, Twitter card), a 1200 × 630 PNG of its headline chart under the
// page's title, rendered with resvg from the same chart function the page draws with. It is the page's own drawing of
// the chart (no second drawing), scaled up to fill the image: its 10 px text reads at about 17 px. Fonts are the build
// machine's (resvg reads the system's): Latin from DejaVu or Liberation, Chinese from Noto Sans CJK (Debian's
// fonts-noto-cjk, cut to the characters used: preview-fonts.ts); none is bundled, and a machine without a CJK font draws
// the Chinese previews' Chinese text as empty boxes.
import { Resvg, renderAsync, type RenderedImage, type ResvgRenderOptions } from '@resvg/resvg-js';
import { facePattern, fontMatch, previewFaces, previewFontFiles } from './preview-fonts.ts';
import { encodePng } from './png.ts';
import { t, type Lang } from '../../i18n/strings.ts';
import { el, htmlOf } from '../element.ts';
import type { ChartSpec } from '../site/chart-data.ts';
import { emitFile } from './emitted-files.ts';
import { renderStaticChart } from './render.ts';
import { SOCIAL_IMAGE, socialImageFile } from '../site/social-path.ts';
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

/** The whole font files of the faces of `lang`'s previews, as fontconfig finds them (the CJK collection's 19 MB). */
const wholeFonts = new Map<Lang, string[]>();
function wholePreviewFonts(lang: Lang): string[] {
	if (!wholeFonts.has(lang)) wholeFonts.set(lang, previewFaces(lang).map((face) => fontMatch(facePattern(face)).file));
	return wholeFonts.get(lang)!;
}

/** resvg's options: the given font files only, or (without them) the system's fonts, which is slower. */
function renderOptions(fonts: string[] | null): ResvgRenderOptions {
	const font = fonts ? { loadSystemFonts: false, fontFiles: fonts } : { loadSystemFonts: true };
	return { font: { ...font, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } };
}

/** The preview's pixels, drawn with the fonts of `lang` (`previewFonts`: its faces' files, whole by default). */
export function socialImage(svg: string, lang: Lang, previewFonts?: string[] | null): RenderedImage {
	let fonts = previewFonts;
	if (fonts === undefined) {
		try {
			fonts = wholePreviewFonts(lang);
		} catch {
			fonts = null;
		}
	}
	return new Resvg(svg, renderOptions(fonts)).render();
}

/**
 * The preview as PNG, drawn and compressed off the main thread (libuv's pool): the build renders other pages
 * meanwhile. Its fonts are cut to its characters (preview-fonts.ts).
 */
export async function socialPng(svg: string, lang: Lang): Promise<Buffer> {
	const image = await renderAsync(svg, renderOptions(await previewFontFiles(lang, svg.replace(/<[^>]*>/g, ''))));
	return encodePng(image.pixels, image.width, image.height);
}

/**
 * Renders the page's preview from its headline chart (none when the page has no chart) and publishes it beside the
 * page ("/zh-Hans/reviews/x/": the page's site path); returns what Base.astro's `social` takes.
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
	emitFile(assetPath(`/data/${file}`), await socialPng(socialSvg(chart.markup, title, lang), lang));
	return { image: dataUrl(file), alt: `${chart.title} · ${title}` };
}
