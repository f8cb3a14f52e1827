// The browser tests' pages in Debian's Chromium (scripts/chromium.ts launches it).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launch } from '../../scripts/chromium.ts';
import { ROOT } from '../helpers/fixtures.ts';

export { launch };

export const ARTIFACTS = join(ROOT, 'tests/artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Switches the system's colour scheme and waits until the page has followed it (its `dark` class, prefs.ts). */
export async function useColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
	await page.emulateMedia({ colorScheme });
	await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark');
}

export interface Watched {
	context: BrowserContext;
	page: Page;
	consoleErrors: string[];
	offsite: string[];
	requests: string[];
}

/** A page that records console errors, page errors and every request that does not go to the test server. */
export async function watchedPage(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<Watched> {
	const context = await browser.newContext(options);
	const page = await context.newPage();
	const consoleErrors: string[] = [];
	const offsite: string[] = [];
	const requests: string[] = [];
	page.on('console', (m) => {
		// The resource or script it is about, so a failure says where.
		if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url || page.url()})`);
	});
	page.on('pageerror', (e) => consoleErrors.push(String(e)));
	context.on('request', (r) => {
		requests.push(r.url());
		const url = r.url();
		if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) offsite.push(url);
	});
	return { context, page, consoleErrors, offsite, requests };
}

/**
 * The pages of a test file, in one Chromium started before its tests: `watch` makes a watched page, `open` also
 * loads a path. After the tests, no page logged an error or fetched anything from elsewhere.
 */
export function browserSession(base: string) {
	let browser: Browser;
	const pages: Watched[] = [];
	beforeAll(async () => {
		browser = await launch();
	});
	afterAll(async () => {
		const errors = pages.flatMap((w) => w.consoleErrors);
		const offsite = pages.flatMap((w) => w.offsite);
		await browser?.close();
		expect(errors).toEqual([]);
		expect(offsite).toEqual([]);
	});
	const watch = async (options: BrowserContextOptions = {}) => {
		const w = await watchedPage(browser, base, options);
		pages.push(w);
		return w;
	};
	return {
		watch,
		async open(path: string, options: BrowserContextOptions = {}): Promise<Watched> {
			const w = await watch(options);
			await w.page.goto(base + path, { waitUntil: 'load' });
			return w;
		},
	};
}
