// A reader's own result shared as a link, in Debian's Chromium: a dropped fio file's link reopens the same comparison
// in a fresh browser profile (a new context), no request of either page carries the result (its fragment's data or the
// file's numbers, in any URL, body or header), and a changed link, or one made to inject markup, shows a plain message
// or plain text and never a broken page. Screenshots of the share control go to tests/artifacts/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';

const base = inject('baseUrl');
const P2 = 'crucial-p2-2tb';
const BLUE = 'wd-blue-3d-1tb';
const PATH = `/compare/?devices=${P2},${BLUE}`;
const FIO_JSON = join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json');
const QD1_IOPS = 'tr[data-workload="random/read/100/4096/1/-"][data-metric="iops"] td[data-device="your-drive"]';

const { open, watch } = browserSession(base);

const ready = (page: Page) => page.waitForSelector('[data-compare-page][data-state="ready"]');
const tallyDevices = (page: Page) => page.locator('[data-testid="tally"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-device')));
const ownStatus = (page: Page) => page.locator('[data-testid="compare-own-status"]').innerText();

interface Sent {
	url: string;
	body: string | null;
	headers: Record<string, string>;
}
function recordRequests(context: BrowserContext): Sent[] {
	const sent: Sent[] = [];
	context.on('request', (r) => sent.push({ url: r.url(), body: r.postData(), headers: r.headers() }));
	return sent;
}

/** What would leave the browser: a request's URL without its fragment (kept by the browser), its body and headers. */
const wire = (r: Sent) => [r.url.split('#')[0]!, decodeURIComponent(r.url.split('#')[0]!), r.body ?? '', ...Object.values(r.headers)].join('\n');

describe('your result as a link', () => {
	it('reopens the same comparison in a fresh browser profile, and no request of either page carries it', async () => {
		const sharing = await open(PATH);
		const sent = recordRequests(sharing.context);
		const { page } = sharing;
		await ready(page);
		expect(await page.locator('[data-testid="compare-share-copy"]').isVisible()).toBe(false);
		await page.setInputFiles('[data-testid="compare-file"]', FIO_JSON);
		await expect.poll(() => tallyDevices(page), { timeout: 30_000 }).toEqual([P2, BLUE, 'your-drive']);
		const value = await page.locator(QD1_IOPS).getAttribute('data-value');
		expect(Number(value)).toBeGreaterThan(7000);
		await page.click('[data-testid="compare-share-copy"]');
		const link = await page.locator('[data-testid="compare-share-link"]').inputValue();
		const url = new URL(link);
		expect(url.hash).toMatch(/^#own=v1\.[A-Za-z0-9_-]{100,}$/);
		expect(url.searchParams.get('devices')).toBe(`${P2},${BLUE}`);
		// The page's own URL carries the link, and a change of view keeps it.
		expect(page.url()).toBe(link);
		expect(await page.locator('[data-testid="compare-share-note"]').innerText()).toMatch(/never send that part to a server, so your result is never uploaded/);
		await page.selectOption('[data-testid="control-latency"]', 'ms');
		await ready(page);
		expect(new URL(page.url()).hash).toBe(url.hash);
		expect(new URL(page.url()).searchParams.get('unit')).toBe('ms');
		await page.selectOption('[data-testid="control-latency"]', 'us');
		await ready(page);

		for (const width of [1280, 375]) {
			await page.setViewportSize({ width, height: 900 });
			await page.locator('[data-testid="compare-drop"]').scrollIntoViewIfNeeded();
			await page.screenshot({ path: join(ARTIFACTS, `compare-share-${width}.png`) });
		}

		// A fresh profile: a new browser context, with no storage of the first.
		const reopening = await watch();
		const sentAgain = recordRequests(reopening.context);
		await reopening.page.goto(link, { waitUntil: 'load' });
		await expect.poll(() => tallyDevices(reopening.page), { timeout: 30_000 }).toEqual([P2, BLUE, 'your-drive']);
		expect(await reopening.page.locator(QD1_IOPS).getAttribute('data-value')).toBe(value);
		expect(await ownStatus(reopening.page)).toBe('json-fio3.14-crucial-sata-randread.json: read as fio-json, 1 result.');
		expect(await reopening.page.locator('[data-testid="compare-share-link"]').inputValue()).toBe(link);

		// Nothing of the result went anywhere: not a piece of the fragment's data, not the file's numbers.
		const data = url.hash.slice('#own=v1.'.length);
		const pieces = Array.from({ length: Math.floor((data.length - 12) / 6) + 1 }, (_, i) => data.slice(i * 6, i * 6 + 12));
		const run = (JSON.parse(readFileSync(FIO_JSON, 'utf8')) as { jobs: { read: { iops: number; lat_ns: { mean: number } } }[] }).jobs[0]!.read;
		const numbers = [String(run.iops), String(run.lat_ns.mean), 'own=v1'];
		expect(sent.length + sentAgain.length).toBeGreaterThan(5);
		for (const r of [...sent, ...sentAgain]) {
			const out = wire(r);
			expect(r.body, r.url).toBeNull();
			for (const piece of [...pieces, ...numbers]) expect(out.includes(piece), `${r.url.split('#')[0]} carries "${piece}"`).toBe(false);
		}

		// Removing the result clears the link from the URL.
		await reopening.page.click('[data-compare-own-remove]');
		await expect.poll(() => tallyDevices(reopening.page)).toEqual([P2, BLUE]);
		expect(new URL(reopening.page.url()).hash).toBe('');
		expect(await reopening.page.locator('[data-testid="compare-share-copy"]').isVisible()).toBe(false);
	});

	it('a changed link gets a plain message and no “Your drive”; markup in a link stays text', async () => {
		const sharing = await open(PATH);
		await ready(sharing.page);
		await sharing.page.setInputFiles('[data-testid="compare-file"]', FIO_JSON);
		await expect.poll(() => tallyDevices(sharing.page), { timeout: 30_000 }).toContain('your-drive');
		const link = await sharing.page.locator('[data-testid="compare-share-link"]').inputValue();
		const at = link.indexOf('#own=v1.') + 40;
		const changed = `${link.slice(0, at)}${link[at] === 'A' ? 'B' : 'A'}${link.slice(at + 1)}`;
		const { page } = await open(changed.slice(base.length));
		await ready(page);
		await expect.poll(() => ownStatus(page)).toMatch(/^This link’s result could not be read: it is damaged or cut short/);
		expect(await tallyDevices(page)).toEqual([P2, BLUE]);
		expect(await page.locator('td[data-device="your-drive"]').count()).toBe(0);
		expect(await page.locator('[data-testid="compare-share-copy"]').isVisible()).toBe(false);

		// A well-formed link whose name and texts are markup: shown as text, nothing runs, nothing is made of it.
		const fragment = new URL(link).hash.slice('#own=v1.'.length);
		const doc = JSON.parse(inflateSync(Buffer.from(fragment, 'base64url')).toString('utf8')) as Record<string, unknown> & { runs: { columns: string[]; values: unknown[][] } };
		const markup = '<img src=x onerror="window.__pwned=1">';
		doc.name = `${markup}.json`;
		doc.runs.columns.push('quote');
		doc.runs.values.push([`<script>window.__pwned=2</script>${markup}`]);
		const crafted = `${PATH}#own=v1.${deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64url')}`;
		const xss = await open(crafted);
		await expect.poll(() => tallyDevices(xss.page), { timeout: 30_000 }).toEqual([P2, BLUE, 'your-drive']);
		expect(await ownStatus(xss.page)).toBe(`${markup}.json: read as fio-json, 1 result.`);
		expect(await xss.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
		expect(await xss.page.locator('img[src="x"], [data-compare-page] script').count()).toBe(0);
	});
});
