// Site figures, measured side by side in one run in Debian's Chromium against dist/ served on localhost
// (brotli, byte ranges — scripts/serve.ts):
//  - time to first chart on a review page vs a plain static HTML page holding the same SVG (aim ≤ 1.2), on the lab
//    review and on the StorageReview P5510 vs PM9A3 review (published figures only: its headline is an application profile),
//    with the same page cut after its headline chart (what its header and title cost alone) and, from a Chromium trace of
//    cold loads, where each page's time to it goes (site-trace.ts)
//  - the stylesheet bytes a page carries inline and those it shares with every page (a file cached once)
//  - page weight before interaction, without DuckDB (aim ≤ 150 KB)
//  - first interaction → redrawn chart, once DuckDB has loaded in idle time (aim ≤ 300 ms), and the cold path
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launch } from '../chromium.ts';
import { startServer, type StaticServer } from '../serve.ts';
import { PHASES, tracePaint, type PaintTrace } from './site-trace.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const REVIEW = '/reviews/lab-2026-virtual-disk-fio-sweep/';
/** The review's longest kind of page: a workload with its charts (the review's page lists the workloads). */
const WORKLOAD = `${REVIEW}w-4k-random-read/`;
const PLAIN = '/__bench/plain-chart.html';
/** Reviews whose first chart is timed against a plain page holding it. */
const FIRST_CHART_REVIEWS = [REVIEW, '/reviews/storagereview-2021-intel-p5510-vs-samsung-pm9a3/'];
const plainPath = (review: string) => PLAIN.replace('.html', `-${review.split('/')[2]}.html`);
/** The review page cut after its headline chart: what the first screen costs before anything below it. */
const headPath = (review: string) => plainPath(review).replace('plain-chart', 'page-to-headline');
const RUNS = 5;
/** Traced loads per page (a trace slows a load: its figures say where time goes, the untraced runs how much). */
const TRACED_RUNS = 3;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

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
	// The parser closes what is left open.
	writeFileSync(join(DIST, headPath(review)), html.slice(0, end + 9));
}

/** A fresh browser context that marks the headline chart's first frame (`data-bench-headline-frame` on <html>). */
async function headlineContext(browser: Browser) {
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
	return context;
}

/**
 * Time from navigation start until the headline chart's SVG is painted, in a loaded page: the first contentful paint,
 * or, when the page painted before the parser reached the chart (its header first), the first frame after the chart was parsed.
 */
async function headlinePainted(page: Page): Promise<number> {
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
	if (Number.isNaN(frame)) throw new Error(`${page.url()}: no headline chart SVG`);
	return Math.max(fcp, frame);
}

async function firstChart(browser: Browser, url: string): Promise<number> {
	const context = await headlineContext(browser);
	try {
		const page = await context.newPage();
		await page.goto(url, { waitUntil: 'load' });
		return await headlinePainted(page);
	} finally {
		await context.close();
	}
}

/** The median of each figure of cold traced loads of `url`. */
async function tracedFirstChart(browser: Browser, url: string): Promise<PaintTrace> {
	const traces: PaintTrace[] = [];
	for (let i = 0; i < TRACED_RUNS; i++) {
		const context = await headlineContext(browser);
		try {
			traces.push(await tracePaint(browser, await context.newPage(), url, headlinePainted));
		} finally {
			await context.close();
		}
	}
	const of = (pick: (t: PaintTrace) => number) => median(traces.map(pick));
	return {
		phases: Object.fromEntries(PHASES.map((p) => [p, of((t) => t.phases[p])])) as PaintTrace['phases'],
		toParse: of((t) => t.toParse),
		toScreen: of((t) => t.toScreen),
		total: of((t) => t.total),
	};
}

function printTraces(rows: [string, PaintTrace][]): void {
	const columns: [string, (t: PaintTrace) => number][] = [
		['total', (t) => t.total],
		['to parse', (t) => t.toParse],
		...PHASES.map((p): [string, (t: PaintTrace) => number] => [p, (t) => t.phases[p]]),
		['to screen', (t) => t.toScreen],
	];
	console.log(`    ${''.padEnd(22)}${columns.map(([name]) => name.padStart(13)).join('')}`);
	for (const [name, trace] of rows) console.log(`    ${name.padEnd(22)}${columns.map(([, pick]) => pick(trace).toFixed(1).padStart(13)).join('')}`);
}

/** Bytes of the <style> elements in an HTML page, and the stylesheet files it links (site paths). */
function pageStyles(html: string): { inline: number; linked: string[] } {
	let inline = 0;
	for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) inline += Buffer.byteLength(m[1]!);
	const linked = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1]).filter((h): h is string => !!h);
	return { inline, linked };
}

/** The HTML pages of the site outside data/. */
function sitePages(dir: string, rel = ''): string[] {
	return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
		const path = rel ? `${rel}/${e.name}` : e.name;
		if (e.isDirectory()) return path === 'data' || path === '__bench' ? [] : sitePages(dir, path);
		return e.name.endsWith('.html') ? [path] : [];
	});
}

/** The stylesheet bytes of the review pages and of the whole site: what each page carries, what all share. */
function printStylesheetBytes(reviews: string[]): void {
	const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
	const fileBytes = (href: string) => statSync(join(DIST, href)).size;
	for (const review of reviews) {
		const { inline, linked } = pageStyles(readFileSync(join(DIST, review, 'index.html'), 'utf8'));
		console.log(`  stylesheet of ${review}: ${kb(inline)} inline, ${kb(linked.reduce((n, h) => n + fileBytes(h), 0))} linked (${linked.join(', ') || 'none'})`);
	}
	const pages = sitePages(DIST).map((p) => pageStyles(readFileSync(join(DIST, p), 'utf8')));
	const inline = pages.reduce((n, p) => n + p.inline, 0);
	const shared = [...new Set(pages.flatMap((p) => p.linked))];
	console.log(
		`  stylesheets of the site's ${pages.length} pages: ${kb(inline)} inline (${kb(inline / pages.length)} a page), ${kb(shared.reduce((n, h) => n + fileBytes(h), 0))} in ${shared.length} shared file(s)`,
	);
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
			const toHeadline: number[] = [];
			for (let i = 0; i < RUNS; i++) {
				plain.push(await firstChart(browser, server.url + plainPath(page)));
				review.push(await firstChart(browser, server.url + page));
				toHeadline.push(await firstChart(browser, server.url + headPath(page)));
			}
			console.log(`  ${page}`);
			console.log(`    first chart, review page:              ${fmt(review)}`);
			console.log(`    first chart, plain HTML with same SVG: ${fmt(plain)}`);
			console.log(`    ratio review / plain:                  ${(median(review) / median(plain)).toFixed(2)}  (aim ≤ 1.2)`);
			console.log(`    the page cut after its headline chart: ${fmt(toHeadline)}, ${(median(toHeadline) / median(plain)).toFixed(2)} × plain (its header and title alone)`);
			console.log(`    where the time goes (ms; main thread by phase, cold, traced: median of ${TRACED_RUNS}):`);
			printTraces([
				['review page', await tracedFirstChart(browser, server.url + page)],
				['page to its headline', await tracedFirstChart(browser, server.url + headPath(page))],
				['plain HTML, same SVG', await tracedFirstChart(browser, server.url + plainPath(page))],
			]);
		}
		printStylesheetBytes(FIRST_CHART_REVIEWS);
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
