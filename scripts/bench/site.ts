// Site figures, measured side by side in one run in Debian's Chromium against dist/ served on localhost
// (brotli, byte ranges — scripts/serve.ts):
//  - time to first chart on a review page vs a plain static HTML page holding the same SVG (aim ≤ 1.2), on the lab
//    review and on the StorageReview P5510 vs PM9A3 review (published figures only: its headline is an application profile)
//  - page weight before interaction, without DuckDB (aim ≤ 150 KB)
//  - first interaction → redrawn chart, once DuckDB has loaded in idle time (aim ≤ 300 ms), and the cold path
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type StaticServer } from '../serve.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const REVIEW = '/reviews/lab-2026-virtual-disk-fio-sweep/';
/** The review's longest kind of page: a workload with its charts (the review's page lists the workloads). */
const WORKLOAD = `${REVIEW}w-4k-random-read/`;
const PLAIN = '/__bench/plain-chart.html';
/** Reviews whose first chart is timed against a plain page holding it. */
const FIRST_CHART_REVIEWS = [REVIEW, '/reviews/storagereview-2021-intel-p5510-vs-samsung-pm9a3/'];
const plainPath = (review: string) => PLAIN.replace('.html', `-${review.split('/')[2]}.html`);
const RUNS = 5;
export const CHROMIUM = '/usr/bin/chromium';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

export function launch(): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
	});
}

/** Runs `fn` with Chromium and the site in `site` served on localhost; a string says why it could not. */
export async function inChromium<T>(site: string, fn: (browser: Browser, server: StaticServer) => Promise<T>): Promise<T | string> {
	if (!existsSync(CHROMIUM)) return `no ${CHROMIUM}`;
	const server = await startServer(site);
	try {
		const browser = await launch();
		try {
			return await fn(browser, server);
		} finally {
			await browser.close();
		}
	} catch (e) {
		return `failed: ${(e as Error).message.split('\n')[0]}`;
	} finally {
		await server.close();
	}
}

/** The first chart of a review page, alone in a plain HTML page: no CSS, no JS. */
function writePlainPage(review: string): void {
	const html = readFileSync(join(DIST, review, 'index.html'), 'utf8');
	const start = html.indexOf('<figure');
	const end = html.indexOf('</figure>', start);
	if (start < 0 || end < 0) throw new Error(`no <figure> chart in ${review}`);
	// The page's first chart must be its headline (laid out with the first paint), or the ratio times another chart.
	if (!/^<figure\b[^>]*\bdata-eager\b/.test(html.slice(start))) throw new Error(`${review}: the first chart is not the headline`);
	mkdirSync(join(DIST, '__bench'), { recursive: true });
	writeFileSync(join(DIST, plainPath(review)), `<!doctype html><html><head><meta charset="utf-8"><title>chart</title></head><body>${html.slice(start, end + 9)}</body></html>`);
}

/**
 * Time from navigation start until the headline chart's SVG is painted: the first contentful paint, or, when the page
 * painted before the parser reached the chart (its header first), the first frame after the chart was parsed.
 */
async function firstChart(browser: Browser, url: string): Promise<number> {
	const context = await browser.newContext();
	await context.addInitScript(() => {
		const seen = new MutationObserver(() => {
			if (!document.querySelector('figure[data-eager] svg')) return;
			seen.disconnect();
			// The frame that lays the chart out and paints it.
			requestAnimationFrame((frame) => (document.documentElement.dataset.benchHeadlineFrame = String(frame)));
		});
		seen.observe(document, { childList: true, subtree: true });
	});
	const page = await context.newPage();
	await page.goto(url, { waitUntil: 'load' });
	const fcp = await page.evaluate(
		() =>
			new Promise<number>((ok) => {
				new PerformanceObserver((list) => {
					const entry = list.getEntriesByName('first-contentful-paint')[0];
					if (entry) ok(entry.startTime);
				}).observe({ type: 'paint', buffered: true });
			}),
	);
	await page.waitForFunction(() => document.documentElement.dataset.benchHeadlineFrame !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
	const frame = Number(await page.evaluate(() => document.documentElement.dataset.benchHeadlineFrame ?? NaN));
	await context.close();
	if (Number.isNaN(frame)) throw new Error(`${url}: no headline chart SVG`);
	return Math.max(fcp, frame);
}

async function pageWeight(
	browser: Browser,
	server: StaticServer,
	url: string,
): Promise<{ initial: number; idle: number; duckdb: number; duckdbReadyMs: number }> {
	const context = await browser.newContext();
	const page = await context.newPage();
	const from = server.requests.length;
	await page.goto(url, { waitUntil: 'load' });
	const initial = server.requests.slice(from).reduce((n, r) => n + r.bytes, 0);
	await page.waitForSelector('html[data-duckdb="ready"]', { timeout: 120_000 });
	const duckdbReadyMs = await page.evaluate(() => performance.getEntriesByName('duckdb-ready')[0]?.startTime ?? NaN);
	const later = server.requests.slice(from);
	const isDuckdb = (u: string) => /duckdb|\.wasm|arrow/i.test(u) || u.includes('/data/');
	const duckdb = later.filter((r) => isDuckdb(r.url)).reduce((n, r) => n + r.bytes, 0);
	const idle = later.filter((r) => !isDuckdb(r.url)).reduce((n, r) => n + r.bytes, 0);
	await context.close();
	return { initial, idle, duckdb, duckdbReadyMs };
}

/** First interaction (statistic → p99) until every chart is redrawn, with DuckDB loaded first (warm) or not yet (cold). */
async function interaction(browser: Browser, url: string, warm: boolean): Promise<number> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto(url, { waitUntil: warm ? 'load' : 'domcontentloaded' });
	if (warm) await page.waitForSelector('html[data-duckdb="ready"]', { timeout: 120_000 });
	await page.selectOption('[data-testid="control-stat"]', 'p99');
	await page.waitForFunction(() => Number(document.documentElement.dataset.viewsApplied ?? 0) >= 1, undefined, { timeout: 120_000 });
	const ms = await page.evaluate(() => performance.getEntriesByName('view-redrawn').at(-1)!.duration);
	await context.close();
	return ms;
}

export async function benchSite(): Promise<void> {
	if (!existsSync(join(DIST, REVIEW, 'index.html'))) {
		console.error('building the site for the benchmark (npm run build)…');
		execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
	}
	for (const review of FIRST_CHART_REVIEWS) writePlainPage(review);
	const server = await startServer(DIST);
	const browser = await launch();
	try {
		console.log(`site on localhost, brotli (median of ${RUNS} cold loads):`);
		for (const page of FIRST_CHART_REVIEWS) {
			const review: number[] = [];
			const plain: number[] = [];
			for (let i = 0; i < RUNS; i++) {
				plain.push(await firstChart(browser, server.url + plainPath(page)));
				review.push(await firstChart(browser, server.url + page));
			}
			console.log(`  ${page}`);
			console.log(`    first chart, review page:              ${fmt(review)}`);
			console.log(`    first chart, plain HTML with same SVG: ${fmt(plain)}`);
			console.log(`    ratio review / plain:                  ${(median(review) / median(plain)).toFixed(2)}  (aim ≤ 1.2)`);
		}
		const workload: number[] = [];
		const plain: number[] = [];
		for (let i = 0; i < RUNS; i++) {
			plain.push(await firstChart(browser, server.url + plainPath(REVIEW)));
			workload.push(await firstChart(browser, server.url + WORKLOAD));
		}
		console.log(`  ${WORKLOAD}`);
		console.log(`    first chart, workload page:            ${fmt(workload)}`);
		console.log(`    ratio workload / plain:                ${(median(workload) / median(plain)).toFixed(2)}`);
		const w = await pageWeight(browser, server, server.url + REVIEW);
		console.log(`  page weight until load:                 ${(w.initial / 1024).toFixed(0)} KB on the wire  (aim ≤ 150 KB)`);
		console.log(`  + chart library after idle:             ${(w.idle / 1024).toFixed(0)} KB;  DuckDB-wasm + Parquet: ${(w.duckdb / 1024).toFixed(0)} KB`);
		console.log(`  DuckDB-wasm ready (cold, idle load):    ${w.duckdbReadyMs.toFixed(0)} ms after navigation`);
		const warm: number[] = [];
		const cold: number[] = [];
		for (let i = 0; i < 3; i++) {
			warm.push(await interaction(browser, server.url + WORKLOAD, true));
			cold.push(await interaction(browser, server.url + WORKLOAD, false));
		}
		console.log(`  interaction → redrawn, DuckDB loaded:   ${fmt(warm)}  (aim ≤ 300 ms)`);
		console.log(`  interaction → redrawn, cold:            ${fmt(cold)}  (visible charts from the page's rows; DuckDB follows)`);
	} finally {
		await browser.close();
		await server.close();
		rmSync(join(DIST, '__bench'), { recursive: true, force: true });
	}
}
