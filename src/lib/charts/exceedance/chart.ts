// Latency exceedance (1 − CDF): the share of I/Os slower than each latency, from the histogram bins,
// both axes logarithmic, one step line per run × direction. Each step is drawn at a bin's upper edge,
// so between edges the line bounds the true share from above. fio's 64 buckets per doubling put edges
// less than a pixel apart: the drawn line keeps only the steps that show at the chart's size (the table
// keeps every bin).
import * as Plot from '@observablehq/plot';
import { droppedClause, runsClauses } from '../caption.ts';
import { chartContext } from '../context.ts';
import { lineColorScale } from '../devices.ts';
import { tidy } from '../format.ts';
import { binCells, binColumns, exceedanceEdge, histogramSeries, type HistogramInput } from '../histogram-series.ts';
import { kindsText } from '../histogram/chart.ts';
import type { ChartOptions } from '../options.ts';
import { binLatencyAxis, noDataMark, plotBase } from '../plot-parts.ts';
import { compactPaths } from '../svg-paths.ts';
import type { ChartTable } from '../table.ts';
import { seriesTitle } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface ExceedancePoint {
	series: string;
	device: string;
	x: number;
	/** Share of I/Os at or above x, %. */
	y: number;
	/** The end of the line (the slowest bin's upper edge): the level runs on to it, as nothing is slower. */
	end: boolean;
}

export const latencyExceedanceData = sharedByDrawings(function latencyExceedanceData(input: HistogramInput, options: ChartOptions) {
	const ctx = chartContext(options);
	const { series, devices } = histogramSeries(input, options, ctx);
	const points: ExceedancePoint[] = [];
	let dropped = 0;
	const push = (label: string, device: string, x: number, y: number, end = false) => {
		if (x <= 0) {
			dropped++;
			return;
		}
		points.push({ series: label, device, x, y, end });
	};
	for (const s of series) {
		push(s.label, s.device, s.bins[0]!.from, 100);
		let level = 100;
		for (const b of s.bins) {
			if (b.to === null) break;
			if (b.slower > 0) push(s.label, s.device, b.to, (level = b.slower));
			// The share beyond the last edge is 0, which a log axis cannot show: the line runs on at the last
			// level to the slowest bin's upper edge and ends there.
			else push(s.label, s.device, b.to, level, true);
		}
	}
	return { series, devices, points, dropped };
});

/** Powers of ten from 100 % down to the smallest share shown. */
function percentTicks(min: number): number[] {
	const ticks: number[] = [];
	for (let p = 2; 10 ** p >= min * (1 - 1e-9); p--) ticks.push(10 ** p);
	return ticks;
}

/** Pixel position on a log axis from `min` to `max` drawn over `from`…`to` px. */
function logPixels(min: number, max: number, from: number, to: number): (v: number) => number {
	const span = Math.log(max / min) || 1;
	return (v) => from + (Math.log(v / min) / span) * (to - from);
}

/**
 * The points of each step line that change what is drawn at this size: within one pixel column only the last
 * drop is kept (the step moves right by less than a pixel), and a drop of less than half a pixel from the last
 * kept level waits until the drops add up to more. Dropping a point only keeps the higher level a little
 * longer, so the line still bounds the share from above. Each line's first and last point stay.
 */
export function visibleSteps(
	points: readonly ExceedancePoint[],
	px: { x: (v: number) => number; y: (v: number) => number },
	tolerance = 0.5,
): ExceedancePoint[] {
	const kept: ExceedancePoint[] = [];
	for (let i = 0; i < points.length; i++) {
		const p = points[i]!;
		const prev = points[i - 1];
		const next = points[i + 1];
		const first = !prev || prev.series !== p.series;
		const last = !next || next.series !== p.series;
		if (!first && !last) {
			if (Math.floor(px.x(next.x)) === Math.floor(px.x(p.x))) continue;
			if (Math.abs(px.y(p.y) - px.y(kept.at(-1)!.y)) < tolerance) continue;
		}
		kept.push(p);
	}
	return kept;
}

const MARGIN = { top: 20, right: 20, bottom: 30, left: 56 };

export function latencyExceedance(input: HistogramInput, options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = latencyExceedanceData(input, options);
	const runs = data.series.flatMap((s) => (s.run ? [s.run] : []));
	const minShare = data.points.length > 0 ? Math.min(...data.points.map((p) => p.y)) : 1;
	const base = plotBase(options, ctx, 360);
	const xs = data.points.map((p) => p.x);
	const drawn =
		data.points.length > 0
			? visibleSteps(data.points, {
					x: logPixels(Math.min(...xs), Math.max(...xs), MARGIN.left, base.width! - MARGIN.right),
					y: logPixels(minShare, 100, base.height! - MARGIN.bottom, MARGIN.top),
				})
			: [];
	// Each line's tooltip, once per line rather than once per point.
	const titles = new Map(data.series.map((s) => [s.label, seriesTitle(s.label, s.total, ctx)]));
	const chart = Plot.plot({
		...base,
		marginTop: MARGIN.top,
		marginRight: MARGIN.right,
		marginBottom: MARGIN.bottom,
		marginLeft: MARGIN.left,
		ariaLabel: ctx.labels.exc_title,
		ariaDescription: latencyExceedanceSummary(input, options),
		caption: ctx.sentences(
			[
				ctx.t('exc_caption', { kind: kindsText(data.series, ctx), unit: ctx.latencySymbol }),
				...runsClauses(runs, ctx),
				droppedClause(data.dropped, ctx),
			],
		),
		x: binLatencyAxis(ctx),
		y: {
			type: 'log',
			grid: true,
			ticks: percentTicks(minShare),
			tickFormat: (d: number) => ctx.num(d),
			label: ctx.labels.axis_exceedance,
		},
		color: { ...lineColorScale(data.series, data.devices), legend: true },
		marks: [
			data.points.length === 0 ? noDataMark(ctx) : null,
			Plot.line(drawn, {
				x: 'x',
				y: 'y',
				z: 'series',
				stroke: 'series',
				curve: 'step-after',
				strokeWidth: 1.5,
				// One tooltip per line: which run it is and how many I/Os it counts (the table has every bin).
				title: (p: ExceedancePoint) => titles.get(p.series) ?? seriesTitle(p.series, 0, ctx),
			}),
		],
	});
	compactPaths(chart, '[aria-label="line"] path');
	return chart;
}

export const latencyExceedanceSummary = sharedByDrawings(function latencyExceedanceSummary(input: HistogramInput, options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = latencyExceedanceData(input, options);
	if (data.series.length === 0) return ctx.labels.noData;
	const edges = data.series.map((s) => ({ s, edge: exceedanceEdge(s, 1) }));
	const ranked = edges.filter((e): e is { s: (typeof edges)[number]['s']; edge: number } => e.edge !== null);
	const best = ranked.length > 0 ? ranked.reduce((a, b) => (b.edge < a.edge ? b : a)) : null;
	return ctx.sentences(
		[
			...edges.map(({ s, edge }) =>
				edge === null
					? ctx.t('exc_summary_open', {
							series: s.label,
							ios: ctx.num(s.total),
							edge: ctx.num(s.bins.at(-1)!.from),
							unit: ctx.latencySymbol,
						})
					: ctx.t('exc_summary_series', {
							series: s.label,
							ios: ctx.num(s.total),
							edge: ctx.num(edge),
							unit: ctx.latencySymbol,
						}),
			),
			best &&
				data.series.length > 1 &&
				ctx.t('exc_summary_top', { device: best.s.label, edge: ctx.num(best.edge), unit: ctx.latencySymbol }),
			droppedClause(data.dropped, ctx),
		],
	);
});

export function latencyExceedanceTable(input: HistogramInput, options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const { series } = histogramSeries(input, options, ctx);
	return {
		columns: [
			ctx.labels.col_series,
			...binColumns(ctx),
			ctx.labels.col_exceedance,
		],
		rows: series.flatMap((s) => s.bins.map((b) => [s.label, ...binCells(b), tidy(b.slower)])),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<HistogramInput> = { render: latencyExceedance, summary: latencyExceedanceSummary, table: latencyExceedanceTable };
