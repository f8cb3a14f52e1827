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
		expect(await verdict(page)).toMatch(/^Intel SSD D7-P5510 is ahead on 6 of 7 comparable workloads\./);
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
						counts: td.hasAttribute('data-counts'),
						cls: td.getAttribute('data-class'),
						pct: td.querySelector('[data-pct]')?.textContent ?? null,
					})),
				})),
			);
		const before = await rows();
		expect(before.length).toBeGreaterThan(5);
		let marked = 0;
		for (const row of before) {
			// Only the cells that count compete: the best is among them.
			const values = row.cells.filter((c) => c.counts).map((c) => c.value);
			const best = row.metric.startsWith('lat_') ? Math.min(...values) : Math.max(...values);
			for (const c of row.cells) {
				if (c.best) marked++;
				if (c.best) expect(c.value, `${row.workload} ${row.metric}`).toBe(best);
				if (c.best) expect(c.counts).toBe(true);
				if (!c.best && c.counts && values.filter((v) => v === best).length < values.length) expect(c.value === best).toBe(false);
			}
			// The first drive is the baseline: its cells carry no %, the others' do (where it has a value).
			const hasBase = row.cells.some((c) => c.device === P5510);
			for (const c of row.cells) expect(c.pct === null, `${row.workload} ${row.metric} ${c.device}`).toBe(!hasBase || c.device === P5510);
		}
		expect(marked).toBeGreaterThan(0);
		// 4.8M IOPS for eight P5510 at once is 600K per drive; the P5520's 1.15M states no queue depth: shown pale, not comparable.
		const rr = before.find((r) => r.workload === 'random/read/100/4096/256/-' && r.metric === 'iops')!;
		expect(rr.cells.find((c) => c.device === P5510)).toMatchObject({ value: 600_000, best: false });
		expect(rr.cells.find((c) => c.device === P5520)).toMatchObject({ value: 1_150_000, best: false, counts: false, cls: 'not_comparable' });
		expect(rr.cells.find((c) => c.device === P5520)!.pct).toMatch(/^\+91\.7 %$/);
		expect(await page.locator('td[data-device="intel-d7-p5510-7-68tb"] [data-per-drive="divided"]', { hasText: '4,800,000 IOPS for 8 drives = 600,000 IOPS per drive' }).count()).toBeGreaterThan(0);
		// Why the P5520 is drawn apart: said next to the figures.
		expect(await page.locator(`[data-testid="conditions"] [data-device="${P5520}"][data-class="not_comparable"] [data-reason="unknown_part"]`).count()).toBeGreaterThan(0);

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

		// Counting results that are not comparable is the reader's choice, kept in the URL; the words say so.
		await page.check('[data-testid="compare-all"]');
		await ready(page);
		expect(new URL(page.url()).searchParams.get('all')).toBe('1');
		expect(await verdict(page)).toMatch(/counting results that are not comparable/);
		expect(await page.locator('td[data-class="not_comparable"][data-counts]').count()).toBeGreaterThan(0);
		await page.screenshot({ path: join(ARTIFACTS, 'compare-1280.png'), fullPage: true });
	});

	// The three seed comparisons, each verdict checked by hand against the articles (../shared/seed-reviews/).
	it('P5510 vs PM9A3 (one review, one testbed): every workload of the review side by side, by label, tabled and drawn', async () => {
		for (const [path, js] of [[`/compare/${P5510}-vs-${PM9A3}/`, false], [`/compare/?devices=${P5510},${PM9A3}`, true]] as const) {
			const { page } = await open(path, { javaScriptEnabled: js });
			if (js) await ready(page);
			// Sysbench 8VM 30,337 vs 29,438 TPS and 16VM 38,838 vs 38,717; noisy neighbour p99 469/482/502 vs 523/545/594 µs;
			// write pressure 78 vs 82 µs; SQL Server 1.0 ms both (a tie): the P5510 leads on 6 of 7.
			expect(await verdict(page)).toMatch(/^Intel SSD D7-P5510 is ahead on 6 of 7 comparable workloads\. 1 more is not comparable: a part of the workload not stated \(1\)\./);
			const families = await page.locator('section[data-family] h3').allInnerTexts();
			for (const label of ['sysbench 8VM', 'sysbench 16VM', 'sql server tpc-c 8VM', 'noisy neighbour NS4', 'noisy neighbour NS5', 'noisy neighbour NS6', 'write pressure']) {
				expect(families).toContain(`${label} (one review)`);
			}
			const sysbench = page.locator('section[data-family]', { has: page.locator('h3', { hasText: 'sysbench 8VM' }) });
			expect(await sysbench.locator('figure[data-chart="app"]').count()).toBe(1);
			expect(await sysbench.locator('tr[data-metric="tps"] td[data-device="intel-d7-p5510-7-68tb"][data-best]').innerText()).toContain('3,792 TPS');
			const ns4 = page.locator('section[data-family]', { has: page.locator('h3', { hasText: 'noisy neighbour NS4' }) });
			expect(await ns4.locator('figure[data-chart="ladder"]').count()).toBe(1);
			// The headline, under the verdict: the first throughput chart of a workload both drives have, sysbench 16VM's bars;
			// its section keeps the table and links up to it.
			const headline = page.getByTestId('headline');
			expect(await headline.locator('h3').innerText()).toBe('sysbench 16VM (one review)');
			expect(await headline.locator('figure[data-chart="app"]').count()).toBe(1);
			const sysbench16 = page.locator('section[data-family]', { has: page.locator('h3', { hasText: 'sysbench 16VM' }) });
			expect(await sysbench16.locator('figure[data-chart="app"]').count()).toBe(0);
			expect(await sysbench16.locator('a[href="#headline"]').count()).toBe(1);
			// The curve start of the write-rate sweep never meets a QD 256 figure as a competitor.
			const qd256 = page.locator('tr[data-workload="random/write/0/4096/256/-"][data-metric="lat_mean_ns"] td[data-device="samsung-pm9a3-7-68tb"]');
			expect(await qd256.getAttribute('data-class')).toBe('not_comparable');
			expect(await qd256.getAttribute('data-best')).toBeNull();
			await page.setViewportSize({ width: 1280, height: 800 });
			await page.screenshot({ path: join(ARTIFACTS, `compare-p5510-pm9a3-${js ? 'live' : 'pair'}-1280.png`), fullPage: true });
			await page.setViewportSize({ width: 375, height: 800 });
			await page.screenshot({ path: join(ARTIFACTS, `compare-p5510-pm9a3-${js ? 'live' : 'pair'}-375.png`), fullPage: true });
		}
	});

	it('P5510 vs P5800X vs PMem 200: per drive the P5800X leads everywhere; persistent memory is no drive', async () => {
		const { page } = await open(`/compare/?devices=${P5510},intel-optane-p5800x-800gb,intel-optane-pmem-200-128gb`);
		await ready(page);
		// Per drive: 4K random read 600K vs 850K IOPS, 4K random write 222.5K vs 955K, 128K read 6,750 vs 7,000 MB/s,
		// 128K write 4,088 vs 5,550 MB/s, QD1 read latency 81 vs 24 µs.
		expect(await verdict(page)).toMatch(/^Intel Optane SSD P5800X is ahead on 5 of 5 comparable workloads\. 2 more are not comparable: a different kind of device \(1\), a part of the workload not stated \(1\)\./);
		const cell = (workload: string, metric: string, device: string) => page.locator(`tr[data-workload="${workload}"][data-metric="${metric}"] td[data-device="${device}"]`);
		expect(await cell('random/read/100/4096/256/-', 'iops', P5510).getAttribute('data-value')).toBe('600000');
		expect(await cell('random/read/100/4096/256/-', 'iops', 'intel-optane-p5800x-800gb').getAttribute('data-value')).toBe('850000');
		expect(await cell('random/write/0/4096/256/-', 'iops', 'intel-optane-p5800x-800gb').getAttribute('data-value')).toBe('955000');
		expect(await cell('random/read/100/4096/1/-', 'lat_mean_ns', 'intel-optane-p5800x-800gb').getAttribute('data-value')).toBe('24000');
		expect(await cell('random/read/100/4096/256/-', 'iops', 'intel-optane-pmem-200-128gb').getAttribute('data-class')).toBe('conditions_differ');
		expect(await page.locator('[data-testid="corners-left-out"]').innerText()).toContain('Intel Optane Persistent Memory 200 series');
		await page.screenshot({ path: join(ARTIFACTS, 'compare-p5510-p5800x-pmem-1280.png'), fullPage: true });
		await page.setViewportSize({ width: 375, height: 800 });
		await page.screenshot({ path: join(ARTIFACTS, 'compare-p5510-p5800x-pmem-375.png'), fullPage: true });
	});

	it('S3500 against the drives it meets: a figure without its queue depth is shown, never ranked', async () => {
		const pair = await open(`/compare/intel-dc-s3500-480gb-vs-intel-ssd-710/`, { javaScriptEnabled: false });
		// The 710 appears with one latency figure; the S3500 with IOPS: nothing to set against each other.
		expect(await verdict(pair.page)).toMatch(/^The 1 shared workload is not comparable: no metric in common \(1\)\./);
		const { page } = await open(`/compare/?devices=intel-dc-s3500-480gb,${P2},samsung-840-evo-120gb`);
		await ready(page);
		// zdnet's 84,300 IOPS (4K random read) states no queue depth: beside CrystalDiskMark's QD1 and QD32 it is pale.
		expect(await verdict(page)).toMatch(/^Crucial P2 is ahead on \d+ of \d+ comparable workloads\. \d+ more (is|are) not comparable: a part of the workload not stated/);
		const s3500 = page.locator('td[data-device="intel-dc-s3500-480gb"]');
		expect(await s3500.count()).toBeGreaterThan(0);
		for (const cls of await s3500.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-class')))) expect(cls).toBe('not_comparable');
		expect(await page.locator('td[data-device="intel-dc-s3500-480gb"][data-best]').count()).toBe(0);
		await page.screenshot({ path: join(ARTIFACTS, 'compare-s3500-1280.png'), fullPage: true });
		await page.setViewportSize({ width: 375, height: 800 });
		await page.screenshot({ path: join(ARTIFACTS, 'compare-s3500-375.png'), fullPage: true });
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
		// The reader's file states no preconditioning: classed "conditions differ" like any result, its corners are drawn
		// when the reader counts results that are not comparable (all=1).
		const w = await open(`/compare/?devices=${LAB_DRIVE}&all=1`);
		const { page } = w;
		const fetched: string[] = [];
		w.context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
		await page.setInputFiles('[data-testid="compare-file"]', LAB_JSONPLUS);
		await expect.poll(() => tallyDevices(page), { timeout: 30_000 }).toEqual([LAB_DRIVE, 'your-drive']);
		await ready(page);
		expect(await page.locator('td[data-device="your-drive"][data-class="conditions_differ"]').count()).toBeGreaterThan(0);
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
		// The summary is written when the chart is drawn, which may come after the page says it is ready.
		await expect.poll(summary).toMatch(/µs/);
		await page.selectOption('[data-testid="control-latency"]', 'ms');
		await ready(page);
		await page.check('[data-testid="control-log-x"]');
		await ready(page);
		await expect.poll(summary).toMatch(/\d ms\b/);
		expect(await summary()).not.toMatch(/µs/);
		// CrystalDiskMark reports no p99: the chart says it has nothing to draw for that statistic.
		await page.selectOption('[data-testid="control-stat"]', 'p99');
		await ready(page);
		await expect.poll(summary).toMatch(/No data to show/);
		const query = new URL(page.url()).searchParams;
		expect([query.get('stat'), query.get('unit'), query.get('log'), query.get('devices')]).toEqual(['p99', 'ms', 'x', `${P2},${BLUE}`]);
		const again = await open(new URL(page.url()).pathname + new URL(page.url()).search);
		await ready(again.page);
		expect(await again.page.locator('[data-testid="control-stat"]').inputValue()).toBe('p99');
		expect(await again.page.locator('[data-testid="control-log-x"]').isChecked()).toBe(true);
		// Polled as above: the reopened page writes its summary when it draws the chart.
		const shown = await summary();
		await expect.poll(() => again.page.locator('[data-family] figure[data-chart="lvi"] [data-chart-summary]').first().innerText()).toBe(shown);
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
