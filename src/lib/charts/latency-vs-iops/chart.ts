// The hero chart: the chosen latency statistic against IOPS (or bandwidth), one line per device,
// points in order of load. Published figures are dashed and hollow; log axes drop values ≤ 0 and say so.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { lostClauses, missingClause, publishedSourcesClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, isPublished, shownRunsInOrder, type DeviceSeries } from '../devices.ts';
import { tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import { runCells, runColumns, type ChartTable } from '../table.ts';
import { curvePointOf, type CurvePointOf } from '../tooltips.ts';
import {
	directionSymbolScale,
	latencyAxisLabel,
	compactTicks,
	latencyTicks,
	yTickMargin,
	loadMarks,
	noDataMark,
	plotBase,
	rateAxisLabel,
	ratePhrase,
} from '../plot-parts.ts';
import { compareByLoad, latencyOf, rateOf } from '../run-values.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface LatencyIopsPoint extends CurvePointOf {
	x: number;
	y: number;
	source_file: string;
	latency_column: string;
}

export interface LatencyVsIopsData {
	/** Rows of the visible devices, ordered by device, direction, origin and load. */
	rows: RunRow[];
	/** The points that can be drawn, in the same order. */
	points: LatencyIopsPoint[];
	/** Points with a value ≤ 0 on a log axis. */
	dropped: number;
	/** Runs without the rate or the latency statistic. */
	missing: number;
	devices: DeviceSeries;
	directions: string[];
}

export const latencyVsIopsData = sharedByDrawings(function latencyVsIopsData(rows: readonly RunRow[], options: ChartOptions): LatencyVsIopsData {
	const ctx = chartContext(options);
	const devices = deviceSeries(
		rows.map((r) => r.device_id),
		options,
	);
	const visible = shownRunsInOrder(rows, devices, compareByLoad);
	const points: LatencyIopsPoint[] = [];
	let dropped = 0;
	let missing = 0;
	for (const row of visible) {
		const x = rateOf(row, options.rateUnit);
		const latency = latencyOf(row, options.stat, options.latencyUnit);
		if (x === null || latency === null) {
			missing++;
			continue;
		}
		if ((options.logX && x <= 0) || (options.logY && latency.value <= 0)) {
			dropped++;
			continue;
		}
		points.push(pointOf(row, x, latency.value, latency.column, ctx, devices));
	}
	const directions = [...new Set(visible.map((r) => r.direction))];
	return { rows: visible, points, dropped, missing, devices, directions };
});

function pointOf(row: RunRow, x: number, y: number, column: string, ctx: ChartContext, devices: DeviceSeries): LatencyIopsPoint {
	const point = curvePointOf(row, `${ctx.num(x)} ${ctx.rateSymbol} · ${ctx.num(y)} ${ctx.latencySymbol} (${column})`, ctx, devices);
	return { ...point, x, y, source_file: row.source_file, latency_column: column };
}

function caption(data: LatencyVsIopsData, options: ChartOptions, ctx: ChartContext): string {
	const published = data.points.some((p) => isPublished(p.origin));
	const drawn = new Set(data.points.map((p) => p.run_id));
	return ctx.sentences(
		[
			ctx.t('lvi_caption', {
				stat: ctx.labels[`stat_${options.stat}`],
				latencyUnit: ctx.latencySymbol,
				rate: ratePhrase(options.rateUnit, ctx),
			}),
			...runsClauses(data.rows, ctx),
			published && ctx.labels.cap_published,
			publishedSourcesClause(
				data.rows.filter((r) => drawn.has(r.run_id)),
				ctx,
			),
			...lostClauses(data, ctx),
		],
	);
}

export function latencyVsIops(rows: readonly RunRow[], options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = latencyVsIopsData(rows, options);
	const published = data.points.filter((p) => isPublished(p.origin));
	const lastOfSeries = published.filter((p, i) => published[i + 1]?.series !== p.series);
	const symbol = data.directions.length > 1 ? 'direction' : undefined;
	// Each point names its run and source file, and links the raw file when the site publishes it.
	const rawFile = options.rawFileHref;
	const href = rawFile ? (p: LatencyIopsPoint) => rawFile(p.source_file) : undefined;
	return Plot.plot({
		...plotBase(options, ctx, 400),
		marginRight: published.length > 0 ? 60 : undefined,
		marginLeft: yTickMargin(Math.max(0, ...data.points.map((p) => p.y)), latencyTicks(ctx)),
		ariaLabel: ctx.t('lvi_title', { stat: ctx.labels[`stat_${options.stat}`], rate: ratePhrase(options.rateUnit, ctx) }),
		ariaDescription: latencyVsIopsSummary(rows, options),
		caption: caption(data, options, ctx),
		x: {
			type: options.logX ? 'log' : 'linear',
			zero: !options.logX,
			inset: 8,
			grid: true,
			tickFormat: compactTicks(ctx),
			label: rateAxisLabel(options.rateUnit, ctx),
		},
		y: {
			type: options.logY ? 'log' : 'linear',
			zero: !options.logY,
			inset: 8,
			grid: true,
			tickFormat: latencyTicks(ctx),
			label: latencyAxisLabel(options, ctx),
		},
		color: { ...data.devices.colorScale(data.points.map((p) => p.device_id)), legend: true },
		symbol: symbol
			? directionSymbolScale(
					data.rows.map((r) => r.direction),
					ctx,
				)
			: undefined,
		marks: [
			data.points.length === 0 ? noDataMark(ctx) : null,
			...loadMarks(data.points, options, symbol, href),
			Plot.text(lastOfSeries, {
				x: 'x',
				y: 'y',
				text: () => ctx.labels.published,
				dx: 7,
				textAnchor: 'start',
				fill: 'currentColor',
				fontSize: MIN_FONT_PX,
			}),
		],
	});
}

export const latencyVsIopsSummary = sharedByDrawings(function latencyVsIopsSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = latencyVsIopsData(rows, options);
	if (data.points.length === 0) return ctx.sentences([ctx.labels.noData, missingClause(data.missing, ctx)]);
	const stat = ctx.labels[`stat_${options.stat}`];
	const shown = data.devices.visible.filter((id) => data.points.some((p) => p.device_id === id));
	const top = data.points.reduce((best, p) => (p.x > best.x ? p : best));
	// A run that completed no I/O reports 0 ns: that is no latency to compare.
	const positive = data.points.filter((p) => p.y > 0);
	const low = positive.length > 0 ? positive.reduce((best, p) => (p.y < best.y ? p : best)) : null;
	return ctx.sentences(
		[
			ctx.t('lvi_summary_head', {
				stat,
				rate: ratePhrase(options.rateUnit, ctx),
				devices: ctx.list(shown.map(data.devices.label)),
			}),
			ctx.t('lvi_summary_top', {
				rate: ratePhrase(options.rateUnit, ctx),
				device: top.device,
				value: ctx.num(top.x),
				unit: ctx.rateSymbol,
				latency: ctx.num(top.y),
				latencyUnit: ctx.latencySymbol,
				load: top.load ?? '?',
			}),
			low &&
				ctx.t('lvi_summary_low', {
					stat,
					device: low.device,
					value: ctx.num(low.y),
					latencyUnit: ctx.latencySymbol,
					load: low.load ?? '?',
				}),
			...lostClauses(data, ctx),
		],
	);
});

export function latencyVsIopsTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = latencyVsIopsData(rows, options);
	return {
		columns: [
			ctx.labels.col_device,
			ctx.labels.col_direction,
			ctx.labels.col_load,
			rateAxisLabel(options.rateUnit, ctx),
			latencyAxisLabel(options, ctx),
			ctx.labels.col_latency_column,
			...runColumns(ctx),
		],
		rows: data.rows.map((r) => {
			const latency = latencyOf(r, options.stat, options.latencyUnit);
			return [
				data.devices.label(r.device_id),
				ctx.direction(r.direction),
				ctx.load(r),
				tidy(rateOf(r, options.rateUnit)),
				tidy(latency?.value ?? null),
				latency?.column ?? null,
				...runCells(r, ctx),
			];
		}),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: latencyVsIops, summary: latencyVsIopsSummary, table: latencyVsIopsTable };
