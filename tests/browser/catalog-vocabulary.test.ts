// The catalog's vocabulary, search and width in Debian's Chromium (issue 20): one filter value per interface, vendor and
// tool, in the page's language; a search that finds drives first and says what it matched; a table whose columns are
// never clipped at 1280 px. Screenshots of the catalog at 320, 375 and 1280 px, light and dark, English and Chinese, go
// to tests/artifacts/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, browserSession, useColorScheme } from './chromium.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);

const rows = (page: Page) => page.locator('[data-testid="catalog-table"] tbody tr');
const devices = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')));
const optionLabels = (page: Page, filter: string) => page.locator(`[data-testid="filter-${filter}"] option`).allInnerTexts();

async function ready(path: string, options: Parameters<typeof open>[1] = {}): Promise<Page> {
	const { page } = await open(path, options);
	await page.waitForSelector('html[data-catalog-ready="1"]');
	return page;
}

/** The five PCIe 4.0 NVMe drives of the bundled data, whichever way their YAML once printed the interface. */
const GEN4 = ['intel-d7-p5510-7-68tb', 'intel-optane-p5800x-800gb', 'samsung-pm9a3-7-68tb', 'solidigm-d7-p5520-7-68tb', 'ymtc-pe321-6-4tb'];

describe('catalog vocabulary', () => {
	it('offers one value per interface, vendor and tool, and a filter on PCIe 4.0 NVMe finds all five Gen4 drives', async () => {
		const page = await ready('/');
		expect(await optionLabels(page, 'interface')).toEqual([
			'Any',
			'PCIe 4.0 NVMe',
			'PCIe 3.0 NVMe',
			'PCIe NVMe, generation not stated',
			'SATA 6Gb/s',
			'SATA, generation not stated',
			'DDR4 DIMM (memory bus)',
			'virtio-blk (paravirtual)',
			'Virtual disk, interface not stated',
		]);
		// Intel once, whatever the YAML said about the line now being Solidigm's; Vdbench once, however a review spelt it.
		const vendors = await optionLabels(page, 'vendor');
		expect(vendors.filter((v) => /intel/i.test(v))).toEqual(['Intel']);
		const tools = await optionLabels(page, 'tool');
		expect(tools.filter((t) => /vdbench/i.test(t))).toEqual(['Vdbench']);
		expect(tools.filter((t) => /^fio$/i.test(t))).toEqual(['fio']);
		expect(await optionLabels(page, 'form-factor')).toEqual(['Any', 'M.2 2280', 'U.2', '2.5-inch', 'DIMM']);

		await page.selectOption('[data-testid="filter-interface"]', { label: 'PCIe 4.0 NVMe' });
		await expect.poll(async () => [...new Set(await devices(page))].sort()).toEqual(GEN4);
		expect(new URL(page.url()).searchParams.get('interface')).toBe('pcie-4-nvme');
		// Each row says what its YAML states: the lanes where they are known.
		const facts = page.locator('tr[data-device="solidigm-d7-p5520-7-68tb"] [data-device-class]');
		expect(await facts.innerText()).toBe('SSD · 7.68 TB · PCIe 4.0 x4 NVMe · U.2');
		await page.selectOption('[data-testid="filter-vendor"]', { label: 'Intel' });
		await expect.poll(async () => [...new Set(await devices(page))].sort()).toEqual(['intel-d7-p5510-7-68tb', 'intel-optane-p5800x-800gb']);
	});

	it('offers the Chinese words where they differ, and the same values', async () => {
		const page = await ready('/zh-Hans/?vendor=ymtc');
		const vendors = await optionLabels(page, 'vendor');
		expect(vendors).toContain('长江存储');
		expect(vendors).toContain('英特尔');
		expect(vendors).toContain('Solidigm');
		expect(await optionLabels(page, 'form-factor')).toContain('2.5 英寸');
		expect(await optionLabels(page, 'interface')).toContain('PCIe NVMe，代数未注明');
		await expect.poll(async () => [...new Set(await devices(page))]).toEqual(['ymtc-pe310', 'ymtc-pe321-6-4tb']);
	});
});

describe('catalog search', () => {
	it('lists the drives a word names first, then the rows only their review matches, and says so', async () => {
		const page = await ready('/');
		await page.fill('[data-testid="catalog-search"]', 'samsung');
		// The case: a Crucial and a WD drive matched by their review's title; now after the Samsung drives, marked.
		await expect
			.poll(() => devices(page))
			.toEqual(['samsung-pm9a3-7-68tb', 'samsung-840-evo-120gb', 'crucial-p2-2tb', 'intel-d7-p5510-7-68tb', 'wd-blue-3d-1tb']);
		const matchedBy = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-match')));
		expect(matchedBy).toEqual([null, null, 'review', 'review', 'review']);
		expect(await page.locator('[data-testid="catalog-match"]').innerText()).toBe(
			'2 drives match “samsung” by name, vendor or model; then 2 reviews by their title or publisher',
		);
		expect(await rows(page).nth(2).locator('[data-matched-by="review"]').innerText()).toBe('Found by the review');
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-search-samsung-1280.png'), fullPage: false });
		await page.fill('[data-testid="catalog-search"]', 'pe321');
		await expect.poll(() => page.locator('[data-testid="catalog-match"]').innerText()).toBe('1 drive matches “pe321” by name, vendor or model');
		await page.fill('[data-testid="catalog-search"]', '');
		await expect.poll(() => page.locator('[data-testid="catalog-match"]').innerText()).toBe('');
	});

	it('finds a vendor by its Chinese name, and says what matched in Chinese', async () => {
		const page = await ready('/zh-Hans/');
		await page.fill('[data-testid="catalog-search"]', '三星');
		// The P5510 only by its review's Chinese title ("英特爾 P5510 對比三星 PM9A3 性能"), after the two Samsung drives.
		await expect.poll(() => devices(page)).toEqual(['samsung-pm9a3-7-68tb', 'samsung-840-evo-120gb', 'intel-d7-p5510-7-68tb']);
		expect(await page.locator('[data-testid="catalog-match"]').innerText()).toBe('2 块硬盘的名称、厂商或型号与“三星”匹配；其后 1 篇评测的标题或媒体匹配');
		await page.fill('[data-testid="catalog-search"]', 'samsung');
		await expect
			.poll(() => page.locator('[data-testid="catalog-match"]').innerText())
			.toBe('2 块硬盘的名称、厂商或型号与“samsung”匹配；其后 2 篇评测的标题或媒体匹配');
		expect(await rows(page).nth(2).locator('[data-matched-by="review"]').innerText()).toBe('按评测匹配');
	});
});

describe('catalog width', () => {
	/** Where each header cell and the table's box are, and what of the box's scrollbar is on screen. */
	const layout = (page: Page) =>
		page.evaluate(() => {
			const box = document.querySelector<HTMLElement>('[data-testid="catalog-scroll"]')!;
			const b = box.getBoundingClientRect();
			const headers = [...document.querySelectorAll('[data-testid="catalog-table"] thead th')].map((th) => th.getBoundingClientRect());
			return {
				box: { left: b.left, right: b.right, top: b.top, bottom: b.bottom, height: b.height },
				scrolls: box.scrollWidth > box.clientWidth + 1,
				clipped: headers.filter((h) => h.right > b.right + 1 || h.left < b.left - 1).length,
				viewport: window.innerHeight,
				page: document.documentElement.scrollWidth - window.innerWidth,
			};
		});

	for (const lang of ['en', 'zh-Hans'] as const) {
		it(`shows every column at 1280 px, the QD 1 latency column inside the table's box (${lang})`, async () => {
			const page = await ready(lang === 'en' ? '/' : '/zh-Hans/', { viewport: { width: 1280, height: 800 } });
			const l = await layout(page);
			expect(l.page).toBeLessThanOrEqual(1);
			expect(l.scrolls).toBe(false);
			expect(l.clipped).toBe(0);
			const last = (await page.locator('th[data-sort-key="qd1_rand_read_lat_ns"]').boundingBox())!;
			expect(last.x + last.width).toBeLessThanOrEqual(l.box.right + 1);
			expect(last.width).toBeGreaterThanOrEqual(90);
		});
	}

	it('scrolls a table wider than the screen inside a box whose scrollbar is on screen, the drive column in place', async () => {
		const page = await ready('/', { viewport: { width: 800, height: 700 } });
		const box = page.locator('[data-testid="catalog-scroll"]');
		await box.scrollIntoViewIfNeeded();
		const l = await layout(page);
		expect(l.page).toBeLessThanOrEqual(1);
		expect(l.scrolls).toBe(true);
		// At most a screen tall: scrolled to, its bottom edge (where the scrollbar is) is on screen, not 50 rows down.
		expect(l.box.height).toBeLessThanOrEqual(l.viewport);
		expect(l.box.bottom).toBeLessThanOrEqual(l.viewport + 1);
		await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
		const after = await page.evaluate(() => {
			const b = document.querySelector('[data-testid="catalog-scroll"]')!.getBoundingClientRect();
			const first = document.querySelector('[data-testid="catalog-table"] tbody td')!.getBoundingClientRect();
			const last = document.querySelector('th[data-sort-key="qd1_rand_read_lat_ns"]')!.getBoundingClientRect();
			return { boxLeft: b.left, boxRight: b.right, firstLeft: first.left, lastRight: last.right };
		});
		// Scrolled to its end: the last column is in the box, and the drive column has stayed at the box's left edge.
		expect(after.lastRight).toBeLessThanOrEqual(after.boxRight + 1);
		expect(Math.abs(after.firstLeft - after.boxLeft)).toBeLessThanOrEqual(2);
		await page.screenshot({ path: join(ARTIFACTS, 'catalog-scrolled-800.png') });
	});

	it('is drawn at 320, 375 and 1280 px, light and dark, in English and Chinese, without page overflow', async () => {
		for (const width of [320, 375, 1280]) {
			for (const lang of ['en', 'zh-Hans'] as const) {
				// One load per width and language; the theme follows the system's in place.
				const page = await ready(lang === 'en' ? '/' : '/zh-Hans/', { viewport: { width, height: width < 640 ? 812 : 800 }, colorScheme: 'light' });
				for (const colorScheme of ['light', 'dark'] as const) {
					await useColorScheme(page, colorScheme);
					await page.evaluate(() => window.scrollTo(0, 0));
					const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
					expect(overflow, `${width} ${colorScheme} ${lang}`).toBeLessThanOrEqual(1);
					await page.screenshot({ path: join(ARTIFACTS, `catalog-${lang}-${colorScheme}-${width}.png`) });
					// Further down: the rows (cards on a phone, the table's first rows at 1280 px).
					await page.locator('[data-testid="catalog-table"]').scrollIntoViewIfNeeded();
					await page.screenshot({ path: join(ARTIFACTS, `catalog-${lang}-${colorScheme}-${width}-rows.png`) });
				}
				await page.context().close();
			}
		}
	});
});
