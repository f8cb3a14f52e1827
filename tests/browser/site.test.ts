// The site as a reader sees it, in Debian's Chromium: catalog search, filters and pages, charts with
// JavaScript off, live re-query through DuckDB-wasm, theme and language, no console errors, no
// request leaving localhost. Screenshots at 1280 px and 375 px go to tests/artifacts/.
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGE_SIZE, defaultEntries, type CatalogData } from '../../src/lib/site/catalog-view.ts';
import { manyCopies, serveCatalog } from './catalog-data.ts';
import { ARTIFACTS, browserSession, type Watched } from './chromium.ts';

const base = inject('baseUrl');
const REVIEW = '/reviews/lab-2026-virtual-disk-fio-sweep/';
/** A workload of REVIEW on its own page (each workload measured from raw files has one). */
const WORKLOAD = `${REVIEW}w-4k-random-read/`;
const PUBLISHED_REVIEW = '/reviews/zdnet-2013-intel-dc-s3500/';
const { open, watch } = browserSession(base);

describe('catalog', () => {
	const rows = (page: Page) => page.locator('[data-testid="catalog-table"] tbody tr');
	const entries = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-entry'))));
	const currentPage = (page: Page) => page.locator('[data-testid="catalog-pager"] a[aria-current="page"]').innerText();
	let real: CatalogData;
	let many: CatalogData;

	beforeAll(async () => {
		real = (await (await fetch(`${base}/catalog.json`)).json()) as CatalogData;
		many = manyCopies(real, 80);
	});

	/** A catalog page whose /catalog.json holds 80 copies of the bundled rows (about 1,100: many pages). */
	async function openMany(path: string, options: BrowserContextOptions = {}): Promise<Watched> {
		const w = await watch(options);
		await serveCatalog(w.context, many);
		await w.page.goto(base + path, { waitUntil: 'load' });
		await w.page.waitForSelector('html[data-catalog-ready="1"]');
		return w;
	}

	it('searches and filters the drives, and keeps the state in the URL', async () => {
		const { page } = await open('/');
		await page.waitForSelector('html[data-catalog-ready="1"]');
		const visibleRows = () => rows(page).count();
		const all = await visibleRows();
		expect(all).toBeGreaterThan(5);

		await page.fill('[data-testid="catalog-search"]', 'PE321');
		await expect.poll(visibleRows).toBe(1);
		await expect.poll(() => rows(page).first().innerText()).toContain('PE321');
		expect(new URL(page.url()).searchParams.get('q')).toBe('PE321');

		await page.fill('[data-testid="catalog-search"]', '');
		await expect.poll(visibleRows).toBe(all);
		const iface = page.locator('[data-testid="filter-interface"]');
		const sata = (await iface.locator('option').allInnerTexts()).find((o) => /SATA/.test(o));
		expect(sata).toBeDefined();
		await iface.selectOption({ label: sata! });
		await expect.poll(visibleRows).toBeLessThan(all);
		const texts = await rows(page).allInnerTexts();
		expect(texts.length).toBeGreaterThan(0);
		for (const t of texts) expect(t).toMatch(/SATA/);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-1280.png'), fullPage: true });
	});

	it('lists the first page without JavaScript, with plain links to every other page', async () => {
		const { page } = await open('/', { javaScriptEnabled: false });
		expect(await page.locator('[data-testid="catalog-search"]').isVisible()).toBe(false);
		// The default view: physical drives, in server order.
		const physical = defaultEntries(real);
		expect(physical.length).toBeLessThan(real.entries.length);
		expect(await entries(page)).toEqual(physical.slice(0, PAGE_SIZE));
		expect(await rows(page).first().innerText()).toContain(real.devices[real.entries[physical[0]!]![0]]![1]);
		// Follow "Next" to the end: every row once, in order.
		const seen = await entries(page);
		for (let next = page.locator('[data-testid="catalog-pager"] a[rel="next"]'); await next.count(); ) {
			await page.goto(base + (await next.getAttribute('href'))!, { waitUntil: 'load' });
			seen.push(...(await entries(page)));
		}
		expect(seen).toEqual(physical);
		expect(await page.locator('[data-testid="catalog-pager"]').isVisible()).toBe(physical.length > PAGE_SIZE);
		// A header is a plain link to the sorted address.
		expect(await page.getAttribute('[data-testid="sort-rand_read_4k_iops"]', 'href')).toBe('/?sort=rand_read_4k_iops');
	});

	it('searches every row, not only those of the first page', async () => {
		const { page } = await openMany('/');
		const total = many.entries.length;
		const physical = defaultEntries(many);
		expect(await rows(page).count()).toBe(PAGE_SIZE);
		expect(await page.locator('[data-catalog-range]').innerText()).toBe(`Entries 1–${PAGE_SIZE} of ${physical.length.toLocaleString('en-US')}`);
		expect(await currentPage(page)).toBe('1');

		await page.locator('[data-testid="catalog-search"]').pressSequentially('x57', { delay: 20 });
		const physicalReal = defaultEntries(real).length;
		await expect.poll(() => rows(page).count()).toBe(physicalReal);
		for (const i of await entries(page)) expect(i).toBeGreaterThanOrEqual(PAGE_SIZE);
		for (const text of await rows(page).allInnerTexts()) expect(text).toContain('x57');
		expect(await page.locator('[data-catalog-count]').innerText()).toBe(`${physicalReal} of ${total.toLocaleString('en-US')} entries match`);
		await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('x57');
		expect(await page.locator('[data-testid="catalog-pager"]').isVisible()).toBe(false);

		// The whole search was one history entry: Back returns to the first page.
		await page.goBack();
		await expect.poll(() => rows(page).count()).toBe(PAGE_SIZE);
		expect(await page.locator('[data-testid="catalog-search"]').inputValue()).toBe('');
		expect(await entries(page)).toEqual(physical.slice(0, PAGE_SIZE));
	});

	it('keeps filter and page in the URL: restored on reload, back and forward', async () => {
		const { page } = await openMany('/');
		const iface = page.locator('[data-testid="filter-interface"]');
		// The option reads "SATA 6Gb/s"; its value, in the URL, is the vocabulary's id.
		await iface.selectOption({ label: 'SATA 6Gb/s' });
		const sata = 'sata-6g';
		await expect.poll(() => page.locator('[data-catalog-count]').innerText()).toMatch(/match/);
		await page.click('[data-testid="catalog-pager"] a[rel="next"]');
		await expect.poll(() => currentPage(page)).toBe('2');
		// The table takes the focus, so reading and tabbing start at the new rows.
		expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('catalog-table');
		const url = new URL(page.url());
		expect(url.pathname).toBe('/');
		expect(url.searchParams.get('page')).toBe('2');
		expect(url.searchParams.get('interface')).toBe(sata);
		const second = await entries(page);
		expect(second.length).toBeGreaterThan(0);
		for (const text of await rows(page).allInnerTexts()) expect(text).toMatch(/SATA/);

		await page.reload({ waitUntil: 'load' });
		await page.waitForSelector('html[data-catalog-ready="1"]');
		expect(await iface.inputValue()).toBe(sata);
		expect(await currentPage(page)).toBe('2');
		expect(await entries(page)).toEqual(second);

		await page.goBack();
		await expect.poll(() => currentPage(page)).toBe('1');
		expect(await iface.inputValue()).toBe(sata);
		await page.goForward();
		await expect.poll(() => currentPage(page)).toBe('2');
		expect(await entries(page)).toEqual(second);

		// With nothing filtered, a page is the pre-rendered one: /page/3/.
		await page.click('[data-testid="filter-reset"]');
		await expect.poll(() => currentPage(page)).toBe('1');
		await page.click('[data-testid="catalog-pager"] a[aria-label="Page 3"]');
		await expect.poll(() => new URL(page.url()).pathname).toBe('/page/3/');
		expect(await entries(page)).toEqual(defaultEntries(many).slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
		expect(await page.title()).toMatch(/page 3/);
		expect(new URL((await page.getAttribute('[data-testid="lang-toggle"]', 'href'))!, base).pathname).toBe('/zh-Hans/page/3/');
		await page.goBack();
		await expect.poll(() => currentPage(page)).toBe('1');
		expect(new URL(page.url()).pathname).toBe('/');
	});

	it('labels its pages in Chinese', async () => {
		const { page } = await openMany('/zh-Hans/');
		const nav = page.locator('nav[data-testid="catalog-pager"]');
		expect(await nav.getAttribute('aria-label')).toBe('目录分页');
		expect(await nav.locator('a[rel="next"]').innerText()).toContain('下一页');
		expect(await nav.locator('a[aria-current="page"]').getAttribute('aria-label')).toBe('第 1 页');
		await nav.locator('a[rel="next"]').click();
		await expect.poll(() => new URL(page.url()).pathname).toBe('/zh-Hans/page/2/');
		expect(await page.locator('[data-catalog-range]').innerText()).toMatch(new RegExp(`^第 ${PAGE_SIZE + 1}–${2 * PAGE_SIZE} 项`));
	});

	it('sorts by a column per drive, physical drives only, and flips on a second click', async () => {
		const { page } = await open('/');
		await page.waitForSelector('html[data-catalog-ready="1"]');
		const devices = () => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')));
		await page.click('[data-testid="sort-rand_read_4k_iops"]');
		await expect.poll(() => new URL(page.url()).search).toBe('?sort=rand_read_4k_iops');
		// Per drive at QD ≥ 32: the PE321's 1.77M (one drive, QD512), 2 × P5800X 1.7M → 850K, 8 × P5510 4.8M → 600K,
		// the P2's CrystalDiskMark 16 × QD32 282,734; the PMem (persistent memory, 3.2M → 1.6M) is not a drive.
		expect((await devices()).slice(0, 4)).toEqual(['ymtc-pe321-6-4tb', 'intel-optane-p5800x-800gb', 'intel-d7-p5510-7-68tb', 'crucial-p2-2tb']);
		expect(await devices()).not.toContain('intel-optane-pmem-200-128gb');
		expect(await page.getAttribute('th[data-sort-key="rand_read_4k_iops"]', 'aria-sort')).toBe('descending');
		const cell = (device: string) => page.locator(`tr[data-device="${device}"]`).first().locator('td[data-label^="4K random read, per drive"]');
		expect(await cell('intel-d7-p5510-7-68tb').innerText()).toMatch(/^600,000\s+16 × QD 16\s+8 drives: 4\.8M total$/);
		expect(await cell('crucial-p2-2tb').innerText()).toMatch(/^282,734\s+16 × QD 32$/);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-sorted-1280.png'), fullPage: true });

		await page.click('[data-testid="sort-rand_read_4k_iops"]');
		await expect.poll(() => new URL(page.url()).search).toBe('?sort=rand_read_4k_iops&order=asc');
		expect(await page.getAttribute('th[data-sort-key="rand_read_4k_iops"]', 'aria-sort')).toBe('ascending');
		expect((await devices())[0]).toBe('samsung-840-evo-120gb');

		// Latency: lowest first without asking — the P5800X's 24 µs at QD 1.
		await page.click('[data-testid="sort-qd1_rand_read_lat_ns"]');
		await expect.poll(() => new URL(page.url()).search).toBe('?sort=qd1_rand_read_lat_ns');
		expect((await devices())[0]).toBe('intel-optane-p5800x-800gb');
	});

	it('shows virtual disks, arrays and persistent memory through the class filter, named by their class', async () => {
		const { page } = await open('/');
		await page.waitForSelector('html[data-catalog-ready="1"]');
		const devices = () => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')));
		expect(await devices()).not.toContain('virtual-disk-virtio-blk');
		await page.selectOption('[data-testid="filter-class"]', 'virtual_disk');
		await expect.poll(async () => (await devices()).sort()).toEqual(['gce-pkb-044ffc87-disk', 'virtual-disk-virtio-blk']);
		expect(new URL(page.url()).searchParams.get('class')).toBe('virtual_disk');
		for (const text of await page.locator('[data-device-class]').allInnerTexts()) expect(text).toMatch(/^Virtual disk/);
		await page.selectOption('[data-testid="filter-class"]', 'all');
		await expect.poll(() => rows(page).count()).toBe(real.entries.length);
		await page.reload({ waitUntil: 'load' });
		await page.waitForSelector('html[data-catalog-ready="1"]');
		expect(await page.inputValue('[data-testid="filter-class"]')).toBe('all');
		expect(await rows(page).count()).toBe(real.entries.length);
	});

	it('is usable at 375 px', async () => {
		const { page } = await openMany('/', { viewport: { width: 375, height: 812 } });
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(1);
		expect(await page.locator('[data-testid="catalog-pager"] a[rel="next"]').isVisible()).toBe(true);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-375.png'), fullPage: true });
	});
});

describe('review page', () => {
	it('shows every chart as pre-rendered SVG with JavaScript disabled, the workloads on pages of their own', async () => {
		const { page } = await open(REVIEW, { javaScriptEnabled: false });
		await page.screenshot({ path: join(ARTIFACTS, 'review-nojs-1280.png'), fullPage: false });
		// The review's page is short: its overview chart, then a link per workload measured from raw files.
		const links = await page.locator('[data-testid="workload-link"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
		expect(links.length).toBeGreaterThan(5);
		expect(links).toContain(WORKLOAD);
		const kinds = new Set<string | null>();
		let charts = 0;
		for (const path of [REVIEW, ...links]) {
			if (path !== REVIEW) await page.goto(new URL(path, page.url()).href);
			// Each figure holds a drawn plot (legend swatches are small SVGs of their own).
			const plotSizes = await page.locator('figure[data-chart]').evaluateAll((figs) =>
				figs.map((f) => Math.max(...[...f.querySelectorAll('svg')].map((s) => s.getBoundingClientRect().width * s.getBoundingClientRect().height))),
			);
			for (const area of plotSizes) expect(area, path).toBeGreaterThan(200 * 100);
			charts += plotSizes.length;
			for (const k of await page.locator('figure[data-chart]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart')))) kinds.add(k);
		}
		expect(charts).toBeGreaterThan(40);
		for (const kind of ['lvi', 'qd', 'ladder', 'hist', 'exc', 'ts', 'fc']) expect(kinds, kind).toContain(kind);
		await page.goto(new URL(WORKLOAD, page.url()).href);
		await page.screenshot({ path: join(ARTIFACTS, 'workload-nojs-1280.png'), fullPage: false });
		// A chart's table without JavaScript: its columns, and the CSV that holds its rows.
		const table = page.locator('figure[data-chart] details[data-chart-table-details]').first();
		await table.locator('summary').click();
		expect(await table.locator('thead th').count()).toBeGreaterThan(2);
		expect(await table.locator('tbody tr').count()).toBe(0);
		expect(await table.locator('[data-table-truncated]').innerText()).toMatch(/^Its \d+ rows are written when the table is opened, with JavaScript; the CSV holds every one\.\s*$/);
		const csv = await table.locator('a[download]').first().getAttribute('href');
		expect((await page.request.get(new URL(csv!, page.url()).href)).status()).toBe(200);
		// Its SQL is written by the page's script: without it, a note says so.
		const sql = page.locator('figure[data-chart] details[data-chart-queries]').first();
		await sql.locator('summary').click();
		expect(await sql.locator('[data-chart-query-list]').innerText()).toBe('The queries are written when this is opened, with JavaScript, for the chart as it is shown.');
	});

	it('writes a chart’s table and SQL when they are opened, from the runs and specs the page fetched from data/, one file for both languages', async () => {
		const w = await open(WORKLOAD);
		const { page } = w;
		await page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
		const table = page.locator('figure[data-chart] details[data-chart-table-details]').first();
		const rows = Number(await table.locator('table[data-chart-table]').getAttribute('data-rows'));
		expect(rows).toBeGreaterThan(2);
		await table.locator('summary').click();
		await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(rows);
		expect(await table.locator('[data-table-truncated]').isVisible()).toBe(false);
		const fetched = w.requests.filter((u) => u.endsWith('/rows.json'));
		expect(fetched.map((u) => new URL(u).pathname)).toEqual([`/data/charts${WORKLOAD}rows.json`]);
		// The chart's SQL likewise, from its spec in the same file: each query with its caption and run ids.
		const firstSql = async () => {
			const sql = page.locator('figure[data-chart] details[data-chart-queries]').first();
			await sql.locator('summary').click();
			await expect.poll(() => sql.locator('pre code').count(), { timeout: 30_000 }).toBeGreaterThan(0);
			return { code: await sql.locator('pre code').first().innerText(), caption: await sql.locator('[data-chart-query-list] > div > p').first().innerText(), params: JSON.parse(await sql.locator('.code-params').first().innerText()) as string[] };
		};
		const en = await firstSql();
		expect(en.code).toMatch(/^SELECT review_id, device_id, run_id, .*\nFROM runs\nWHERE run_id IN \(\$1, \$2/s);
		expect(en.params.length).toBeGreaterThan(1);
		for (const id of en.params) expect(id).toMatch(/^lab-2026-virtual-disk-fio-sweep:raw\/.+#job\d+$/);
		await page.goto(new URL(`/zh-Hans${WORKLOAD}`, page.url()).href);
		await page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
		expect(await page.locator('link[data-chart-rows]').getAttribute('href')).toBe(`/data/charts${WORKLOAD}rows.json`);
		const zh = await firstSql();
		expect([zh.code, zh.params]).toEqual([en.code, en.params]);
		expect(zh.caption).not.toBe(en.caption);
		expect(zh.caption).toMatch(/[\u4e00-\u9fff]/);
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

	it('draws the Vdbench IOPS ramp as a latency-vs-IOPS curve, and says its source and licence', async () => {
		const { page } = await open('/reviews/vdbconvert-2016-vdbench-iorate-ramp/w-rd1-rd3/', { javaScriptEnabled: false });
		const chart = page.locator('figure[data-chart="lvi"]').first();
		// Three run definitions at iorate 50, 500 and 5000: one line per direction (mixed, read, write), 3 points each.
		expect(await chart.locator('svg [aria-label="line"] path').count()).toBe(3);
		expect(await chart.locator('svg [aria-label="dot"] path, svg [aria-label="dot"] circle').count()).toBe(9);
		expect(await chart.innerText()).toMatch(/points in order of load/);
		expect(await chart.innerText()).toMatch(/310 IOPS at 6,439 µs \(target 5,000 IOPS\)/);
		await page.screenshot({ path: join(ARTIFACTS, 'vdbench-ramp-1280.png'), fullPage: false });
		await page.goto(new URL('/reviews/soerenmetje-2021-crystaldiskmark-three-drives/', page.url()).href);
		expect(await page.locator('[data-testid="review-licence"]').innerText()).toMatch(/GPL-3\.0/);
		expect(await page.getAttribute('[data-testid="original-link"]', 'href')).toMatch(/^https:\/\/github\.com\/soerenmetje\//);
	});

	it('shades where a time series became steady (SNIA PTS rule) and says so', async () => {
		const { page } = await open('/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read-qd32-timeseries/', { javaScriptEnabled: false });
		const chart = page.locator('figure[data-chart="ts"]').first();
		expect(await chart.locator('svg [aria-label="rect"] rect').count()).toBe(1);
		expect(await chart.innerText()).toMatch(/Steady from \d+ s by the SNIA PTS rule/);
	});

	it('re-queries DuckDB when the statistic changes, and redraws the chart', async () => {
		const w = await open(WORKLOAD);
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
		// The data came from the review's own Parquet files, in the browser, and DuckDB's own wasm was loaded from this site.
		const parquet = w.requests.filter((u) => u.endsWith('.parquet'));
		expect(parquet.length).toBeGreaterThan(0);
		for (const u of parquet) expect(u).toMatch(/\/data\/[a-z]+\/review_id=lab-2026-virtual-disk-fio-sweep\/part-0\.parquet$/);
		expect(w.requests.some((u) => /\.wasm$/.test(u))).toBe(true);
		await page.screenshot({ path: join(ARTIFACTS, 'review-live-1280.png'), fullPage: false });
	});

	it('reproduces a view from its link', async () => {
		const { page } = await open(`${WORKLOAD}?stat=p99&unit=iops,ms`);
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

describe('drive page', () => {
	const P5510 = '/drives/intel-d7-p5510-7-68tb/';

	it('sets each claim against the per-drive result at its conditions, or says why not', async () => {
		const { page } = await open(P5510, { javaScriptEnabled: false });
		const claim = (item: string) => page.locator(`[data-testid="claimed-vs-measured"] tr[data-claim="${item}"]`);
		// 930,000 IOPS claimed; 8 drives × 16 threads × QD16 gave 4.8M: 600K per drive, 65 %.
		expect(await claim('random read').locator('td[data-measured]').innerText()).toMatch(/600,000 IOPS\s+16 × QD 16\s+8 drives: 4\.8M total/);
		expect(await claim('random read').locator('td[data-achieved]').innerText()).toBe('65 %');
		expect(await claim('bandwidth (sequential)').locator('td[data-claim-reason]').innerText()).toBe('The claim names neither read nor write.');
		expect(await claim('endurance').locator('td[data-claim-reason]').innerText()).toBe('Not a benchmark figure: no result measures it.');
		// Columns the spec sheet claims nothing for: per drive, the total beside it.
		expect(await page.locator('tr[data-column="seq_read_128k_bw"] td[data-measured]').innerText()).toMatch(/6,750 MB\/s\s+load not stated\s+8 drives: 54 GB\/s total/);
		const table = await page.locator('[data-testid="claimed-vs-measured"]').innerText();
		expect(table).not.toContain('4,800,000');
		// Spec values without the curator's remarks, which become notes.
		const specs = page.locator('section[aria-labelledby="specs"]');
		expect(await specs.innerText()).toContain('144-layer TLC 3D NAND');
		expect(await specs.locator('dd', { hasText: '144-layer' }).locator('[data-spec-note]').innerText()).toMatch(/^Curator’s note: .*garbled as '9層'/);
		// "Compare with…" names the drives, not their ids.
		expect(await page.locator('[data-compare-pair]').allInnerTexts()).toContain('Samsung PM9A3');
		expect((await page.locator('[data-compare-pair]').allInnerTexts()).join(' ')).not.toMatch(/samsung-pm9a3-7-68tb/);
		await page.screenshot({ path: join(ARTIFACTS, 'drive-p5510-1280.png'), fullPage: true });
	});

	it('says the same in Chinese and is usable at 375 px', async () => {
		const { page } = await open(`/zh-Hans${P5510}`, { viewport: { width: 375, height: 812 } });
		const claim = page.locator('[data-testid="claimed-vs-measured"] tr[data-claim="random read"]');
		expect(await claim.locator('td[data-measured]').innerText()).toMatch(/8 块盘合计 480万/);
		expect(await claim.locator('td[data-achieved]').innerText()).toBe('65%');
		await page.screenshot({ path: join(ARTIFACTS, 'drive-p5510-375.png'), fullPage: true });
		const en = await open(P5510, { viewport: { width: 375, height: 812 } });
		await en.page.screenshot({ path: join(ARTIFACTS, 'drive-p5510-en-375.png'), fullPage: true });
	});

	it('names a virtual disk by its class', async () => {
		const { page } = await open('/drives/virtual-disk-virtio-blk/', { javaScriptEnabled: false });
		expect(await page.locator('[data-testid="drive-title"] + p').innerText()).toMatch(/^Virtual disk · /);
	});
});
