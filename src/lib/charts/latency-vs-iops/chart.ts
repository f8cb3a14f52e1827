// The hero chart: the chosen latency statistic against IOPS (or bandwidth), one line per device,
// points in order of load. Published figures are dashed and hollow; log axes drop values ≤ 0 and say so.
import * as Plot from '@observablehq/plot';
import type { RunRow, ValueOrigin } from '../../schema.ts';
import { conditionClauses, droppedClause, missingClause, publishedSourcesClause, toolsClause } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, isPublished, shownRunsInOrder, type DeviceSeries } from '../devices.ts';
import { listText, sentences, tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import type { ChartTable } from '../table.ts';
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
import { titleText } from '../format.ts';
import { compareByLoad, latencyOf, rateOf } from '../run-values.ts';
import type { KindDraw } from '../kind.ts';

export interface LatencyIopsPoint {
	device_id: string;
	/** Device label (the colour channel). */
	device: string;
	direction: string;
	origin: ValueOrigin;
	/** One line per device × direction × origin. */
	series: string;
	x: number;
	y: number;
	load: string | null;
	run_id: string;
	source_file: string;
	latency_column: string;
	title: string;
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

export function latencyVsIopsData(rows: readonly RunRow[], options: ChartOptions): LatencyVsIopsData {
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
}

function pointOf(row: RunRow, x: number, y: number, column: string, ctx: ChartContext, devices: DeviceSeries): LatencyIopsPoint {
	const device = devices.label(row.device_id);
	const load = ctx.load(row);
	const origin = row.value_origin as ValueOrigin;
	return {
		device_id: row.device_id,
		device,
		direction: ctx.direction(row.direction),
		origin,
		// A host is a condition: runs of one drive on two hosts are two lines, never one.
		series: `${row.device_id}\u0000${row.host ?? ''}\u0000${row.direction}\u0000${isPublished(origin) ? 'published' : 'measured'}`,
		x,
		y,
		load,
		run_id: row.run_id,
		source_file: row.source_file,
		latency_column: column,
		title: titleText([
			`${device} · ${ctx.direction(row.direction)}${isPublished(origin) ? ` · ${ctx.labels.published}` : ''}`,
			load,
			`${ctx.num(x)} ${ctx.rateSymbol} · ${ctx.num(y)} ${ctx.latencySymbol} (${column})`,
			`${ctx.labels.col_run}: ${row.run_id}`,
			`${ctx.labels.col_source}: ${row.source_file}`,
		]),
	};
}

function caption(data: LatencyVsIopsData, options: ChartOptions, ctx: ChartContext): string {
	const published = data.points.some((p) => isPublished(p.origin));
	const drawn = new Set(data.points.map((p) => p.run_id));
	return sentences(
		[
			ctx.t('lvi_caption', {
				stat: ctx.labels[`stat_${options.stat}`],
				latencyUnit: ctx.latencySymbol,
				rate: ratePhrase(options.rateUnit, ctx),
			}),
			toolsClause(data.rows, ctx),
			...conditionClauses(data.rows, ctx),
			published && ctx.labels.cap_published,
			publishedSourcesClause(
				data.rows.filter((r) => drawn.has(r.run_id)),
				ctx,
			),
			droppedClause(data.dropped, ctx),
			missingClause(data.missing, ctx),
		],
		ctx.lang,
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

export function latencyVsIopsSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = latencyVsIopsData(rows, options);
	if (data.points.length === 0) return sentences([ctx.labels.noData, missingClause(data.missing, ctx)], ctx.lang);
	const stat = ctx.labels[`stat_${options.stat}`];
	const shown = data.devices.visible.filter((id) => data.points.some((p) => p.device_id === id));
	const top = data.points.reduce((best, p) => (p.x > best.x ? p : best));
	// A run that completed no I/O reports 0 ns: that is no latency to compare.
	const positive = data.points.filter((p) => p.y > 0);
	const low = positive.length > 0 ? positive.reduce((best, p) => (p.y < best.y ? p : best)) : null;
	return sentences(
		[
			ctx.t('lvi_summary_head', {
				stat,
				rate: ratePhrase(options.rateUnit, ctx),
				devices: listText(shown.map(data.devices.label), ctx.lang),
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
			droppedClause(data.dropped, ctx),
			missingClause(data.missing, ctx),
		],
		ctx.lang,
	);
}

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
			ctx.labels.col_origin,
			ctx.labels.col_run,
			ctx.labels.col_source,
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
				ctx.origin(r.value_origin),
				r.run_id,
				r.source_file,
			];
		}),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: latencyVsIops, summary: latencyVsIopsSummary, table: latencyVsIopsTable };
