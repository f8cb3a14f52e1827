// The finder as a reader uses it, in Debian's Chromium: a question typed into the form (its state then in the URL),
// answers checked by hand against the raw runs, "Compare these", the ranking chart, each table's CSV, and the page in
// both languages, light and dark, at 1280 and 375 px. Screenshots go to tests/artifacts/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);

const ready = (page: import('playwright-core').Page) => page.waitForSelector('[data-find-page][data-state="ready"]');

describe('finder', () => {
	it('answers "4K random read at QD 1" from the form: ranked lists per testbed, the chart, Compare these, CSV', async () => {
		const { page, requests } = await open('/find/');
		await page.selectOption('[data-testid="find-access"]', 'random');
		await page.fill('[data-testid="find-read"]', '100');
		await page.selectOption('[data-testid="find-bs"]', '4096');
		await page.fill('[data-testid="find-qd"]', '1');
		await page.click('[data-testid="find-submit"]');
		await ready(page);
		const url = new URL(page.url());
		expect(Object.fromEntries(url.searchParams)).toEqual({ access: 'random', read: '100', bs: '4096', qd: '1' });
		// Only the files this question needs: its family's head, the index of QD 1's band and its first pages, and the chart's curves of its first list.
		const files = () => requests.filter((r) => r.includes('/data/find/families/')).map((r) => r.slice(`${base}/data/find/families/`.length));
		await expect.poll(() => files().length).toBeGreaterThan(3);
		expect(files().slice(0, 2)).toEqual(['random-100-4096/head.json', 'random-100-4096/qd-1.json']);
		for (const f of files().slice(2)) expect(f).toMatch(/^random-100-4096\/(qd-1-(drives|others)-(iops|mean)-0|qd-1-apart-0|curves-\d+)\.json$/);
		const lists = page.locator('[data-testid="find-ranked"]');
		// StorageReview 1T/1Q: P5800X 24 µs before P5510 81 µs (mean latency; the article gives no IOPS at QD 1).
		const first = lists.nth(0).locator('tbody tr');
		expect(await first.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')))).toEqual(['intel-optane-p5800x-800gb', 'intel-d7-p5510-7-68tb']);
		expect(await first.nth(0).locator('td[data-stat="mean"]').innerText()).toBe('24 µs');
		// CrystalDiskMark RND4K Q1T1 read on the H87M board: P2 12,134, WD Blue 10,101, 840 EVO 9,419 IOPS.
		const h87 = lists.filter({ has: page.locator('tr[data-device="wd-blue-3d-1tb"]') });
		expect(await h87.locator('tbody tr td[data-value]').evaluateAll((tds) => tds.map((td) => Math.round(Number(td.getAttribute('data-value')))))).toEqual([12_134, 10_101, 9_419]);
		// Lists are never merged: each after the first says why.
		expect(await page.locator('[data-testid="find-between"]').count()).toBe((await lists.count()) - 1);
		// The lab's virtio disk is no drive: 13,614 IOPS at QD 1, listed apart.
		expect(await page.locator('[data-testid="find-not-drives"] tr[data-device="virtual-disk-virtio-blk"] td[data-value]').first().getAttribute('data-value')).toMatch(/^13614\./);
		await expect.poll(() => page.locator('#find-chart [data-chart-frame] svg').count()).toBeGreaterThan(0);
		expect(await page.locator('[data-testid="find-compare"]').getAttribute('href')).toBe('/compare/?devices=intel-optane-p5800x-800gb,intel-d7-p5510-7-68tb');
		const download = page.waitForEvent('download');
		await page.locator('[data-find-csv="find-table-0"]').click();
		const csv = await (await download).path();
		expect(readFileSync(csv!, 'utf8')).toContain('Intel Optane SSD P5800X');
		await page.screenshot({ path: join(ARTIFACTS, 'find-qd1-1280.png'), fullPage: true });
		// The ranking chart's embed draws the same first list, and links back to the whole answer.
		const embedUrl = new URL((await page.locator('#find-chart [data-embed-link]').getAttribute('href'))!);
		expect(embedUrl.pathname).toBe('/embed/find/');
		const embed = await open(embedUrl.pathname + embedUrl.search, { viewport: { width: 320, height: 600 } });
		await embed.page.waitForSelector('html[data-state="ready"] [data-chart-frame] svg');
		expect(await embed.page.locator('[data-embed-title]').innerText()).toBe('4 KiB random read, 1 outstanding I/O');
		expect(await embed.page.locator('[data-embed-source] a').getAttribute('href')).toBe('/find/?access=random&read=100&bs=4096&qd=1');
		await embed.page.screenshot({ path: join(ARTIFACTS, 'find-embed-320.png'), fullPage: true });
		// Another load on the loaded page reads only its band's files (the head is kept); the same load again reads nothing.
		const before = files().length;
		const ask = async (qd: string) => {
			await page.fill('[data-testid="find-qd"]', qd);
			await page.click('[data-testid="find-submit"]');
			await ready(page);
			await expect.poll(() => page.locator('#find-chart [data-chart-frame] svg').count()).toBeGreaterThan(0);
		};
		for (const qd of ['32', '48']) await ask(qd);
		const later = files().slice(before);
		expect(later.filter((f) => /^random-100-4096\/qd-\d+\.json$/.test(f))).toHaveLength(2);
		for (const f of later) expect(f).toMatch(/^random-100-4096\/(qd-\d+(-[a-z0-9_-]+)?|curves-\d+)\.json$/);
		const again = files().length;
		await ask('32');
		expect(files().slice(again)).toEqual([]);
	});

	it('answers "4K random 70/30 at 100K IOPS with p99 ≤ 1 ms" with where the data stops', async () => {
		const { page } = await open('/find/?access=random&read=70&bs=4096&rate=100000&p99=1000');
		await ready(page);
		expect(await page.locator('[data-testid="find-summary"]').innerText()).toMatch(/^No drive has a measured result at this load/);
		// The lab disk peaks at 41,669 + 17,868 = 59,537 IOPS (QD 128): not measured above, nothing extrapolated.
		const lab = page.locator('[data-testid="find-not-drives"] tr[data-device="virtual-disk-virtio-blk"]');
		expect(await lab.locator('[data-how]').innerText()).toContain('Not measured above 59,537 IOPS.');
		expect(await page.locator('[data-testid="find-ranked"]').count()).toBe(0);
		// The loose figures and the drives outside the family: the first 5 of each, with their counts and "Show more".
		const loose = page.locator('[data-testid="find-loose"] li');
		const near = page.locator('[data-testid="find-neighbours"] li');
		expect(await loose.count()).toBe(5);
		expect(await near.count()).toBe(5);
		expect(await page.locator('[data-testid="find-more-loose"]').innerText()).toContain('Shown: 5 of 9.');
		expect(await page.locator('[data-testid="find-more-near"]').innerText()).toContain('Shown: 5 of 10.');
		const shownLoose = await loose.evaluateAll((lis) => lis.map((li) => li.textContent));
		await page.click('[data-find-more="loose"]');
		await ready(page);
		// The URL holds how many are shown; the first ones stay as they were, the next ones follow.
		expect(new URL(page.url()).searchParams.get('loose')).toBe('10');
		expect(await loose.count()).toBe(9);
		expect((await loose.evaluateAll((lis) => lis.map((li) => li.textContent))).slice(0, 5)).toEqual(shownLoose);
		expect(await page.locator('[data-testid="find-more-loose"]').count()).toBe(0);
		// The P5510's curve start (392K IOPS for 8 drives = 49,000 per drive) states no queue depth: named, never ranked.
		expect(await page.locator('[data-testid="find-loose"] li[data-device="intel-d7-p5510-7-68tb"]').innerText()).toContain('49,000 IOPS');
		await page.click('[data-find-more="near"]');
		await ready(page);
		expect(await near.count()).toBe(10);
		expect(await page.locator('[data-testid="find-neighbours"] li[data-device="wd-blue-3d-1tb"]').innerText()).toBe('Western Digital WD Blue 3D NAND SATA SSD (WDS100T2B0A): only 4 KiB random write (QD 1, 32); 4 KiB random read (QD 1, 32)');
		// The link reopens the same answer, as much of it shown.
		const reopened = await open(new URL(page.url()).pathname + new URL(page.url()).search);
		await ready(reopened.page);
		expect(await reopened.page.locator('[data-testid="find-loose"] li').count()).toBe(9);
		expect(await reopened.page.locator('[data-testid="find-neighbours"] li').count()).toBe(10);
	});

	it('answers for a dropped result as "Your drive", and a link with it reopens the answer in a fresh profile, sending none of it', async () => {
		const FIO_JSON = join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json');
		const first = await open('/find/?access=random&read=100&bs=4096&qd=1');
		await ready(first.page);
		await first.page.setInputFiles('[data-testid="find-file"]', FIO_JSON);
		await expect.poll(() => first.page.locator('tr[data-device="your-drive"]').count(), { timeout: 30_000 }).toBe(1);
		const own = first.page.locator('tr[data-device="your-drive"] td[data-value]');
		const value = await own.getAttribute('data-value');
		// The reader's file states no preconditioning: a list of its own, never ranked against the published drives.
		const list = first.page.locator('[data-testid="find-ranked"]', { has: first.page.locator('tr[data-device="your-drive"]') });
		expect(await list.locator('tbody tr').count()).toBe(1);
		const link = await first.page.locator('[data-testid="find-share-link"]').inputValue();
		expect(new URL(link).hash).toMatch(/^#own=v1\./);
		const again = await open(new URL(link).pathname + new URL(link).search + new URL(link).hash);
		await ready(again.page);
		await expect.poll(() => again.page.locator('tr[data-device="your-drive"] td[data-value]').getAttribute('data-value')).toBe(value);
		const data = new URL(link).hash.slice('#own=v1.'.length, '#own=v1.'.length + 24);
		for (const r of [...first.requests, ...again.requests]) expect(r).not.toContain(data);
		await again.page.screenshot({ path: join(ARTIFACTS, 'find-own-1280.png'), fullPage: true });
	});

	it('reads in both languages, light and dark, at 1280 and 375 px, and never scrolls sideways', async () => {
		for (const lang of ['', '/zh-Hans'] as const) {
			for (const scheme of ['light', 'dark'] as const) {
				for (const width of [1280, 375]) {
					const { page } = await open(`${lang}/find/?access=random&read=100&bs=4096&qd=1`, { viewport: { width, height: 900 }, colorScheme: scheme });
					await ready(page);
					expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
					if (lang) expect(await page.locator('[data-testid="find-summary"]').innerText()).toMatch(/^第一：/);
					await page.screenshot({ path: join(ARTIFACTS, `find${lang ? '-zh' : ''}-${scheme}-${width}.png`), fullPage: true });
				}
			}
		}
	});
});
