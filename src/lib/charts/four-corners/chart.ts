// The four corners: 128 KiB sequential read/write bandwidth and 4 KiB random read/write IOPS per drive,
// as grouped bars in two panels (bandwidth and IOPS never share an axis). Each bar is the device's best
// measured result for that corner; a published figure is shown only where nothing was measured.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { MIN_LABELLED_BAR, panelWidth, verticalBarMarks, type BarDatum } from '../bars.ts';
import { publishedSourcesClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, type DeviceSeries } from '../devices.ts';
import { bandwidthUnitOf, rateUnitSymbol } from '../display-units.ts';
import { tidy } from '../format.ts';
import type { ChartLabels } from '../labels.ts';
import type { ChartOptions } from '../options.ts';
import { panelFigure } from '../panels.ts';
import { compactTicks, noDataMark } from '../plot-parts.ts';
import { titleText } from '../format.ts';
import { CORNERS, cornerOf, type Corner } from '../corners.ts';
import { drivesOf, perDriveRow } from '../../compare/per-drive.ts';
import { bestPerKey, rateOf } from '../run-values.ts';
import { runCells, runColumns, type ChartTable } from '../table.ts';
import { runTitleLines } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface CornerBar extends BarDatum {
	corner: Corner['key'];
	panel: Corner['panel'];
	/** Direction label: the facet within a panel. */
	test: string;
	device_id: string;
	unit: string;
	/** The figure as measured or published: the sum over the drives that carried it (value is per drive). */
	total: number;
	run_id: string;
	run: RunRow;
}

export interface FourCornersData {
	bars: CornerBar[];
	devices: DeviceSeries;
}


export const fourCornersData = sharedByDrawings(function fourCornersData(rows: readonly RunRow[], options: ChartOptions): FourCornersData {
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
		// Per drive: a total of several drives loaded at once is divided by their number (the bar's title keeps the total).
		const value = rateOf(perDriveRow(run), unit);
		const total = rateOf(run, unit)!;
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
			total,
			published,
			run_id: run.run_id,
			run,
			title: titleText([
				[device, ctx.labels[`fc_test_${corner.key}` as keyof ChartLabels], published && ctx.labels.published]
					.filter(Boolean)
					.join(' · '),
				`${ctx.num(value)} ${rateUnitSymbol(unit)}`,
				total !== value ? ctx.t('fc_total', { total: ctx.num(total), unit: rateUnitSymbol(unit), drives: ctx.num(drivesOf(run)!) }) : null,
				ctx.load(run),
				...runTitleLines(run, ctx),
			]),
		});
	}
	const order = new Map(devices.order.map((id, i) => [id, i]));
	const cornerRank = (k: string) => CORNERS.findIndex((c) => c.key === k);
	const bars = bestPerKey(candidates, (b) => `${b.corner}\u0000${b.device_id}`).sort(
		(a, b) => cornerRank(a.corner) - cornerRank(b.corner) || order.get(a.device_id)! - order.get(b.device_id)!,
	);
	return { bars, devices };
});

function panel(
	data: FourCornersData,
	which: Corner['panel'],
	yLabel: string,
	width: number,
	options: ChartOptions,
	ctx: ChartContext,
) {
	const bars = data.bars.filter((b) => b.panel === which);
	const devicesShown = drawnDevices(data).map(data.devices.label);
	// Only the directions measured get a facet: a corner with no result is named in the caption, not drawn empty.
	const facets = (['read', 'write'] as const).map((d) => ctx.direction(d)).filter((d) => bars.length === 0 || bars.some((b) => b.test === d));
	const barWidth = (width - 70) / facets.length / Math.max(devicesShown.length, 1);
	return Plot.plot({
		document: options.document,
		width,
		height: options.height ?? 300,
		marginLeft: 60,
		fx: { domain: facets, label: null, padding: 0.15 },
		x: { domain: devicesShown, axis: null, padding: 0.15 },
		y: { grid: true, label: yLabel, insetTop: 12, tickFormat: compactTicks(ctx) },
		color: data.devices.colorScale(drawnDevices(data)),
		marks: [
			bars.length === 0 ? noDataMark(ctx) : null,
			...verticalBarMarks(bars, 'test', barWidth * 0.85 >= MIN_LABELLED_BAR, ctx),
		],
	});
}

/** The devices with a bar: a device with none is left out of the legend and the panels, and named in the caption. */
function drawnDevices(data: FourCornersData): readonly string[] {
	const drawn = new Set(data.bars.map((b) => b.device_id));
	return drawn.size === 0 ? data.devices.visible : data.devices.visible.filter((id) => drawn.has(id));
}

function devicesWithoutBars(data: FourCornersData, ctx: ChartContext): string | null {
	const drawn = drawnDevices(data);
	const left = data.devices.visible.filter((id) => !drawn.includes(id));
	return left.length === 0 ? null : ctx.t('fc_no_device_result', { devices: ctx.list(left.map(data.devices.label)) });
}

/** The corners no shown device has a result for, named (the chart leaves them out). */
function missingCorners(data: FourCornersData, ctx: ChartContext): string | null {
	const missing = CORNERS.filter((c) => !data.bars.some((b) => b.corner === c.key));
	if (missing.length === 0 || missing.length === CORNERS.length) return null;
	return ctx.t('fc_missing', { corners: ctx.list(missing.map((c) => ctx.labels[`fc_test_${c.key}` as keyof ChartLabels])) });
}

function caption(data: FourCornersData, options: ChartOptions, ctx: ChartContext): string {
	const runs = data.bars.map((b) => b.run);
	return ctx.sentences(
		[
			ctx.t('fc_caption', { unit: bandwidthUnitOf(options.rateUnit) }),
			missingCorners(data, ctx),
			devicesWithoutBars(data, ctx),
			runs.some((r) => perDriveRow(r) !== r) && ctx.labels.fc_per_drive,
			...runsClauses(runs, ctx),
			data.bars.some((b) => b.published) && ctx.labels.cap_published_bars,
			publishedSourcesClause(runs, ctx),
		],
	);
}

/** The panels drawn: those with a bar (the caption names the corners left out); with no bar at all, one saying so. */
function shownPanels(data: FourCornersData): Corner['panel'][] {
	const withBars = (['seq', 'rand'] as const).filter((p) => data.bars.some((b) => b.panel === p));
	return withBars.length > 0 ? withBars : ['seq'];
}

export function fourCorners(rows: readonly RunRow[], options: ChartOptions): HTMLElement {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	const width = panelWidth(ctx.width);
	const seqUnit = bandwidthUnitOf(options.rateUnit);
	return panelFigure({
		document: options.document,
		legends: [{ color: data.devices.colorScale(drawnDevices(data)) }],
		panels: shownPanels(data).map((p) => panel(data, p, p === 'seq' ? `${ctx.labels.fc_seq} (${seqUnit})` : `${ctx.labels.fc_rand} (IOPS)`, width, options, ctx)),
		caption: caption(data, options, ctx),
		ariaLabel: ctx.labels.fc_title,
		ariaDescription: fourCornersSummary(rows, options),
	});
}

export const fourCornersSummary = sharedByDrawings(function fourCornersSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	return ctx.sentences(
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
		}).concat(missingCorners(data, ctx)),
	);
});

export function fourCornersTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = fourCornersData(rows, options);
	return {
		columns: [
			ctx.labels.col_test,
			ctx.labels.col_device,
			ctx.labels.col_value_per_drive,
			ctx.labels.col_unit,
			ctx.labels.col_drives,
			ctx.labels.col_value_total,
			ctx.labels.col_load,
			...runColumns(ctx),
		],
		rows: data.bars.map((b) => [
			ctx.labels[`fc_test_${b.corner}`],
			b.device,
			tidy(b.value),
			b.unit,
			drivesOf(b.run),
			tidy(b.total),
			ctx.load(b.run),
			...runCells(b.run, ctx),
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: fourCorners, summary: fourCornersSummary, table: fourCornersTable };
