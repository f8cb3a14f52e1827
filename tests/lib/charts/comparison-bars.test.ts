import { describe, expect, it } from 'vitest';
import {
	comparisonBars,
	comparisonBarsSummary,
	comparisonBarsTable,
	comparisonData,
	type ComparisonOptions,
} from '../../../src/lib/charts/comparison-bars/chart.ts';
import { comparisonRows } from './comparison-rows.ts';
import { captionOf, document, expectSnapshot, legendOf } from './render.ts';
import { DEVICE_LABELS } from './sweeps.ts';

const base: ComparisonOptions = {
	document,
	lang: 'en',
	latencyUnit: 'us',
	rateUnit: 'iops',
	stat: 'mean',
	deviceLabels: { ...DEVICE_LABELS, 'intel-ssd-320-300g': 'Intel SSD 320 300 GB' },
};

describe('comparisonBars', () => {
	it('draws each published change as a bar labelled with its basis', async () => {
		const chart = comparisonBars(comparisonRows, base);
		await expectSnapshot(chart, 'comparison-delta');
		expect(legendOf(chart)).toEqual(['Intel SSD 710 200 GB', 'KIOXIA CM7-R 3.84 TB']);
		const labels = [...chart.querySelectorAll('[aria-label="text"] text')].map((t) => t.textContent);
		expect(labels).toEqual([
			'+108 % vs Intel SSD 320 300 GB',
			'+105 % vs Samsung PM9A3 3.84 TB',
			'−47.2 % vs Intel SSD 320 300 GB',
			'−4 % vs spec sheet',
		]);
		expect(captionOf(chart)).toContain('1 comparison has no number');
		expect(captionOf(chart)).toContain('Source: review-b');
	});

	it('converts between change and ratio', async () => {
		const chart = comparisonBars(comparisonRows, { ...base, kind: 'ratio' });
		await expectSnapshot(chart, 'comparison-ratio');
		// +108 % → 2.08×; −47.2 % → 0.528×; a 0.96 ratio stays; 2.05× stays.
		expect(comparisonData(comparisonRows, { ...base, kind: 'ratio' }).bars.map((b) => b.value)).toEqual([
			2.08, 0.528, 0.96, 2.05,
		]);
		// 0.96 → (0.96 − 1) × 100 = −4 %; 2.05 → +105 %.
		const delta = comparisonData(comparisonRows, base).bars.map((b) => b.value);
		expect(delta[0]).toBe(108);
		expect(delta[2]).toBeCloseTo(-4, 12);
		expect(delta[3]).toBeCloseTo(105, 12);
	});

	it('names the device in a label only where two devices compare the same thing', () => {
		const twin = { ...comparisonRows[0]!, device_id: 'kioxia-cm7-r-3t84', source_line: 30 };
		const labels = comparisonData([...comparisonRows, twin], base).bars.map((b) => b.label);
		expect(labels).toContain('Intel SSD 710 200 GB · 4K random write · iops · QD 32');
		expect(labels).toContain('KIOXIA CM7-R 3.84 TB · 4K random write · iops · QD 32');
		expect(labels).toContain('128K sequential read · bandwidth');
	});

	it('summarizes the largest change either way and tabulates every figure', () => {
		expect(comparisonBarsSummary(comparisonRows, base)).toBe(
			'Largest change: Intel SSD 710 200 GB, +108 % versus Intel SSD 320 300 GB (4K random write · iops · QD 32). ' +
				'1 comparison has no number.',
		);
		const table = comparisonBarsTable(comparisonRows, base);
		expect(table.columns).toEqual([
			'Device',
			'Workload',
			'Queue depth',
			'Quantity',
			'Basis',
			'Change (%)',
			'Condition',
			'Source file',
			'Line',
		]);
		expect(table.rows[0]).toEqual([
			'Intel SSD 710 200 GB',
			'4K random write',
			32,
			'iops',
			'Intel SSD 320 300 GB',
			108,
			'4K random write, QD32, after 24 h',
			'published/results.csv',
			12,
		]);
		expect(comparisonBarsTable(comparisonRows, { ...base, kind: 'ratio' }).columns[5]).toBe('Ratio (×)');
	});
});
