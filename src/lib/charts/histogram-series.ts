// Latency histograms from `histograms` rows, shared by histogram.ts and exceedance.ts: one series per
// run × direction, its latency kind (clat, else lat, else slat), bins summed over log intervals, in display units.
import type { HistogramRow, RunRow } from '../schema.ts';
import type { ChartContext } from './context.ts';
import { deviceSeries, type DeviceSeries } from './devices.ts';
import { latencyFromNs } from './display-units.ts';
import type { ChartOptions } from './options.ts';
import { directionRank } from './direction-rank.ts';
import { compareByLoad } from './run-values.ts';
import { tidy } from './format.ts';

export interface HistogramInput {
	bins: readonly HistogramRow[];
	/** The runs the bins belong to: device, load, tool and conditions. */
	runs: readonly RunRow[];
}

export interface LatencyBin {
	fromNs: number;
	toNs: number | null;
	/** Lower edge in display units (inclusive). */
	from: number;
	/** Upper edge in display units (exclusive); null for an open last bin. */
	to: number | null;
	count: number;
	/** Share of the series' I/Os in this bin, %. */
	share: number;
	/** Share of the series' I/Os at or above `to`, %. */
	slower: number;
}

export interface HistogramSeries {
	run_id: string;
	direction: string;
	stat: string;
	device_id: string;
	device: string;
	label: string;
	run: RunRow | null;
	total: number;
	bins: LatencyBin[];
}

const STAT_PREFERENCE = ['clat', 'lat', 'slat'];

export function histogramSeries(
	input: HistogramInput,
	options: ChartOptions,
	ctx: ChartContext,
): { series: HistogramSeries[]; devices: DeviceSeries } {
	const runs = new Map(input.runs.map((r) => [`${r.run_id}\u0000${r.direction}`, r]));
	const runOf = (b: HistogramRow) =>
		runs.get(`${b.run_id}\u0000${b.direction}`) ?? input.runs.find((r) => r.run_id === b.run_id) ?? null;
	const groups = summedGroups(input.bins);
	const devices = deviceSeries(
		groups.map((g) => runOf(g.first)?.device_id ?? ''),
		options,
	);
	const severalDirections = new Set(groups.map((g) => g.first.direction)).size > 1;
	const series: HistogramSeries[] = [];
	for (const { first, stat, bins, total } of groups) {
		const run = runOf(first);
		const deviceId = run?.device_id ?? '';
		if (!devices.isVisible(deviceId)) continue;
		if (total <= 0) continue;
		let remaining = total;
		const device = deviceId === '' ? first.run_id : devices.label(deviceId);
		const parts = [device, severalDirections ? ctx.direction(first.direction) : null, run ? ctx.load(run) : null];
		series.push({
			run_id: first.run_id,
			direction: first.direction,
			stat,
			device_id: deviceId,
			device,
			label: parts.filter((p) => p !== null).join(' · '),
			run,
			total,
			bins: bins.map((b) => {
				remaining -= b.count;
				return {
					fromNs: b.lower,
					toNs: b.upper,
					from: latencyFromNs(b.lower, options.latencyUnit),
					to: b.upper === null ? null : latencyFromNs(b.upper, options.latencyUnit),
					count: b.count,
					share: (b.count / total) * 100,
					slower: (remaining / total) * 100,
				};
			}),
		});
	}
	const rank = new Map(devices.order.map((id, i) => [id, i]));
	series.sort(
		(a, b) =>
			(rank.get(a.device_id) ?? -1) - (rank.get(b.device_id) ?? -1) ||
			directionRank(a.direction) - directionRank(b.direction) ||
			(a.run && b.run ? compareByLoad(a.run, b.run) : a.run_id < b.run_id ? -1 : 1),
	);
	return { series, devices };
}

interface SummedGroup {
	first: HistogramRow;
	stat: string;
	bins: { lower: number; upper: number | null; count: number }[];
	total: number;
}

/** Each run × direction's bins of its preferred stat, summed: the same for every drawing of one chart's rows (kept while they are). */
const summedCache = new WeakMap<readonly HistogramRow[], SummedGroup[]>();

function summedGroups(rows: readonly HistogramRow[]): SummedGroup[] {
	let out = summedCache.get(rows);
	if (out) return out;
	const groups = new Map<string, HistogramRow[]>();
	for (const b of rows) {
		const k = `${b.run_id}\u0000${b.direction}`;
		if (!groups.has(k)) groups.set(k, []);
		groups.get(k)!.push(b);
	}
	out = [...groups.values()].map((group) => {
		const stats = new Set(group.map((b) => b.stat));
		const stat = STAT_PREFERENCE.find((s) => stats.has(s)) ?? [...stats].sort()[0]!;
		const bins = sumBins(group.filter((b) => b.stat === stat));
		return { first: group[0]!, stat, bins, total: bins.reduce((sum, b) => sum + b.count, 0) };
	});
	summedCache.set(rows, out);
	return out;
}

/** Bins of one run × direction × stat, summed over log intervals (counts add up), sorted by lower edge. */
function sumBins(rows: readonly HistogramRow[]): { lower: number; upper: number | null; count: number }[] {
	const byEdge = new Map<string, { lower: number; upper: number | null; count: number }>();
	for (const b of rows) {
		const k = `${b.bin_lower_ns}:${b.bin_upper_ns}`;
		const bin = byEdge.get(k) ?? { lower: b.bin_lower_ns, upper: b.bin_upper_ns, count: 0 };
		bin.count += b.count;
		byEdge.set(k, bin);
	}
	return [...byEdge.values()].sort((a, b) => a.lower - b.lower || (a.upper ?? Infinity) - (b.upper ?? Infinity));
}

/** The lowest upper edge above which at most `percent` % of the I/Os lie; null when no closed bin qualifies. */
export function exceedanceEdge(s: HistogramSeries, percent: number): number | null {
	return s.bins.find((b) => b.to !== null && b.slower <= percent)?.to ?? null;
}

/** A table's columns of a bin (histogram, exceedance): its edges in display units and its I/Os. */
export function binColumns(ctx: ChartContext): string[] {
	return [ctx.t('col_bin_from', { unit: ctx.latencySymbol }), ctx.t('col_bin_to', { unit: ctx.latencySymbol }), ctx.labels.col_ios];
}

/** A bin's cells under binColumns. */
export function binCells(b: LatencyBin): (number | null)[] {
	return [tidy(b.from), tidy(b.to), b.count];
}
