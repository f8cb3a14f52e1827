// Chart text on a phone: at 320 and 375 px, on a review, a workload, a drive, a live comparison and a comparison's
// pre-rendered page, every chart's text is drawn at 10 px or more once the page has redrawn its charts for their
// width (and, on the pre-rendered comparison, without JavaScript too), and the charts stay inside their frames.
// Screenshots in light and dark, English and Chinese.
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, browserSession } from './chromium.ts';
import { chartText } from './chart-text.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);

const PAGES = [
	['review', '/reviews/zdnet-2013-intel-dc-s3500/'],
	['workload', '/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read/'],
	['drive', '/drives/intel-d7-p5510-7-68tb/'],
	['compare', '/compare/?devices=crucial-p2-2tb,wd-blue-3d-1tb'],
	['pair', '/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb/'],
] as const;

describe('chart text on a phone', () => {
	it.each(PAGES.flatMap(([name, path]) => [320, 375].map((width) => [name, path, width] as const)))('%s page (%s) at %i px: 10 px or more', async (name, path, width) => {
		const dark = width === 375;
		const zh = name === 'review' || name === 'workload';
		const w = await open(zh && width === 375 ? `/zh-Hans${path}` : path, { viewport: { width, height: 800 }, colorScheme: dark ? 'dark' : 'light' });
		if (name === 'compare') await w.page.waitForSelector('[data-compare-page][data-state="ready"]', { timeout: 60_000 });
		const ids = await w.page.locator('figure[data-chart]').evaluateAll((figs) => figs.map((f) => f.id).filter(Boolean));
		expect(ids.length).toBeGreaterThan(0);
		for (const id of ids) {
			const figure = w.page.locator(`figure[id="${id}"]`).first();
			await figure.scrollIntoViewIfNeeded();
			// Charts in view are redrawn at their width once the chart library has loaded (histograms: once DuckDB has).
			await expect
				.poll(async () => (await chartText(w.page, `figure[id="${id}"] [data-chart-frame]`)).smallest, { timeout: 60_000, message: `${name} ${id}` })
				.toBeGreaterThanOrEqual(9.99);
			const { fill } = await chartText(w.page, `figure[id="${id}"] [data-chart-frame]`);
			expect(fill, `${name} ${id}`).toBeLessThanOrEqual(1.001);
		}
		await w.page.evaluate(() => window.scrollTo(0, 0));
		await w.page.locator('figure[data-chart]').first().scrollIntoViewIfNeeded();
		await w.page.screenshot({ path: join(ARTIFACTS, `chart-text-${name}-${width}${dark ? '-dark' : ''}${zh && width === 375 ? '-zh' : ''}.png`) });
		await w.context.close();
	});

	it('on the pre-rendered comparison without JavaScript, too', async () => {
		const w = await open('/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb/', { viewport: { width: 320, height: 800 }, javaScriptEnabled: false });
		const { smallest, fill } = await chartText(w.page);
		expect(smallest).toBeGreaterThanOrEqual(9.99);
		expect(fill).toBeLessThanOrEqual(1.001);
		await w.context.close();
	});
});
