// Read/write mixes (e.g. 70/30): per device, the read and write IOPS (or bandwidth) of one mixed run
// stacked into one bar, one group per mix. Each bar is the device's best measured run for that mix.
import * as Plot from '@observablehq/plot';
import type { RunRow } from '../../schema.ts';
import { MIN_LABELLED_BAR, PUBLISHED_BAR } from '../bars.ts';
import { conditionClauses, publishedSourcesClause, toolsClause } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, type DeviceSeries } from '../devices.ts';
import { sentences, tidy } from '../format.ts';
import { MIN_FONT_PX, type ChartOptions } from '../options.ts';
import { compactTicks, noDataMark, plotBase, rateAxisLabel, ratePhrase, titleText } from '../plot-parts.ts';
import { bestPerKey, rateOf } from '../run-values.ts';
import type { ChartTable } from '../table.ts';

export interface MixBar {
	device_id: string;
	device: string;
	readPct: number;
	mix: string;
	read: number | null;
	write: number | null;
	/** read + write, or the unified (direction "mixed") figure when the tool did not split them. */
	value: number;
	published: boolean;
	run_id: string;
	run: RunRow;
}

export interface MixSegment {
	device: string;
	mix: string;
	part: 'read' | 'write' | 'mixed';
	published: boolean;
	y1: number;
	y2: number;
	title: string;
}

export interface MixBarsData {
	bars: MixBar[];
	segments: MixSegment[];
	devices: DeviceSeries;
	mixes: string[];
}

const isMixed = (r: RunRow) => r.read_pct !== null && r.read_pct > 0 && r.read_pct < 100;

export function mixBarsData(rows: readonly RunRow[], options: ChartOptions): MixBarsData {
	const ctx = chartContext(options);
	const mixed = rows.filter(isMixed);
	const devices = deviceSeries(
		mixed.map((r) => r.device_id),
		options,
	);
	const byRun = new Map<string, RunRow[]>();
	for (const r of mixed) {
		if (!devices.isVisible(r.device_id)) continue;
		if (!byRun.has(r.run_id)) byRun.set(r.run_id, []);
		byRun.get(r.run_id)!.push(r);
	}
	const candidates: MixBar[] = [];
	for (const [runId, parts] of byRun) {
		const of = (direction: string) => {
			const row = parts.find((p) => p.direction === direction);
			return row ? rateOf(row, options.rateUnit) : null;
		};
		const read = of('read');
		const write = of('write');
		const unified = of('mixed');
		const value = read !== null || write !== null ? (read ?? 0) + (write ?? 0) : unified;
		if (value === null) continue;
		const run = parts[0]!;
		const readPct = run.read_pct!;
		candidates.push({
			device_id: run.device_id,
			device: devices.label(run.device_id),
			readPct,
			mix: ctx.t('mix_label', { read: ctx.num(readPct), write: ctx.num(100 - readPct) }),
			read: read !== null || write !== null ? read : null,
			write: read !== null || write !== null ? write : null,
			value,
			published: run.value_origin === 'published',
			run_id: runId,
			run,
		});
	}
	const order = new Map(devices.order.map((id, i) => [id, i]));
	const bars = bestPerKey(candidates, (b) => `${b.readPct}\u0000${b.device_id}`).sort(
		(a, b) => b.readPct - a.readPct || order.get(a.device_id)! - order.get(b.device_id)!,
	);
	const segments = bars.flatMap((b) => segmentsOf(b, ctx));
	return { bars, segments, devices, mixes: [...new Set(bars.map((b) => b.mix))] };
}

function segmentsOf(bar: MixBar, ctx: ChartContext): MixSegment[] {
	const title = (part: MixSegment['part'], value: number) =>
		titleText([
			`${bar.device} · ${bar.mix}${bar.published ? ` · ${ctx.labels.published}` : ''}`,
			`${ctx.direction(part)}: ${ctx.num(value)} ${ctx.rateSymbol}`,
			ctx.load(bar.run),
			`${ctx.labels.col_run}: ${bar.run_id}`,
		]);
	const base = { device: bar.device, mix: bar.mix, published: bar.published };
	if (bar.read === null && bar.write === null)
		return [{ ...base, part: 'mixed', y1: 0, y2: bar.value, title: title('mixed', bar.value) }];
	const read = bar.read ?? 0;
	const segments: MixSegment[] = [];
	if (bar.read !== null) segments.push({ ...base, part: 'read', y1: 0, y2: read, title: title('read', read) });
	if (bar.write !== null)
		segments.push({ ...base, part: 'write', y1: read, y2: read + bar.write, title: title('write', bar.write) });
	return segments;
}

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
		caption: sentences(
			[
				ctx.t('mix_caption', { rate: ratePhrase(options.rateUnit, ctx) }),
				toolsClause(runs, ctx),
				...conditionClauses(runs, ctx),
				data.bars.some((b) => b.published) && ctx.labels.cap_published_bars,
				publishedSourcesClause(runs, ctx),
			],
			ctx.lang,
		),
		fx: empty ? undefined : { domain: data.mixes, label: null, padding: 0.15 },
		x: empty ? undefined : { domain: devicesShown, axis: null, padding: 0.15 },
		y: { grid: true, label: rateAxisLabel(options.rateUnit, ctx), insetTop: 12, tickFormat: compactTicks(ctx) },
		color: { ...data.devices.colorScale(), legend: !empty },
		marks: empty ? [noDataMark(ctx)] : marks,
	});
}

export function mixBarsSummary(rows: readonly RunRow[], options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = mixBarsData(rows, options);
	if (data.bars.length === 0) return ctx.labels.noData;
	return sentences(
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
		ctx.lang,
	);
}

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
