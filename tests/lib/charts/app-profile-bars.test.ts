import { describe, expect, it } from 'vitest';
import {
	appProfileBars,
	appProfileBarsSummary,
	appProfileBarsTable,
	appProfileData,
} from '../../../src/lib/charts/app-profile-bars/chart.ts';
import { appRows } from './bar-rows.ts';
import { captionOf, base, expectSnapshot, legendOf } from './render.ts';

describe('appProfileBars', () => {
	it('draws one panel per workload, each on its own scale', async () => {
		const chart = appProfileBars(appRows, base);
		await expectSnapshot(chart, 'app-profile-bars');
		const panels = [...chart.querySelectorAll('svg[font-family]')];
		expect(panels.map((p) => p.querySelector('[aria-label="x-axis label"]')?.textContent)).toEqual([
			'Aerospike ACT (TPS)',
			'Database (IOPS)',
			'File server (IOPS)',
			'Sysbench OLTP (TPS)',
			'Web server (IOPS)',
		]);
		// Micron's row has no workload label: it is not an application profile.
		expect(legendOf(chart)).toEqual(['Intel SSD 710 200 GB', 'KIOXIA CM7-R 3.84 TB', 'Samsung PM9A3 3.84 TB']);
		expect(captionOf(chart)).toContain('Tool: Aerospike ACT 6.4, fio 3.33, Iometer 1.1.0, Sysbench 1.0.20');
	});

	it('ends a drive name longer than its margin in an ellipsis on a phone, whole in the legend', () => {
		const long = 'Intel Optane Persistent Memory 200 series (PMem 200)';
		const labels = { ...base.deviceLabels, 'samsung-pm9a3-3t84': long };
		const ticks = (width: number) => {
			const chart = appProfileBars(appRows, { ...base, deviceLabels: labels, width });
			return [...chart.querySelectorAll('[aria-label="y-axis tick label"] text')].map((t) => t.childNodes[0]?.textContent ?? ''); // the text, not its title
		};
		const narrow = ticks(320);
		expect(narrow.filter((t) => t.startsWith('Intel Optane Persistent') && t.endsWith('…'))).not.toHaveLength(0);
		expect(narrow).not.toContain(long);
		expect(narrow).toContain('KIOXIA CM7-R 3.84 TB'); // a name that fits is left whole
		expect(legendOf(appProfileBars(appRows, { ...base, deviceLabels: labels, width: 320 }))).toContain(long);
	});

	it('uses TPS when the run reports it, else the sum of the directions', () => {
		const data = appProfileData(appRows, base);
		const bar = (workload: string, device: string) =>
			data.bars.find((b) => b.workload === workload && b.device_id === device)!;
		expect(bar('Sysbench OLTP', 'kioxia-cm7-r-3t84')).toMatchObject({ metric: 'tps', value: 11_850, unit: 'TPS' });
		// fio's database mix: 301,000 read + 99,000 write IOPS.
		expect(bar('Database', 'kioxia-cm7-r-3t84')).toMatchObject({ metric: 'rate', value: 400_000, unit: 'IOPS' });
		expect(bar('File server', 'intel-ssd-710-200g')).toMatchObject({ value: 6_100, published: true });
	});

	it('hides devices not in options.series', () => {
		const data = appProfileData(appRows, { ...base, series: ['samsung-pm9a3-3t84'] });
		expect(new Set(data.bars.map((b) => b.device))).toEqual(new Set(['Samsung PM9A3 3.84 TB']));
		expect(data.workloads).toHaveLength(5);
	});

	it('summarizes the best device per workload and tabulates the bars', () => {
		const summary = appProfileBarsSummary(appRows, base);
		expect(summary).toContain('Database: best KIOXIA CM7-R 3.84 TB, 400,000 IOPS');
		expect(summary).toContain('Aerospike ACT: best Samsung PM9A3 3.84 TB, 72,000 TPS');
		const table = appProfileBarsTable(appRows, base);
		expect(table.columns).toEqual(['Workload', 'Device', 'Value', 'Unit', 'Load', 'Origin', 'Run', 'Source file']);
		expect(table.rows).toHaveLength(1 + 2 + 3 + 2 + 2);
	});
});
