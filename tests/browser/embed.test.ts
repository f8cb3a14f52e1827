// Embeds and exports as another site and a reader use them, in Debian's Chromium: a chart's embed framed by a page of
// a second localhost origin at 320 and 1000 px, light and dark, with JavaScript on and off (and a page that is not
// an embed refusing the frame); the embed redrawn in the view its link carries; pinned to an older dataset version
// hosted beside the current one (a real ingest of a corrected review), it shows that version's numbers and says newer
// data exists, and a version no longer hosted says the data changed; "SVG" and "PNG" give valid images of the chart.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ingest } from '../../scripts/ingest/run.ts';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import type { DatasetManifest } from '../../src/lib/dataset-layout.ts';
import { VERSIONS_INDEX } from '../../src/lib/dataset-versions.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, launch, watchedPage } from './chromium.ts';
import { chartText } from './chart-text.ts';

const base = inject('baseUrl');
const ZDNET = 'zdnet-2013-intel-dc-s3500';
/** A page group's embed document (the review and its workload pages, every language) and charts in it. */
const ZDNET_DOC = `/data/embeds/reviews/${ZDNET}.html`;
const EMBED = `${ZDNET_DOC}#r-four-corners`;
const LAB_DOC = '/data/embeds/reviews/lab-2026-virtual-disk-fio-sweep.html';
const LVI = `${LAB_DOC}#r-w-4k-random-read-lvi`;
/** An embed URL with a query: before the fragment naming the chart. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withQuery = (src: string, query: string) => src.replace(/(#.*)?$/, (anchor) => `?${query}${anchor}`);

let browser: Browser;
let other: StaticServer;
const otherRoot = mkdtempSync(join(tmpdir(), 'embedding-site-'));

beforeAll(async () => {
	browser = await launch();
	other = await startServer(otherRoot);
});

afterAll(async () => {
	await browser?.close();
	await other?.close();
	rmSync(otherRoot, { recursive: true, force: true });
});

/** A page of the other origin that frames `src` at `width` px, and its frame once loaded. */
async function framed(src: string, width: number, options: { javaScriptEnabled?: boolean; colorScheme?: 'light' | 'dark' } = {}, site = base) {
	const name = `frame-${width}-${Math.random().toString(36).slice(2)}.html`;
	writeFileSync(join(otherRoot, name), `<!doctype html><title>a blog</title><link rel="icon" href="data:,"><body style="margin:0"><iframe src="${site}${src}" width="${width}" height="640" style="border:0"></iframe>`);
	const w = await watchedPage(browser, other.url, { viewport: { width: width + 40, height: 700 }, ...options });
	await w.page.goto(`${other.url}/${name}`, { waitUntil: 'load' });
	const frame = w.page.frames().find((f) => f !== w.page.mainFrame())!;
	await frame.locator('figure[data-chart] [data-chart-frame] svg:visible').first().waitFor();
	return { ...w, frame };
}

const background = (frame: Frame) => frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
const overflows = (frame: Frame) => frame.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('embeds', () => {
	it.each([
		[320, 'light', true],
		[320, 'dark', true],
		[1000, 'light', true],
		[1000, 'dark', true],
		[320, 'light', false],
		[1000, 'dark', false],
	] as const)('show the chart framed by another origin at %i px, %s, JavaScript %s', async (width, theme, js) => {
		// Without JavaScript ?theme= cannot apply: the system's choice does.
		const w = await framed(withQuery(EMBED, `theme=${theme}`), width, { javaScriptEnabled: js, colorScheme: js ? (theme === 'dark' ? 'light' : 'dark') : theme });
		const { frame } = w;
		// Without JavaScript the document's other charts are there, hidden.
		expect(await frame.locator('h1:visible').innerText()).toBe('Four corners');
		expect(await frame.locator('.source:visible').innerText()).toMatch(/^Data: Intel SSD DC S3500.* · SSD review data ↗$/);
		expect(await frame.locator('[data-embed-back]:visible').getAttribute('target')).toBe('_top');
		expect(await overflows(frame)).toBe(false);
		const bg = await background(frame);
		expect(bg === 'rgb(255, 255, 255)').toBe(theme === 'light');
		if (js) await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
		// The chart fills the frame's width, never more.
		const svgWidth = await frame.locator('[data-chart-frame] svg:visible').last().evaluate((s) => s.getBoundingClientRect().right);
		expect(svgWidth).toBeLessThanOrEqual(width);
		if (width === 320) await w.page.screenshot({ path: join(ARTIFACTS, `embed-320${theme === 'dark' ? '-dark' : ''}${js ? '' : '-nojs'}.png`) });
		expect(w.consoleErrors).toEqual([]);
		await w.context.close();
	});

	it('may be framed by another origin where no other page may', async () => {
		const embed = await fetch(`${base}${ZDNET_DOC}`);
		expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
		expect(embed.headers.get('x-frame-options')).toBeNull();
		const page = await fetch(`${base}/reviews/${ZDNET}/`);
		expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
		expect(page.headers.get('x-frame-options')).toBe('DENY');
		const name = 'refused.html';
		writeFileSync(join(otherRoot, name), `<!doctype html><iframe src="${base}/reviews/${ZDNET}/" width="800" height="600"></iframe>`);
		const w = await watchedPage(browser, other.url);
		await w.page.goto(`${other.url}/${name}`, { waitUntil: 'load' });
		await expect.poll(() => w.consoleErrors.some((e) => /frame-ancestors/.test(e)), { timeout: 10_000 }).toBe(true);
		await w.context.close();
	});

	it('built without SITE_URL, publishes no oEmbed answer and writes no other address into its links', async () => {
		// oEmbed answers must be absolute and a static file cannot know where it is served (tests/lib/site/embed-social.test.ts: with SITE_URL).
		expect((await fetch(`${base}${ZDNET_DOC}oembed.json`)).status).toBe(404);
		const html = await (await fetch(`${base}${ZDNET_DOC}`)).text();
		expect(html).not.toContain('json+oembed');
		expect(html).not.toMatch(/https?:\/\/(127\.0\.0\.1|localhost)/);
		expect(html).toContain(`<link rel="canonical" href="/reviews/${ZDNET}/">`);
		expect(html).toContain(`<a href="/reviews/${ZDNET}/#r-four-corners" target="_top" data-embed-back>`);
	});

	it('is redrawn in the view its link carries', async () => {
		const w = await framed(withQuery(LVI, 'stat=p99&unit=ms'), 1000);
		await expect.poll(() => w.frame.locator('[data-chart-frame] svg[aria-label]').first().getAttribute('aria-label'), { timeout: 30_000 }).toBe('Latency (p99) versus IOPS');
		await expect.poll(() => w.frame.locator('[data-chart-summary]').textContent()).toMatch(/\d ms\b/);
		// Its name above it and the document's title say what it shows now, not the page's view.
		expect(await w.frame.locator('[data-embed-chart] h1').innerText()).toBe('Latency (p99) versus IOPS');
		expect(await w.frame.title()).toMatch(/^Latency \(p99\) versus IOPS · /);
		expect(w.consoleErrors).toEqual([]);
		await w.context.close();
	});

	it('keeps the numbers of the dataset version it was made from while it is hosted, and says when it is not', async () => {
		// The review as first published: its 4 KiB random read figure was later corrected (84,300 IOPS today).
		const work = mkdtempSync(join(tmpdir(), 'older-version-'));
		try {
			cpSync(join(ROOT, 'data/devices'), join(work, 'data/devices'), { recursive: true });
			cpSync(join(ROOT, 'data/reviews', ZDNET), join(work, 'data/reviews', ZDNET), { recursive: true });
			const csv = join(work, 'data/reviews', ZDNET, 'published.csv');
			writeFileSync(csv, readFileSync(csv, 'utf8').replace(',iops,84300,IOps,', ',iops,71000,IOps,'));
			expect((await ingest({ dataDir: join(work, 'data'), out: join(work, 'dataset') })).errors).toEqual([]);
			const older = (JSON.parse(readFileSync(join(work, 'dataset/manifest.json'), 'utf8')) as DatasetManifest).dataset_version;
			// Hosted as a build hosts the versions its previous output did: its files, and second in the list.
			const hosted = join(ROOT, 'dist/data/versions', older);
			const index = join(ROOT, 'dist/data', VERSIONS_INDEX);
			const listed = readFileSync(index, 'utf8');
			cpSync(join(work, 'dataset'), hosted, { recursive: true });
			const [current, ...rest] = JSON.parse(listed) as string[];
			writeFileSync(index, JSON.stringify([current, older, ...rest]));
			try {
				const w = await framed(withQuery(EMBED, `v=${older}`), 1000);
				const notice = w.frame.locator('[data-embed-notice]');
				await expect.poll(() => notice.innerText(), { timeout: 30_000 }).toContain(`dataset ${older.slice(0, 12)}; newer data exists`);
				expect(await notice.locator('a').getAttribute('href')).toBe(EMBED);
				await expect.poll(() => w.frame.locator('[data-chart-summary]').textContent(), { timeout: 90_000 }).toMatch(/71,000 IOPS/);
				expect(await w.frame.locator('[data-chart-frame]').innerText()).toMatch(/71K/);
				await w.page.screenshot({ path: join(ARTIFACTS, 'embed-older-version-1000.png') });
				expect(w.consoleErrors).toEqual([]);
				await w.context.close();
			} finally {
				rmSync(hosted, { recursive: true, force: true });
				writeFileSync(index, listed);
			}
			const gone = await framed(withQuery(EMBED, `v=${'0'.repeat(64)}`), 1000);
			await expect.poll(() => gone.frame.locator('[data-embed-notice]').innerText()).toMatch(/no longer hosted/);
			expect(await gone.frame.locator('[data-chart-summary]').textContent()).toMatch(/84,300 IOPS/);
			await gone.context.close();
		} finally {
			rmSync(work, { recursive: true, force: true });
		}
	});
});

describe('a page group’s embed document', () => {
	it('shows the chart its fragment names and no other, with or without JavaScript, in that chart’s language', async () => {
		for (const js of [true, false]) {
			const w = await framed(`${LAB_DOC}#zh-Hans/r-w-4k-random-read-ladder`, 700, { javaScriptEnabled: js });
			const { frame } = w;
			// One document holds the review's and its workload pages' charts in every language.
			// The script keeps the one shown; without it, CSS shows it alone.
			if (js) await expect.poll(() => frame.locator('[data-embed-chart]').count()).toBe(1);
			else expect(await frame.locator('[data-embed-chart]').count()).toBeGreaterThan(20);
			expect(await frame.locator('[data-embed-chart]:visible').count()).toBe(1);
			expect(await frame.locator('[data-embed-chart]:visible').getAttribute('lang')).toBe('zh-Hans');
			expect(await frame.locator('[data-embed-chart]:visible [data-embed-back]').getAttribute('href')).toBe('/zh-Hans/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read/#r-w-4k-random-read-ladder');
			expect(await frame.locator('[data-embed-chart]:visible .source').innerText()).toMatch(/^数据/);
			expect(await overflows(frame)).toBe(false);
			expect(w.consoleErrors).toEqual([]);
			await w.context.close();
		}
		// Without a fragment: the review page's headline chart.
		const first = await framed(LAB_DOC, 700, { javaScriptEnabled: false });
		expect(await first.frame.locator('[data-embed-chart]:visible').getAttribute('id')).toBe('r-four-corners');
		await first.context.close();
	});

	it('takes over the embed URLs published before (a chart’s own page; a document under /embed/), query and all', async () => {
		const cases = [
			[`/embed/reviews/${ZDNET}/charts/r-four-corners/?theme=dark`, `${ZDNET_DOC}?theme=dark#r-four-corners`],
			['/embed/zh-Hans/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read/charts/r-w-4k-random-read-lvi/', `${LAB_DOC}#zh-Hans/r-w-4k-random-read-lvi`],
			['/embed/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb/charts/cmp-0-lvi/', '/data/embeds/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb.html#cmp-0-lvi'],
			// The browser keeps the fragment ("#zh-Hans/…") across the redirect.
			['/embed/reviews/lab-2026-virtual-disk-fio-sweep/charts/?theme=dark', `${LAB_DOC}?theme=dark`],
		];
		for (const [old, now] of cases) {
			const res = await fetch(`${base}${old}`, { redirect: 'manual' });
			expect([res.status, res.headers.get('location')]).toEqual([301, now]);
		}
		// Followed by a browser: the old link shows its chart.
		const w = await framed(cases[1]![0]!, 700);
		expect(await w.frame.locator('[data-embed-chart]').getAttribute('id')).toBe('zh-Hans/r-w-4k-random-read-lvi');
		expect(await w.frame.locator('h1').innerText()).toMatch(/IOPS/);
		expect(w.consoleErrors).toEqual([]);
		await w.context.close();
		// The last document's URL: the fragment naming the chart survives the redirect.
		const doc = await framed('/embed/reviews/lab-2026-virtual-disk-fio-sweep/charts/#zh-Hans/r-w-4k-random-read-lvi', 700);
		expect(doc.frame.url()).toBe(`${base}${LAB_DOC}#zh-Hans/r-w-4k-random-read-lvi`);
		expect(await doc.frame.locator('[data-embed-chart]').getAttribute('id')).toBe('zh-Hans/r-w-4k-random-read-lvi');
		await doc.context.close();
	});

	it('takes them over where the host reads no _redirects (GitHub Pages): its 404 page sends them on', async () => {
		const pages = await startServer(join(ROOT, 'dist'), 0, undefined, 'github-pages');
		try {
			// Published from a branch, the site's _astro/ folder is kept only with a .nojekyll.
			expect((await fetch(`${pages.url}/.nojekyll`)).status).toBe(200);
			const cases = [
				[`/embed/reviews/${ZDNET}/charts/r-four-corners/?theme=dark`, `${ZDNET_DOC}?theme=dark#r-four-corners`, 'r-four-corners'],
				['/embed/zh-Hans/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read/charts/r-w-4k-random-read-lvi/', `${LAB_DOC}#zh-Hans/r-w-4k-random-read-lvi`, 'zh-Hans/r-w-4k-random-read-lvi'],
				['/embed/reviews/lab-2026-virtual-disk-fio-sweep/charts/#zh-Hans/r-w-4k-random-read-lvi', `${LAB_DOC}#zh-Hans/r-w-4k-random-read-lvi`, 'zh-Hans/r-w-4k-random-read-lvi'],
			];
			for (const [old, now, chart] of cases) {
				expect((await fetch(`${pages.url}${old}`, { redirect: 'manual' })).status).toBe(404);
				const w = await framed(old!, 700, {}, pages.url);
				expect(w.frame.url()).toBe(`${pages.url}${now}`);
				expect(await w.frame.locator('[data-embed-chart]:visible').getAttribute('id')).toBe(chart);
				// The old address's 404 answer is the one error the browser logs.
				expect(w.consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
				await w.context.close();
			}
		} finally {
			await pages.close();
		}
	});
});

const WORKLOAD = '/reviews/lab-2026-virtual-disk-fio-sweep/w-4k-random-read/';
/** Embeds of each kind of chart: panels (four corners), a line chart, a percentile ladder, an exceedance. */
const SIZED = [
	[EMBED, `/reviews/${ZDNET}/`, 'r-four-corners'],
	[LVI, WORKLOAD, 'r-w-4k-random-read-lvi'],
	[`${LAB_DOC}#r-w-4k-random-read-ladder`, WORKLOAD, 'r-w-4k-random-read-ladder'],
	[`${LAB_DOC}#r-w-4k-random-read-exc`, WORKLOAD, 'r-w-4k-random-read-exc'],
] as const;

describe('embeds at their own width', () => {
	/** Up to the snippet's widest (660 px) the chart fills the frame; a wider frame shows it at its own width. */
	const shownAt = async (frame: Frame, width: number) => {
		const t = await chartText(frame);
		return t.smallest >= 9.99 && (width > 660 || t.fill > 0.9) && t.fill <= 1.001;
	};
	const screenshot = (w: { page: Page }, embed: string, js: boolean) =>
		w.page.screenshot({ path: join(ARTIFACTS, `embed-sized-${embed.split('#').at(-1)}-320${js ? '' : '-nojs'}.png`) });

	it.each([320, 375, 1000])('draw their text at 10 px or more, filling the frame, at %i px, JavaScript on', async (width) => {
		for (const [embed] of SIZED) {
			const w = await framed(embed, width);
			// With JavaScript the chart is redrawn at the frame's width once the page has loaded.
			await expect.poll(() => shownAt(w.frame, width), { timeout: 20_000 }).toBe(true);
			expect(await overflows(w.frame)).toBe(false);
			if (width === 320) await screenshot(w, embed, true);
			expect(w.consoleErrors).toEqual([]);
			await w.context.close();
		}
	});

	// Without JavaScript the layout is CSS alone: one load of each embed, its frame then set to each width.
	it('draw their text at 10 px or more, filling the frame, and fit the height their snippet asks for without JavaScript, at any width from 320 px', async () => {
		for (const [embed, page, id] of SIZED) {
			const html = await (await fetch(`${base}${page}`)).text();
			const figure = html.slice(html.indexOf(`id="${id}"`));
			const height = Number(/data-embed-height="(\d+)"/.exec(figure)![1]);
			const widest = Number(/data-embed-width="(\d+)"/.exec(figure)![1]);
			const w = await framed(embed, 320, { javaScriptEnabled: false });
			await screenshot(w, embed, false);
			const textAt = [320, 375, 560, 1000];
			const heightAt = [320, 375, 479, 500, 659, widest];
			for (const width of [...new Set([...textAt, ...heightAt])].sort((a, b) => a - b)) {
				await w.page.setViewportSize({ width: width + 40, height: 700 });
				await w.page.locator('iframe').evaluate((f, px) => f.setAttribute('width', String(px)), width);
				if (textAt.includes(width)) {
					expect(await shownAt(w.frame, width), `${id} at ${width} px: text and fill`).toBe(true);
					expect(await overflows(w.frame), `${id} at ${width} px`).toBe(false);
				}
				if (heightAt.includes(width)) expect(await w.frame.evaluate(() => document.documentElement.scrollHeight), `${id} at ${width} px: height`).toBeLessThanOrEqual(height);
			}
			expect(w.consoleErrors).toEqual([]);
			await w.context.close();
		}
	});

	it('report their height to the page that pasted the snippet, which sizes the frame to it', async () => {
		const w = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
		await w.page.goto(`${base}/reviews/${ZDNET}/`);
		const figure = w.page.locator('figure#r-four-corners');
		await figure.locator('[data-chart-embed] summary').click();
		await expect.poll(() => figure.locator('[data-embed-snippet]').inputValue()).toMatch(new RegExp(`src="${escaped(base + ZDNET_DOC)}\\?v=[0-9a-f]{64}#r-four-corners"`));
		const snippet = await figure.locator('[data-embed-snippet]').inputValue();
		await w.context.close();
		for (const width of [320, 700]) {
			const name = `snippet-${width}-${Math.random().toString(36).slice(2)}.html`;
			writeFileSync(join(otherRoot, name), `<!doctype html><title>a blog</title><link rel="icon" href="data:,"><body style="margin:0"><p>Before</p><div style="width:${width}px">${snippet}</div><p>After</p>`);
			const blog = await watchedPage(browser, other.url, { viewport: { width: width + 40, height: 800 } });
			await blog.page.goto(`${other.url}/${name}`, { waitUntil: 'load' });
			const frame = blog.page.frames().find((f) => f !== blog.page.mainFrame())!;
			await frame.locator('figure[data-chart] svg:visible').first().waitFor();
			const sized = async () => {
				const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
				const iframe = await blog.page.locator('iframe').evaluate((f) => f.getBoundingClientRect().height);
				return Math.abs(content - iframe) <= 1 && (await chartText(frame)).smallest >= 9.99;
			};
			await expect.poll(sized, { timeout: 20_000 }).toBe(true);
			await blog.page.screenshot({ path: join(ARTIFACTS, `embed-snippet-${width}.png`), fullPage: true });
			expect(blog.consoleErrors).toEqual([]);
			await blog.context.close();
		}
	});
});

describe('embeds of comparisons', () => {
	const PAIR = '/data/embeds/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb.html#cmp-0-lvi';

	it('show a pre-rendered pair’s chart without JavaScript, and another view of it drawn live', async () => {
		const still = await framed(PAIR, 700, { javaScriptEnabled: false });
		expect(await still.frame.locator('h1:visible').innerText()).toBe('Latency (mean) versus IOPS');
		expect(await still.frame.locator('[data-embed-chart]:visible [data-chart-frame] svg').count()).toBeGreaterThan(1);
		await still.context.close();
		const live = await framed(withQuery(PAIR, 'stat=p99&theme=dark'), 700);
		await expect.poll(() => live.frame.url()).toContain('/embed/compare/?devices=crucial-p2-2tb,wd-blue-3d-1tb&chart=cmp-0-lvi');
		await live.frame.waitForSelector('html[data-state="ready"]');
		expect(await live.frame.locator('h1').innerText()).toBe('Latency (p99) versus IOPS');
		expect(await background(live.frame)).not.toBe('rgb(255, 255, 255)');
		expect(await live.frame.locator('[data-embed-back]').getAttribute('href')).toBe('/compare/?devices=crucial-p2-2tb,wd-blue-3d-1tb&stat=p99#cmp-0-lvi');
		expect(live.consoleErrors).toEqual([]);
		await live.context.close();
	});

	it('“Embed” on the comparison page gives the live embed of that comparison and chart, which draws it', async () => {
		const w = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
		await w.page.goto(`${base}/compare/?devices=crucial-p2-2tb,wd-blue-3d-1tb,samsung-840-evo-120gb&base=wd-blue-3d-1tb`);
		await w.page.waitForSelector('[data-compare-page][data-state="ready"]');
		const figure = w.page.locator('[data-family] figure[data-chart="lvi"]').first();
		await figure.locator('[data-chart-embed] summary').click();
		// The pin waits for the site's list of versions, fetched when "Embed" opens. Alone it comes at once; in one full
		// run, the other worker's pages loading, the snippet was still unpinned after the 10 s the polls are given.
		await expect.poll(() => figure.locator('[data-embed-snippet]').inputValue(), { timeout: 30_000 }).toMatch(/&amp;v=[0-9a-f]{64}"/);
		const snippet = await figure.locator('[data-embed-snippet]').inputValue();
		const src = /src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, '&');
		expect(src).toMatch(new RegExp(`^${base}/embed/compare/\\?devices=crucial-p2-2tb,wd-blue-3d-1tb,samsung-840-evo-120gb&base=wd-blue-3d-1tb&chart=cmp-\\d+-lvi&v=[0-9a-f]{64}$`));
		await w.context.close();
		const embedded = await framed(src.slice(base.length), 1000);
		await embedded.frame.waitForSelector('html[data-state="ready"]');
		expect(await embedded.frame.locator('[data-embed-notice]').isHidden()).toBe(true);
		expect(await embedded.frame.locator('[data-chart-frame]').innerText()).toMatch(/Samsung/);
		expect(embedded.consoleErrors).toEqual([]);
		await embedded.context.close();
	});
});

describe('chart images', () => {
	it('gives the chart as drawn as SVG and as a PNG at twice its size', async () => {
		const w = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
		await w.page.goto(`${base}/reviews/${ZDNET}/`);
		const figure = w.page.locator('figure[data-chart="fc"]').first();
		await figure.scrollIntoViewIfNeeded();
		const [svgDownload] = await Promise.all([w.page.waitForEvent('download'), figure.locator('[data-chart-export="svg"]').click()]);
		const svg = readFileSync((await svgDownload.path())!, 'utf8');
		expect(svgDownload.suggestedFilename()).toBe(`${ZDNET}-r-four-corners.svg`);
		expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		expect(svg).toContain('84.3K');
		const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)![1]);
		const height = Number(/<svg[^>]*\sheight="(\d+)"/.exec(svg)![1]);
		// The browser reads it back as an image of that size.
		const decoded = await w.page.evaluate(async (text) => {
			const img = new Image();
			img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
			await img.decode();
			return [img.naturalWidth, img.naturalHeight];
		}, svg);
		expect(decoded).toEqual([width, height]);
		const [pngDownload] = await Promise.all([w.page.waitForEvent('download'), figure.locator('[data-chart-export="png"]').click()]);
		const png = readFileSync((await pngDownload.path())!);
		expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width * 2, height * 2]);
		const bitmap = await w.page.evaluate(async (bytes) => {
			const b = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
			// Not a blank image: some pixels are the chart's bars.
			const canvas = new OffscreenCanvas(b.width, b.height);
			const ctx = canvas.getContext('2d')!;
			ctx.drawImage(b, 0, 0);
			const data = ctx.getImageData(0, 0, b.width, b.height).data;
			let coloured = 0;
			for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - data[i + 2]!) > 60) coloured++;
			return [b.width, b.height, coloured];
		}, [...png]);
		expect(bitmap.slice(0, 2)).toEqual([width * 2, height * 2]);
		expect(bitmap[2]).toBeGreaterThan(1000);
		// "Embed" gives the snippet for this view at this site's address.
		await figure.locator('[data-chart-embed] summary').click();
		await expect.poll(() => figure.locator('[data-embed-snippet]').inputValue()).toMatch(new RegExp(`src="${escaped(base + ZDNET_DOC)}\\?v=[0-9a-f]{64}#r-four-corners"`));
		expect(w.consoleErrors).toEqual([]);
		await w.context.close();
	});
});

describe('social previews', () => {
	it.each([`/reviews/${ZDNET}/`, '/zh-Hans/drives/intel-d7-p5510-7-68tb/', '/compare/crucial-p2-2tb-vs-wd-blue-3d-1tb/'])('%s carries Open Graph and Twitter tags with a 1200 × 630 PNG of its headline chart', async (path) => {
		const html = await (await fetch(`${base}${path}`)).text();
		const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
		expect(meta('twitter:card')).toBe('summary_large_image');
		expect(meta('og:url')).toBe(path);
		// Under data/, with the chart CSVs: where data/ is published.
		expect(meta('og:image')).toBe(`/data/previews${path}og.png`);
		expect(meta('twitter:image')).toBe(`/data/previews${path}og.png`);
		expect(meta('og:image:width')).toBe('1200');
		expect(meta('og:image:alt')).toMatch(/ · /);
		const png = Buffer.from(await (await fetch(`${base}/data/previews${path}og.png`)).arrayBuffer());
		expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
	});
});
