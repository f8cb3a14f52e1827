import { describe, expect, it } from 'vitest';
import type { ChartOptions } from '../../../src/lib/charts/options.ts';
import {
	timeseriesChart,
	timeseriesData,
	timeseriesSummary,
	timeseriesTable,
	type TimeseriesOptions,
} from '../../../src/lib/charts/timeseries/chart.ts';
import { captionOf, document, expectSnapshot, legendOf } from './render.ts';
import { DEVICE_LABELS } from './sweeps.ts';
import { iopsPoints, latencyPoints } from './timeseries-rows.ts';

const common: ChartOptions = {
	document,
	lang: 'en',
	latencyUnit: 'us',
	rateUnit: 'iops',
	stat: 'mean',
	deviceLabels: DEVICE_LABELS,
};
const iops: TimeseriesOptions = { ...common, metric: 'iops' };
// The Kioxia log reached steady state at 150 s (steady_state: its window 150–300 s); the Samsung log did not.
const withSteady = iopsPoints.map((p) => (p.device_id === 'kioxia-cm7-r-3t84' ? { ...p, steady_start_s: 150, steady_end_s: 300 } : p));

describe('timeseriesChart', () => {
	it('draws a min–max band and a mean line per device, with the steady-state window of each series that has one', async () => {
		const chart = timeseriesChart(withSteady, iops);
		await expectSnapshot(chart, 'timeseries-iops');
		expect(legendOf(chart)).toEqual(['KIOXIA CM7-R 3.84 TB', 'Samsung PM9A3 3.84 TB']);
		expect(chart.querySelectorAll('[aria-label="area"] path')).toHaveLength(2);
		expect(chart.querySelectorAll('[aria-label="rect"] rect')).toHaveLength(1);
		expect(captionOf(chart)).toContain('KIOXIA CM7-R 3.84 TB: steady from minute 2.5 by the SNIA PTS rule (shaded: the first 5-round window that met it, to minute 5)');
		expect(captionOf(chart)).not.toContain('Samsung PM9A3 3.84 TB: steady');
		expect(captionOf(chart)).toContain('Tool: fio 3.33');
	});

	it('promises a min–max band only when one is drawn: windows of one value have none', () => {
		const banded = timeseriesChart(iopsPoints, iops);
		expect(captionOf(banded)).toContain('minimum–maximum (band)');
		const flat = iopsPoints.map((p) => ({ ...p, min: p.mean, max: p.mean }));
		const chart = timeseriesChart(flat, iops);
		expect(chart.querySelectorAll('[aria-label="area"] path')).toHaveLength(0);
		expect(captionOf(chart)).not.toContain('minimum–maximum (band)');
		expect(captionOf(chart)).toContain('IOPS over time: mean per window (line; each window holds one value, so there is no minimum–maximum band)');
		// A window without minimum and maximum (not recorded) has no band either.
		expect(captionOf(timeseriesChart(iopsPoints.map((p) => ({ ...p, min: null, max: null })), iops))).not.toContain('(band)');
	});

	it('breaks the line where nothing was measured', () => {
		const samsung = timeseriesData(iopsPoints, iops).samples.filter((s) => s.device_id === 'samsung-pm9a3-3t84');
		expect(Number.isNaN(samsung.find((s) => s.t === 180)!.mean)).toBe(true);
		const line = timeseriesChart(iopsPoints, iops).querySelectorAll('[aria-label="line"] path')[1]!;
		expect(line.getAttribute('d')!.match(/M/g)).toHaveLength(2);
	});

	it('drops a bucket with a value ≤ 0 on a log axis and says so', () => {
		expect(timeseriesData(iopsPoints, iops).dropped).toBe(0);
		const log = { ...iops, logY: true };
		// Samsung at 120 s: min 0 IOPS.
		expect(timeseriesData(iopsPoints, log).dropped).toBe(1);
		expect(captionOf(timeseriesChart(iopsPoints, log))).toContain('1 point ≤ 0 not drawn on the log scale');
		// The table keeps the value.
		expect(timeseriesTable(iopsPoints, log).rows.find((r) => r[0] === 'Samsung PM9A3 3.84 TB' && r[1] === 120)).toEqual([
			'Samsung PM9A3 3.84 TB',
			120,
			0,
			171_000,
			240_000,
		]);
	});

	it('shows latency in the chosen unit, one colour per series when a device has several', async () => {
		const options: TimeseriesOptions = { ...common, metric: 'lat', latencyUnit: 'ms', logY: true };
		const chart = timeseriesChart(latencyPoints, options);
		await expectSnapshot(chart, 'timeseries-latency-ms');
		expect(legendOf(chart)).toEqual(['KIOXIA CM7-R 3.84 TB · read', 'KIOXIA CM7-R 3.84 TB · write']);
		const strokes = [...chart.querySelectorAll('[aria-label="line"] path')].map((p) => p.getAttribute('stroke'));
		expect(new Set(strokes).size).toBe(2);
		// 3,100,000 ns = 3.1 ms.
		expect(
			timeseriesTable(latencyPoints, options).rows.find((r) => r[0] === 'KIOXIA CM7-R 3.84 TB · write' && r[1] === 120)![4],
		).toBe(3.1);
		expect(timeseriesSummary(latencyPoints, options)).toContain('Lowest mean: KIOXIA CM7-R 3.84 TB · write');
	});

	it('shows bandwidth in MB/s (÷ 10⁶) or MiB/s (÷ 2²⁰)', () => {
		const bw = iopsPoints.map((p) => ({
			...p,
			min: p.min === null ? null : p.min * 4096,
			mean: p.mean === null ? null : p.mean * 4096,
			max: null,
		}));
		const mb = timeseriesTable(bw, { ...iops, metric: 'bw', rateUnit: 'MB/s' });
		const mib = timeseriesTable(bw, { ...iops, metric: 'bw', rateUnit: 'MiB/s' });
		expect(mb.columns).toEqual(['Series', 'Time (s)', 'Min (MB/s)', 'Mean (MB/s)', 'Max (MB/s)']);
		// Kioxia at 30 s: 642,000 IOPS × 4096 B = 2,629.632 MB/s = 2,507.8125 MiB/s.
		expect(mb.rows[0]![3]).toBe(2_629.632);
		expect(mib.rows[0]![3]).toBe(2_507.8125);
	});

	it('summarizes each series inside the steady-state window and names the top device', () => {
		const summary = timeseriesSummary(withSteady, iops);
		// Kioxia 150–300 s: (362 + 357 + 355 + 356 + 354 + 355) / 6 = 356.5 thousand IOPS.
		expect(summary).toContain('KIOXIA CM7-R 3.84 TB: mean 356,500 IOPS over 150–300 s (min 288,000, max 410,000)');
		expect(summary).toContain('Highest mean: KIOXIA CM7-R 3.84 TB, 356,500 IOPS');
		expect(timeseriesSummary(withSteady, { ...iops, series: ['samsung-pm9a3-3t84'] })).not.toContain('KIOXIA');
		// Without a window, over the whole log: (642 + 631 + 515 + 398 + 362 + 357 + 355 + 356 + 354 + 355) / 10 thousand.
		expect(timeseriesSummary(iopsPoints, iops)).toContain('KIOXIA CM7-R 3.84 TB: mean 432,500 IOPS over 30–300 s');
	});
});
