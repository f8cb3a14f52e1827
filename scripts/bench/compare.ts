// The comparison page at a catalog's size, in Debian's Chromium against the built site served on localhost: for a
// 2-drive and an 8-drive comparison, the bytes on the wire (all, and past the app shell: the drives' files and
// Parquet), the time from navigation to the first overlaid chart (cold: the page drawn and its first chart brought
// into view), and a redraw after changing the latency statistic with that chart in view (warm, median of 5: until the
// charts in view are drawn again with their summaries and tables; those out of view follow in idle time, or when
// scrolled to). The aim: the bytes grow with the drives compared, not with the catalog.
import type { Browser } from 'playwright-core';
import type { RequestRecord } from '../serve.ts';
import { inChromium, median } from './site.ts';

export interface CompareFigures {
	drives: number;
	/** Bytes of every response, and of the data responses alone (drive files and Parquet: past the app shell). */
	all: number;
	data: number;
	requests: number;
	firstChartMs: number;
	redrawMs: number;
}

const isShell = (path: string) => path.endsWith('/') || path.endsWith('.html') || path.startsWith('/_astro/') || path === '/favicon.svg';

async function measureOne(browser: Browser, base: string, requests: RequestRecord[], devices: readonly string[]): Promise<CompareFigures> {
	requests.length = 0;
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	try {
		const page = await context.newPage();
		const started = Date.now();
		await page.goto(`${base}/compare/?devices=${devices.join(',')}`);
		// The first overlaid chart: the comparison drawn, its first chart brought into view and drawn there.
		await page.waitForSelector('[data-compare-page][data-state="ready"] [data-compare-output] figure[data-chart]', { timeout: 120_000 });
		await page.locator('[data-compare-output] figure[data-chart]').first().scrollIntoViewIfNeeded();
		await page.waitForSelector('[data-compare-output] figure[data-chart] [data-chart-frame] svg', { timeout: 120_000 });
		const firstChartMs = Date.now() - started;
		const redraws: number[] = [];
		for (const stat of ['p99', 'mean', 'p99', 'mean', 'p99']) {
			redraws.push(
				await page.evaluate(
					(value) =>
						new Promise<number>((done) => {
							const root = document.querySelector<HTMLElement>('[data-compare-page]')!;
							const select = document.querySelector<HTMLSelectElement>('[data-compare-page] [data-control="stat"]')!;
							const t0 = performance.now();
							select.value = value;
							select.dispatchEvent(new Event('change'));
							const check = () => (root.dataset.state === 'ready' ? requestAnimationFrame(() => done(performance.now() - t0)) : requestAnimationFrame(check));
							requestAnimationFrame(check);
						}),
					stat,
				),
			);
		}
		const path = (r: RequestRecord) => new URL(r.url, base).pathname;
		const sum = (rs: RequestRecord[]) => rs.reduce((n, r) => n + r.bytes, 0);
		return {
			drives: devices.length,
			all: sum(requests),
			data: sum(requests.filter((r) => !isShell(path(r)))),
			requests: requests.length,
			firstChartMs,
			redrawMs: median(redraws),
		};
	} finally {
		await context.close();
	}
}

/** A 2-drive and an 8-drive comparison of the site in `site`; the drives are the catalog's first ones with results. */
export async function benchComparison(site: string, drives: readonly string[]): Promise<CompareFigures[] | string> {
	if (drives.length < 8) return `only ${drives.length} drives`;
	return inChromium(site, async (browser, server) => {
		const base = server.url.replace(/\/$/, '');
		return [await measureOne(browser, base, server.requests, drives.slice(0, 2)), await measureOne(browser, base, server.requests, drives.slice(0, 8))];
	});
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** One cell per figure: "data KB / all KB (requests) · first chart ms · redraw ms". */
export function compareCells(figures: CompareFigures[] | string): string[] {
	if (typeof figures === 'string') return [figures, ''];
	return figures.map((f) => `${kb(f.data)}/${kb(f.all)} (${f.requests}) ${f.firstChartMs} ms, ${f.redrawMs.toFixed(0)} ms`);
}
