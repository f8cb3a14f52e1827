// Pages as a phone and a laptop show them, in Debian's Chromium: no page type scrolls sideways at 320 or 375 px, and
// every review, drive and comparison page opens on its headline chart, naming every drive it is about, in the first
// screen at 1280 × 800 and 375 × 800. Screenshots of the first screens in tests/artifacts/first-screen/.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.ts';
import { ARTIFACTS, browserSession } from './chromium.ts';
import { pagesToWalk } from './page-types.ts';

const base = inject('baseUrl');
const { watch } = browserSession(base);
const DIST = join(ROOT, 'dist');
const SHOTS = join(ARTIFACTS, 'first-screen');
mkdirSync(SHOTS, { recursive: true });
const dirs = (path: string) =>
	readdirSync(join(DIST, path), { withFileTypes: true })
		.filter((e) => e.isDirectory() && readdirSync(join(DIST, path, e.name)).includes('index.html'))
		.map((e) => e.name)
		.sort();
const REVIEWS = dirs('reviews');
const DRIVES = dirs('drives');
const PAIRS = dirs('compare').filter((d) => d.includes('-vs-'));

async function sideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string[] }> {
	return page.evaluate(() => {
		const clipped = (e: Element) => {
			for (let p = e.parentElement; p; p = p.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
			return false;
		};
		const widest = [...document.body.querySelectorAll('*')]
			.filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !clipped(e))
			.slice(0, 3)
			.map((e) => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}">`);
		return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
	});
}

/** Where the headline chart's drawing is, and the text of its figure (legend, axes). */
async function headline(page: Page): Promise<{ top: number; height: number; text: string } | null> {
	const figure = page.locator('[data-testid="headline"] figure, [data-testid="overview"] figure').first();
	if ((await figure.count()) === 0) return null;
	return figure.evaluate((f) => {
		const drawings = [...f.querySelectorAll('svg')].map((s) => s.getBoundingClientRect()).filter((r) => r.height > 40);
		const first = drawings.sort((a, b) => a.top - b.top)[0]!;
		return { top: first.top, height: first.height, text: (f as HTMLElement).innerText };
	});
}

describe('layout', () => {
	it('no page type scrolls sideways at 320 or 375 px, in English or Chinese', async () => {
		for (const width of [320, 375]) {
			const { page } = await watch({ viewport: { width, height: 800 } });
			for (const { path } of pagesToWalk()) {
				// Another chart of the same embed document is a fragment away: its script loads it afresh (a new document).
				if (path.includes('#')) await page.goto('about:blank');
				await page.goto(base + path, { waitUntil: 'load' });
				const s = await sideways(page);
				expect({ path, width, ...s }).toEqual({ path, width, scrollWidth: s.innerWidth, innerWidth: s.innerWidth, widest: [] });
			}
		}
	});

	it('opens every review, drive and comparison page on its headline chart, every drive it is about named, in the first screen', async () => {
		const pages = [
			...REVIEWS.map((id) => ({ path: `/reviews/${id}/`, kind: 'review' as const })),
			...DRIVES.map((id) => ({ path: `/drives/${id}/`, kind: 'drive' as const })),
			...PAIRS.map((id) => ({ path: `/compare/${id}/`, kind: 'pair' as const })),
		];
		for (const [width, height] of [
			[1280, 800],
			[375, 800],
		] as const) {
			const { page } = await watch({ viewport: { width, height } });
			for (const { path, kind } of pages) {
				await page.goto(base + path, { waitUntil: 'load' });
				const names =
					kind === 'review'
						? await page.locator('[data-review-drive][data-has-results] a').allInnerTexts()
						: kind === 'drive'
							? [await page.getByTestId('drive-title').innerText()]
							: await page.locator('[data-testid="tally"] tbody th').allInnerTexts();
				const chart = await headline(page);
				if (chart === null) {
					// A page with nothing to draw says so (a drive whose only figure is one latency).
					expect(await page.getByTestId('no-headline').count(), path).toBe(1);
					continue;
				}
				// At least half of the drawing is on the first screen, and the chart names every drive the page is about.
				expect(chart.top + chart.height / 2, `${path} at ${width} px`).toBeLessThanOrEqual(height);
				// A drive the chart leaves out is named above it (a review whose drives share no workload).
				const partial = kind === 'review' && (await page.getByTestId('headline-partial').count()) > 0 ? await page.getByTestId('headline-partial').innerText() : '';
				for (const name of names) expect(chart.text.includes(name.trim()) || partial.includes(name.trim()), `${path}: ${name}`).toBe(true);
				if (path.includes('p5510') || path.includes('crystaldiskmark') || path.includes('s3500-480gb-vs')) {
					await page.screenshot({ path: join(SHOTS, `${width}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`) });
				}
			}
		}
	});

	it("keeps a wide table's row labels in view while it scrolls inside its box at 375 px", async () => {
		const { page } = await watch({ viewport: { width: 375, height: 800 } });
		await page.goto(`${base}/compare/?devices=intel-d7-p5510-7-68tb,intel-optane-p5800x-800gb,intel-optane-pmem-200-128gb`, { waitUntil: 'load' });
		await page.locator('[data-testid="delta-table"]').first().waitFor();
		const held = await page.evaluate(() => {
			const boxes = [...document.querySelectorAll('.overflow-x-auto')].filter((b) => b.scrollWidth > b.clientWidth + 1 && b.querySelector('tbody th[scope="row"]'));
			return boxes.map((box) => {
				box.scrollLeft = box.scrollWidth;
				const label = box.querySelector('tbody th[scope="row"]')!.getBoundingClientRect();
				return Math.abs(label.left - box.getBoundingClientRect().left) <= 1;
			});
		});
		// The three-drive comparison's tables are wider than a phone: each scrolled to its end still shows its labels.
		expect(held.length).toBeGreaterThan(0);
		expect(held.every(Boolean)).toBe(true);
	});
});
