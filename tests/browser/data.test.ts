// The downloads page as a reader uses it, in Debian's Chromium: the dataset's version, date and citation, every
// download link answering with the very file the manifest describes, the page in Chinese, dark and at 375 px with
// nothing wider than the screen, and review and drive pages linking their own archive. Screenshots in tests/artifacts/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { DatasetManifest, ReviewManifest } from '../../src/lib/dataset-layout.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);
const DATA = join(ROOT, 'dist/data');
const manifest = JSON.parse(readFileSync(join(DATA, 'manifest.json'), 'utf8')) as DatasetManifest;
const REVIEW = 'vdbconvert-2016-vdbench-iorate-ramp';
const review = JSON.parse(readFileSync(join(DATA, manifest.reviews[REVIEW]!.path), 'utf8')) as ReviewManifest;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('downloads page', () => {
	it('shows the dataset version, its date and how to cite it', async () => {
		const { page } = await open('/data/');
		expect(await page.locator('h1').innerText()).toBe('Downloads');
		expect(await page.getByTestId('dataset-version').innerText()).toBe(manifest.dataset_version);
		expect(await page.getByTestId('dataset-generated').innerText()).toBe(manifest.generated);
		expect(manifest.dataset_version).toBe(sha256(readFileSync(join(DATA, 'SHA256SUMS'))));
		const text = await page.getByTestId('cite-text').innerText();
		expect(text).toContain(`Dataset version ${manifest.dataset_version}, generated ${manifest.generated}`);
		expect(await page.getByTestId('cite-bibtex').innerText()).toMatch(new RegExp(`^@misc\\{ssd-review-data-[0-9a-f]{12},[\\s\\S]*version = \\{${manifest.dataset_version}\\}`));
		// Each review's source and licence.
		const section = page.locator(`[data-review="${REVIEW}"]`);
		expect(await section.getByTestId('licence').innerText()).toBe('MIT');
		expect(await section.locator('a[href^="https://github.com/TheOtherOtherOperation/vdbconvert"]').count()).toBe(1);
	});

	it('lists every published file once, and each link answers with that file', async () => {
		const { page } = await open('/data/');
		const links = await page.locator('a[data-download]').evaluateAll((as) => as.map((a) => [a.getAttribute('data-download')!, a.getAttribute('href')!, a.parentElement?.querySelector('code')?.getAttribute('title') ?? null] as const));
		const listed = new Set(links.map(([path]) => path));
		expect(links.length).toBe(listed.size);
		const sums = readFileSync(join(DATA, 'SHA256SUMS'), 'utf8').trimEnd().split('\n').map((l) => l.split('  ') as [string, string]);
		// Every file but the per-review manifests (in manifest.json) has its link; the page shows the manifest's hash.
		const expected = sums.filter(([, path]) => !path.startsWith('manifests/') && !/^[a-z_]+\/review_id=/.test(path)).map(([, p]) => p);
		for (const path of expected) expect(listed.has(path), path).toBe(true);
		for (const [hash, path] of sums) {
			const shown = links.find(([p]) => p === path);
			if (shown?.[2]) expect(shown[2], path).toBe(hash);
		}
		// Table partitions are listed under their review.
		for (const [name, f] of Object.entries(review.partitions)) {
			expect(listed.has(f.path), name).toBe(true);
			expect(listed.has(review.csv[name]!.path), name).toBe(true);
		}
		// A few followed for their bytes: the manifest, a catalog CSV, a review's CSV and Parquet, a raw file, the archive.
		const follow = ['manifest.json', 'SHA256SUMS', 'reviews.csv', review.csv.runs!.path, review.partitions.runs!.path, review.raw[0]!.path, review.archive.path];
		for (const path of follow) {
			const href = links.find(([p]) => p === path)![1];
			const response = await page.request.get(base + href);
			expect(response.status(), path).toBe(200);
			expect((await response.body()).equals(readFileSync(join(DATA, path))), path).toBe(true);
		}
		const archive = await page.request.get(`${base}/data/${review.archive.path}`);
		expect(archive.headers()['content-type']).toBe('application/zip');
		expect(sha256(await archive.body())).toBe(review.archive.sha256);
		// And every other link answers.
		for (const [path, href] of links) expect((await page.request.head(base + href)).status(), path).toBe(200);
	});

	it('reads in Chinese, dark, and at 375 px without anything wider than the screen', async () => {
		const wide = await open('/data/', { viewport: { width: 1280, height: 900 } });
		await wide.page.screenshot({ path: join(ARTIFACTS, 'data-1280.png'), fullPage: false });
		const zh = await open('/zh-Hans/data/', { viewport: { width: 1280, height: 900 } });
		expect(await zh.page.locator('h1').innerText()).toBe('数据下载');
		expect(await zh.page.locator('html').getAttribute('lang')).toBe('zh-Hans');
		expect(await zh.page.getByTestId('dataset-version').innerText()).toBe(manifest.dataset_version);
		await zh.page.screenshot({ path: join(ARTIFACTS, 'data-zh-1280.png'), fullPage: false });
		for (const colorScheme of ['light', 'dark'] as const) {
			const narrow = await open('/data/', { viewport: { width: 375, height: 800 }, colorScheme });
			const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
			expect(overflow, colorScheme).toBeLessThanOrEqual(0);
			// A hash cut to the width keeps its whole value in the text and the tooltip.
			const hash = narrow.page.locator(`[data-review="${REVIEW}"] code[title]`).first();
			expect(await hash.getAttribute('title')).toMatch(/^[0-9a-f]{64}$/);
			expect(await hash.textContent()).toBe(await hash.getAttribute('title'));
			await narrow.page.locator(`[data-review="${REVIEW}"]`).scrollIntoViewIfNeeded();
			await narrow.page.screenshot({ path: join(ARTIFACTS, `data-375${colorScheme === 'dark' ? '-dark' : ''}.png`), fullPage: false });
		}
		const top = await open('/data/', { viewport: { width: 375, height: 800 } });
		await top.page.screenshot({ path: join(ARTIFACTS, 'data-375-top.png'), fullPage: false });
	});

	it('is linked from every review and drive page: their archive, and their part of this page', async () => {
		const { page } = await open(`/reviews/${REVIEW}/`);
		const archive = page.locator('[data-testid="review-downloads"] a[data-testid="review-archive"]');
		expect(await archive.getAttribute('href')).toBe(`/data/${review.archive.path}`);
		const response = await page.request.get(base + (await archive.getAttribute('href'))!);
		expect(response.status()).toBe(200);
		expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
		await page.locator('[data-testid="review-downloads"] a', { hasText: 'Every download' }).click();
		await page.waitForURL(`**/data/#review-${REVIEW}`);
		expect(await page.locator(`#review-${REVIEW}`).isVisible()).toBe(true);
		// The charts keep their table as CSV: the headline chart (the ramp's latency-vs-IOPS curve, a 75/25 mix: no four corners).
		const chartCsv = (await open(`/reviews/${REVIEW}/`)).page.locator('[data-testid="overview"] figure a[download][href$=".csv"]').first();
		expect((await page.request.get(base + (await chartCsv.getAttribute('href'))!)).status()).toBe(200);
		const drive = await open('/drives/vdbconvert-sdb-lun/');
		expect(await drive.page.locator('a[data-testid="review-archive"]').first().getAttribute('href')).toBe(`/data/${review.archive.path}`);
		const zh = await open(`/zh-Hans/reviews/${REVIEW}/`);
		expect(await zh.page.locator('[data-testid="review-archive"]').innerText()).toMatch(/^本评测全部数据/);
	});
});
