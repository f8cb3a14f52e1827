// Comparing drives as a reader does, in Debian's Chromium: drives chosen from the catalog and from a drive page,
// the delta table's better / worse marks, the baseline, the permalink, back and forward, the pre-rendered pair page
// without JavaScript, the reader's own fio file overlaid (and a malformed one refused with its file and line, with
// no request carrying the file), and the page dark, in Chinese and at 375 px. Screenshots go to tests/artifacts/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';

const base = inject('baseUrl');
const P5510 = 'intel-d7-p5510-7-68tb';
const PM9A3 = 'samsung-pm9a3-7-68tb';
const P5520 = 'solidigm-d7-p5520-7-68tb';
const P2 = 'crucial-p2-2tb';
const BLUE = 'wd-blue-3d-1tb';
const FIO_JSON = join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json');
const IOPS_LOG = join(ROOT, 'tests/fixtures/fio/log-fio3.16-raid5-randrw_iops.1.log');
/** A 2-column fio 2.18 latency log: µs or ns, only the fio version tells. */
const CLAT_LOG_218 = join(ROOT, 'tests/fixtures/fio/log-fio2.18-randread_clat.1.log');
const BAD_JSON = join(ROOT, 'tests/fixtures/bad/raw-result/fio-json-bw-text.json');
const LAB_DRIVE = 'virtual-disk-virtio-blk';
/** A json+ result of the lab review, with latency bins: the reader's file beside the published drive's. */
const LAB_JSONPLUS = join(ROOT, 'data/reviews/lab-2026-virtual-disk-fio-sweep/raw/4k-random-read-qd32-timeseries.json');

const { open } = browserSession(base);

/** The comparison page once it has drawn its drives. */
async function ready(page: Page): Promise<void> {
	await page.waitForSelector('[data-compare-page][data-state="ready"]');
}

const verdict = (page: Page) => page.locator('[data-testid="verdict"]').innerText();
const tallyDevices = (page: Page) => page.locator('[data-testid="tally"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')));

describe('comparison page', () => {
	it('takes the drives ticked in the catalog', async () => {
		const { page } = await open('/');
		await page.locator(`input[data-compare-tick][value="${P5510}"]`).first().check();
		await page.locator(`input[data-compare-tick][value="${PM9A3}"]`).first().check();
		await page.click('[data-testid="compare-ticked"]');
		await page.waitForURL(/\/compare\//);
		await ready(page);
		expect(await tallyDevices(page)).toEqual([P5510, PM9A3]);
		expect(await verdict(page)).toMatch(/ahead on \d+ of \d+ shared workloads/);
	});

	it('starts from a drive page: “Compare with…” a drive of the same review, or any drive found by search', async () => {
		const { page } = await open(`/drives/${P5510}/`);
		const pair = page.locator('[data-testid="compare-links"] a[data-compare-pair]', { hasText: 'PM9A3' });
		expect(await pair.getAttribute('href')).toBe(`/compare/${P5510}-vs-${PM9A3}/`);
		await page.click('[data-testid="compare-links"] a[data-compare-live]');
		await ready(page);
		expect(new URL(page.url()).searchParams.get('devices')).toBe(P5510);
		expect(await page.locator('[data-testid="compare-status"]').innerText()).toMatch(/at least two drives/);
		await page.fill('[data-testid="compare-search"]', 'p5520');
		const add = page.locator(`[data-testid="compare-matches"] button[data-device="${P5520}"]`);
		await add.click();
		await ready(page);
		expect(new URL(page.url()).searchParams.get('devices')).toBe(`${P5510},${P5520}`);
		expect(await tallyDevices(page)).toEqual([P5510, P5520]);
		expect(await page.locator('[data-testid="delta-table"]').count()).toBeGreaterThan(0);
	});

	it('marks the better value of every row by the metric’s direction, against a baseline the reader picks, kept in the URL', async () => {
		const path = `/compare/?devices=${P5510},${PM9A3},${P5520}`;
		const { page } = await open(path);
		await ready(page);
		const rows = async () =>
			page.locator('[data-testid="delta-table"] tbody tr').evaluateAll((trs) =>
				trs.map((tr) => ({
					metric: tr.getAttribute('data-metric')!,
					workload: tr.getAttribute('data-workload')!,
					cells: [...tr.querySelectorAll('td[data-device]')].map((td) => ({
						device: td.getAttribute('data-device')!,
						value: Number(td.getAttribute('data-value')),
						best: td.hasAttribute('data-best'),
						pct: td.querySelector('[data-pct]')?.textContent ?? null,
					})),
				})),
			);
		const before = await rows();
		expect(before.length).toBeGreaterThan(5);
		let marked = 0;
		for (const row of before) {
			const values = row.cells.map((c) => c.value);
			const best = row.metric.startsWith('lat_') ? Math.min(...values) : Math.max(...values);
			for (const c of row.cells) {
				if (c.best) marked++;
				if (c.best) expect(c.value, `${row.workload} ${row.metric}`).toBe(best);
				if (!c.best && values.filter((v) => v === best).length < values.length) expect(c.value === best).toBe(false);
			}
			// The first drive is the baseline: its cells carry no %, the others' do (where it has a value).
			const hasBase = row.cells.some((c) => c.device === P5510);
			for (const c of row.cells) expect(c.pct === null, `${row.workload} ${row.metric} ${c.device}`).toBe(!hasBase || c.device === P5510);
		}
		expect(marked).toBeGreaterThan(0);
		// As published: 4.8M IOPS for eight P5510 at once against the P5520's 1.15M (4K random read, 256 outstanding).
		const rr = before.find((r) => r.workload === 'random/read/100/4096/256/-' && r.metric === 'iops')!;
		expect(rr.cells.find((c) => c.device === P5510)).toMatchObject({ value: 4_800_000, best: true });
		expect(rr.cells.find((c) => c.device === P5520)).toMatchObject({ value: 1_150_000, best: false });
		expect(rr.cells.find((c) => c.device === P5520)!.pct).toMatch(/^−76(\.0)? %$/);
		// Eight drives at once against one moves the numbers: said next to the figures, the odd side drawn apart.
		expect(await page.locator('[data-testid="conditions"] [data-condition="drives"]').count()).toBeGreaterThan(0);

		const firstVerdict = await verdict(page);
		await page.selectOption('[data-testid="compare-base"]', PM9A3);
		await ready(page);
		await expect.poll(() => new URL(page.url()).searchParams.get('base')).toBe(PM9A3);
		expect(await page.locator('[data-testid="delta-table"] thead th[data-baseline]').first().getAttribute('data-device')).toBe(PM9A3);
		// A row the baseline has no value in gives no % at all.
		for (const row of await rows()) {
			const hasBase = row.cells.some((c) => c.device === PM9A3);
			for (const c of row.cells) expect(c.pct === null).toBe(!hasBase || c.device === PM9A3);
		}

		// The permalink restores the same view.
		const permalink = page.url();
		const again = await open(new URL(permalink).pathname + new URL(permalink).search);
		await ready(again.page);
		expect(await again.page.locator('[data-testid="compare-base"]').inputValue()).toBe(PM9A3);
		expect(await verdict(again.page)).toBe(await verdict(page));

		// Back returns to the first baseline, forward to the second.
		await page.goBack();
		await ready(page);
		await expect.poll(() => page.locator('[data-testid="compare-base"]').inputValue()).toBe(P5510);
		expect(await verdict(page)).toBe(firstVerdict);
		await page.goForward();
		await expect.poll(() => page.locator('[data-testid="compare-base"]').inputValue()).toBe(PM9A3);

		// Only comparable results: the eight-drive figures leave, and the URL says so.
		await page.check('[data-testid="compare-only"]');
		await ready(page);
		expect(new URL(page.url()).searchParams.get('only')).toBe('1');
		expect(await page.locator('[data-testid="conditions"] [data-moves-numbers]').count()).toBe(0);
		await page.screenshot({ path: join(ARTIFACTS, 'compare-1280.png'), fullPage: true });
	});

	it('shows a pre-rendered pair page with its charts and tables without JavaScript', async () => {
		const { page } = await open(`/compare/${P2}-vs-${BLUE}/`, { javaScriptEnabled: false });
		expect(await page.locator('[data-testid="compare-title"]').innerText()).toMatch(/Crucial P2 vs/);
		expect(await page.locator('[data-testid="chart"] svg').count()).toBeGreaterThanOrEqual(2);
		expect(await page.locator('[data-testid="delta-table"] td[data-best]').count()).toBeGreaterThan(0);
		expect(await verdict(page)).toMatch(/ahead on/);
		await page.screenshot({ path: join(ARTIFACTS, 'compare-pair-nojs-1280.png'), fullPage: false });
	});

	it('overlays a fio JSON the reader drops, parsed in the browser, and sends none of it anywhere', async () => {
		const w = await open(`/compare/?devices=${P2},${BLUE}`);
		const { page } = w;
		await ready(page);
		const sent: { url: string; method: string; body: string | null }[] = [];
		w.context.on('request', (r) => sent.push({ url: r.url(), method: r.method(), body: r.postData() }));
		await page.setInputFiles('[data-testid="compare-file"]', FIO_JSON);
		await expect.poll(() => tallyDevices(page), { timeout: 30_000 }).toEqual([P2, BLUE, 'your-drive']);
		expect(await page.locator('[data-testid="compare-own-status"]').innerText()).toMatch(/json-fio3\.14-crucial-sata-randread\.json: read as fio-json/);
		// 4K random read at one outstanding I/O: a row of the delta table and a point of the chart.
		const qd1 = page.locator('[data-testid="delta-table"] tr[data-workload="random/read/100/4096/1/-"][data-metric="iops"] td[data-device="your-drive"]');
		expect(Number(await qd1.getAttribute('data-value'))).toBeGreaterThan(0);
		// Its chart: the table says so at once, the chart is drawn once it comes into view.
		const figure = page.locator('[data-family] figure[data-chart="lvi"]', { has: page.locator('table[data-chart-table]', { hasText: 'Your drive' }) }).first();
		await figure.scrollIntoViewIfNeeded();
		await expect.poll(() => figure.locator('svg', { hasText: 'Your drive' }).count()).toBeGreaterThan(0);
		// The normalized result downloads as CSV with the published runs columns.
		const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="compare-own-csv"]')]);
		const csv = readFileSync((await download.path())!, 'utf8');
		expect(csv.split('\r\n')[0]).toContain('iops');
		expect(csv).toContain('your-drive');
		// No request after the drop carries the file: none has a body, none names what the file holds.
		const text = readFileSync(FIO_JSON, 'utf8');
		const jobName = (JSON.parse(text) as { jobs: { jobname: string }[] }).jobs[0]!.jobname;
		for (const r of sent) {
			expect(r.method, r.url).toBe('GET');
			expect(r.body, r.url).toBeNull();
			expect(decodeURIComponent(r.url)).not.toContain(jobName);
		}
		expect(w.offsite).toEqual([]);

		// A fio log alone: no workload to compare, its time series drawn under the drop zone.
		await page.setInputFiles('[data-testid="compare-file"]', IOPS_LOG);
		await expect.poll(() => page.locator('[data-testid="compare-own-status"]').innerText(), { timeout: 30_000 }).toMatch(/read as fio-log, a time series/);
		expect(await page.locator('[data-testid="compare-own-charts"] figure[data-chart="ts"]').count()).toBe(1);
		expect(await page.locator('[data-testid="compare-own-charts"] figure[data-chart="ts"] svg').count()).toBeGreaterThan(0);

		// A latency log whose unit only the fio version tells: the page asks for it, then reads the log again.
		await page.setInputFiles('[data-testid="compare-file"]', CLAT_LOG_218);
		await expect.poll(() => page.locator('[data-testid="compare-own-status"]').innerText(), { timeout: 30_000 }).toMatch(/log-fio2\.18-randread_clat\.1\.log:1: .*µs/);
		await page.fill('[data-testid="compare-fio-version"]', '2.18');
		await page.locator('[data-compare-own-version] button[type="submit"]').click();
		await expect.poll(() => page.locator('[data-testid="compare-own-status"]').innerText(), { timeout: 30_000 }).toMatch(/log-fio2\.18-randread_clat\.1\.log: read as fio-log, a time series/);
		expect(await page.locator('[data-compare-own-version]').isHidden()).toBe(true);
		await expect.poll(() => page.locator('[data-testid="compare-own-charts"] figure[data-chart="ts"] svg').count()).toBeGreaterThan(0);
		expect(await page.locator('[data-testid="compare-own-charts"] figure[data-chart="ts"] [data-chart-summary]').innerText()).toMatch(/µs|ms/);

		// A malformed file: its name and line, and the comparison stays as it was.
		await page.setInputFiles('[data-testid="compare-file"]', BAD_JSON);
		await expect.poll(() => page.locator('[data-testid="compare-own-status"]').innerText(), { timeout: 30_000 }).toMatch(/fio-json-bw-text\.json:34/);
		expect(await tallyDevices(page)).toEqual([P2, BLUE]);
	});

	it('overlays histograms and exceedance, their bins read only when the charts come into view, and the four corners', async () => {
		const w = await open(`/compare/?devices=${LAB_DRIVE}`);
		const { page } = w;
		const fetched: string[] = [];
		w.context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
		await page.setInputFiles('[data-testid="compare-file"]', LAB_JSONPLUS);
		await expect.poll(() => tallyDevices(page), { timeout: 30_000 }).toEqual([LAB_DRIVE, 'your-drive']);
		await ready(page);
		const corners = page.locator('figure[data-chart="fc"]');
		await corners.scrollIntoViewIfNeeded();
		await expect.poll(() => corners.locator('[data-chart-frame] svg').count()).toBeGreaterThan(0);
		expect(fetched.filter((p) => p.includes('/histograms/'))).toEqual([]);
		for (const kind of ['hist', 'exc']) {
			const figure = page.locator(`[data-family] figure[data-chart="${kind}"]`).first();
			await figure.scrollIntoViewIfNeeded();
			await expect.poll(() => figure.locator('[data-chart-frame] svg', { hasText: 'Your drive' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
			expect(await figure.locator('table[data-chart-table]').textContent()).toMatch(/Your drive/);
		}
		// The drive's histogram partition, read once for both charts.
		expect(fetched.filter((p) => p.includes('/histograms/review_id=lab-2026-virtual-disk-fio-sweep/')).length).toBeGreaterThan(0);
	});

	it('keeps the chart view in the URL: statistic, units and log axes, restored by the permalink', async () => {
		const { page } = await open(`/compare/?devices=${P2},${BLUE}`);
		await ready(page);
		const summary = () => page.locator('[data-family] figure[data-chart="lvi"] [data-chart-summary]').first().innerText();
		expect(await summary()).toMatch(/µs/);
		await page.selectOption('[data-testid="compare-latency"]', 'ms');
		await ready(page);
		await page.check('[data-testid="compare-log-x"]');
		await ready(page);
		await expect.poll(summary).toMatch(/\d ms\b/);
		expect(await summary()).not.toMatch(/µs/);
		// CrystalDiskMark reports no p99: the chart says it has nothing to draw for that statistic.
		await page.selectOption('[data-testid="compare-stat"]', 'p99');
		await ready(page);
		await expect.poll(summary).toMatch(/No data to show/);
		const query = new URL(page.url()).searchParams;
		expect([query.get('stat'), query.get('unit'), query.get('log'), query.get('devices')]).toEqual(['p99', 'ms', 'x', `${P2},${BLUE}`]);
		const again = await open(new URL(page.url()).pathname + new URL(page.url()).search);
		await ready(again.page);
		expect(await again.page.locator('[data-testid="compare-stat"]').inputValue()).toBe('p99');
		expect(await again.page.locator('[data-testid="compare-log-x"]').isChecked()).toBe(true);
		expect(await again.page.locator('[data-family] figure[data-chart="lvi"] [data-chart-summary]').first().innerText()).toBe(await summary());
	});

	it('reads in dark, in Chinese and at 375 px', async () => {
		const path = `/compare/?devices=${P2},${BLUE}`;
		const dark = await open(path, { colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
		await ready(dark.page);
		await dark.page.screenshot({ path: join(ARTIFACTS, 'compare-dark-1280.png') });
		const zh = await open(`/zh-Hans${path}`);
		await ready(zh.page);
		expect(await zh.page.locator('[data-testid="compare-title"]').innerText()).toBe('硬盘对比');
		expect(await verdict(zh.page)).toMatch(/领先/);
		await zh.page.screenshot({ path: join(ARTIFACTS, 'compare-zh-1280.png') });
		const narrow = await open(path, { viewport: { width: 375, height: 800 } });
		await ready(narrow.page);
		// Nothing wider than the screen but the tables and charts, which scroll inside their own box.
		const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth);
		expect(overflow).toBeLessThanOrEqual(375);
		await narrow.page.screenshot({ path: join(ARTIFACTS, 'compare-375.png') });
	});
});
