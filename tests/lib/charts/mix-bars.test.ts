import { describe, expect, it } from 'vitest';
import { mixBars, mixBarsSummary, mixBarsTable } from '../../../src/lib/charts/mix-bars/chart.ts';
import { mixBarsData } from '../../../src/lib/charts/mix-bars/data.ts';
import { mixRows } from './bar-rows.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';

describe('mixBars', () => {
	it('stacks read and write per device, one group per mix', async () => {
		const chart = mixBars(mixRows, base);
		await expectSnapshot(chart, 'mix-bars');
		expect(legendOf(chart)).toEqual([
			'Intel SSD 710 200 GB',
			'KIOXIA CM7-R 3.84 TB',
			'Micron 7450 PRO 1.92 TB',
			'Samsung PM9A3 3.84 TB',
		]);
		expect(captionOf(chart)).toContain('read (solid) and write (pale) stacked');
		// The groups, most reads first.
		expect(mixBarsData(mixRows, base).mixes).toEqual(['70/30 read/write', '67/33 read/write', '50/50 read/write']);
	});

	it('stacks write on top of read, and picks the best run of a device and mix', () => {
		const data = mixBarsData(mixRows, base);
		// Kioxia 70/30: QD 32 gives 560,000 + 240,000 = 800,000 IOPS, QD 64 only 548,000 + 235,000 = 783,000.
		const kioxia = data.bars.find((b) => b.device_id === 'kioxia-cm7-r-3t84' && b.readPct === 70)!;
		expect(kioxia).toMatchObject({ read: 560_000, write: 240_000, value: 800_000 });
		expect(kioxia.run_id).toContain('qd32');
		const segments = data.segments.filter((s) => s.device === 'KIOXIA CM7-R 3.84 TB' && s.mix === '70/30 read/write');
		expect(segments.map((s) => [s.part, s.y1, s.y2])).toEqual([
			['read', 0, 560_000],
			['write', 560_000, 800_000],
		]);
	});

	it('keeps a total the tool did not split (Iometer) as one segment', () => {
		const data = mixBarsData(mixRows, base);
		const intel = data.bars.find((b) => b.device_id === 'intel-ssd-710-200g')!;
		expect(intel).toMatchObject({ read: null, write: null, value: 9_800, readPct: 67 });
		expect(data.segments.filter((s) => s.device === 'Intel SSD 710 200 GB').map((s) => s.part)).toEqual(['mixed']);
		expect(mixBarsSummary(mixRows, base)).toContain(
			'67/33 read/write: best Intel SSD 710 200 GB, 9,800 IOPS in total (not split by direction)',
		);
	});

	it('leaves pure reads and writes out', () => {
		expect(mixBarsData(mixRows, base).bars.every((b) => b.readPct > 0 && b.readPct < 100)).toBe(true);
		expect(mixBarsTable(mixRows, base).rows).toHaveLength(6);
	});

	it('converts IOPS to MB/s (× 4096 B / 10⁶)', () => {
		const iops = mixBarsTable(mixRows, base);
		const mbps = mixBarsTable(mixRows, { ...base, rateUnit: 'MB/s' });
		expect(mbps.columns.slice(2, 5)).toEqual(['Read (MB/s)', 'Write (MB/s)', 'Total (MB/s)']);
		// Kioxia 70/30: 800,000 IOPS × 4096 B = 3,276.8 MB/s. Iometer gave no bandwidth and no block size is
		// missing: 9,800 × 4096 B = 40.1408 MB/s.
		expect(mbps.rows.find((r) => r[1] === 'KIOXIA CM7-R 3.84 TB')![4]).toBe(3_276.8);
		expect(mbps.rows.find((r) => r[1] === 'Intel SSD 710 200 GB')![4]).toBe(40.1408);
		iops.rows.forEach((row, i) => expect(mbps.rows[i]![4]).toBeCloseTo(((row[4] as number) * 4096) / 1e6, 9));
	});

	it('draws a published split pale', () => {
		const chart = mixBars(mixRows, base);
		const pale = [...chart.querySelectorAll('[stroke-dasharray="3 2"] rect')].map(
			(r) => r.querySelector('title')?.textContent ?? '',
		);
		expect(pale).toHaveLength(2);
		expect(pale.every((t) => t.startsWith('Micron 7450 PRO 1.92 TB · 70/30 read/write · published'))).toBe(true);
	});

	it('summarizes the best device per mix and tabulates the chosen runs', () => {
		expect(mixBarsSummary(mixRows, base)).toContain(
			'70/30 read/write: best KIOXIA CM7-R 3.84 TB, 800,000 IOPS in total (560,000 read, 240,000 write)',
		);
		const table = mixBarsTable(mixRows, base);
		expect(table.columns).toEqual([
			'Read/write mix',
			'Device',
			'Read (IOPS)',
			'Write (IOPS)',
			'Total (IOPS)',
			'Load',
			'Origin',
			'Run',
		]);
	});
});
