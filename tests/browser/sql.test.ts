// The SQL console as a reader uses it, in Debian's Chromium against the real build: an example run from its link
// (only the files of the tables it names are fetched, and the result downloads as CSV), the query in the URL with back
// and forward, a DuckDB error shown as a plain message, the row cap and the time limit with their messages, the page
// without JavaScript, and the page dark, in Chinese and at 375 px. Screenshots go to tests/artifacts/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readCsv } from '../../src/lib/formats/published-csv/reader.ts';
import { ROW_CAP, TIME_LIMIT_MS, sqlUrl } from '../../src/lib/sql/console.ts';
import { SQL_EXAMPLES } from '../../src/lib/sql/examples.ts';
import { ARTIFACTS, browserSession, useColorScheme } from './chromium.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);

/** Waits for the console to settle (ready, error, timeout…) and returns its state. */
async function settled(page: Page, timeout = 60_000): Promise<string> {
	await page.waitForSelector('[data-sql-page][data-state]:not([data-state="running"])', { timeout });
	return (await page.getAttribute('[data-sql-page]', 'data-state'))!;
}

const headers = (page: Page) => page.locator('[data-testid="sql-table"] thead th').allInnerTexts();
const rowCount = (page: Page) => page.locator('[data-testid="sql-table"] tbody tr').count();
const status = (page: Page) => page.locator('[data-testid="sql-status"]').innerText();
const example = (id: string) => SQL_EXAMPLES.find((e) => e.id === id)!;

describe('SQL console', () => {
	it('runs an example from its link, reading only the tables it names, and downloads the result as CSV', async () => {
		const w = await open('/sql/');
		const { page } = w;
		expect(await settled(page)).toBe('idle');
		const before = w.requests.length;
		await page.click('[data-testid="sql-example-p99-under-500us"]');
		expect(await settled(page)).toBe('ready');
		expect(new URL(page.url()).searchParams.get('q')).toBe(example('p99-under-500us').sql);
		expect(await page.locator('[data-testid="sql-text"]').inputValue()).toBe(example('p99-under-500us').sql);
		expect(await headers(page)).toEqual(['device_id', 'vendor', 'model', 'max_iops_p99_under_500us', 'lowest_p99_us', 'under_500us_at_500k_iops']);
		const rows = await rowCount(page);
		expect(rows).toBeGreaterThan(0);
		expect(await status(page)).toMatch(new RegExp(`^${rows} rows? in [\\d.]+ s\\.$`));
		expect(await page.locator('[data-testid="sql-read"]').innerText()).toMatch(/^Read runs, devices: \d+ files, [\d.]+ KiB; no other file\.$/);
		// Only the listed files of runs and devices: no other table's file, no manifest walk.
		const data = w.requests.slice(before).map((u) => new URL(u).pathname).filter((p) => p.startsWith('/data/') || p.startsWith('/sql/tables/'));
		const tables = new Set(data.map((p) => (p.startsWith('/sql/tables/') ? `list:${p.slice(12, -5)}` : p.slice(6).split(/[/.]/)[0])));
		expect([...tables].sort()).toEqual(['devices', 'list:devices', 'list:runs', 'runs']);

		const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="sql-csv"]')]);
		expect(download.suggestedFilename()).toBe('query-result.csv');
		const text = readFileSync((await download.path())!, 'utf8');
		expect(text.startsWith('\uFEFF')).toBe(true);
		const records = readCsv(text.slice(1), 'query-result.csv').records.map((r) => r.fields);
		expect(records[0]).toEqual(await headers(page));
		expect(records.length - 1).toBe(rows);
		// The CSV holds each value exactly: a number rounded for reading has it as its tooltip.
		const firstRow = await page.locator('[data-testid="sql-table"] tbody tr').first().locator('td').evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? td.textContent));
		expect(records[1]!.map((f) => (f === '' ? 'NULL' : f))).toEqual(firstRow);
	});

	it('prints numbers for reading, with the exact value on hover and in the CSV, in English and Chinese, at 320, 375 and 1280 px', async () => {
		const sql = "SELECT '323.34612592999997'::DOUBLE AS mean_us, '1234567.891'::DOUBLE AS big, 2021 AS year, 4800000 AS iops, '0.1'::DOUBLE + '0.2'::DOUBLE AS sum, '1e-9'::DOUBLE AS tiny, '-42.123456789'::DOUBLE AS negative";
		const shown = ['323.346', '1,234,568', '2021', '4,800,000', '0.3', '0.000000001', '-42.1235'];
		const exact = ['323.34612592999997', '1234567.891', '2021', '4800000', '0.30000000000000004', '1e-9', '-42.123456789'];
		for (const lang of ['en', 'zh'] as const) {
			// One page per language (DuckDB starts once), its theme and width changed in place.
			const { page } = await open(sqlUrl(lang === 'zh' ? '/zh-Hans/sql/' : '/sql/', sql), { viewport: { width: 320, height: 800 } });
			expect(await settled(page)).toBe('ready');
			for (const colorScheme of ['light', 'dark'] as const) {
				await useColorScheme(page, colorScheme);
				for (const width of [320, 375, 1280]) {
					await page.setViewportSize({ width, height: 800 });
					const cells = page.locator('[data-testid="sql-table"] tbody td');
					expect(await cells.allInnerTexts()).toEqual(shown);
					// Headers of number columns are aligned with their numbers.
					expect(await page.locator('[data-testid="sql-table"] thead th.num').count()).toBe(shown.length);
					// Each rounded or grouped number keeps its exact value as its tooltip; one printed as it is needs none.
					expect(await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('title')))).toEqual(exact.map((e, i) => (e === shown[i] ? null : e)));
					expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${lang} ${colorScheme} ${width}`).toBeLessThanOrEqual(0);
					await page.screenshot({ path: join(ARTIFACTS, `sql-numbers-${lang}-${colorScheme}-${width}.png`) });
					if (lang !== 'en' || colorScheme !== 'light' || width !== 1280) continue;
					const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="sql-csv"]')]);
					const records = readCsv(readFileSync((await download.path())!, 'utf8').slice(1), 'query-result.csv').records.map((r) => r.fields);
					expect(records).toEqual([['mean_us', 'big', 'year', 'iops', 'sum', 'tiny', 'negative'], exact]);
				}
			}
		}
	}, 180_000);

	it('keeps the query in the URL: a permalink runs it, back and forward run the previous one again', async () => {
		const qd = example('qd-95-peak').sql;
		const { page } = await open(sqlUrl('/sql/', qd));
		expect(await settled(page)).toBe('ready');
		expect(await headers(page)).toEqual(['device_id', 'review_id', 'peak_iops', 'qd_at_95pct_of_peak', 'depths_tested']);
		await page.fill('[data-testid="sql-text"]', 'SELECT device_id, vendor FROM devices ORDER BY device_id');
		await page.click('[data-testid="sql-run"]');
		expect(await settled(page)).toBe('ready');
		expect(await headers(page)).toEqual(['device_id', 'vendor']);
		expect(new URL(page.url()).searchParams.get('q')).toBe('SELECT device_id, vendor FROM devices ORDER BY device_id');
		await page.goBack();
		await expect.poll(() => page.locator('[data-testid="sql-text"]').inputValue()).toBe(qd);
		expect(await settled(page)).toBe('ready');
		expect(await headers(page)).toEqual(['device_id', 'review_id', 'peak_iops', 'qd_at_95pct_of_peak', 'depths_tested']);
		await page.goForward();
		await expect.poll(() => page.locator('[data-testid="sql-text"]').inputValue()).toMatch(/^SELECT device_id, vendor/);
		expect(await settled(page)).toBe('ready');
		expect(await headers(page)).toEqual(['device_id', 'vendor']);
	});

	it('shows a DuckDB error as a plain message, never a stack trace', async () => {
		const { page } = await open(sqlUrl('/sql/', 'SELEC device_id FROM runs'));
		expect(await settled(page)).toBe('error');
		const message = await page.locator('[data-testid="sql-error-text"]').innerText();
		expect(message).toMatch(/^Parser Error: syntax error at or near "SELEC"/);
		expect(message).not.toMatch(/\bat .*\.(js|ts):\d+|exception_type|\{"/);
		await page.fill('[data-testid="sql-text"]', 'SELECT * FROM drives');
		await page.click('[data-testid="sql-run"]');
		await expect.poll(() => page.locator('[data-testid="sql-error-text"]').innerText()).toMatch(/^Catalog Error: Table with name drives does not exist/);
		expect(await settled(page)).toBe('error');
		expect(await page.locator('[data-testid="sql-table"]').count()).toBe(0);
	});

	it('runs only SQL that reads: a script that would drop a table is refused and the table stays', async () => {
		const { page } = await open(sqlUrl('/sql/', 'SELECT count(*) AS n FROM devices; DROP TABLE devices'));
		expect(await settled(page)).toBe('refused');
		expect(await status(page)).toMatch(/^Not run: the console runs queries that only read .* DROP would change/);
		await page.fill('[data-testid="sql-text"]', 'SELECT count(*) AS n FROM devices');
		await page.click('[data-testid="sql-run"]');
		expect(await settled(page)).toBe('ready');
		expect(Number(await page.locator('[data-testid="sql-table"] tbody td').first().innerText())).toBeGreaterThan(0);
	});

	it('cuts a result at the row cap and says how many rows there were', async () => {
		const { page } = await open(sqlUrl('/sql/', 'SELECT range AS i FROM range(5000)'));
		expect(await settled(page)).toBe('ready');
		expect(await rowCount(page)).toBe(ROW_CAP);
		expect(await status(page)).toMatch(/^5,000 rows in [\d.]+ s\. Only the first 1,000 are shown and in the CSV: narrow the result with WHERE, GROUP BY or LIMIT\.$/);
		expect(await page.locator('[data-testid="sql-read"]').innerText()).toBe('The query names no published table: no data file was read.');
	});

	it('stops a query at the time limit with a clear message, and runs the next one', async () => {
		const { page } = await open(sqlUrl('/sql/', 'SELECT sum(hash(i)) FROM range(1000000000000) t(i)'));
		const started = Date.now();
		expect(await settled(page, TIME_LIMIT_MS + 30_000)).toBe('timeout');
		expect(Date.now() - started).toBeGreaterThanOrEqual(TIME_LIMIT_MS - 1000);
		expect(await status(page)).toBe(`Stopped: the query ran longer than ${TIME_LIMIT_MS / 1000} s, the time limit here. Narrow it (a WHERE, fewer tables, a LIMIT) and run it again.`);
		await page.fill('[data-testid="sql-text"]', 'SELECT count(*) AS n FROM reviews');
		await page.click('[data-testid="sql-run"]');
		expect(await settled(page)).toBe('ready');
		expect(Number(await page.locator('[data-testid="sql-table"] tbody td').first().innerText())).toBeGreaterThan(0);
	}, 120_000);

	it('without JavaScript says what it is and lists the tables, their columns and the example SQL', async () => {
		const { page } = await open('/sql/', { javaScriptEnabled: false });
		expect(await page.locator('h1').innerText()).toBe('SQL console');
		expect(await page.locator('[data-testid="sql-form"]').isVisible()).toBe(false);
		const tables = await page.locator('[data-testid="sql-tables"] summary code').allInnerTexts();
		expect(tables).toEqual(['runs', 'percentiles', 'histograms', 'series', 'timeseries', 'steady_state', 'reviews', 'devices', 'figures', 'comparisons']);
		expect(await page.locator('[data-testid="sql-tables"]').textContent()).toContain('clat_p99_ns');
		expect(await page.locator('a[href="/columns/"]').count()).toBeGreaterThan(0);
		const code = await page.locator('[data-testid="sql-examples"] pre').allTextContents();
		expect(code).toEqual(SQL_EXAMPLES.map((e) => e.sql));
	});

	it('reads in light and dark, in Chinese and at 375 px', async () => {
		const path = sqlUrl('/sql/', example('qd-95-peak').sql);
		const { page } = await open(path, { viewport: { width: 1280, height: 900 } });
		expect(await settled(page)).toBe('ready');
		await page.screenshot({ path: join(ARTIFACTS, 'sql-1280.png') });
		await useColorScheme(page, 'dark');
		await page.screenshot({ path: join(ARTIFACTS, 'sql-dark-1280.png') });
		const zh = await open(`/zh-Hans${path}`, { viewport: { width: 1280, height: 900 } });
		expect(await settled(zh.page)).toBe('ready');
		expect(await zh.page.locator('h1').innerText()).toBe('SQL 控制台');
		expect(await status(zh.page)).toMatch(/^\d+ 行，用时 [\d.]+ 秒。$/);
		await zh.page.screenshot({ path: join(ARTIFACTS, 'sql-zh-1280.png') });
		const narrow = await open(sqlUrl('/sql/', example('p99-under-500us').sql), { viewport: { width: 375, height: 800 } });
		expect(await settled(narrow.page)).toBe('ready');
		// The result table scrolls inside its own box; the page itself is no wider than the screen.
		expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
		await narrow.page.screenshot({ path: join(ARTIFACTS, 'sql-375.png') });
	});
});
