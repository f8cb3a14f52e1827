// Language as a reader meets it, in Debian's Chromium against the real build: the URL decides a page's language (a
// remembered choice only picks the language of `/`, for a reader arriving from elsewhere); one Chinese page of each
// kind carries no English the site wrote (tests/helpers/english-check.ts); the 404 page in both languages.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_LANG, LANGS } from '../../src/i18n/lang.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { collectPageText, datasetText, siteEnglish, type DataText } from '../helpers/english-check.ts';
import { ARTIFACTS, browserSession, launch, useColorScheme, watchedPage, type Watched } from './chromium.ts';
import { pagesToWalk, pathIn } from './page-types.ts';

const base = inject('baseUrl');
const { open } = browserSession(base);
const REVIEW = '/reviews/storagereview-2021-intel-p5510-vs-samsung-pm9a3/';
const P5510 = 'intel-d7-p5510-7-68tb';

const lang = (page: Page) => page.getAttribute('html', 'lang');

describe('the URL decides the language', () => {
	it('keeps English links English after a click on 中文; only / follows the choice, for a reader arriving from elsewhere', async () => {
		const { page } = await open(REVIEW);
		await page.click('[data-testid="lang-toggle"]');
		await page.waitForURL(`${base}/zh-Hans${REVIEW}`);
		expect(await lang(page)).toBe('zh-Hans');

		// Any English address stays English: typed, or followed from a page.
		for (const path of [REVIEW, `/drives/${P5510}/`, '/find/', '/compare/', '/columns/']) {
			await page.goto(base + path, { waitUntil: 'load' });
			expect([page.url(), await lang(page)], path).toEqual([base + path, 'en']);
		}
		// The site's name on an English page links to the English catalog, and there it stays.
		await page.goto(base + REVIEW, { waitUntil: 'load' });
		await Promise.all([page.waitForNavigation(), page.click('header a[href="/"]')]);
		expect([new URL(page.url()).pathname, await lang(page)]).toEqual(['/', 'en']);

		// `/` reached from elsewhere (typed, bookmarked) takes the remembered language, query and fragment kept.
		await page.goto(`${base}/?q=intel#x`, { waitUntil: 'load' });
		await page.waitForURL(`${base}/zh-Hans/?q=intel#x`);
		expect(await lang(page)).toBe('zh-Hans');

		// Choosing English again: `/` stays English.
		await page.click('[data-testid="lang-toggle"]');
		await page.waitForURL((u) => u.pathname === '/');
		await page.goto(`${base}/`, { waitUntil: 'load' });
		expect([new URL(page.url()).pathname, await lang(page)]).toEqual(['/', 'en']);
		// And a Chinese address stays Chinese.
		await page.goto(`${base}/zh-Hans${REVIEW}`, { waitUntil: 'load' });
		expect(await lang(page)).toBe('zh-Hans');
	});

	it('shows each page in its URL’s language to a reader who never chose one', async () => {
		const { page } = await open('/');
		expect(await lang(page)).toBe('en');
		await page.goto(`${base}/zh-Hans/`, { waitUntil: 'load' });
		expect([new URL(page.url()).pathname, await lang(page)]).toEqual(['/zh-Hans/', 'zh-Hans']);
	});
});

/**
 * A 404 page's own load logs "Failed to load resource … 404" in the console, which the session counts as an error:
 * 404 pages are opened in a browser of their own, where every console error but that one still fails the test.
 */
let browser404: Browser;
const pages404: Watched[] = [];
beforeAll(async () => {
	browser404 = await launch();
});
afterAll(async () => {
	await browser404?.close();
	expect(pages404.flatMap((w) => w.consoleErrors).filter((e) => !/status of 404/.test(e))).toEqual([]);
});
async function open404(path: string, options: BrowserContextOptions = {}): Promise<Watched> {
	const w = await watchedPage(browser404, base, options);
	pages404.push(w);
	await w.page.goto(base + path, { waitUntil: 'load' });
	return w;
}

describe('404 page', () => {
	for (const [path, pageLang, title] of [
		['/no/such/page/', 'en', 'Page not found'],
		['/reviews/no-such-review/', 'en', 'Page not found'],
		['/zh-Hans/no/such/page/', 'zh-Hans', '找不到此页'],
		['/zh-Hans/reviews/no-such-review/', 'zh-Hans', '找不到此页'],
	] as const) {
		it(`answers ${path} with status 404 and the ${pageLang} 404 page`, async () => {
			const w = await open404('/');
			const response = await w.page.goto(base + path, { waitUntil: 'load' });
			expect(response?.status()).toBe(404);
			expect(await lang(w.page)).toBe(pageLang);
			expect(await w.page.locator('h1').innerText()).toBe(title);
			// Its links work from any address: the catalog in its language, and the other language's catalog.
			const catalog = await w.page.locator('[data-testid="not-found"] a').first().getAttribute('href');
			expect(catalog).toBe(pageLang === 'en' ? '/' : '/zh-Hans/');
			expect(await w.page.getAttribute('[data-testid="lang-toggle"]', 'href')).toBe(pageLang === 'en' ? '/zh-Hans/' : '/');
			expect(await w.page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
			// A remembered language never moves a reader off a 404 page (it is not the home page).
			await w.page.evaluate(() => localStorage.setItem('lang', document.documentElement.lang === 'en' ? 'zh-Hans' : 'en'));
			await w.page.reload({ waitUntil: 'load' });
			expect(new URL(w.page.url()).pathname).toBe(path);
		});
	}

	it('fits 320, 375 and 1280 px in both languages and themes', async () => {
		for (const [path, name] of [
			['/no/such/page/', 'en'],
			['/zh-Hans/no/such/page/', 'zh'],
		] as const) {
			const { page } = await open404(path, { viewport: { width: 320, height: 800 } });
			for (const width of [320, 375, 1280]) {
				await page.setViewportSize({ width, height: 800 });
				for (const scheme of ['light', 'dark'] as const) {
					await useColorScheme(page, scheme);
					const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
					expect(overflow, `${path} ${width} ${scheme}`).toBeLessThanOrEqual(1);
					await page.screenshot({ path: join(ARTIFACTS, `404-${name}-${scheme}-${width}.png`), fullPage: true });
				}
			}
			await page.context().close();
		}
	});
});

describe('Chinese pages', () => {
	let data: DataText;
	beforeAll(async () => {
		data = await datasetText(join(ROOT, 'dist/data'));
		expect(data.size).toBeGreaterThan(100);
	});

	/** Every page type's pages (page-types.ts) in every language but the default, and what to wait for before their text is whole (what JavaScript adds counts too). */
	const others = LANGS.filter((l) => l !== DEFAULT_LANG);
	const PAGES = [...pagesToWalk({ langs: others }), ...pagesToWalk({ status: 404, langs: others })].map(({ type, lang: code, path }) => {
		const nth = type.paths.findIndex((p) => pathIn(p, code) === path);
		return { kind: type.kind, code, path, ready: type.ready, missing: type.status === 404, name: `${code.split('-')[0]}-${type.kind.replace(/\W+/g, '-')}${nth > 0 ? `-${nth + 1}` : ''}` };
	});

	for (const { kind, code, path, ready, missing, name } of PAGES) {
		it(`${kind} ${path}: no English the site wrote`, async () => {
			const { page } = await (missing ? open404 : open)(path, { viewport: { width: 1280, height: 900 } });
			if (ready) await page.waitForSelector(ready, { timeout: 60_000 });
			expect(await lang(page)).toBe(code);
			await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`) });
			const found = (await page.evaluate(collectPageText)).flatMap(({ where, text }) => {
				const words = siteEnglish(text, data);
				return words.length ? [`${where}: ${words.join(' ')} ← “${text.slice(0, 160)}”`] : [];
			});
			const report = join(ARTIFACTS, `english-${name}.txt`);
			writeFileSync(report, [...new Set(found)].join('\n'));
			expect([...new Set(found)], `English the site wrote, listed in ${report}`).toEqual([]);
		});
	}
});
