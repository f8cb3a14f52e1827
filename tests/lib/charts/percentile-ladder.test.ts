import { describe, expect, it } from 'vitest';
import {
	percentileLadder,
	percentileLadderData,
	percentileLadderSummary,
	percentileLadderTable,
} from '../../../src/lib/charts/percentile-ladder/chart.ts';
import type { PercentileRow } from '../../../src/lib/schema.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';
import { percentile } from './rows.ts';
import { failedRun, intelPublished, kioxiaSweep, samsungSweep } from './sweeps.ts';

const [kioxiaQd1, , , kioxiaQd8, , , kioxiaQd64] = kioxiaSweep;
const [samsungQd1, , , samsungQd8] = samsungSweep;

// fio's clat_ns.percentile list for the Kioxia QD 1 run (bucket values, ns), as the parser stores it.
const KIOXIA_QD1_PERCENTILES: [number, number][] = [
	[1, 50_688],
	[5, 56_064],
	[10, 58_112],
	[20, 61_440],
	[30, 63_232],
	[40, 64_768],
	[50, 66_048],
	[60, 67_072],
	[70, 68_608],
	[80, 70_656],
	[90, 74_240],
	[95, 78_336],
	[99, 95_744],
	[99.5, 102_912],
	[99.9, 121_344],
	[99.95, 134_144],
	[99.99, 160_768],
];

const percentiles: PercentileRow[] = KIOXIA_QD1_PERCENTILES.map(([p, ns]) =>
	percentile({ run_id: kioxiaQd1!.run_id, direction: 'read', stat: 'clat', percentile: p, value_ns: ns }),
);

const input = {
	runs: [kioxiaQd1!, kioxiaQd8!, kioxiaQd64!, samsungQd1!, samsungQd8!, failedRun, intelPublished[0]!],
	percentiles,
};

describe('percentileLadder', () => {
	it('draws one line per load, one panel per device, on a log latency axis', async () => {
		const chart = percentileLadder(input, base);
		await expectSnapshot(chart, 'percentile-ladder');
		// Intel's published figure gives only a mean (total latency): a one-point line.
		expect(legendOf(chart)).toEqual(['QD 1', '4 × QD 1', '4 × QD 8', '4 × QD 64']);
		const titles = [...chart.querySelectorAll('[aria-label="text"] text')].map((t) => t.textContent);
		expect(titles).toEqual(['Intel SSD 710 200 GB', 'KIOXIA CM7-R 3.84 TB', 'Samsung PM9A3 3.84 TB']);
		expect(captionOf(chart)).toContain('completion latency (clat), total latency (lat) in µs (log scale)');
		// The failed run's mean latency is 0 ns.
		expect(captionOf(chart)).toContain('1 point ≤ 0 not drawn on the log scale');
	});

	it('reads percentiles from the percentiles table first, then from the run columns', () => {
		const table = percentileLadderTable(input, base);
		expect(table.columns).toEqual([
			'Device',
			'Direction',
			'Load',
			'Latency column',
			'mean (µs)',
			'p50 (µs)',
			'p90 (µs)',
			'p99 (µs)',
			'p99.9 (µs)',
			'p99.99 (µs)',
			'Run',
		]);
		const row = (runId: string) => table.rows.find((r) => r[10] === runId)!;
		// Kioxia QD 1: mean clat = 68.7 µs − 1.5 µs = 67.2 µs; p99.9 = 121,344 ns from the percentiles table (the
		// run column says 121 µs); p90 is in the table too (74,240 ns).
		expect(row(kioxiaQd1!.run_id).slice(3, 10)).toEqual(['clat', 67.2, 66.048, 74.24, 95.744, 121.344, 160.768]);
		// Samsung QD 1 has no percentile rows: the run columns (p90 = (78 + 112) / 2 = 95 µs).
		expect(row(samsungQd1!.run_id).slice(3, 10)).toEqual(['clat', 80.3, 78, 95, 112, 150, 210]);
		// Intel: total latency mean only.
		expect(row(intelPublished[0]!.run_id).slice(3, 10)).toEqual(['lat', 123, null, null, null, null, null]);
	});

	it('converts to ms', () => {
		const us = percentileLadderData(input, base);
		const ms = percentileLadderData(input, { ...base, latencyUnit: 'ms' });
		us.points.forEach((p, i) => expect(ms.points[i]!.value).toBeCloseTo(p.value / 1000, 12));
	});

	it('shows only the chosen devices', () => {
		const data = percentileLadderData(input, { ...base, series: ['samsung-pm9a3-3t84'] });
		expect(new Set(data.points.map((p) => p.device_id))).toEqual(new Set(['samsung-pm9a3-3t84']));
		// One device: no facets.
		const chart = percentileLadder(input, { ...base, series: ['samsung-pm9a3-3t84'] });
		expect(chart.querySelectorAll('[aria-label="text"] text')).toHaveLength(0);
	});

	it('summarizes the lowest tail and how far it climbs', () => {
		const summary = percentileLadderSummary(input, base);
		expect(summary).toContain('Lowest p99.99 latency: KIOXIA CM7-R 3.84 TB, 161 µs (4 × QD 1)');
		expect(summary).toContain('At 4 × QD 64, KIOXIA CM7-R 3.84 TB goes from 113 µs at p50 to 640 µs at p99.99');
	});

	it('names the run and file once per line, and each point by its value only', () => {
		const chart = percentileLadder(input, base);
		const lineTitles = [...chart.querySelectorAll('[aria-label="line"] title')].map((t) => t.textContent ?? '');
		expect(lineTitles.length).toBeGreaterThan(0);
		for (const title of lineTitles) expect(title).toMatch(/Run: .*\nSource file: /);
		expect(lineTitles.some((t) => t.includes(`Run: ${kioxiaQd1!.run_id}`))).toBe(true);
		const dotTitles = [...chart.querySelectorAll('[aria-label="dot"] title')].map((t) => t.textContent ?? '');
		expect(dotTitles.length).toBeGreaterThan(lineTitles.length);
		for (const title of dotTitles) expect(title).not.toContain('Run:');
		// fio's 99th percentile of the Kioxia QD 1 run: 95,744 ns = 95.7 µs.
		expect(dotTitles).toContain('KIOXIA CM7-R 3.84 TB · 4 × QD 1\np99: 95.7 µs (clat)');
	});
});
