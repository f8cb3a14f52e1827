import { describe, expect, it } from 'vitest';
import { isDefaultView, needsRequery, queryFromView, viewFromQuery } from '../../../src/lib/site/url-state.ts';
import { DEFAULT_VIEW } from '../../../src/lib/site/view.ts';

const view = (q: string) => viewFromQuery(new URLSearchParams(q));

describe('chart view in the URL', () => {
	it('reads the documented parameters', () => {
		expect(view('stat=p99&unit=ms&log=x&devices=a,b')).toEqual({
			...DEFAULT_VIEW,
			stat: 'p99',
			latencyUnit: 'ms',
			logX: true,
			logY: false,
			devices: ['a', 'b'],
		});
		expect(view('stat=p99.99&unit=MiBps,us&log=x,y&buckets=1000&dir=write')).toMatchObject({
			stat: 'p99_99',
			rateUnit: 'MiB/s',
			latencyUnit: 'us',
			logX: true,
			logY: true,
			buckets: 1000,
			direction: 'write',
		});
		expect(view('log=none')).toMatchObject({ logX: false, logY: false });
	});

	it('ignores what it does not know, keeping the defaults', () => {
		expect(view('stat=p42&unit=furlongs&buckets=7&dir=sideways&devices=<script>,ok-id')).toEqual({ ...DEFAULT_VIEW, devices: ['ok-id'] });
		expect(view('')).toEqual(DEFAULT_VIEW);
	});

	it('writes only what differs from the defaults and keeps other parameters', () => {
		expect(queryFromView(DEFAULT_VIEW).toString()).toBe('');
		expect(isDefaultView(DEFAULT_VIEW)).toBe(true);
		const v = { ...DEFAULT_VIEW, stat: 'p99_9' as const, rateUnit: 'MB/s' as const, latencyUnit: 'ms' as const, logY: true, logX: false };
		const q = queryFromView(v, new URLSearchParams('lang=en&stat=mean'));
		expect(q.toString()).toBe('lang=en&stat=p99.9&unit=MBps%2Cms&log=y');
		expect(isDefaultView(v)).toBe(false);
	});

	it('round-trips every view', () => {
		const views = [
			DEFAULT_VIEW,
			{ ...DEFAULT_VIEW, stat: 'p50' as const, devices: [] },
			{ ...DEFAULT_VIEW, rateUnit: 'MiB/s' as const, logX: false, logY: false, buckets: 100 },
			{ ...DEFAULT_VIEW, direction: 'trim', devices: ['x', 'y-2'] },
		];
		for (const v of views) expect(viewFromQuery(queryFromView(v))).toEqual(v);
	});

	it('knows which views need rows the page does not hold', () => {
		expect(needsRequery(DEFAULT_VIEW)).toBe(false);
		expect(needsRequery({ ...DEFAULT_VIEW, stat: 'p99', rateUnit: 'MB/s' })).toBe(false);
		expect(needsRequery({ ...DEFAULT_VIEW, buckets: 1000 })).toBe(true);
		expect(needsRequery({ ...DEFAULT_VIEW, direction: 'write' })).toBe(true);
	});
});
