// IOPS, bandwidth or latency over time from already-downsampled log rows: a min–max band (where a window's minimum
// and maximum differ: a window of one sample has none, and the caption then promises none) and a mean line per series, with each series' steady-state window (SNIA PTS rule, src/lib/steady-state.ts) shaded in its colour and
// said in the caption. A log axis leaves a gap where a value is ≤ 0.
import * as Plot from '@observablehq/plot';
import { droppedClause, toolsClause } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, lineColorScale, shownInOrder, type DeviceSeries } from '../devices.ts';
import { bandwidthFromBytesPerS, bandwidthUnitOf, latencyFromNs } from '../display-units.ts';
import { tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import { compactTicks, latencyTicks, noDataMark, plotBase } from '../plot-parts.ts';
import type { ChartTable } from '../table.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

/** One time bucket of one series, in base units (IOPS, bytes/s or ns). */
export interface TimeseriesPoint {
	device_id: string;
	/** Which line of the device: a direction, a run or a log file. Shown when a device has several. */
	series: string;
	t_s: number;
	min: number | null;
	mean: number | null;
	max: number | null;
	tool?: string | null;
	tool_version?: string | null;
	/** The series' steady-state window (s), when it reached one. */
	steady_start_s?: number | null;
	steady_end_s?: number | null;
}

export type TimeseriesMetric = 'iops' | 'bw' | 'lat';

export interface TimeseriesOptions extends ChartOptions {
	metric: TimeseriesMetric;
}

/** A line's steady-state window. */
export interface SteadyWindow {
	label: string;
	start_s: number;
	end_s: number;
}

export interface TimeseriesSample {
	key: string;
	device_id: string;
	/** Line label: the device, plus the series name when the device has several. */
	label: string;
	t: number;
	/** NaN where nothing can be drawn (not measured, or ≤ 0 on a log axis): the line and band break there. */
	min: number;
	mean: number;
	max: number;
}

export interface TimeseriesData {
	samples: TimeseriesSample[];
	labels: string[];
	/** Lines that reached steady state, in line order. */
	steady: SteadyWindow[];
	dropped: number;
	devices: DeviceSeries;
	unit: string;
}

function unitOf(options: TimeseriesOptions, ctx: ChartContext): string {
	if (options.metric === 'lat') return ctx.latencySymbol;
	if (options.metric === 'bw') return bandwidthUnitOf(options.rateUnit);
	return 'IOPS';
}

function convert(value: number | null, options: TimeseriesOptions): number | null {
	if (value === null) return null;
	if (options.metric === 'lat') return latencyFromNs(value, options.latencyUnit);
	if (options.metric === 'bw') return bandwidthFromBytesPerS(value, bandwidthUnitOf(options.rateUnit));
	return value;
}

export const timeseriesData = sharedByDrawings(function timeseriesData(points: readonly TimeseriesPoint[], options: TimeseriesOptions): TimeseriesData {
	const ctx = chartContext(options);
	const devices = deviceSeries(
		points.map((p) => p.device_id),
		options,
	);
	const seriesPerDevice = new Map<string, Set<string>>();
	for (const p of points) {
		if (!seriesPerDevice.has(p.device_id)) seriesPerDevice.set(p.device_id, new Set());
		seriesPerDevice.get(p.device_id)!.add(p.series);
	}
	const visible = shownInOrder(points, devices, (a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : 0) || a.t_s - b.t_s);
	let dropped = 0;
	const steady = new Map<string, SteadyWindow>();
	const samples = visible.map((p): TimeseriesSample => {
		const values = [p.min, p.mean, p.max].map((v) => convert(v, options));
		const unplottable = options.logY === true && values.some((v) => v !== null && v <= 0);
		if (unplottable) dropped++;
		const [min, mean, max] = values.map((v) => (v === null || unplottable ? NaN : v)) as [number, number, number];
		const label =
			seriesPerDevice.get(p.device_id)!.size > 1
				? `${devices.label(p.device_id)} · ${p.series}`
				: devices.label(p.device_id);
		const { steady_start_s: start_s, steady_end_s: end_s } = p;
		if (start_s != null && end_s != null && !steady.has(label)) steady.set(label, { label, start_s, end_s });
		return { key: `${p.device_id}\u0000${p.series}`, device_id: p.device_id, label, t: p.t_s, min, mean, max };
	});
	const labels = [...new Set(samples.map((s) => s.label))];
	return { samples, labels, steady: labels.flatMap((l) => steady.get(l) ?? []), dropped, devices, unit: unitOf(options, ctx) };
});

function metricLabel(options: TimeseriesOptions, ctx: ChartContext, unit: string): string {
	return ctx.t(`ts_metric_${options.metric}`, { unit });
}

export function timeseriesChart(points: readonly TimeseriesPoint[], options: TimeseriesOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = timeseriesData(points, options);
	const several = data.labels.length > 1;
	const banded = hasBand(data.samples);
	return Plot.plot({
		...plotBase(options, ctx, 320),
		marginLeft: 60,
		ariaLabel: ctx.t('ts_title', { metric: metricLabel(options, ctx, data.unit) }),
		ariaDescription: timeseriesSummary(points, options),
		caption: ctx.sentences(
			[
				ctx.t(banded ? 'ts_caption' : 'ts_caption_line', { metric: metricLabel(options, ctx, data.unit) }),
				toolsClause(
					points.map((p) => ({ tool: p.tool ?? null, tool_version: p.tool_version ?? null })),
					ctx,
				),
				...data.steady.map((w) =>
					ctx.t(several ? 'ts_steady_of' : 'ts_steady', { series: w.label, start: timeText(w.start_s, ctx), end: timeText(w.end_s, ctx) }),
				),
				droppedClause(data.dropped, ctx),
			],
		),
		x: { grid: true, label: ctx.labels.axis_time },
		y: {
			type: options.logY ? 'log' : 'linear',
			zero: !options.logY,
			grid: true,
			tickFormat: options.metric === 'lat' ? latencyTicks(ctx) : compactTicks(ctx),
			label: metricLabel(options, ctx, data.unit),
		},
		color: { ...lineColorScale(data.samples, data.devices), legend: data.samples.length > 0 },
		marks: [
			data.samples.length === 0 ? noDataMark(ctx) : null,
			Plot.rectX(data.steady, { x1: 'start_s', x2: 'end_s', fill: several ? 'label' : 'currentColor', fillOpacity: 0.07 }),
			// One label per window, each a line lower, so overlapping windows stay readable.
			...data.steady.map((w, i) =>
				Plot.text([w], {
					x: (s: SteadyWindow) => (s.start_s + s.end_s) / 2,
					frameAnchor: 'top',
					dy: 4 + 11 * i,
					text: () => ctx.labels.ts_steady_label,
					fontSize: MIN_FONT_PX,
					fill: several ? 'label' : 'currentColor',
				}),
			),
			banded ? Plot.areaY(data.samples, { x: 't', y1: 'min', y2: 'max', z: 'key', fill: 'label', fillOpacity: 0.15 }) : null,
			Plot.lineY(data.samples, { x: 't', y: 'mean', z: 'key', stroke: 'label', strokeWidth: 1.5, title: 'label' }),
		],
	});
}

/** Whether any window has a minimum below its maximum: the band has height somewhere. */
export function hasBand(samples: readonly TimeseriesSample[]): boolean {
	return samples.some((s) => s.max > s.min);
}

interface SeriesStats {
	label: string;
	device_id: string;
	mean: number;
	min: number;
	max: number;
	start: number;
	end: number;
}

/** A time on the chart's axis: seconds, or minutes from 2 minutes on ("minute 12"). */
function timeText(s: number, ctx: ChartContext): string {
	return s >= 120 ? ctx.t('ts_minute', { n: ctx.num(Math.round((s / 60) * 10) / 10) }) : ctx.t('ts_second', { n: ctx.num(s) });
}

/** Per series: the mean of the window means (from its steady-state window on, when it reached one), min and max. */
function seriesStats(data: TimeseriesData): SeriesStats[] {
	const stats: SeriesStats[] = [];
	for (const label of data.labels) {
		const steady = data.steady.find((w) => w.label === label);
		const inWindow = data.samples.filter((s) => s.label === label && (!steady || s.t >= steady.start_s));
		const means = inWindow.map((s) => s.mean).filter((v) => !Number.isNaN(v));
		if (means.length === 0) continue;
		const mins = inWindow.map((s) => s.min).filter((v) => !Number.isNaN(v));
		const maxs = inWindow.map((s) => s.max).filter((v) => !Number.isNaN(v));
		stats.push({
			label,
			device_id: inWindow[0]!.device_id,
			mean: means.reduce((a, b) => a + b, 0) / means.length,
			min: Math.min(...(mins.length > 0 ? mins : means)),
			max: Math.max(...(maxs.length > 0 ? maxs : means)),
			start: inWindow[0]!.t,
			end: inWindow.at(-1)!.t,
		});
	}
	return stats;
}

export const timeseriesSummary = sharedByDrawings(function timeseriesSummary(points: readonly TimeseriesPoint[], options: TimeseriesOptions): string {
	const ctx = chartContext(options);
	const data = timeseriesData(points, options);
	const stats = seriesStats(data);
	if (stats.length === 0) return ctx.labels.noData;
	// For latency the best series is the lowest one.
	const lowIsBest = options.metric === 'lat';
	const top = stats.reduce((a, b) => ((lowIsBest ? b.mean < a.mean : b.mean > a.mean) ? b : a));
	return ctx.sentences(
		[
			...stats.map((s) =>
				ctx.t('ts_summary_series', {
					series: s.label,
					mean: ctx.num(s.mean),
					unit: data.unit,
					start: ctx.num(s.start),
					end: ctx.num(s.end),
					min: ctx.num(s.min),
					max: ctx.num(s.max),
				}),
			),
			stats.length > 1 &&
				ctx.t(lowIsBest ? 'ts_summary_top_low' : 'ts_summary_top', {
					device: top.label,
					value: ctx.num(top.mean),
					unit: data.unit,
				}),
			droppedClause(data.dropped, ctx),
		],
	);
});

export function timeseriesTable(points: readonly TimeseriesPoint[], options: TimeseriesOptions): ChartTable {
	const ctx = chartContext(options);
	const data = timeseriesData(
		points,
		// The table keeps values a log axis could not draw.
		{ ...options, logY: false },
	);
	const nanToNull = (v: number) => (Number.isNaN(v) ? null : tidy(v));
	return {
		columns: [
			ctx.labels.col_series,
			ctx.labels.col_time,
			ctx.t('col_min', { unit: data.unit }),
			ctx.t('col_mean', { unit: data.unit }),
			ctx.t('col_max', { unit: data.unit }),
		],
		rows: data.samples.map((s) => [s.label, s.t, nanToNull(s.min), nanToNull(s.mean), nanToNull(s.max)]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<TimeseriesPoint[]> = { render: timeseriesChart, summary: timeseriesSummary, table: timeseriesTable };
