// IOPS (or bandwidth) and latency against outstanding I/Os (iodepth × numjobs, log₂ scale): two panels
// sharing the x axis, one line per device and direction.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { lostClauses, missingClause, publishedSourcesClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, isPublished, shownRunsInOrder, type DeviceSeries } from '../devices.ts';
import { tidy } from '../format.ts';
import type { ChartOptions } from '../options.ts';
import { panelFigure } from '../panels.ts';
import {
	compactTicks,
	latencyTicks,
	directionSymbolScale,
	latencyAxisLabel,
	loadMarks,
	noDataMark,
	rateAxisLabel,
	ratePhrase,
} from '../plot-parts.ts';
import { latencyOf, outstandingOf, rateOf } from '../run-values.ts';
import { runCells, runColumns, type ChartTable } from '../table.ts';
import { curvePointOf, type CurvePointOf } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface QdPoint extends CurvePointOf {
	x: number;
	y: number;
}

export interface QdScalingData {
	rows: RunRow[];
	rate: QdPoint[];
	latency: QdPoint[];
	dropped: number;
	missing: number;
	devices: DeviceSeries;
	directions: string[];
}

export const qdScalingData = sharedByDrawings(function qdScalingData(rows: readonly RunRow[], options: ChartOptions): QdScalingData {
	const ctx = chartContext(options);
	const devices = deviceSeries(
		rows.map((r) => r.device_id),
		options,
	);
	const visible = shownRunsInOrder(
		rows,
		devices,
		(a, b) => (outstandingOf(a) ?? 0) - (outstandingOf(b) ?? 0) || (a.run_id < b.run_id ? -1 : a.run_id > b.run_id ? 1 : 0),
	);
	const rate: QdPoint[] = [];
	const latency: QdPoint[] = [];
	let dropped = 0;
	let missing = 0;
	for (const row of visible) {
		const x = outstandingOf(row);
		const r = rateOf(row, options.rateUnit);
		const l = latencyOf(row, options.stat, options.latencyUnit);
		if (x === null || x <= 0 || (r === null && l === null)) {
			missing++;
			continue;
		}
		for (const [value, into, unit] of [
			[r, rate, ctx.rateSymbol],
			[l?.value ?? null, latency, ctx.latencySymbol],
		] as const) {
			if (value === null) continue;
			if (options.logY && value <= 0) dropped++;
			else into.push(pointOf(row, x, value, unit, ctx, devices));
		}
	}
	const directions = [...new Set(visible.map((r) => r.direction))];
	return { rows: visible, rate, latency, dropped, missing, devices, directions };
});

function pointOf(row: RunRow, x: number, y: number, unit: string, ctx: ChartContext, devices: DeviceSeries): QdPoint {
	return { ...curvePointOf(row, `${ctx.num(y)} ${unit}`, ctx, devices), x, y };
}

function panel(
	points: QdPoint[],
	yLabel: string,
	yFormat: ((d: number) => string) | undefined,
	domain: [number, number],
	height: number,
	options: ChartOptions,
	ctx: ChartContext,
	data: QdScalingData,
) {
	const symbol = data.directions.length > 1 ? 'direction' : undefined;
	return Plot.plot({
		document: options.document,
		width: ctx.width,
		height,
		marginLeft: 60,
		x: { type: 'log', base: 2, domain, inset: 8, grid: true, label: ctx.labels.axis_outstanding },
		y: {
			type: options.logY ? 'log' : 'linear',
			zero: !options.logY,
			inset: 8,
			grid: true,
			tickFormat: yFormat,
			label: yLabel,
		},
		color: data.devices.colorScale(),
		// The figure carries the legends once, above both panels.
		symbol: symbol ? { ...directionSymbolScale(data.directions, ctx), legend: false } : undefined,
		marks: [
			points.length === 0 ? noDataMark(ctx) : null,
			...loadMarks(points, options, symbol),
		],
	});
}

function caption(data: QdScalingData, options: ChartOptions, ctx: ChartContext): string {
	const drawn = new Set([...data.rate, ...data.latency].map((p) => p.run_id));
	return ctx.sentences(
		[
			ctx.t('qd_caption', {
				rate: rateAxisLabel(options.rateUnit, ctx),
				stat: ctx.labels[`stat_${options.stat}`],
				latencyUnit: ctx.latencySymbol,
			}),
			...runsClauses(data.rows, ctx),
			[...data.rate, ...data.latency].some((p) => isPublished(p.origin)) && ctx.labels.cap_published,
			publishedSourcesClause(
				data.rows.filter((r) => drawn.has(r.run_id)),
				ctx,
			),
			...lostClauses(data, ctx),
		],
	);
}

export function qdScaling(rows: readonly RunRow[], options: ChartOptions): HTMLElement {
	const ctx = chartContext(options);
	const data = qdScalingData(rows, options);
	const xs = [...data.rate, ...data.latency].map((p) => p.x);
	const domain: [number, number] = xs.length > 0 ? [Math.min(...xs), Math.max(...xs)] : [1, 256];
	if (domain[0] === domain[1]) domain[1] = domain[0] * 2;
	const height = Math.round((options.height ?? 560) / 2);
	const drawn = [...data.rate, ...data.latency].map((p) => p.device_id);
	const legends: Plot.LegendScales[] = [{ color: data.devices.colorScale(drawn) }];
	if (data.directions.length > 1) legends.push({ symbol: directionSymbolScale(data.directions, ctx) });
	return panelFigure({
		document: options.document,
		layout: 'stack',
		legends,
		panels: [
			panel(data.rate, rateAxisLabel(options.rateUnit, ctx), compactTicks(ctx), domain, height, options, ctx, data),
			panel(data.latency, latencyAxisLabel(options, ctx), latencyTicks(ctx), domain, height, options, ctx, data),
		],
		caption: caption(data, options, ctx),
		ariaLabel: ctx.t('qd_title', { rate: rateAxisLabel(options.rateUnit, ctx) }),
		ariaDescription: qdScalingSummary(rows, options),
	});
}

export const qdScalingSummary = sharedByDrawings(function qdScalingSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = qdScalingData(rows, options);
	const points = [...data.rate, ...data.latency];
	if (points.length === 0) return ctx.sentences([ctx.labels.noData, missingClause(data.missing, ctx)]);
	const shown = data.devices.visible.filter((id) => points.some((p) => p.device_id === id));
	const top = data.rate.length > 0 ? data.rate.reduce((best, p) => (p.y > best.y ? p : best)) : null;
	return ctx.sentences(
		[
			ctx.t('qd_summary_head', {
				outstanding: ctx.range(
					points.map((p) => p.x),
				),
				devices: ctx.list(shown.map(data.devices.label)),
			}),
			top &&
				ctx.t('qd_summary_top', {
					rate: ratePhrase(options.rateUnit, ctx),
					device: top.device,
					value: ctx.num(top.y),
					unit: ctx.rateSymbol,
					load: top.load ?? '?',
					direction: top.direction,
				}),
			...lostClauses(data, ctx),
		],
	);
});

export function qdScalingTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = qdScalingData(rows, options);
	return {
		columns: [
			ctx.labels.col_device,
			ctx.labels.col_direction,
			ctx.labels.col_threads,
			ctx.labels.col_qd,
			ctx.labels.axis_outstanding,
			rateAxisLabel(options.rateUnit, ctx),
			latencyAxisLabel(options, ctx),
			...runColumns(ctx),
		],
		rows: data.rows.map((r) => [
			data.devices.label(r.device_id),
			ctx.direction(r.direction),
			r.numjobs,
			r.iodepth,
			outstandingOf(r),
			tidy(rateOf(r, options.rateUnit)),
			tidy(latencyOf(r, options.stat, options.latencyUnit)?.value ?? null),
			...runCells(r, ctx),
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: qdScaling, summary: qdScalingSummary, table: qdScalingTable };
