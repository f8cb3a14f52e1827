// Application profiles (file server, web server, database, Sysbench, Aerospike ACT…): per workload label,
// one small panel of horizontal bars per device, TPS when the run reports transactions, IOPS (or bandwidth)
// otherwise. Panels keep their own scales because TPS and IOPS differ by orders of magnitude.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { horizontalBarMarks, panelWidth, type BarDatum } from '../bars.ts';
import { publishedSourcesClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, shownRowsByRun, type DeviceSeries } from '../devices.ts';
import { tidy } from '../format.ts';
import type { ChartOptions } from '../options.ts';
import { panelFigure } from '../panels.ts';
import { compactTicks } from '../plot-parts.ts';
import { titleText } from '../format.ts';
import { directionRank } from '../direction-rank.ts';
import { bestPerKey, rateOf } from '../run-values.ts';
import { runCells, runColumns, type ChartTable } from '../table.ts';
import { runTitleLines } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface AppBar extends BarDatum {
	workload: string;
	metric: 'tps' | 'rate';
	unit: string;
	device_id: string;
	run_id: string;
	run: RunRow;
}

export interface AppProfileData {
	bars: AppBar[];
	workloads: string[];
	devices: DeviceSeries;
}

/** TPS of a run (from its first row that has one), else its IOPS/bandwidth: the unified row, or read + write + trim. */
function runValue(parts: readonly RunRow[], options: ChartOptions): { metric: AppBar['metric']; value: number } | null {
	const ordered = [...parts].sort(
		(a, b) =>
			Number(b.direction === 'mixed') - Number(a.direction === 'mixed') ||
			directionRank(a.direction) - directionRank(b.direction),
	);
	const tps = ordered.find((p) => p.tps !== null)?.tps;
	if (tps != null) return { metric: 'tps', value: tps };
	const unified = ordered.find((p) => p.direction === 'mixed');
	if (unified) {
		const value = rateOf(unified, options.rateUnit);
		return value === null ? null : { metric: 'rate', value };
	}
	const values = ordered.map((p) => rateOf(p, options.rateUnit)).filter((v): v is number => v !== null);
	return values.length === 0 ? null : { metric: 'rate', value: values.reduce((a, b) => a + b, 0) };
}

const byText = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en') || (a < b ? -1 : a > b ? 1 : 0);

export const appProfileData = sharedByDrawings(function appProfileData(rows: readonly RunRow[], options: ChartOptions): AppProfileData {
	const ctx = chartContext(options);
	const labelled = rows.filter((r) => r.workload !== null);
	const devices = deviceSeries(
		labelled.map((r) => r.device_id),
		options,
	);
	const candidates: AppBar[] = [];
	for (const [runId, parts] of shownRowsByRun(labelled, devices)) {
		const result = runValue(parts, options);
		if (!result) continue;
		const run = parts[0]!;
		const device = devices.label(run.device_id);
		const published = run.value_origin === 'published';
		const unit = result.metric === 'tps' ? 'TPS' : ctx.rateSymbol;
		candidates.push({
			workload: run.workload!,
			metric: result.metric,
			unit,
			device_id: run.device_id,
			device,
			value: result.value,
			published,
			run_id: runId,
			run,
			title: titleText([
				`${device} · ${run.workload}${published ? ` · ${ctx.labels.published}` : ''}`,
				`${ctx.num(result.value)} ${unit}`,
				ctx.load(run),
				...runTitleLines(run, ctx),
			]),
		});
	}
	// A workload is charted in TPS when any of its runs reports TPS; runs without it are left out there.
	const tpsWorkloads = new Set(candidates.filter((c) => c.metric === 'tps').map((c) => c.workload));
	const kept = candidates.filter((c) => (c.metric === 'tps') === tpsWorkloads.has(c.workload));
	const order = new Map(devices.order.map((id, i) => [id, i]));
	const bars = bestPerKey(kept, (b) => `${b.workload}\u0000${b.device_id}`).sort(
		(a, b) => byText(a.workload, b.workload) || order.get(a.device_id)! - order.get(b.device_id)!,
	);
	return { bars, workloads: [...new Set(bars.map((b) => b.workload))], devices };
});

function panel(bars: AppBar[], width: number, options: ChartOptions, ctx: ChartContext, devices: DeviceSeries) {
	const shown = devices.visible.filter((id) => bars.some((b) => b.device_id === id)).map(devices.label);
	const longest = Math.max(...shown.map((s) => s.length));
	const marginLeft = Math.min(Math.round(width * 0.45), 14 + longest * 6.2);
	return Plot.plot({
		document: options.document,
		width,
		height: 50 + shown.length * 24,
		marginTop: 40,
		marginLeft,
		marginRight: 44,
		x: {
			axis: 'top',
			grid: true,
			tickFormat: compactTicks(ctx),
			labelAnchor: 'left',
			labelArrow: 'none',
			label: `${bars[0]!.workload} (${bars[0]!.unit})`,
		},
		y: { domain: shown, label: null, padding: 0.2, axis: null },
		color: devices.colorScale(),
		marks: [
			// A name longer than the margin ends in an ellipsis (it was cut at the drawing's left edge on phones: "mory 200
			// series (PMem 200)"); the legend, the table and the bars' titles keep it whole.
			Plot.axisY({ tickSize: 0, textOverflow: 'ellipsis', lineWidth: (marginLeft - 14) / 10 }),
			...horizontalBarMarks(bars, ctx),
		],
	});
}

export function appProfileBars(rows: readonly RunRow[], options: ChartOptions): HTMLElement {
	const ctx = chartContext(options);
	const data = appProfileData(rows, options);
	const width = panelWidth(ctx.width);
	const runs = data.bars.map((b) => b.run);
	const panels: Element[] = data.workloads.map((w) =>
		panel(
			data.bars.filter((b) => b.workload === w),
			width,
			options,
			ctx,
			data.devices,
		),
	);
	if (panels.length === 0) {
		const doc = options.document ?? globalThis.document;
		const empty = doc.createElement('p');
		empty.textContent = ctx.labels.noData;
		panels.push(empty);
	}
	return panelFigure({
		document: options.document,
		legends: [{ color: data.devices.colorScale() }],
		panels,
		caption: ctx.sentences(
			[
				ctx.labels.app_caption,
				...runsClauses(runs, ctx),
				data.bars.some((b) => b.published) && ctx.labels.cap_published_bars,
				publishedSourcesClause(runs, ctx),
			],
		),
		ariaLabel: ctx.labels.app_title,
		ariaDescription: appProfileBarsSummary(rows, options),
	});
}

export const appProfileBarsSummary = sharedByDrawings(function appProfileBarsSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = appProfileData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	return ctx.sentences(
		data.workloads.map((workload) => {
			const top = data.bars.filter((b) => b.workload === workload).reduce((a, b) => (b.value > a.value ? b : a));
			return ctx.t('app_summary_top', { workload, device: top.device, value: ctx.num(top.value), unit: top.unit });
		}),
	);
});

export function appProfileBarsTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = appProfileData(rows, options);
	return {
		columns: [
			ctx.labels.col_workload,
			ctx.labels.col_device,
			ctx.labels.col_value,
			ctx.labels.col_unit,
			ctx.labels.col_load,
			...runColumns(ctx),
		],
		rows: data.bars.map((b) => [
			b.workload,
			b.device,
			tidy(b.value),
			b.unit,
			ctx.load(b.run),
			...runCells(b.run, ctx),
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: appProfileBars, summary: appProfileBarsSummary, table: appProfileBarsTable };
