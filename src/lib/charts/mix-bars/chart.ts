// Read/write mixes (e.g. 70/30): per device, the read and write IOPS (or bandwidth) of one mixed run
// stacked into one bar, one group per mix. Each bar is the device's best measured run for that mix.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { MIN_LABELLED_BAR, PUBLISHED_BAR } from '../bars.ts';
import { publishedSourcesClause, runsClauses } from '../caption.ts';
import { chartContext } from '../context.ts';
import { tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import { compactTicks, noDataMark, plotBase, rateAxisLabel, ratePhrase } from '../plot-parts.ts';
import type { ChartTable } from '../table.ts';
import { mixBarsData, type MixBar } from './data.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

const PART_OPACITY = { read: 1, write: 0.45, mixed: 0.75 } as const;

export function mixBars(rows: readonly RunRow[], options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = mixBarsData(rows, options);
	const devicesShown = data.devices.visible.map(data.devices.label);
	const barWidth = (ctx.width - 80) / Math.max(data.mixes.length, 1) / Math.max(devicesShown.length, 1);
	const marks: Plot.Markish[] = [];
	for (const part of ['read', 'write', 'mixed'] as const) {
		for (const published of [false, true]) {
			const segments = data.segments.filter((s) => s.part === part && s.published === published);
			const style = published
				? { ...PUBLISHED_BAR, fillOpacity: PUBLISHED_BAR.fillOpacity * PART_OPACITY[part], stroke: 'device' }
				: { fillOpacity: PART_OPACITY[part] };
			marks.push(
				Plot.rectY(segments, { fx: 'mix', x: 'device', y1: 'y1', y2: 'y2', fill: 'device', ...style, title: 'title' }),
			);
		}
	}
	if (barWidth * 0.85 >= MIN_LABELLED_BAR) {
		marks.push(
			Plot.text(data.bars, {
				fx: 'mix',
				x: 'device',
				y: 'value',
				text: (b: MixBar) => ctx.compact(b.value),
				dy: -6,
				fontSize: MIN_FONT_PX,
				fill: 'currentColor',
			}),
		);
	}
	marks.push(Plot.ruleY([0]));
	const empty = data.bars.length === 0;
	const runs = data.bars.map((b) => b.run);
	return Plot.plot({
		...plotBase(options, ctx, 340),
		marginLeft: 60,
		ariaLabel: ctx.labels.mix_title,
		ariaDescription: mixBarsSummary(rows, options),
		caption: ctx.sentences(
			[
				ctx.t('mix_caption', { rate: ratePhrase(options.rateUnit, ctx) }),
				...runsClauses(runs, ctx),
				data.bars.some((b) => b.published) && ctx.labels.cap_published_bars,
				publishedSourcesClause(runs, ctx),
			],
		),
		fx: empty ? undefined : { domain: data.mixes, label: null, padding: 0.15 },
		x: empty ? undefined : { domain: devicesShown, axis: null, padding: 0.15 },
		y: { grid: true, label: rateAxisLabel(options.rateUnit, ctx), insetTop: 12, tickFormat: compactTicks(ctx) },
		color: { ...data.devices.colorScale(), legend: !empty },
		marks: empty ? [noDataMark(ctx)] : marks,
	});
}

export const mixBarsSummary = sharedByDrawings(function mixBarsSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = mixBarsData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	return ctx.sentences(
		data.mixes.map((mix) => {
			const top = data.bars.filter((b) => b.mix === mix).reduce((a, b) => (b.value > a.value ? b : a));
			if (top.read === null && top.write === null) {
				return ctx.t('mix_summary_total', { mix, device: top.device, value: ctx.num(top.value), unit: ctx.rateSymbol });
			}
			return ctx.t('mix_summary_top', {
				mix,
				device: top.device,
				value: ctx.num(top.value),
				unit: ctx.rateSymbol,
				read: top.read === null ? '?' : ctx.num(top.read),
				write: top.write === null ? '?' : ctx.num(top.write),
			});
		}),
	);
});

export function mixBarsTable(rows: readonly RunRow[], options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = mixBarsData(rows, options);
	const unit = ctx.rateSymbol;
	return {
		columns: [
			ctx.labels.col_mix,
			ctx.labels.col_device,
			ctx.t('col_read', { unit }),
			ctx.t('col_write', { unit }),
			ctx.t('col_total', { unit }),
			ctx.labels.col_load,
			ctx.labels.col_origin,
			ctx.labels.col_run,
		],
		rows: data.bars.map((b) => [
			b.mix,
			b.device,
			tidy(b.read),
			tidy(b.write),
			tidy(b.value),
			ctx.load(b.run),
			ctx.origin(b.run.value_origin),
			b.run_id,
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<RunRow[]> = { render: mixBars, summary: mixBarsSummary, table: mixBarsTable };
