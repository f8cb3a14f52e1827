import { describe, expect, it } from 'vitest';
import { qdScaling, qdScalingData, qdScalingSummary, qdScalingTable } from '../../../src/lib/charts/qd-scaling/chart.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';
import { run } from './rows.ts';
import { kioxiaSweep, sweepRows } from './sweeps.ts';

describe('qdScaling', () => {
	it('draws IOPS and latency panels against outstanding I/Os', async () => {
		const chart = qdScaling(sweepRows, base);
		await expectSnapshot(chart, 'qd-scaling');
		expect(chart.querySelectorAll('svg[font-family]')).toHaveLength(2);
		expect(legendOf(chart)).toHaveLength(4);
		expect(captionOf(chart)).toContain(
			'Top: IOPS; bottom: latency (mean, µs); both versus outstanding I/Os (threads × QD, log₂ scale)',
		);
		expect(captionOf(chart)).toContain('Tool: fio 3.28, fio 3.33, Iometer');
	});

	it('uses log y axes on demand and drops the failed run there', async () => {
		const options = { ...base, logY: true, rateUnit: 'MB/s' as const };
		const chart = qdScaling(sweepRows, options);
		await expectSnapshot(chart, 'qd-scaling-log-mbps');
		// The failed run is ≤ 0 in both panels.
		expect(qdScalingData(sweepRows, options).dropped).toBe(2);
		expect(captionOf(chart)).toContain('2 points ≤ 0 not drawn on the log scale');
	});

	it('puts outstanding I/Os (iodepth × numjobs) on a shared log₂ x axis', () => {
		const data = qdScalingData(kioxiaSweep, base);
		expect(data.rate.map((p) => p.x)).toEqual([4, 8, 16, 32, 64, 128, 256]);
		const chart = qdScaling(kioxiaSweep, base);
		const ticks = [...chart.querySelectorAll('[aria-label="x-axis tick label"]')].map((g) => g.textContent);
		expect(ticks).toHaveLength(2);
		expect(ticks[0]).toBe(ticks[1]);
		expect(ticks[0]).toBe('48163264128256');
	});

	it('draws one line per device and direction, with a symbol per direction', () => {
		const write = (qd: number, iops: number) =>
			run({
				device_id: 'kioxia-cm7-r-3t84',
				run_id: `w#${qd}`,
				direction: 'write',
				iodepth: qd,
				numjobs: 4,
				iops,
				lat_mean_ns: ((qd * 4) / iops) * 1e9,
			});
		const rows = [...kioxiaSweep, write(1, 120_000), write(8, 340_000)];
		const data = qdScalingData(rows, base);
		expect(new Set(data.rate.map((p) => p.series)).size).toBe(2);
		const chart = qdScaling(rows, base);
		// A symbol legend joins the colour legend, drawn once above both panels.
		expect(chart.querySelectorAll('div[class*="-swatches"]')).toHaveLength(2);
		// 7 read and 2 write points per panel; the write points are squares.
		const symbols = [...chart.querySelectorAll('[aria-label="dot"] path')].map((p) => p.getAttribute('d') ?? '');
		expect(symbols).toHaveLength(2 * 9);
		expect(symbols.filter((d) => d.includes('h'))).toHaveLength(2 * 2);
	});

	it('summarizes the top device and tabulates threads and QD', () => {
		expect(qdScalingSummary(sweepRows, base)).toContain(
			'Highest IOPS: KIOXIA CM7-R 3.84 TB, 2,050,000 IOPS at 4 × QD 64 (read)',
		);
		const table = qdScalingTable(sweepRows, { ...base, latencyUnit: 'ms' });
		expect(table.columns).toEqual([
			'Device',
			'Direction',
			'Threads',
			'Queue depth',
			'Outstanding I/Os (threads × QD)',
			'IOPS',
			'Latency, mean (ms)',
			'Origin',
			'Run',
			'Source file',
		]);
		// 4 jobs × QD 64 = 256 outstanding; 124.9 µs = 0.1249 ms.
		expect(table.rows.find((r) => r[8] === kioxiaSweep[6]!.run_id)).toEqual([
			'KIOXIA CM7-R 3.84 TB',
			'read',
			4,
			64,
			256,
			2_050_000,
			0.1249,
			'measured',
			kioxiaSweep[6]!.run_id,
			'kioxia/randread-sweep.json',
		]);
	});
});
