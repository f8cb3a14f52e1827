// Relative figures as published ("+108 % vs SSD 710"): one horizontal bar per comparison, the change
// in % (or the ratio) of the subject device against the basis written beside the bar.
import * as Plot from '@observablehq/plot';
import type { ComparisonRow } from '../../schema.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, shownInOrder, type DeviceSeries } from '../devices.ts';
import { tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import { noDataMark, plotBase } from '../plot-parts.ts';
import { titleText } from '../format.ts';
import type { ChartTable } from '../table.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export type ComparisonKind = 'delta' | 'ratio';

export interface ComparisonOptions extends ChartOptions {
	/** Show every comparison as a change in % (default) or as a ratio; the other kind is converted. */
	kind?: ComparisonKind;
}

export interface ComparisonBar {
	row: ComparisonRow;
	device_id: string;
	device: string;
	/** What is compared: workload, quantity and QD. */
	detail: string;
	/** Unique bar label: the detail, prefixed with the device where two devices share it. */
	label: string;
	basis: string;
	value: number;
	text: string;
	title: string;
}

export interface ComparisonData {
	bars: ComparisonBar[];
	missing: number;
	devices: DeviceSeries;
	kind: ComparisonKind;
}

/** The row's figure as `kind`: delta % = (ratio − 1) × 100, ratio = 1 + delta % / 100. */
export function comparisonValue(row: ComparisonRow, kind: ComparisonKind): number | null {
	if (row.kind === 'delta' && row.delta_pct !== null) return kind === 'delta' ? row.delta_pct : 1 + row.delta_pct / 100;
	if (row.kind === 'ratio' && row.ratio !== null) return kind === 'ratio' ? row.ratio : (row.ratio - 1) * 100;
	return null;
}

function valueText(value: number, kind: ComparisonKind, ctx: ChartContext): string {
	return kind === 'delta' ? `${ctx.signed(value)} %` : `${ctx.num(value)}×`;
}

export const comparisonData = sharedByDrawings(function comparisonData(rows: readonly ComparisonRow[], options: ComparisonOptions): ComparisonData {
	const ctx = chartContext(options);
	const kind = options.kind ?? 'delta';
	const devices = deviceSeries(
		rows.map((r) => r.device_id),
		options,
	);
	const visible = shownInOrder(rows, devices, (a, b) => (a.source_file < b.source_file ? -1 : a.source_file > b.source_file ? 1 : 0) || a.source_line - b.source_line);
	const bars: ComparisonBar[] = [];
	let missing = 0;
	for (const row of visible) {
		const value = comparisonValue(row, kind);
		if (value === null) {
			missing++;
			continue;
		}
		const device = devices.label(row.device_id);
		const basis = row.basis_device_id ? (options.deviceLabels?.[row.basis_device_id] ?? row.basis) : row.basis;
		const detail = [
			row.workload ?? row.quantity ?? '—',
			row.workload && row.quantity ? row.quantity : null,
			row.iodepth !== null ? ctx.t('load_qd', { qd: ctx.num(row.iodepth) }) : null,
		]
			.filter((p) => p !== null)
			.join(' · ');
		const text = `${valueText(value, kind, ctx)} ${ctx.t('cmp_versus', { basis })}`;
		bars.push({
			row,
			device_id: row.device_id,
			device,
			detail,
			label: detail,
			basis,
			value,
			text,
			title: titleText([`${device} · ${detail}`, text, row.condition, row.quote, `${row.source_file}:${row.source_line}`]),
		});
	}
	// Colour tells devices apart; a label names its device only where two devices share it, and a source line
	// only where one device has the same comparison twice.
	const count = (key: (b: ComparisonBar) => string) => {
		const n = new Map<string, number>();
		for (const b of bars) n.set(key(b), (n.get(key(b)) ?? 0) + 1);
		return (b: ComparisonBar) => n.get(key(b))!;
	};
	const sameDetail = count((b) => b.detail);
	const sameDeviceDetail = count((b) => `${b.device_id}\u0000${b.detail}`);
	for (const b of bars) {
		if (sameDetail(b) > 1) b.label = `${b.device} · ${b.detail}`;
		if (sameDeviceDetail(b) > 1) b.label = `${b.label} (${b.row.source_file}:${b.row.source_line})`;
	}
	return { bars, missing, devices, kind };
});

function caption(data: ComparisonData, ctx: ChartContext): string {
	const qds = data.bars.flatMap((b) => (b.row.iodepth === null ? [] : [b.row.iodepth]));
	const reviews = [...new Set(data.bars.map((b) => b.row.review_id))].sort();
	return ctx.sentences(
		[
			ctx.labels[data.kind === 'delta' ? 'cmp_caption_delta' : 'cmp_caption_ratio'],
			qds.length > 0 && ctx.t('cap_qd', { qd: ctx.range(qds) }),
			reviews.length > 0 && ctx.t('cap_sources', { reviews: ctx.list(reviews) }),
			data.missing > 0 && ctx.plural('cmp_missing', data.missing),
		],
	);
}

export function comparisonBars(rows: readonly ComparisonRow[], options: ComparisonOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = comparisonData(rows, options);
	const baseline = data.kind === 'delta' ? 0 : 1;
	const longest = Math.max(0, ...data.bars.map((b) => b.label.length));
	const longestText = Math.max(0, ...data.bars.map((b) => b.text.length));
	const marginLeft = Math.min(Math.round(ctx.width * 0.4), 16 + Math.ceil(longest * 6.2));
	const values = data.bars.map((b) => b.value);
	return Plot.plot({
		...plotBase(options, ctx, 40 + 26 * Math.max(data.bars.length, 3)),
		marginLeft,
		marginRight: Math.min(Math.round(ctx.width * 0.35), 12 + Math.ceil(longestText * 5)),
		ariaLabel: ctx.labels.cmp_title,
		ariaDescription: comparisonBarsSummary(rows, options),
		caption: caption(data, ctx),
		x: {
			grid: true,
			label: ctx.labels[data.kind === 'delta' ? 'axis_change' : 'axis_ratio'],
			domain: [Math.min(baseline, ...values), Math.max(baseline, ...values)],
			nice: true,
		},
		y: { domain: data.bars.map((b) => b.label), label: null, padding: 0.2, axis: null },
		color: { ...data.devices.colorScale(), legend: data.devices.visible.length > 1 },
		marks: [
			data.bars.length === 0 ? noDataMark(ctx) : null,
			// Labels longer than the margin end in an ellipsis; the table and tooltips keep them whole.
			Plot.axisY({ tickSize: 0, textOverflow: 'ellipsis', lineWidth: (marginLeft - 14) / 10 }),
			Plot.barX(data.bars, { y: 'label', x1: baseline, x2: 'value', fill: 'device', title: 'title' }),
			Plot.text(data.bars, {
				y: 'label',
				x: 'value',
				text: 'text',
				textAnchor: 'start',
				dx: 4,
				fontSize: MIN_FONT_PX,
				fill: 'currentColor',
				filter: (b: ComparisonBar) => b.value >= baseline,
			}),
			Plot.text(data.bars, {
				y: 'label',
				x: baseline,
				text: 'text',
				textAnchor: 'start',
				dx: 4,
				fontSize: MIN_FONT_PX,
				fill: 'currentColor',
				filter: (b: ComparisonBar) => b.value < baseline,
			}),
			Plot.ruleX([baseline]),
		],
	});
}

export const comparisonBarsSummary = sharedByDrawings(function comparisonBarsSummary(rows: readonly ComparisonRow[], options: ComparisonOptions): string {
	const ctx = chartContext(options);
	const data = comparisonData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	// The largest change in either direction: |delta|, or |log ratio|.
	const size = (b: ComparisonBar) => (data.kind === 'delta' ? Math.abs(b.value) : Math.abs(Math.log(b.value)));
	const top = data.bars.reduce((a, b) => (size(b) > size(a) ? b : a));
	return ctx.sentences(
		[
			ctx.t('cmp_summary_top', {
				kind: ctx.labels[data.kind === 'delta' ? 'cmp_kind_delta' : 'cmp_kind_ratio'],
				device: top.device,
				value: valueText(top.value, data.kind, ctx),
				basis: top.basis,
				workload: top.detail,
			}),
			data.missing > 0 && ctx.plural('cmp_missing', data.missing),
		],
	);
});

export function comparisonBarsTable(rows: readonly ComparisonRow[], options: ComparisonOptions): ChartTable {
	const ctx = chartContext(options);
	const data = comparisonData(rows, options);
	return {
		columns: [
			ctx.labels.col_device,
			ctx.labels.col_workload,
			ctx.labels.col_qd,
			ctx.labels.col_quantity,
			ctx.labels.col_basis,
			ctx.labels[data.kind === 'delta' ? 'col_change' : 'col_ratio'],
			ctx.labels.col_condition,
			ctx.labels.col_source,
			ctx.labels.col_line,
		],
		rows: data.bars.map((b) => [
			b.device,
			b.row.workload,
			b.row.iodepth,
			b.row.quantity,
			b.basis,
			tidy(b.value),
			b.row.condition,
			b.row.source_file,
			b.row.source_line,
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<ComparisonRow[]> = { render: comparisonBars, summary: comparisonBarsSummary, table: comparisonBarsTable };
