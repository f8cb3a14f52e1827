// Bar marks shared by the bar charts: device colour, published figures pale with a dashed outline,
// value labels when the bars are wide enough to carry them.
import * as Plot from '@observablehq/plot';
import type { ChartContext } from './context.ts';
import { MIN_FONT_PX } from './options.ts';

export interface BarDatum {
	/** Device label: the band and the colour. */
	device: string;
	value: number;
	published: boolean;
	title: string;
}

/** Bars narrower than this (px) get no value label. */
export const MIN_LABELLED_BAR = 34;

export const PUBLISHED_BAR = { fillOpacity: 0.25, strokeDasharray: '3 2', strokeWidth: 1 } as const;

export function verticalBarMarks(
	bars: readonly BarDatum[],
	fx: string | undefined,
	labels: boolean,
	ctx: ChartContext,
): Plot.Markish[] {
	return [
		Plot.barY(
			bars.filter((b) => !b.published),
			{ fx, x: 'device', y: 'value', fill: 'device', title: 'title' },
		),
		Plot.barY(
			bars.filter((b) => b.published),
			{ fx, x: 'device', y: 'value', fill: 'device', stroke: 'device', ...PUBLISHED_BAR, title: 'title' },
		),
		labels
			? Plot.text(bars, {
					fx,
					x: 'device',
					y: 'value',
					text: (d: BarDatum) => ctx.compact(d.value),
					dy: -6,
					fontSize: MIN_FONT_PX,
					fill: 'currentColor',
				})
			: null,
		Plot.ruleY([0]),
	];
}

export function horizontalBarMarks(bars: readonly BarDatum[], ctx: ChartContext): Plot.Markish[] {
	return [
		Plot.barX(
			bars.filter((b) => !b.published),
			{ y: 'device', x: 'value', fill: 'device', title: 'title' },
		),
		Plot.barX(
			bars.filter((b) => b.published),
			{ y: 'device', x: 'value', fill: 'device', stroke: 'device', ...PUBLISHED_BAR, title: 'title' },
		),
		Plot.text(bars, {
			y: 'device',
			x: 'value',
			text: (d: BarDatum) => ctx.compact(d.value),
			dx: 4,
			textAnchor: 'start',
			fontSize: MIN_FONT_PX,
			fill: 'currentColor',
		}),
		Plot.ruleX([0]),
	];
}

/** Width of one panel: two side by side from 560 px up, otherwise one per row. */
export function panelWidth(width: number, columns = 2): number {
	return width >= 560 ? Math.floor(width / columns) : width;
}
