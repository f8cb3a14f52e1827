import { describe, expect, it } from 'vitest';
import { fourCorners, fourCornersData, fourCornersSummary, fourCornersTable } from '../../../src/lib/charts/four-corners/chart.ts';
import type { ChartOptions } from '../../../src/lib/charts/options.ts';
import { cornerRows } from './bar-rows.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';

const value = (options: ChartOptions, corner: string, device: string) =>
	fourCornersData(cornerRows, options).bars.find((b) => b.corner === corner && b.device_id === device);

describe('fourCorners', () => {
	it('draws sequential bandwidth and random IOPS in two panels', async () => {
		const chart = fourCorners(cornerRows, base);
		await expectSnapshot(chart, 'four-corners');
		expect(chart.querySelectorAll('svg[font-family]')).toHaveLength(2);
		expect(legendOf(chart)).toHaveLength(4);
		expect(captionOf(chart)).toContain('128 KiB sequential bandwidth (MB/s) and 4 KiB random IOPS');
		expect(captionOf(chart)).toContain('Pale outlined bars: published figures');
	});

	it('renders in Chinese with MiB/s', async () => {
		const chart = fourCorners(cornerRows, { ...base, lang: 'zh-Hans', rateUnit: 'MiB/s' });
		await expectSnapshot(chart, 'four-corners-zh-mibps');
		expect(captionOf(chart)).toContain('128 KiB 顺序带宽（MiB/s）');
	});

	it("takes each device's best measured run per corner", () => {
		// Kioxia random read: the QD sweep's best, 2,050,000 IOPS at 4 × QD 64; random write: QD 32 (355,000)
		// beats QD 64 (350,000).
		expect(value(base, 'rand_read', 'kioxia-cm7-r-3t84')).toMatchObject({ value: 2_050_000, published: false });
		expect(value(base, 'rand_write', 'kioxia-cm7-r-3t84')!.run_id).toContain('randwrite-qd32');
		// Samsung sequential read: measured 6,900 MB/s, not the published 6,950.
		expect(value(base, 'seq_read', 'samsung-pm9a3-3t84')).toMatchObject({ value: 6_900, published: false });
		// Intel is known only from the review.
		expect(value(base, 'seq_write', 'intel-ssd-710-200g')).toMatchObject({ value: 210, published: true });
		expect(value(base, 'rand_read', 'intel-ssd-710-200g')).toMatchObject({ value: 38_500, published: true });
		// Micron never ran a sequential write.
		expect(value(base, 'seq_write', 'micron-7450-1t92')).toBeUndefined();
	});

	it('shows sequential bandwidth in MB/s or MiB/s and random results always in IOPS', () => {
		// 14,000 MB/s = 14,000 × 10⁶ B/s = 14,000 × 10⁶ / 2²⁰ MiB/s = 13,351.44 MiB/s.
		expect(value({ ...base, rateUnit: 'MiB/s' }, 'seq_read', 'kioxia-cm7-r-3t84')!.value).toBeCloseTo(13_351.4404, 4);
		expect(value({ ...base, rateUnit: 'MB/s' }, 'seq_read', 'kioxia-cm7-r-3t84')!.value).toBe(14_000);
		expect(value({ ...base, rateUnit: 'MiB/s' }, 'rand_read', 'kioxia-cm7-r-3t84')).toMatchObject({
			value: 2_050_000,
			unit: 'IOPS',
		});
	});

	it('draws published bars pale with a dashed outline', () => {
		const chart = fourCorners(cornerRows, base);
		const pale = [...chart.querySelectorAll('[aria-label="bar"] [stroke-dasharray="3 2"] rect')];
		// Intel: sequential read and write, random read and write.
		expect(pale).toHaveLength(4);
	});

	it('hides devices not in options.series', () => {
		const bars = fourCornersData(cornerRows, { ...base, series: ['micron-7450-1t92'] }).bars;
		expect(bars.map((b) => b.corner)).toEqual(['seq_read', 'rand_read', 'rand_write']);
	});

	it('summarizes the best device per corner and tabulates every bar', () => {
		expect(fourCornersSummary(cornerRows, base)).toBe(
			'128 KiB sequential read: best KIOXIA CM7-R 3.84 TB, 14,000 MB/s. ' +
				'128 KiB sequential write: best KIOXIA CM7-R 3.84 TB, 6,750 MB/s. ' +
				'4 KiB random read: best KIOXIA CM7-R 3.84 TB, 2,050,000 IOPS. ' +
				'4 KiB random write: best KIOXIA CM7-R 3.84 TB, 355,000 IOPS.',
		);
		const table = fourCornersTable(cornerRows, base);
		expect(table.columns).toEqual(['Test', 'Device', 'Value per drive', 'Unit', 'Drives', 'Total of the drives', 'Load', 'Origin', 'Run', 'Source file']);
		expect(table.rows).toHaveLength(4 + 3 + 4 + 4);
		expect(table.rows[0]).toEqual([
			'128 KiB sequential read',
			'Intel SSD 710 200 GB',
			270,
			'MB/s',
			null,
			270,
			null,
			'published',
			'review-b:published/results.csv#710-seqread',
			'published/results.csv',
		]);
	});

	it('draws each drive alone: a total of 8 drives at once is divided by 8, a host-bound total is not', () => {
		const kioxia = cornerRows.filter((r) => r.device_id === 'kioxia-cm7-r-3t84');
		const eight = kioxia.map((r) => ({ ...r, device_count: 8 }));
		const bar = fourCornersData(eight, base).bars.find((b) => b.corner === 'rand_read')!;
		// 2,050,000 IOPS for 8 drives = 256,250 per drive; the title keeps the total.
		expect(bar).toMatchObject({ value: 256_250, total: 2_050_000 });
		expect(bar.title).toContain('2,050,000 IOPS in total, 8 drives');
		expect(captionOf(fourCorners(eight, base))).toContain('Per drive: a total measured on several drives at once is divided by their number');
		expect(fourCornersTable(eight, base).rows.find((r) => r[0] === '4 KiB random read')!.slice(2, 6)).toEqual([256_250, 'IOPS', 8, 2_050_000]);
		const bound = eight.map((r) => ({ ...r, condition: 'CPU-saturated' }));
		expect(fourCornersData(bound, base).bars.find((b) => b.corner === 'rand_read')).toMatchObject({ value: 2_050_000, total: 2_050_000 });
		expect(captionOf(fourCorners(kioxia, base))).not.toContain('Per drive');
	});

	it('leaves out a panel and a direction no device has, and names the corners missing', () => {
		const random = cornerRows.filter((r) => r.device_id === 'micron-7450-1t92');
		const chart = fourCorners(random, base);
		// Micron: sequential read, random read and write; no sequential write. Both panels, the sequential one with its read only.
		expect(chart.querySelectorAll('svg[font-family]')).toHaveLength(2);
		expect(captionOf(chart)).toContain('No result for 128 KiB sequential write.');
		const randomOnly = random.filter((r) => fourCornersData([r], base).bars[0]?.panel === 'rand');
		const one = fourCorners(randomOnly, base);
		expect(one.querySelectorAll('svg[font-family]')).toHaveLength(1);
		expect(captionOf(one)).toContain('No result for 128 KiB sequential read, 128 KiB sequential write.');
		expect(fourCornersSummary(randomOnly, base)).toContain('No result for 128 KiB sequential read, 128 KiB sequential write.');
	});

	it('leaves a device with no value in any corner out of the legend and the panels, and names it', () => {
		// Intel's published rows without their figures: runs of the four corners, none with a rate.
		const intelBlank = cornerRows.filter((r) => r.device_id === 'intel-ssd-710-200g').map((r) => ({ ...r, iops: null, bw_bytes_per_s: null }));
		const others = cornerRows.filter((r) => r.device_id !== 'intel-ssd-710-200g');
		const chart = fourCorners([...others, ...intelBlank], base);
		expect(legendOf(chart)).toHaveLength(3);
		expect(legendOf(chart).join(' ')).not.toContain('Intel');
		expect(captionOf(chart)).toContain('No four-corner result for Intel SSD 710 200 GB.');
		expect(captionOf(fourCorners(cornerRows, base))).not.toContain('No four-corner result');
	});
});
