// Pieces of Plot specs that several charts share.
import * as Plot from '@observablehq/plot';
import { DIRECTIONS } from '../schema.ts';
import type { ChartContext } from './context.ts';
import { bandwidthUnitOf } from './display-units.ts';
import type { ChartOptions, RateUnit } from './options.ts';

/** Options every Plot.plot call starts from. */
export function plotBase(options: ChartOptions, ctx: ChartContext, height: number): Plot.PlotOptions {
	return { document: options.document, width: ctx.width, height: options.height ?? height };
}

export function rateAxisLabel(unit: RateUnit, ctx: ChartContext): string {
	return unit === 'iops' ? ctx.labels.axis_iops : ctx.t('axis_bandwidth', { unit });
}

/** "IOPS" or "bandwidth (MB/s)" inside a sentence. */
export function ratePhrase(unit: RateUnit, ctx: ChartContext): string {
	return unit === 'iops' ? ctx.labels.rate_iops : ctx.t('rate_bandwidth', { unit: bandwidthUnitOf(unit) });
}

export function latencyAxisLabel(options: ChartOptions, ctx: ChartContext): string {
	return ctx.t('axis_latency', { stat: ctx.labels[`stat_${options.stat}`], unit: ctx.latencySymbol });
}

/** A centred "No data to show" so an empty selection still renders a frame instead of a blank. */
export function noDataMark(ctx: ChartContext): Plot.Markish {
	return Plot.text([ctx.labels.noData], { frameAnchor: 'middle', fontSize: 12 });
}

const DIRECTION_SYMBOLS: Record<string, Plot.SymbolType> = {
	read: 'circle',
	write: 'square',
	trim: 'diamond',
	mixed: 'triangle',
};

/** Symbol scale telling directions apart, over the (localized) directions present, in schema order. */
export function directionSymbolScale(directions: Iterable<string>, ctx: ChartContext): Plot.ScaleOptions {
	const present = new Set(directions);
	const ordered = [
		...DIRECTIONS.filter((d) => present.has(d)),
		...[...present].filter((d) => !DIRECTIONS.includes(d as never)),
	];
	return {
		domain: ordered.map((d) => ctx.direction(d)),
		range: ordered.map((d) => DIRECTION_SYMBOLS[d] ?? 'star'),
		legend: true,
	};
}

/** Panel titles for vertical facets, written inside each panel's top-left corner (fy axis hidden). */
export function facetTitles(labels: readonly string[]): Plot.Markish {
	return Plot.text(labels, {
		fy: (d: string) => d,
		text: (d: string) => d,
		frameAnchor: 'top-left',
		dx: 4,
		dy: 2,
		fontWeight: 'bold',
		fill: 'currentColor',
	});
}

/** Tick labels for latency axes in the locale's digits (0.6, not d3's SI "600m"). Log axes still thin them. */
export function latencyTicks(ctx: ChartContext): (d: number) => string {
	return (d: number) => ctx.num(d);
}

/** The log latency axis of bins (histogram, exceedance): "Latency (µs)", ticks in the locale's digits. */
export function binLatencyAxis(ctx: ChartContext): Plot.ScaleOptions {
	return { type: 'log', grid: true, tickFormat: latencyTicks(ctx), label: ctx.t('axis_latency_plain', { unit: ctx.latencySymbol }) };
}

/**
 * A left margin that holds the longest tick label of a y axis up to `max` (Plot's default of 40 px holds 5 characters,
 * not the "12,000" of a latency in µs).
 */
export function yTickMargin(max: number, format: (d: number) => string): number {
	const PX_PER_CHAR = 6.2;
	const TICK_AND_GAP = 9;
	return Math.max(40, Math.ceil(TICK_AND_GAP + PX_PER_CHAR * format(max).length));
}

/** Tick labels for IOPS and bandwidth axes: 1.2M, 800K (en); 120万 (zh-Hans). Log axes still thin them. */
export function compactTicks(ctx: ChartContext): (d: number) => string {
	return (d: number) => ctx.compact(d);
}

/** Devices drawn apart: their results were obtained under conditions that move the numbers (a comparison says which). */
export const MUTED_LINE = { strokeDasharray: '1 3', strokeOpacity: 0.6 } as const;

/**
 * The lines and dots of a chart of loads (latency vs IOPS, QD scaling): measured results solid, published figures
 * dashed and hollow, and the devices of options.muted dotted and pale.
 */
export function loadMarks<P extends { device_id: string; origin: string }>(
	points: readonly P[],
	options: Pick<ChartOptions, 'muted'>,
	symbol: string | undefined,
	href?: (p: P) => string | null,
): Plot.Markish[] {
	const muted = new Set(options.muted ?? []);
	const published = points.filter((p) => p.origin === 'published');
	const measured = points.filter((p) => p.origin !== 'published' && !muted.has(p.device_id));
	const pale = points.filter((p) => p.origin !== 'published' && muted.has(p.device_id));
	const line = { x: 'x', y: 'y', z: 'series', stroke: 'device', strokeWidth: 1.5 } as const;
	const dot = { x: 'x', y: 'y', symbol, title: 'title', href } as const;
	return [
		Plot.line(measured, line),
		Plot.line(pale, { ...line, ...MUTED_LINE }),
		Plot.line(published, { ...line, strokeDasharray: '4 3' }),
		Plot.dot(measured, { ...dot, fill: 'device', r: 3 }),
		Plot.dot(pale, { ...dot, fill: 'device', fillOpacity: MUTED_LINE.strokeOpacity, r: 3 }),
		Plot.dot(published, { ...dot, stroke: 'device', fill: 'none', r: 3.5, strokeWidth: 1.5 }),
	];
}
