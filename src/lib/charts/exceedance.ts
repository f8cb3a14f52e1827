// Latency exceedance (1 − CDF): the share of I/Os slower than each latency, from the histogram bins,
// both axes logarithmic, one step line per run × direction. Each step is drawn at a bin's upper edge,
// so between edges the line bounds the true share from above.
import * as Plot from '@observablehq/plot';
import { conditionClauses, droppedClause, toolsClause } from './caption.ts';
import { chartContext } from './context.ts';
import { lineColorScale } from './devices.ts';
import { sentences, tidy } from './format.ts';
import { exceedanceEdge, histogramSeries, type HistogramInput } from './histogram-series.ts';
import { kindsText } from './histogram.ts';
import type { ChartOptions } from './options.ts';
import { latencyTicks, noDataMark, plotBase, titleText } from './plot-parts.ts';
import type { ChartTable } from './table.ts';

export interface ExceedancePoint {
	series: string;
	device: string;
	x: number;
	/** Share of I/Os at or above x, %. */
	y: number;
	/** The end of the line (the slowest bin's upper edge): drawn without a dot, as nothing is slower. */
	end: boolean;
	title: string;
}

export function latencyExceedanceData(input: HistogramInput, options: ChartOptions) {
	const ctx = chartContext(options);
	const { series, devices } = histogramSeries(input, options, ctx);
	const points: ExceedancePoint[] = [];
	let dropped = 0;
	const push = (label: string, device: string, x: number, y: number, end = false) => {
		if (x <= 0) {
			dropped++;
			return;
		}
		const title = titleText([label, `${ctx.num(y)} % > ${ctx.num(x)} ${ctx.latencySymbol}`]);
		points.push({ series: label, device, x, y, end, title });
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
}

/** Powers of ten from 100 % down to the smallest share shown. */
function percentTicks(min: number): number[] {
	const ticks: number[] = [];
	for (let p = 2; 10 ** p >= min * (1 - 1e-9); p--) ticks.push(10 ** p);
	return ticks;
}

export function latencyExceedance(input: HistogramInput, options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = latencyExceedanceData(input, options);
	const runs = data.series.flatMap((s) => (s.run ? [s.run] : []));
	const minShare = data.points.length > 0 ? Math.min(...data.points.map((p) => p.y)) : 1;
	return Plot.plot({
		...plotBase(options, ctx, 360),
		marginLeft: 56,
		ariaLabel: ctx.labels.exc_title,
		ariaDescription: latencyExceedanceSummary(input, options),
		caption: sentences(
			[
				ctx.t('exc_caption', { kind: kindsText(data.series, ctx), unit: ctx.latencySymbol }),
				toolsClause(runs, ctx),
				...conditionClauses(runs, ctx),
				droppedClause(data.dropped, ctx),
			],
			ctx.lang,
		),
		x: {
			type: 'log',
			grid: true,
			tickFormat: latencyTicks(ctx),
			label: ctx.t('axis_latency_plain', { unit: ctx.latencySymbol }),
		},
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
			Plot.line(data.points, { x: 'x', y: 'y', z: 'series', stroke: 'series', curve: 'step-after', strokeWidth: 1.5 }),
			Plot.dot(
				data.points.filter((p) => !p.end),
				{ x: 'x', y: 'y', fill: 'series', r: 1.5, title: 'title' },
			),
		],
	});
}

export function latencyExceedanceSummary(input: HistogramInput, options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = latencyExceedanceData(input, options);
	if (data.series.length === 0) return ctx.labels.noData;
	const edges = data.series.map((s) => ({ s, edge: exceedanceEdge(s, 1) }));
	const ranked = edges.filter((e): e is { s: (typeof edges)[number]['s']; edge: number } => e.edge !== null);
	const best = ranked.length > 0 ? ranked.reduce((a, b) => (b.edge < a.edge ? b : a)) : null;
	return sentences(
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
		ctx.lang,
	);
}

export function latencyExceedanceTable(input: HistogramInput, options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const { series } = histogramSeries(input, options, ctx);
	return {
		columns: [
			ctx.labels.col_series,
			ctx.t('col_bin_from', { unit: ctx.latencySymbol }),
			ctx.t('col_bin_to', { unit: ctx.latencySymbol }),
			ctx.labels.col_ios,
			ctx.labels.col_exceedance,
		],
		rows: series.flatMap((s) => s.bins.map((b) => [s.label, tidy(b.from), tidy(b.to), b.count, tidy(b.slower)])),
	};
}
