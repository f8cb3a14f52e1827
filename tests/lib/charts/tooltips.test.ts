// What the kinds' marks say on hover, said once: a value's run and file, a curve's point (its line and its tooltip),
// a histogram's line; and the runs' last table columns that go with them.
import { describe, expect, it } from 'vitest';
import { chartContext } from '../../../src/lib/charts/context.ts';
import { deviceSeries } from '../../../src/lib/charts/devices.ts';
import { runCells, runColumns } from '../../../src/lib/charts/table.ts';
import { curvePointOf, runTitleLines, seriesTitle } from '../../../src/lib/charts/tooltips.ts';
import { run } from './rows.ts';

const options = { lang: 'en', latencyUnit: 'us', rateUnit: 'iops', stat: 'mean', deviceLabels: { a: 'Drive A' } } as const;
const ctx = chartContext(options);
const devices = deviceSeries(['a'], options);

describe('chart tooltips', () => {
	it('ends a value’s tooltip with its run and file, as its table row ends', () => {
		const r = run({ device_id: 'a', run_id: 'r1', source_file: 'fio/x.json', value_origin: 'published' });
		expect(runTitleLines(r, ctx)).toEqual(['Run: r1', 'Source file: fio/x.json']);
		expect(runColumns(ctx)).toEqual(['Origin', 'Run', 'Source file']);
		expect(runCells(r, ctx)).toEqual([ctx.origin('published'), 'r1', 'fio/x.json']);
		expect(seriesTitle('Drive A · QD 1', 1234, ctx)).toBe('Drive A · QD 1\n1,234 I/Os');
	});

	it('gives a curve’s point one line per drive, host, direction and origin, and says so in its tooltip', () => {
		const measured = curvePointOf(run({ device_id: 'a', run_id: 'r1', iodepth: 32, numjobs: 1, host: 'h1' }), '9 IOPS', ctx, devices);
		const published = curvePointOf(run({ device_id: 'a', run_id: 'r2', iodepth: 32, numjobs: 1, host: 'h1', value_origin: 'published' }), '9 IOPS', ctx, devices);
		const otherHost = curvePointOf(run({ device_id: 'a', run_id: 'r3', iodepth: 32, numjobs: 1, host: 'h2' }), '9 IOPS', ctx, devices);
		expect(new Set([measured.series, published.series, otherHost.series]).size).toBe(3);
		expect(measured.title).toBe('Drive A · read\nQD 32\n9 IOPS\nRun: r1\nSource file: fio/sweep.json');
		expect(published.title.split('\n')[0]).toBe(`Drive A · read · ${ctx.labels.published}`);
		expect([measured.device, measured.run_id, measured.origin]).toEqual(['Drive A', 'r1', 'measured']);
	});
});
