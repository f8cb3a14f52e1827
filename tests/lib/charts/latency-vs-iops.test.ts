import { describe, expect, it } from 'vitest';
import {
	latencyVsIops,
	latencyVsIopsData,
	latencyVsIopsSummary,
	latencyVsIopsTable,
} from '../../../src/lib/charts/latency-vs-iops/chart.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';
import { run } from './rows.ts';
import { failedRun, intelPublished, micronIopsOnly, micronSingle, sweepRows } from './sweeps.ts';

// 7 Kioxia + 7 Samsung sweep points, the failed Samsung run, the Micron run and 2 published Intel figures;
// the Micron published IOPS-only row has no latency.
const DRAWABLE_LINEAR = 7 + 7 + 1 + 1 + 2;

describe('latencyVsIops', () => {
	it('draws every device on linear axes', async () => {
		const chart = latencyVsIops(sweepRows, base);
		await expectSnapshot(chart, 'latency-vs-iops-linear');
		expect(chart.querySelectorAll('circle')).toHaveLength(DRAWABLE_LINEAR);
		expect(legendOf(chart)).toEqual([
			'Intel SSD 710 200 GB',
			'KIOXIA CM7-R 3.84 TB',
			'Micron 7450 PRO 1.92 TB',
			'Samsung PM9A3 3.84 TB',
		]);
		expect(captionOf(chart)).not.toContain('not drawn');
		expect(captionOf(chart)).toContain('1 run has no value to plot');
	});

	it('draws the devices of a comparison measured under other conditions dotted and pale', async () => {
		const muted = sweepRows.find((r) => r.value_origin !== 'published')!.device_id;
		const chart = latencyVsIops(sweepRows, { ...base, muted: [muted] });
		await expectSnapshot(chart, 'latency-vs-iops-muted');
		const dotted = [...chart.querySelectorAll('[aria-label="line"]')].filter((g) => g.getAttribute('stroke-dasharray') === '1 3');
		expect(dotted).toHaveLength(1);
		expect(dotted[0]!.getAttribute('stroke-opacity')).toBe('0.6');
		// Every point is still drawn, the muted device's as pale dots.
		expect(chart.querySelectorAll('circle')).toHaveLength(DRAWABLE_LINEAR);
		const plain = latencyVsIops(sweepRows, base);
		expect([...plain.querySelectorAll('[aria-label="line"]')].some((g) => g.getAttribute('stroke-dasharray') === '1 3')).toBe(false);
	});

	it('makes room left of the plot for the longest latency tick label ("12,000" µs)', () => {
		const slow = [1, 2, 3].map((qd) =>
			run({ device_id: 'hdd', run_id: `hdd#${qd}`, iodepth: qd, iops: 100 * qd, lat_mean_ns: 4_000_000 * qd, clat_mean_ns: 4_000_000 * qd }),
		);
		const chart = latencyVsIops(slow, base);
		const labels = [...chart.querySelectorAll('[aria-label="y-axis tick label"] text')];
		expect(labels.map((t) => t.textContent)).toContain('12,000');
		// Plot right-aligns the labels at marginLeft (each text's x) − 9 px: 6 characters need 6 × 6.2 px of that.
		const x = Number(/translate\(([\d.]+)/.exec(labels[0]!.getAttribute('transform')!)![1]);
		expect(x - 9).toBeGreaterThanOrEqual(6 * 6.2);
	});

	it('drops values ≤ 0 on log axes and says how many in the caption', async () => {
		const options = { ...base, logX: true, logY: true };
		const chart = latencyVsIops(sweepRows, options);
		await expectSnapshot(chart, 'latency-vs-iops-log');
		const data = latencyVsIopsData(sweepRows, options);
		// The failed run (0 IOPS, 0 ns) is the only one.
		expect(data.dropped).toBe(1);
		expect(data.points.some((p) => p.run_id === failedRun.run_id)).toBe(false);
		expect(chart.querySelectorAll('circle')).toHaveLength(DRAWABLE_LINEAR - 1);
		expect(captionOf(chart)).toContain('1 point ≤ 0 not drawn on the log scale');
		expect(latencyVsIopsSummary(sweepRows, options)).toContain('1 point ≤ 0 not drawn on the log scale');
		// A log y axis alone drops the same run (its latency is 0 too); a log x axis alone as well (0 IOPS).
		expect(latencyVsIopsData(sweepRows, { ...base, logY: true }).dropped).toBe(1);
		expect(latencyVsIopsData(sweepRows, { ...base, logX: true }).dropped).toBe(1);
	});

	it('renders in Chinese with p99, ms and MB/s', async () => {
		const chart = latencyVsIops(sweepRows, {
			...base,
			lang: 'zh-Hans',
			stat: 'p99',
			latencyUnit: 'ms',
			rateUnit: 'MB/s',
			logY: true,
		});
		await expectSnapshot(chart, 'latency-vs-iops-zh-p99-ms-mbps');
		expect(captionOf(chart)).toContain('延迟（p99，ms）与带宽（MB/s）的关系');
		// No p99 for Intel's two published figures, Micron's IOPS-only figure and the failed run.
		expect(captionOf(chart)).toContain('4 个运行缺少可绘制的数值');
		expect(captionOf(chart)).not.toContain('review-b');
	});

	it('shows only the devices in options.series, keeping their colours', () => {
		const series = ['kioxia-cm7-r-3t84', 'intel-ssd-710-200g'];
		const all = latencyVsIops(sweepRows, base);
		const some = latencyVsIops(sweepRows, { ...base, series });
		expect(legendOf(some)).toEqual(['Intel SSD 710 200 GB', 'KIOXIA CM7-R 3.84 TB']);
		expect(some.querySelectorAll('circle')).toHaveLength(7 + 2);
		const kioxiaColor = (el: Element) =>
			el.querySelector('[aria-label="line"] path:not([stroke-dasharray])')?.getAttribute('stroke');
		expect(kioxiaColor(some)).toBe(kioxiaColor(all));
		expect(kioxiaColor(some)).toBe('#efb118');
		const devices = new Set(latencyVsIopsTable(sweepRows, { ...base, series }).rows.map((r) => r[0]));
		expect([...devices]).toEqual(['Intel SSD 710 200 GB', 'KIOXIA CM7-R 3.84 TB']);
	});

	it('converts µs to ms (÷ 1000) and IOPS to MB/s (× 4096 B / 10⁶) and MiB/s (× 4096 B / 2²⁰)', () => {
		const us = latencyVsIopsTable(sweepRows, base);
		const ms = latencyVsIopsTable(sweepRows, { ...base, latencyUnit: 'ms' });
		const mbps = latencyVsIopsTable(sweepRows, { ...base, rateUnit: 'MB/s' });
		const mibps = latencyVsIopsTable(sweepRows, { ...base, rateUnit: 'MiB/s' });
		expect(us.columns[3]).toBe('IOPS');
		expect(mbps.columns[3]).toBe('Bandwidth (MB/s)');
		expect(ms.columns[4]).toBe('Latency, mean (ms)');
		us.rows.forEach((row, i) => {
			const [iops, latency] = [row[3] as number | null, row[4] as number | null];
			if (latency !== null) expect(ms.rows[i]![4]).toBeCloseTo(latency / 1000, 9);
			if (iops !== null) {
				expect(mbps.rows[i]![3]).toBeCloseTo((iops * 4096) / 1e6, 6);
				expect(mibps.rows[i]![3]).toBeCloseTo((iops * 4096) / 2 ** 20, 6);
			}
		});
		// Kioxia at 4 × QD 64: 2,050,000 IOPS × 4096 B = 8,396.8 MB/s; 124.9 µs = 0.1249 ms.
		const kioxiaQd64 = (t: typeof us) => t.rows.find((r) => r[7] === 'review-a:kioxia/randread-sweep.json#randread-qd64')!;
		expect(kioxiaQd64(mbps)[3]).toBe(8396.8);
		expect(kioxiaQd64(ms)[4]).toBe(0.1249);
	});

	it('falls back from total to completion latency for the mean, and from clat to lat for percentiles', () => {
		const mean = latencyVsIopsData([micronSingle], base).points[0]!;
		expect(mean.latency_column).toBe('clat_mean_ns');
		expect(mean.y).toBe(176.4);
		const p99 = latencyVsIopsData([micronSingle], { ...base, stat: 'p99' }).points[0]!;
		expect(p99.latency_column).toBe('clat_p99_ns');
		const latOnly = run({ device_id: 'x', run_id: 'x#1', iops: 10, lat_p99_ns: 2_000 });
		expect(latencyVsIopsData([latOnly], { ...base, stat: 'p99' }).points[0]!.latency_column).toBe('lat_p99_ns');
		expect(latencyVsIopsData([micronIopsOnly], base)).toMatchObject({ points: [], missing: 1 });
	});

	it('orders each line by load: target rate for rate-stepped runs, then outstanding I/Os', () => {
		const step = (rate: number | null, id: string) =>
			run({
				device_id: 'd',
				run_id: `r#${id}`,
				iodepth: 32,
				numjobs: 1,
				rate_limit_iops: rate,
				iops: rate ?? 410_000,
				lat_mean_ns: 1e5,
			});
		const rows = [step(300_000, 'a'), step(null, 'b'), step(100_000, 'c'), step(200_000, 'd')];
		expect(latencyVsIopsData(rows, base).points.map((p) => p.run_id)).toEqual(['r#c', 'r#d', 'r#a', 'r#b']);
		expect(latencyVsIopsData(rows, base).points[0]!.load).toBe('target 100,000 IOPS');
	});

	it('draws published figures hollow and dashed, labelled "published"', () => {
		const chart = latencyVsIops(intelPublished, base);
		const dots = [...chart.querySelectorAll('circle')];
		expect(dots).toHaveLength(2);
		for (const dot of dots) expect(dot.closest('g')?.getAttribute('fill')).toBe('none');
		expect(chart.querySelector('[aria-label="line"][stroke-dasharray="4 3"] path')).not.toBeNull();
		expect([...chart.querySelectorAll('text')].some((t) => t.textContent === 'published')).toBe(true);
		expect(captionOf(chart)).toContain('Dashed lines and hollow marks: published figures');
	});

	it('gives each point a tooltip naming its run and source file', () => {
		const title = latencyVsIops([micronSingle], base).querySelector('circle title')?.textContent;
		expect(title).toContain('Run: review-a:micron/randread-qd32.json#randread');
		expect(title).toContain('Source file: micron/randread-qd32.json');
	});

	it('summarizes the top device and the lowest latency', () => {
		const summary = latencyVsIopsSummary(sweepRows, base);
		expect(summary).toContain('Highest IOPS: KIOXIA CM7-R 3.84 TB, 2,050,000 IOPS at 125 µs (4 × QD 64)');
		expect(summary).toContain('Lowest mean latency: KIOXIA CM7-R 3.84 TB, 68.7 µs (4 × QD 1)');
	});

	it('tabulates every visible row with its run and source', () => {
		const table = latencyVsIopsTable(sweepRows, base);
		expect(table.columns).toEqual([
			'Device',
			'Direction',
			'Load',
			'IOPS',
			'Latency, mean (µs)',
			'Latency column',
			'Origin',
			'Run',
			'Source file',
		]);
		expect(table.rows).toHaveLength(sweepRows.length);
		expect(table.rows.find((r) => r[7] === micronIopsOnly.run_id)).toEqual([
			'Micron 7450 PRO 1.92 TB',
			'read',
			'QD 1',
			15_000,
			null,
			null,
			'published',
			micronIopsOnly.run_id,
			'published/results.csv',
		]);
	});

	it('names each point’s run and source file, and links the raw file when the site publishes it', () => {
		const published = new Set(['micron/randread-qd32.json']);
		const options = { ...base, rawFileHref: (file: string) => (published.has(file) ? `/data/raw/${file}` : null) };
		const chart = latencyVsIops(sweepRows, options);
		const links = [...chart.querySelectorAll('a')];
		// Only the Micron run's file is published: its one point is wrapped in a link, the others are not.
		expect(links.map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href'))).toEqual(['/data/raw/micron/randread-qd32.json']);
		expect(links[0]!.querySelector('title')!.textContent).toContain('Run: review-a:micron/randread-qd32.json#randread');
		expect(links[0]!.querySelector('title')!.textContent).toContain('Source file: micron/randread-qd32.json');
		expect(chart.querySelectorAll('circle')).toHaveLength(DRAWABLE_LINEAR);
		expect(latencyVsIops(sweepRows, base).querySelectorAll('a')).toHaveLength(0);
	});
});
