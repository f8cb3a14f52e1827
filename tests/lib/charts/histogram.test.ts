import { describe, expect, it } from 'vitest';
import {
	latencyExceedance,
	latencyExceedanceData,
	latencyExceedanceSummary,
	latencyExceedanceTable,
} from '../../../src/lib/charts/exceedance/chart.ts';
import {
	latencyHistogram,
	latencyHistogramData,
	latencyHistogramSummary,
	latencyHistogramTable,
	mergeForDrawing,
} from '../../../src/lib/charts/histogram/chart.ts';
import { histogramSeries } from '../../../src/lib/charts/histogram-series.ts';
import { chartContext } from '../../../src/lib/charts/context.ts';
import { latencyFromNs } from '../../../src/lib/charts/display-units.ts';
import { histogramInput, intelBins, intelIometer, kioxiaBins, kioxiaQd1, samsungQd1 } from './histogram-rows.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';
import { bin } from './rows.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('latency histogram', () => {
	it('draws one panel per run, bins on a log latency axis', async () => {
		const chart = latencyHistogram(histogramInput, base);
		await expectSnapshot(chart, 'histogram');
		const titles = [...chart.querySelectorAll('[aria-label="text"] text')].map((t) => t.textContent);
		expect(titles).toEqual([
			'Intel SSD 710 200 GB · QD 1',
			'KIOXIA CM7-R 3.84 TB · 4 × QD 1',
			'Samsung PM9A3 3.84 TB · 4 × QD 1',
		]);
		expect(captionOf(chart)).toContain('Tool: fio 3.33, Iometer 1.1.0');
		expect(captionOf(chart)).toContain('merged into 8 per doubling of latency');
	});

	it("drops Iometer's first bin (0–50 µs) on the log axis and counts it", () => {
		const data = latencyHistogramData(histogramInput, base);
		expect(data.dropped).toBe(1);
		expect(captionOf(latencyHistogram(histogramInput, base))).toContain('1 point ≤ 0 not drawn on the log scale');
		// Its I/Os still count in every share: 140 of 476,394 I/Os.
		const intel = data.series.find((s) => s.run_id === intelIometer.run_id)!;
		expect(intel.total).toBe(140 + 16_200 + 421_000 + 37_600 + 1_350 + 96 + 8);
		expect(intel.bins[0]!.share).toBeCloseTo((140 / 476_394) * 100, 12);
	});

	it('sums the intervals of a histogram log bin by bin', () => {
		const { series } = histogramSeries(histogramInput, base, chartContext(base));
		const samsung = series.find((s) => s.run_id === samsungQd1.run_id)!;
		// Two 1-s intervals of 38,688 I/Os each (900 + 6,100 + 10,400 + 9,700 + 6,200 + 3,300 + 1,400 + 520 + 130 + 31 + 6 + 1).
		expect(samsung.total).toBe(2 * 38_688);
		expect(samsung.bins).toHaveLength(12);
		expect(samsung.bins[0]!.count).toBe(2 * 900);
	});

	it("merges fio's buckets into 8 per doubling with every count kept", () => {
		const { series } = histogramSeries(histogramInput, base, chartContext(base));
		const kioxia = series.find((s) => s.run_id === kioxiaQd1.run_id)!;
		const drawn = mergeForDrawing(kioxia.bins, (ns) => latencyFromNs(ns, 'us'));
		expect(sum(drawn.map((b) => b.count))).toBe(211_325);
		expect(sum(drawn.map((b) => b.share))).toBeCloseTo(100, 9);
		// 65,536–131,072 ns splits into parts of 8,192 ns; the buckets holding 67, 69 and 72 µs (width 1,024 ns:
		// 66,560, 68,608 and 71,680 ns up) share 65,536–73,728 ns. 32,768–65,536 ns splits into parts of 4,096 ns:
		// 63 µs (62,976 ns up) and 65 µs (64,512 ns up, width 512 ns) share 61,440–65,536 ns.
		expect(drawn.find((b) => b.from === 65.536)).toMatchObject({ to: 73.728, count: 52_000 + 47_500 + 33_000, merged: 3 });
		expect(drawn.find((b) => b.from === 61.44)).toMatchObject({ to: 65.536, count: 9_800 + 31_000, merged: 2 });
		// Iometer's bins are wider than a part and stay as they are.
		const intel = series.find((s) => s.run_id === intelIometer.run_id)!;
		expect(mergeForDrawing(intel.bins, (ns) => latencyFromNs(ns, 'us'))).toHaveLength(intelBins.length);
	});

	it('prefers completion latency when a run has several histograms', () => {
		const lat = kioxiaBins.map((b) => ({ ...b, stat: 'lat', count: b.count * 2 }));
		const { series } = histogramSeries({ bins: [...lat, ...kioxiaBins], runs: [kioxiaQd1] }, base, chartContext(base));
		expect(series).toHaveLength(1);
		expect(series[0]!.stat).toBe('clat');
		expect(series[0]!.total).toBe(211_325);
	});

	it('draws an open last bin as wide as the one before it, and tabulates it open', () => {
		const open = [
			bin({
				run_id: intelIometer.run_id,
				stat: 'lat',
				source: 'iometer-bins',
				bin_lower_ns: 100_000,
				bin_upper_ns: 200_000,
				count: 90,
			}),
			bin({
				run_id: intelIometer.run_id,
				stat: 'lat',
				source: 'iometer-bins',
				bin_lower_ns: 200_000,
				bin_upper_ns: null,
				count: 10,
			}),
		];
		const input = { bins: open, runs: [intelIometer] };
		const bars = latencyHistogramData(input, base).bars;
		expect(bars.map((b) => [b.x1, b.x2])).toEqual([
			[100, 200],
			[200, 400],
		]);
		expect(latencyHistogramTable(input, base).rows.at(-1)!.slice(4)).toEqual([200, null, 10, 10]);
		expect(latencyExceedanceSummary(input, base)).toBe(
			'Intel SSD 710 200 GB · QD 1: more than 1 % of 100 I/Os are in the open last bin (≥ 200 µs).',
		);
	});

	it('summarizes the fullest bin per run and the lowest median', () => {
		const summary = latencyHistogramSummary(histogramInput, base);
		expect(summary).toContain('Intel SSD 710 200 GB · QD 1: 476,394 I/Os, most in 100–200 µs (88.4 %)');
		expect(summary).toContain('Lowest median bin: KIOXIA CM7-R 3.84 TB · 4 × QD 1');
	});

	it('tabulates the bins as reported, in the chosen unit', () => {
		const table = latencyHistogramTable(histogramInput, { ...base, latencyUnit: 'ms' });
		expect(table.columns).toEqual([
			'Series',
			'Device',
			'Direction',
			'Latency column',
			'From (ms)',
			'To (ms)',
			'I/Os',
			'Share (%)',
		]);
		expect(table.rows).toHaveLength(16 + 12 + 7);
		// Iometer's 100–200 µs bin.
		const row = table.rows.find((r) => r[4] === 0.1)!;
		expect(row.slice(0, 7)).toEqual([
			'Intel SSD 710 200 GB · QD 1',
			'Intel SSD 710 200 GB',
			'read',
			'lat',
			0.1,
			0.2,
			421_000,
		]);
		expect(row[7]).toBeCloseTo((421_000 / 476_394) * 100, 9);
	});
});

describe('latency exceedance', () => {
	it('draws 1 − CDF as step lines on log axes', async () => {
		const chart = latencyExceedance(histogramInput, base);
		await expectSnapshot(chart, 'exceedance');
		expect(legendOf(chart)).toEqual([
			'Intel SSD 710 200 GB · QD 1',
			'KIOXIA CM7-R 3.84 TB · 4 × QD 1',
			'Samsung PM9A3 3.84 TB · 4 × QD 1',
		]);
		const yTicks = [...chart.querySelectorAll('[aria-label="y-axis tick label"] text')].map((t) => t.textContent);
		expect(yTicks).toEqual(['100', '10', '1', '0.1', '0.01', '0.001']);
	});

	it('starts at 100 % and ends at the slowest bin, with the share slower than each edge', () => {
		const data = latencyExceedanceData(histogramInput, base);
		const kioxia = data.points.filter((p) => p.series === 'KIOXIA CM7-R 3.84 TB · 4 × QD 1');
		// 58 µs falls in 32,768 + 49 × 512 = 57,856 ns up. The slowest bin holds 2 I/Os at 1,020 µs: bucket width
		// 8,192 ns above 524,288 ns, so 524,288 + 60 × 8,192 = 1,015,808 up to 1,024,000 ns.
		expect(kioxia[0]).toMatchObject({ x: 57.856, y: 100 });
		expect(kioxia.at(-1)).toMatchObject({ x: 1024, y: (2 / 211_325) * 100, end: true });
		// Iometer's 0 µs edge cannot sit on the log axis.
		expect(data.dropped).toBe(1);
	});

	it('names the latency that at most 1 % of I/Os exceed', () => {
		// Kioxia: after the bin holding 90 µs, 1,700 + 610 + 190 + 44 + 9 + 2 = 2,555 I/Os (1.21 %) remain; after
		// the bin holding 101 µs (100,352–101,376 ns), 855 (0.40 %). So the edge is 101.376 µs.
		const summary = latencyExceedanceSummary(histogramInput, base);
		expect(summary).toContain('KIOXIA CM7-R 3.84 TB · 4 × QD 1: at most 1 % of 211,325 I/Os took longer than 101 µs');
		expect(summary).toContain('Shortest 1 % tail: KIOXIA CM7-R 3.84 TB · 4 × QD 1, 101 µs');
		const table = latencyExceedanceTable(histogramInput, base);
		expect(table.columns).toEqual(['Series', 'From (µs)', 'To (µs)', 'I/Os', 'Slower than "To" (%)']);
		expect(table.rows.find((r) => r[2] === 101.376)![4]).toBeCloseTo((855 / 211_325) * 100, 9);
	});

	it('colours each device once when every device has one line, and each line otherwise', () => {
		const colors = (input: typeof histogramInput) =>
			[...latencyExceedance(input, base).querySelectorAll('[aria-label="line"] path')].map((p) => p.getAttribute('stroke'));
		expect(colors(histogramInput)).toEqual(['#4269d0', '#efb118', '#ff725c']);
		const write = kioxiaBins.map((b) => ({ ...b, direction: 'write' }));
		const twoLines = { bins: [...kioxiaBins, ...write], runs: [kioxiaQd1] };
		expect(new Set(colors(twoLines)).size).toBe(2);
	});
});
