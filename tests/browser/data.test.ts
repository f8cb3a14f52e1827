// The downloads page as a reader uses it, in Debian's Chromium: the dataset's version, date and citation, every
// download link answering with the very file the manifest describes (each table whole as Parquet and CSV, the whole
// dataset's archive), the partitions' link to the reviews, the project's own measurement with its source and licence,
// the page in English and Chinese, light and dark, at 320, 375 and 1280 px with nothing wider than the screen, and
// review and drive pages linking their own archive. Screenshots in tests/artifacts/.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DATASET_ARCHIVE, tableCsvFile, tableFile, type DatasetManifest, type ReviewManifest } from '../../src/lib/dataset-layout.ts';
import { TABLES } from '../../src/lib/schema.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);
const DATA = join(ROOT, 'dist/data');
const manifest = JSON.parse(readFileSync(join(DATA, 'manifest.json'), 'utf8')) as DatasetManifest;
const REVIEW = 'vdbconvert-2016-vdbench-iorate-ramp';
/** The project's own measurement (data/README.md, "Captured datasets"). */
const LAB = 'lab-2026-virtual-disk-fio-sweep';
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
		// The project's own measurement: its source is this project, its licence the project's data licence.
		const lab = page.locator(`[data-review="${LAB}"]`);
		expect(await lab.getByTestId('source-own').innerText()).toBe('this project (SSD review data): measured with its capture kit; the raw files below are the source');
		expect(await lab.getByTestId('licence').innerText()).toBe('CC0-1.0');
		expect(await lab.innerText()).not.toMatch(/not recovered|none granted/);
		const zh = (await open('/zh-Hans/data/')).page.locator(`[data-review="${LAB}"]`);
		expect(await zh.getByTestId('source-own').innerText()).toBe('本项目（SSD review data）用其采集工具自测；下列原始文件即其来源');
		expect(await zh.getByTestId('licence').innerText()).toBe('CC0-1.0');
		for (const [lang, width] of [['en', 1280], ['zh', 375]] as const) {
			const reviewPage = (await open(`${lang === 'zh' ? '/zh-Hans' : ''}/reviews/${LAB}/`, { viewport: { width, height: 700 } })).page;
			expect(await reviewPage.getByTestId('own-measurement').innerText()).toBe(lang === 'zh' ? '本项目自测' : 'Measured by this project');
			expect(await reviewPage.getByTestId('review-licence').innerText()).toBe(lang === 'zh' ? '许可协议:CC0-1.0' : 'Licence: CC0-1.0');
			await reviewPage.screenshot({ path: join(ARTIFACTS, `data-review-own-${lang}-${width}.png`) });
		}
	});

	it('gives each table whole as one Parquet and one CSV, the whole dataset as one archive, and links each table\'s partitions', async () => {
		const { page } = await open('/data/');
		for (const table of TABLES) {
			const row = page.locator(`[data-testid="tables"] [data-table="${table.name}"]`);
			const record = manifest.tables[table.name]!;
			const files = [record.whole?.parquet ?? { path: record.path, sha256: record.sha256! }, record.whole?.csv ?? { path: record.csv.path, sha256: record.csv.sha256! }];
			expect(files.map((f) => f.path)).toEqual([tableFile(table), tableCsvFile(table)]);
			for (const f of files) {
				const link = row.locator(`a[data-download="${f.path}"]`);
				expect(await link.innerText()).toBe(f.path);
				expect(await row.locator(`code[title="${f.sha256}"]`).count(), f.path).toBe(1);
				const body = await (await page.request.get(base + (await link.getAttribute('href'))!)).body();
				expect(sha256(body), f.path).toBe(f.sha256);
			}
			// A partitioned table's folder is a link to the reviews, where each partition is listed.
			expect(await row.getByTestId('partitions-link').count()).toBe(table.partitioned ? 1 : 0);
			if (table.partitioned) expect(await row.getByTestId('partitions').innerText()).toMatch(new RegExp(`^${table.name}/: one file per review · ${record.files} files? · Parquet [\\d.]+ (KiB|MiB|B) · CSV [\\d.]+ (KiB|MiB|B)$`));
		}
		await page.locator('[data-table="runs"] [data-testid="partitions-link"]').click();
		await page.waitForURL('**/data/#reviews');
		expect(await page.locator('#reviews').isVisible()).toBe(true);
		// The whole dataset's archive, with its size and SHA-256.
		const archive = page.getByTestId('dataset-archive');
		expect(await archive.locator('a').getAttribute('href')).toBe(`/data/${DATASET_ARCHIVE}`);
		expect(await archive.locator('code').getAttribute('title')).toBe(manifest.archive.sha256);
		const response = await page.request.get(`${base}/data/${DATASET_ARCHIVE}`);
		expect(response.headers()['content-type']).toBe('application/zip');
		expect(sha256(await response.body())).toBe(manifest.archive.sha256);
		expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
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
		const follow = ['manifest.json', 'SHA256SUMS', 'reviews.csv', 'runs.parquet', 'histograms.csv', DATASET_ARCHIVE, review.csv.runs!.path, review.partitions.runs!.path, review.raw[0]!.path, review.archive.path];
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

	it('reads in English and Chinese, light and dark, at 320, 375 and 1280 px without anything wider than the screen', async () => {
		const zh = await open('/zh-Hans/data/', { viewport: { width: 1280, height: 900 } });
		expect(await zh.page.locator('h1').innerText()).toBe('数据下载');
		expect(await zh.page.locator('html').getAttribute('lang')).toBe('zh-Hans');
		expect(await zh.page.getByTestId('dataset-version').innerText()).toBe(manifest.dataset_version);
		for (const lang of ['en', 'zh'] as const) {
			for (const colorScheme of ['light', 'dark'] as const) {
				for (const width of [320, 375, 1280]) {
					const { page } = await open(lang === 'zh' ? '/zh-Hans/data/' : '/data/', { viewport: { width, height: 900 }, colorScheme });
					const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
					expect(overflow, `${lang} ${colorScheme} ${width}`).toBeLessThanOrEqual(0);
					// A hash cut to the width keeps its whole value in the text and the tooltip.
					const hash = page.locator(`[data-review="${REVIEW}"] code[title]`).first();
					expect(await hash.getAttribute('title')).toMatch(/^[0-9a-f]{64}$/);
					expect(await hash.textContent()).toBe(await hash.getAttribute('title'));
					const name = `data-${lang}-${colorScheme}-${width}`;
					// The dataset's files and archive, the tables, and the project's own review.
					for (const [shot, selector] of [['archive', '[data-testid="dataset-archive"]'], ['tables', '[data-testid="tables"]'], ['lab', `[data-review="${LAB}"]`]] as const) {
						await page.locator(selector).evaluate((e) => e.scrollIntoView({ block: 'start' }));
						await page.screenshot({ path: join(ARTIFACTS, `${name}-${shot}.png`) });
					}
				}
			}
		}
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
