// The site as a reader sees it, in Debian's Chromium: catalog search and filters, charts with
// JavaScript off, live re-query through DuckDB-wasm, theme and language, no console errors, no
// request leaving localhost. Screenshots at 1280 px and 375 px go to tests/artifacts/.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launch, watchedPage, type Watched } from './chromium.ts';

const base = inject('baseUrl');
const REVIEW = '/reviews/lab-2026-virtual-disk-fio-sweep/';
const PUBLISHED_REVIEW = '/reviews/zdnet-2013-intel-dc-s3500/';
let browser: Browser;
const pages: Watched[] = [];

async function open(path: string, options: Parameters<typeof watchedPage>[2] = {}): Promise<Watched> {
	const w = await watchedPage(browser, base, options);
	pages.push(w);
	await w.page.goto(base + path, { waitUntil: 'load' });
	return w;
}

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	// Every page of every test: nothing logged as an error, nothing fetched from anywhere but this server.
	const errors = pages.flatMap((w) => w.consoleErrors);
	const offsite = pages.flatMap((w) => w.offsite);
	await browser?.close();
	expect(errors).toEqual([]);
	expect(offsite).toEqual([]);
});

describe('catalog', () => {
	it('searches and filters the drives, and keeps the state in the URL', async () => {
		const { page } = await open('/');
		await page.waitForSelector('html[data-catalog-ready="1"]');
		const visibleRows = () => page.locator('[data-testid="catalog-table"] tbody tr:not([hidden])').count();
		const all = await visibleRows();
		expect(all).toBeGreaterThan(5);

		await page.fill('[data-testid="catalog-search"]', 'PE321');
		await expect.poll(visibleRows).toBe(1);
		await expect.poll(() => page.locator('[data-testid="catalog-table"] tbody tr:not([hidden])').first().innerText()).toContain('PE321');
		expect(new URL(page.url()).searchParams.get('q')).toBe('PE321');

		await page.fill('[data-testid="catalog-search"]', '');
		await expect.poll(visibleRows).toBe(all);
		const iface = page.locator('[data-testid="filter-interface"]');
		const sata = (await iface.locator('option').allInnerTexts()).find((o) => /SATA/.test(o));
		expect(sata).toBeDefined();
		await iface.selectOption({ label: sata! });
		await expect.poll(visibleRows).toBeLessThan(all);
		const texts = await page.locator('[data-testid="catalog-table"] tbody tr:not([hidden])').allInnerTexts();
		expect(texts.length).toBeGreaterThan(0);
		for (const t of texts) expect(t).toMatch(/SATA/);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-1280.png'), fullPage: true });
	});

	it('is usable at 375 px', async () => {
		const { page } = await open('/', { viewport: { width: 375, height: 812 } });
		await page.waitForSelector('html[data-catalog-ready="1"]');
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(1);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-375.png'), fullPage: true });
	});
});

describe('review page', () => {
	it('shows every chart as pre-rendered SVG with JavaScript disabled', async () => {
		const { page } = await open(REVIEW, { javaScriptEnabled: false });
		// Each figure holds a drawn plot (legend swatches are small SVGs of their own).
		const plotSizes = await page.locator('figure[data-chart]').evaluateAll((figs) =>
			figs.map((f) => Math.max(...[...f.querySelectorAll('svg')].map((s) => s.getBoundingClientRect().width * s.getBoundingClientRect().height))),
		);
		expect(plotSizes.length).toBeGreaterThan(10);
		for (const area of plotSizes) expect(area).toBeGreaterThan(200 * 100);
		const kinds = new Set(await page.locator('figure[data-chart]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart'))));
		for (const kind of ['lvi', 'qd', 'ladder', 'hist', 'exc', 'ts', 'fc']) expect(kinds, kind).toContain(kind);
		await page.screenshot({ path: join(ARTIFACTS, 'review-nojs-1280.png'), fullPage: false });
	});

	it('labels published figures and links the original article', async () => {
		const { page } = await open(PUBLISHED_REVIEW, { javaScriptEnabled: false });
		expect(await page.locator('figure[data-chart]').count()).toBeGreaterThan(0);
		await expect.poll(() => page.locator('body').innerText()).toMatch(/published/i);
		// This article's address was not recovered: the page says so instead of linking nowhere.
		expect(await page.locator('[data-testid="original-missing"]').innerText()).toMatch(/not recovered/);
		const other = await open('/reviews/storagereview-2021-intel-p5510-vs-samsung-pm9a3/', { javaScriptEnabled: false });
		expect(await other.page.getAttribute('[data-testid="original-link"]', 'href')).toMatch(/^https:\/\/storagereview\.com\//);
		expect(await other.page.locator('text=Corrected in transcription').count()).toBeGreaterThan(0);
	});

	it('re-queries DuckDB when the statistic changes, and redraws the chart', async () => {
		const w = await open(REVIEW);
		const { page } = w;
		await page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
		await page.waitForSelector('html[data-duckdb="ready"]', { timeout: 90_000 });
		const queries = () => page.evaluate(() => Number(document.documentElement.dataset.duckdbQueries ?? 0));
		const chartSvg = () => page.locator('figure[data-chart="lvi"]').first().innerHTML();
		const before = await chartSvg();
		const queriesBefore = await queries();
		await page.selectOption('[data-testid="control-stat"]', 'p99');
		await expect.poll(queries, { timeout: 30_000 }).toBeGreaterThan(queriesBefore);
		await expect.poll(chartSvg, { timeout: 30_000 }).not.toBe(before);
		expect(new URL(page.url()).searchParams.get('stat')).toBe('p99');
		// The data came from the published Parquet, in the browser, and DuckDB's own wasm was loaded from this site.
		expect(w.requests.some((u) => /\/data\/[a-z]+\.parquet$/.test(u))).toBe(true);
		expect(w.requests.some((u) => /\.wasm$/.test(u))).toBe(true);
		await page.screenshot({ path: join(ARTIFACTS, 'review-live-1280.png'), fullPage: false });
	});

	it('reproduces a view from its link', async () => {
		const { page } = await open(`${REVIEW}?stat=p99&unit=iops,ms`);
		await page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
		expect(await page.locator('[data-testid="control-stat"]').inputValue()).toBe('p99');
		expect(await page.locator('[data-testid="control-latency"]').inputValue()).toBe('ms');
	});

	it('fits 375 px', async () => {
		const { page } = await open(REVIEW, { viewport: { width: 375, height: 812 } });
		await page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(1);
		await page.screenshot({ path: join(ARTIFACTS, 'review-375.png'), fullPage: false });
	});
});

describe('theme and language', () => {
	it('switches to dark mode and remembers it', async () => {
		const { page } = await open('/', { colorScheme: 'light' });
		expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
		await page.click('[data-testid="theme-toggle"]');
		expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
		const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		await page.reload();
		expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
		expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-dark-1280.png') });
	});

	it('follows the system dark mode', async () => {
		const { page } = await open(REVIEW, { colorScheme: 'dark' });
		expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
		await page.screenshot({ path: join(ARTIFACTS, 'review-dark-1280.png') });
	});

	it('switches between English and Chinese', async () => {
		const { page } = await open(REVIEW);
		expect(await page.getAttribute('html', 'lang')).toBe('en');
		await page.click('[data-testid="lang-toggle"]');
		await page.waitForURL(/\/zh-Hans\//);
		expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
		await expect.poll(() => page.locator('body').innerText()).toMatch(/[\u4e00-\u9fff]/);
		await page.screenshot({ path: join(ARTIFACTS, 'review-zh-1280.png') });
		await page.click('[data-testid="lang-toggle"]');
		await page.waitForURL((u) => !u.pathname.startsWith('/zh-Hans/'));
		expect(await page.getAttribute('html', 'lang')).toBe('en');
	});
});
