// Plot's names of a chart's parts (read by screen readers) are in the chart's language.
import { describe, expect, it } from 'vitest';
import { ariaName } from '../../../src/lib/charts/aria-labels.ts';
import { chartContext } from '../../../src/lib/charts/context.ts';
import { renderChart } from '../../../src/lib/site/chart-kinds.ts';
import { document } from './render.ts';
import { iopsPoints } from './timeseries-rows.ts';

const options = { document, latencyUnit: 'us', rateUnit: 'iops', stat: 'mean', metric: 'iops' } as const;

describe('names of chart parts', () => {
	it('are Plot’s own in English and Chinese in Chinese', () => {
		const en = chartContext({ ...options, lang: 'en' });
		const zh = chartContext({ ...options, lang: 'zh-Hans' });
		for (const name of ['x-axis tick label', 'fy-axis label', 'y-grid', 'bar', 'area']) expect(ariaName(name, en)).toBe(name);
		expect(['x-axis tick label', 'y-axis tick', 'fx-axis label', 'y-grid', 'bar', 'line'].map((n) => ariaName(n, zh))).toEqual([
			'横轴刻度标签',
			'纵轴刻度',
			'分面横轴标题',
			'纵轴网格线',
			'柱',
			'折线',
		]);
		expect(ariaName('something else', zh)).toBeUndefined();
	});

	it('are renamed in a chart drawn for a Chinese page, and left as Plot drew them in an English one', () => {
		const names = (lang: 'en' | 'zh-Hans') =>
			[...renderChart('ts', iopsPoints, { ...options, lang }).element.querySelectorAll('svg g[aria-label]')].map((g) => g.getAttribute('aria-label'));
		expect(names('en')).toContain('x-axis tick label');
		const zh = names('zh-Hans');
		expect(zh).toContain('横轴刻度标签');
		expect(zh.filter((n) => /[a-z]{2}/.test(n ?? ''))).toEqual([]);
	});
});
