// Build-only: a chart without JavaScript in a frame narrower than its own width (an embed; a comparison's page on a
// phone). It is drawn at a few widths and the chart frame's width picks one (CSS container queries), so from 320 px
// up its text is drawn at 10 px or larger, never a 640 px drawing scaled down; a narrower drawing fills a frame wider
// than it. An embed snippet's height comes from the same layout: the tallest the embed gets at any frame width from
// 320 px to its widest, estimated from the markup.
import { EMBED_PADDING_X } from '../embed-snippet.ts';
import { el, type El } from '../element.ts';

/** The narrowest frame an embed promises to read well in. */
export const EMBED_MIN_FRAME = 320;

/** The widths, narrower than its own, that a chart is also drawn at: a 320 px phone's page (288 px) and embed (300 px) show the first. */
const NARROW_DRAWINGS = [280, 460];

/** The widths a chart of `ownWidth` is drawn at for its embed, narrowest first; the last is its own. */
export function drawnWidths(ownWidth: number): number[] {
	return [...NARROW_DRAWINGS.filter((w) => w < ownWidth), ownWidth];
}

export interface Drawing {
	width: number;
	markup: string;
}

/** The chart frame widths at which each drawing is shown: from its width up to the next one's (the first from 0). */
function ranges(drawings: readonly Drawing[]): { drawing: Drawing; from: number; to: number; last: boolean }[] {
	return drawings.map((drawing, i) => ({
		drawing,
		from: i === 0 ? 0 : drawing.width,
		to: i + 1 < drawings.length ? drawings[i + 1]!.width : Infinity,
		last: i + 1 === drawings.length,
	}));
}

/** A drawing's class names its range of frame widths: "drawn-0-460", "drawn-460-640", "drawn-640-up". */
const rangeClass = (from: number, to: number) => `drawn-${from}-${Number.isFinite(to) ? to : 'up'}`;

/** The chart frame's content: every drawing, each marked with its width (the live script reads which is shown). */
export function drawingsEl(drawings: readonly Drawing[], markupEl: (markup: string) => El | string): El[] {
	return ranges(drawings).map(({ drawing, from, to }) => el('div', { class: `drawn ${rangeClass(from, to)}`, 'data-drawn-width': drawing.width }, markupEl(drawing.markup)));
}

/**
 * The styles that show one drawing per chart frame width (the frame is the container), for every chart of a page;
 * drawings narrower than a chart's own fill the frame.
 */
export function drawingsCss(charts: readonly (readonly Drawing[])[]): string {
	const rules = new Set<string>([':where([data-chart-frame]:has(> .drawn)) { container-type: inline-size; }']);
	for (const drawings of charts) {
		for (const { from, to, last } of ranges(drawings)) {
			const name = rangeClass(from, to);
			if (!last) rules.add(`.${name} svg[viewBox] { width: 100%; height: auto; }`);
			const hide = [from > 0 ? `(width < ${from}px)` : '', Number.isFinite(to) ? `(width >= ${to}px)` : ''].filter(Boolean).join(' or ');
			if (hide) rules.add(`@container ${hide} { .${name} { display: none; } }`);
		}
	}
	return [...rules].join('\n');
}

// The estimate, in CSS pixels. Text widths are taken wide (0.6 em a Latin letter, 1 em a CJK one) so a line
// estimated to fit does fit; the result is rounded up with room to spare.
const isWide = (ch: string) => /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch);
const textWidth = (text: string, px: number) => [...text].reduce((sum, ch) => sum + (isWide(ch) ? 1 : 0.6), 0) * px;
const lines = (text: string, px: number, room: number) => (text.trim() ? Math.max(1, Math.ceil(textWidth(text, px) / room)) : 0);
const decode = (s: string) => s.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

interface Layout {
	svgs: { width: number; height: number }[];
	/** Panels side by side while each keeps 280 px (src/lib/charts/panels.ts), or one per row. */
	grid: 'auto' | 'stack' | null;
	swatches: string[];
	caption: string;
}

function layoutOf(markup: string): Layout {
	const svgs = [...markup.matchAll(/<svg[^>]*\sviewBox="[^"]*"[^>]*>/g)].map((m) => ({
		width: Number(/\swidth="([\d.]+)"/.exec(m[0])?.[1] ?? 0),
		height: Number(/\sheight="([\d.]+)"/.exec(m[0])?.[1] ?? 0),
	}));
	const grid = markup.includes('repeat(auto-fit') ? 'auto' : markup.includes('grid-template-columns:minmax(0,1fr)') ? 'stack' : null;
	const swatches = [...markup.matchAll(/<span class="[^"]*-swatch">([\s\S]*?)<\/span>/g)].map((m) => decode(m[1]!));
	const caption = decode(/<figcaption[^>]*>([\s\S]*?)<\/figcaption>/.exec(markup)?.[1] ?? '');
	return { svgs, grid, swatches, caption };
}

/** The height of a drawing in `room` px: legend, panels (scaled to their cells), caption. */
function drawingHeight(layout: Layout, room: number, fills: boolean): number {
	const { svgs, grid } = layout;
	const columns = grid === 'auto' ? Math.max(1, Math.min(svgs.length, Math.floor(room / 280))) : grid === 'stack' ? 1 : svgs.length || 1;
	const cell = room / columns;
	let height = 0;
	for (let i = 0; i < svgs.length; i += columns) {
		const row = svgs.slice(i, i + columns).map((s) => s.height * (fills ? cell / s.width : Math.min(1, cell / s.width)));
		height += Math.max(0, ...row);
	}
	if (layout.swatches.length > 0) {
		// Plot's swatches: 15 px marks and 10 px labels in rows that wrap, the first at least 33 px tall.
		let rows = 1;
		let used = 0;
		for (const label of layout.swatches) {
			const w = 15 + 3 + textWidth(label, 10) + 10;
			if (used > 0 && used + w > room) {
				rows++;
				used = 0;
			}
			used += w;
		}
		height += 33 + (rows - 1) * 18;
	}
	return height + lines(layout.caption, 12, room) * 17 + (layout.caption ? 8 : 0);
}

/**
 * The embed's frame: as wide as its widest drawing with the padding, and as tall as it gets at any frame width from
 * 320 px to that (the title, the chart, the source line), so the snippet fits without JavaScript.
 */
export function embedFrame(drawings: readonly Drawing[], title: string, source: string): { width: number; height: number } {
	const widest = drawings.at(-1)!.width + EMBED_PADDING_X;
	const layouts = new Map(drawings.map((d) => [d, layoutOf(d.markup)]));
	let tallest = 0;
	for (const { drawing, from, to, last } of ranges(drawings)) {
		for (const frame of [Math.max(from + EMBED_PADDING_X, EMBED_MIN_FRAME), Math.min(to + EMBED_PADDING_X, widest + 1) - 1]) {
			if (frame < EMBED_MIN_FRAME || frame > widest) continue;
			const room = frame - EMBED_PADDING_X;
			// Body padding, the title (15 px, 4 px below it), the chart, the source line (12 px, 6 px above it).
			const height = 16 + lines(title, 15, room) * 21 + 4 + drawingHeight(layouts.get(drawing)!, room, !last) + 6 + lines(source, 12, room) * 17;
			tallest = Math.max(tallest, height);
		}
	}
	return { width: widest, height: Math.ceil((tallest + 16) / 10) * 10 };
}
