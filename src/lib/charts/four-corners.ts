// The four corners: 128 KiB sequential read/write bandwidth and 4 KiB random read/write IOPS per device,
// as grouped bars in two panels (bandwidth and IOPS never share an axis). Each bar is the device's best
// measured result for that corner; a published figure is shown only where nothing was measured.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../schema.ts';
import { MIN_LABELLED_BAR, panelWidth, verticalBarMarks, type BarDatum } from './bars.ts';
import { conditionClauses, publishedSourcesClause, toolsClause } from './caption.ts';
import { chartContext, type ChartContext } from './context.ts';
import { deviceSeries, type DeviceSeries } from './devices.ts';
import { bandwidthUnitOf, rateUnitSymbol } from './display-units.ts';
import { sentences, tidy } from './format.ts';
import type { ChartLabels } from './labels.ts';
import type { ChartOptions } from './options.ts';
import { panelFigure } from './panels.ts';
import { compactTicks, noDataMark, titleText } from './plot-parts.ts';
import { CORNERS, cornerOf, type Corner } from './corners.ts';
import { bestPerKey, rateOf } from './run-values.ts';
import type { ChartTable } from './table.ts';

export interface CornerBar extends BarDatum {
	corner: Corner['key'];
	panel: Corner['panel'];
	/** Direction label: the facet within a panel. */
	test: string;
	device_id: string;
	unit: string;
	run_id: string;
	run: RunRow;
}

export interface FourCornersData {
	bars: CornerBar[];
	devices: DeviceSeries;
}


export function fourCornersData(rows: readonly RunRow[], options: ChartOptions): FourCornersData {
	const ctx = chartContext(options);
	const devices = deviceSeries(
		rows.filter((r) => cornerOf(r)).map((r) => r.device_id),
		options,
	);
	const seqUnit = bandwidthUnitOf(options.rateUnit);
	const candidates: CornerBar[] = [];
	for (const run of rows) {
		const corner = cornerOf(run);
		if (!corner || !devices.isVisible(run.device_id)) continue;
		const unit = corner.panel === 'seq' ? seqUnit : 'iops';
		const value = rateOf(run, unit);
		if (value === null) continue;
		const device = devices.label(run.device_id);
		const published = run.value_origin === 'published';
		candidates.push({
			corner: corner.key,
			panel: corner.panel,
			test: ctx.direction(corner.direction),
			device_id: run.device_id,
			device,
			value,
			unit: rateUnitSymbol(unit),
			published,
			run_id: run.run_id,
			run,
			title: titleText([
				[device, ctx.labels[`fc_test_${corner.key}` as keyof ChartLabels], published && ctx.labels.published]
					.filter(Boolean)
					.join(' · '),
				`${ctx.num(value)} ${rateUnitSymbol(unit)}`,
				ctx.load(run),
				`${ctx.labels.col_run}: ${run.run_id}`,
				`${ctx.labels.col_source}: ${run.source_file}`,
			]),
		});
	}
	const order = new Map(devices.order.map((id, i) => [id, i]));
	const cornerRank = (k: string) => CORNERS.findIndex((c) => c.key === k);
	const bars = bestPerKey(candidates, (b) => `${b.corner}\u0000${b.device_id}`).sort(
		(a, b) => cornerRank(a.corner) - cornerRank(b.corner) || order.get(a.device_id)! - order.get(b.device_id)!,
	);
	return { bars, devices };
}

function panel(
	data: FourCornersData,
	which: Corner['panel'],
	yLabel: string,
	width: number,
	options: ChartOptions,
	ctx: ChartContext,
) {
	const bars = data.bars.filter((b) => b.panel === which);
	const devicesShown = data.devices.visible.map(data.devices.label);
	const barWidth = (width - 70) / 2 / Math.max(devicesShown.length, 1);
	return Plot.plot({
		document: options.document,
		width,
		height: options.height ?? 300,
		marginLeft: 60,
		fx: { domain: [ctx.direction('read'), ctx.direction('write')], label: null, padding: 0.15 },
		x: { domain: devicesShown, axis: null, padding: 0.15 },
		y: { grid: true, label: yLabel, insetTop: 12, tickFormat: compactTicks(ctx) },
		color: data.devices.colorScale(),
		marks: [
			bars.length === 0 ? noDataMark(ctx) : null,
			...verticalBarMarks(bars, 'test', barWidth * 0.85 >= MIN_LABELLED_BAR, ctx),
		],
	});
}

function caption(data: FourCornersData, options: ChartOptions, ctx: ChartContext): string {
	const runs = data.bars.map((b) => b.run);
	return sentences(
		[
			ctx.t('fc_caption', { unit: bandwidthUnitOf(options.rateUnit) }),
			toolsClause(runs, ctx),
			...conditionClauses(runs, ctx),
			data.bars.some((b) => b.published) && ctx.labels.cap_published_bars,
			publishedSourcesClause(runs, ctx),
		],
		ctx.lang,
	);
}

export function fourCorners(rows: readonly RunRow[], options: ChartOptions): HTMLElement {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	const width = panelWidth(ctx.width);
	const seqUnit = bandwidthUnitOf(options.rateUnit);
	return panelFigure({
		document: options.document,
		legends: [{ color: data.devices.colorScale() }],
		panels: [
			panel(data, 'seq', `${ctx.labels.fc_seq} (${seqUnit})`, width, options, ctx),
			panel(data, 'rand', `${ctx.labels.fc_rand} (IOPS)`, width, options, ctx),
		],
		caption: caption(data, options, ctx),
		ariaLabel: ctx.labels.fc_title,
		ariaDescription: fourCornersSummary(rows, options),
	});
}

export function fourCornersSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	return sentences(
		CORNERS.map((corner) => {
			const bars = data.bars.filter((b) => b.corner === corner.key);
			if (bars.length === 0) return null;
			const top = bars.reduce((a, b) => (b.value > a.value ? b : a));
			return ctx.t('fc_summary_top', {
				test: ctx.labels[`fc_test_${corner.key}`],
				device: top.device,
				value: ctx.num(top.value),
				unit: top.unit,
			});
		}),
		ctx.lang,
	);
}

export function fourCornersTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	return {
		columns: [
			ctx.labels.col_test,
			ctx.labels.col_device,
			ctx.labels.col_value,
			ctx.labels.col_unit,
			ctx.labels.col_load,
			ctx.labels.col_origin,
			ctx.labels.col_run,
			ctx.labels.col_source,
		],
		rows: data.bars.map((b) => [
			ctx.labels[`fc_test_${b.corner}`],
			b.device,
			tidy(b.value),
			b.unit,
			ctx.load(b.run),
			ctx.origin(b.run.value_origin),
			b.run_id,
			b.run.source_file,
		]),
	};
}
