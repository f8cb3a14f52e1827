// Latency histogram: the share of I/Os in each latency bin (%), bins on a log-scaled latency axis,
// one panel per run × direction, each drawn as one filled outline of its bars (one path, not a shape and a
// tooltip per bin: the table lists the bins). Bins whose lower edge is ≤ 0 cannot sit on the log axis and are counted.
import * as Plot from '@observablehq/plot';
import { droppedClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { latencyFromNs } from '../display-units.ts';
import { tidy } from '../format.ts';
import { binCells, binColumns, histogramSeries, type HistogramInput, type HistogramSeries, type LatencyBin } from '../histogram-series.ts';
import type { ChartOptions } from '../options.ts';
import { binLatencyAxis, facetTitles, noDataMark, plotBase } from '../plot-parts.ts';
import { compactPaths } from '../svg-paths.ts';
import type { ChartTable } from '../table.ts';
import { seriesTitle } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface HistogramBar {
	series: string;
	device: string;
	x1: number;
	x2: number;
	share: number;
}

/** A corner of a series' outline: the tops of its bars, down to 0 wherever bars do not touch. */
export interface OutlinePoint {
	series: string;
	device: string;
	x: number;
	y: number;
}

/** The outline of each series' bars (bars in order of latency, series after series), closed along y = 0. */
export function barOutlines(bars: readonly HistogramBar[]): OutlinePoint[] {
	const out: OutlinePoint[] = [];
	bars.forEach((b, i) => {
		const prev = bars[i - 1]?.series === b.series ? bars[i - 1] : undefined;
		const next = bars[i + 1]?.series === b.series ? bars[i + 1] : undefined;
		const at = (x: number, y: number) => out.push({ series: b.series, device: b.device, x, y });
		if (!prev || Math.abs(b.x1 - prev.x2) > 1e-9 * b.x1) at(b.x1, 0);
		at(b.x1, b.share);
		at(b.x2, b.share);
		if (!next || Math.abs(next.x1 - b.x2) > 1e-9 * b.x2) at(b.x2, 0);
	});
	return out;
}

export function kindsText(series: readonly HistogramSeries[], ctx: ChartContext): string {
	const kinds = [...new Set(series.map((s) => s.stat))].sort();
	return ctx.list(
		kinds.map((k) => (k === 'clat' || k === 'lat' ? ctx.labels[`kind_${k}`] : k)),
	);
}

/** Drawn bins per doubling of latency. fio's buckets (64 per doubling) merge exactly into these. */
export const BINS_PER_DOUBLING = 8;

export interface DrawnBin {
	from: number;
	to: number | null;
	count: number;
	share: number;
	merged: number;
}

/**
 * Bins merged for drawing: each bin that fits inside one of BINS_PER_DOUBLING equal parts of its power-of-two
 * range (in ns) joins the others there; wider bins (Iometer's) stay as they are. Counts add up exactly.
 */
export function mergeForDrawing(bins: readonly LatencyBin[], fromNs: (ns: number) => number): DrawnBin[] {
	const merged = new Map<string, DrawnBin>();
	bins.forEach((b, i) => {
		let key = `bin:${i}`;
		let from = b.from;
		let to = b.to;
		if (b.fromNs > 0 && b.toNs !== null) {
			const base = 2 ** Math.floor(Math.log2(b.fromNs));
			const part = base / BINS_PER_DOUBLING;
			const index = Math.floor((b.fromNs - base) / part);
			if (b.toNs <= base + (index + 1) * part) {
				// Empty buckets are not stored, so the whole part holds exactly the counts merged into it.
				key = `part:${base}:${index}`;
				from = fromNs(base + index * part);
				to = fromNs(base + (index + 1) * part);
			}
		}
		const m = merged.get(key);
		if (!m) merged.set(key, { from, to, count: b.count, share: b.share, merged: 1 });
		else {
			m.count += b.count;
			m.share += b.share;
			m.merged++;
		}
	});
	return [...merged.values()];
}

export const latencyHistogramData = sharedByDrawings(function latencyHistogramData(input: HistogramInput, options: ChartOptions) {
	const ctx = chartContext(options);
	const { series, devices } = histogramSeries(input, options, ctx);
	const bars: HistogramBar[] = [];
	let dropped = 0;
	let mergedAny = false;
	const toUnit = (ns: number) => latencyFromNs(ns, options.latencyUnit);
	for (const s of series) {
		const drawn = mergeForDrawing(s.bins, toUnit);
		mergedAny ||= drawn.some((b) => b.merged > 1);
		drawn.forEach((b, i) => {
			if (b.from <= 0) {
				dropped++;
				return;
			}
			// An open last bin is drawn as wide (on the log axis) as the bin before it.
			const prev = drawn[i - 1];
			const ratio = prev && prev.to !== null && prev.from > 0 ? prev.to / prev.from : 2;
			bars.push({ series: s.label, device: s.device, x1: b.from, x2: b.to ?? b.from * ratio, share: b.share });
		});
	}
	return { series, devices, bars, dropped, mergedAny };
});

export function latencyHistogram(input: HistogramInput, options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = latencyHistogramData(input, options);
	const faceted = data.series.length > 1;
	const runs = data.series.flatMap((s) => (s.run ? [s.run] : []));
	// Each line's tooltip, once per line rather than once per point.
	const titles = new Map(data.series.map((s) => [s.label, seriesTitle(s.label, s.total, ctx)]));
	const chart = Plot.plot({
		...plotBase(options, ctx, faceted ? 170 * data.series.length : 320),
		ariaLabel: ctx.labels.hist_title,
		ariaDescription: latencyHistogramSummary(input, options),
		caption: ctx.sentences(
			[
				ctx.t('hist_caption', { kind: kindsText(data.series, ctx), unit: ctx.latencySymbol }),
				...runsClauses(runs, ctx),
				data.mergedAny && ctx.t('hist_merged', { n: BINS_PER_DOUBLING }),
				droppedClause(data.dropped, ctx),
			],
		),
		x: binLatencyAxis(ctx),
		y: { grid: true, label: ctx.labels.axis_share, insetTop: faceted ? 22 : 0 },
		fy: faceted ? { domain: data.series.map((s) => s.label), axis: null, padding: 0.12 } : undefined,
		color: { ...data.devices.colorScale(), legend: data.devices.visible.length > 1 },
		marks: [
			data.bars.length === 0 ? noDataMark(ctx) : null,
			faceted ? facetTitles(data.series.map((s) => s.label)) : null,
			Plot.line(barOutlines(data.bars), {
				x: 'x',
				y: 'y',
				z: 'series',
				fy: faceted ? 'series' : undefined,
				fill: 'device',
				stroke: null,
				title: (p: OutlinePoint) => titles.get(p.series) ?? seriesTitle(p.series, 0, ctx),
			}),
			Plot.ruleY([0]),
		],
	});
	compactPaths(chart, '[aria-label="line"] path');
	return chart;
}

/** The summary describes the bins as drawn: the fullest one and the one holding the median I/O. */
export const latencyHistogramSummary = sharedByDrawings(function latencyHistogramSummary(input: HistogramInput, options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = latencyHistogramData(input, options);
	if (data.series.length === 0) return ctx.labels.noData;
	const range = (b: DrawnBin) => ({ from: ctx.num(b.from), to: b.to === null ? '…' : ctx.num(b.to), unit: ctx.latencySymbol });
	const described = data.series.map((s) => {
		const drawn = mergeForDrawing(s.bins, (ns) => latencyFromNs(ns, options.latencyUnit));
		let below = 0;
		const median = drawn.find((b) => (below += b.count) * 2 >= s.total)!;
		const mode = drawn.reduce((a, b) => (b.count > a.count ? b : a));
		return { s, median, mode };
	});
	const best = described.reduce((a, b) => (b.median.from < a.median.from ? b : a));
	return ctx.sentences(
		[
			...described.map(({ s, mode }) =>
				ctx.t('hist_summary_series', {
					series: s.label,
					ios: ctx.num(s.total),
					...range(mode),
					share: ctx.num(mode.share),
				}),
			),
			described.length > 1 && ctx.t('hist_summary_top', { device: best.s.label, ...range(best.median) }),
			droppedClause(data.dropped, ctx),
		],
	);
});

export function latencyHistogramTable(input: HistogramInput, options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const { series } = histogramSeries(input, options, ctx);
	return {
		columns: [
			ctx.labels.col_series,
			ctx.labels.col_device,
			ctx.labels.col_direction,
			ctx.labels.col_latency_column,
			...binColumns(ctx),
			ctx.labels.col_share,
		],
		rows: series.flatMap((s) =>
			s.bins.map((b) => [
				s.label,
				s.device,
				ctx.direction(s.direction),
				s.stat,
				...binCells(b),
				tidy(b.share),
			]),
		),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<HistogramInput> = { render: latencyHistogram, summary: latencyHistogramSummary, table: latencyHistogramTable };
