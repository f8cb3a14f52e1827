// The Chromium the tests and the bench launch (scripts/chromium.ts): its one --disable-features keeps every feature
// Playwright disables (Chromium keeps only the last switch of a name), and a new context opens no page but its own.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISABLED_FEATURES, launch } from '../../scripts/chromium.ts';

let browser: Browser;
beforeAll(async () => {
	browser = await launch();
});
afterAll(() => browser?.close());

it('gives Chromium one list of disabled features holding Playwright’s own', async () => {
	const cdp = await browser.newBrowserCDPSession();
	const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo' as never)) as { processInfo: { type: string; id: number }[] };
	const pid = processInfo.find((p) => p.type === 'browser')!.id;
	const switches = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter((a) => a.startsWith('--disable-features='));
	const lists = switches.map((s) => s.slice('--disable-features='.length).split(','));
	// Playwright's list, then ours: the one Chromium uses.
	expect(lists).toHaveLength(2);
	expect(lists.at(-1)).toEqual(DISABLED_FEATURES);
	expect(lists[0]!.filter((f) => !DISABLED_FEATURES.includes(f)), 'features Playwright disables that scripts/chromium.ts drops').toEqual([]);
});

it('opens no address-bar pages beside a context’s own page', async () => {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.setContent('<p>a page</p>');
	const cdp = await browser.newBrowserCDPSession();
	const { targetInfos } = (await cdp.send('Target.getTargets' as never)) as { targetInfos: { type: string; url: string }[] };
	expect(targetInfos.map((t) => `${t.type} ${t.url}`)).toEqual(['page about:blank']);
	await context.close();
});
