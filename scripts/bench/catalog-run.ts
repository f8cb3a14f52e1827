// npm run bench -- --catalog 100,300,1000 [--keep]: for each size N, a synthetic catalog of N reviews
// (scripts/bench/synthetic-catalog.ts) goes through the real ingest and astro build, each a child process, in a temporary folder.
// Reported per size: wall time and peak RSS of both, time per review, HTML pages and bytes of the built site, and the bytes
// one raw-data review page fetches in Chromium once its idle-time loading has settled (all responses, and .parquet alone);
// then the incremental build: with nothing changed, and with one review changed.
// Peak RSS as scripts/bench/run-node.ts measures it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM } from '../chromium.ts';
import { type RequestRecord } from '../serve.ts';
import { generateCatalog } from './synthetic-catalog.ts';
import { TIME, runNode, type Step } from './run-node.ts';
import { inChromium } from './site.ts';
import { benchComparison, compareCells, type CompareFigures } from './compare.ts';
import { benchFinder, findCell, type FindFigures } from './find.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface PageBytes {
	all: number;
	parquet: number;
	requests: number;
}

interface Row {
	n: number;
	raw: number;
	genMs: number;
	ingest: Step;
	/** The ingest again with nothing changed, then after one review's log changed (both over the first output). */
	unchanged: Step | null;
	oneChanged: Step | null;
	/** The site built again over the first build: with nothing changed, then after that one review changed. */
	rebuildUnchanged: Step | null;
	rebuildOneChanged: Step | null;
	warnings: string;
	datasetBytes: number;
	build: Step | null;
	pages: number;
	/** Files and bytes of the built site, all of it, and without data/ (what a static host takes when data/ is published apart). */
	files: number;
	bytes: number;
	siteFiles: number;
	siteBytes: number;
	page: PageBytes | string;
	/** A 2-drive and an 8-drive comparison (scripts/bench/compare.ts). */
	compare: CompareFigures[] | string;
	find?: FindFigures | string;
}

function listFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const totalBytes = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0);

/** What static hosts take per site: Cloudflare Pages (free) 20,000 files; GitHub Pages and GitLab Pages 1 GB. */
export const HOST_LIMITS = { files: 20_000, bytes: 1e9 };

/** Until no request has arrived for `quietMs`, at most `maxMs`. */
async function settle(requests: RequestRecord[], quietMs: number, maxMs: number): Promise<void> {
	const end = performance.now() + maxMs;
	let count = -1;
	let since = 0;
	while (performance.now() < end) {
		if (requests.length !== count) [count, since] = [requests.length, performance.now()];
		else if (performance.now() - since >= quietMs) return;
		await sleep(250);
	}
}

/** Bytes on the wire (brotli where the server compresses) of every response to one cold load of `path`. */
async function pageBytes(site: string, path: string): Promise<PageBytes | string> {
	return inChromium(site, async (browser, server) => {
		const page = await browser.newPage();
		await page.goto(server.url + path, { waitUntil: 'load' });
		await page.waitForSelector('html[data-duckdb="ready"], html[data-duckdb="error"]', { timeout: 60_000 }).catch(() => undefined);
		await settle(server.requests, 3000, 30_000);
		const sum = (rs: RequestRecord[]) => rs.reduce((n, r) => n + r.bytes, 0);
		const parquet = server.requests.filter((r) => new URL(r.url, server.url).pathname.endsWith('.parquet'));
		return { all: sum(server.requests), parquet: sum(parquet), requests: server.requests.length };
	});
}

/**
 * `npm run build`'s site build (scripts/build.ts) of the dataset in `dataset` into `<dir>/site`, apart from the
 * project's own build: incremental over the site already there unless `full`.
 */
export async function buildSite(dataset: string, dir: string, { full = true, log = 'build.log', catalogPagesOnly = false } = {}): Promise<Step> {
	// SITE_EMIT_DIR: the files pages write while rendering wait here, not in the project, should the build fail.
	const env = { ...process.env, SITE_DATA_DIR: dataset, SITE_EMIT_DIR: join(dir, 'emitted'), ...(catalogPagesOnly ? { SITE_CATALOG_PAGES_ONLY: '1' } : {}) };
	return runNode([join(ROOT, 'scripts/build.ts'), '--out', join(dir, 'site'), ...(full ? ['--full'] : [])], dir, join(dir, log), env);
}

/**
 * Pages Astro rendered, from its log ("N page(s) built", once per process of a build on several cores); 0 when the build
 * found nothing changed and did not run it (scripts/build.ts).
 */
function pagesRendered(step: Step): number {
	if (/^nothing changed/m.test(step.output)) return 0;
	const counts = [...step.output.matchAll(/(\d+) page\(s\) built/g)].map((m) => Number(m[1]));
	return counts.length ? counts.reduce((a, b) => a + b, 0) : NaN;
}

/**
 * With `finderOnly`: the finder alone, on a site built with its pages over the whole catalog only (no page per review,
 * drive or comparison; the finder reads none of them), so a large catalog's finder is measured in minutes, not an hour.
 */
async function measure(n: number, dir: string, finderOnly = false): Promise<Row> {
	const [data, dataset, site] = ['data', 'dataset', 'site'].map((d) => join(dir, d)) as [string, string, string];
	const started = performance.now();
	const reviews = generateCatalog(n, data);
	const genMs = performance.now() - started;
	process.stderr.write(`  ${n} reviews generated in ${(genMs / 1000).toFixed(1)} s; ingest…\n`);
	const ingestArgs = [join(ROOT, 'scripts/ingest.ts'), '--data', data, '--out', dataset, '--max-warnings', '0'];
	const ingest = await runNode(ingestArgs, ROOT, join(dir, 'ingest.log'));
	const warnings = /(\d+) warnings;/.exec(ingest.output)?.[1] ?? '?';
	const raw = reviews.filter((r) => r.raw).length;
	const row: Row = { n, raw, genMs, ingest, unchanged: null, oneChanged: null, rebuildUnchanged: null, rebuildOneChanged: null, warnings, datasetBytes: 0, build: null, pages: 0, files: 0, bytes: 0, siteFiles: 0, siteBytes: 0, page: '', compare: '' };
	if (!ingest.ok) return row;
	row.datasetBytes = totalBytes(listFiles(dataset));
	if (finderOnly) {
		process.stderr.write(`  ingest ${(ingest.ms / 1000).toFixed(1)} s; astro build of the pages over the whole catalog only…\n`);
		const build = await buildSite(dataset, dir, { catalogPagesOnly: true });
		if (build.ok) {
			process.stderr.write(`  asking the finder in Chromium…\n`);
			row.find = await benchFinder(site);
		} else row.find = `build ${build.reason}`;
		return row;
	}
	row.unchanged = await runNode(ingestArgs, ROOT, join(dir, 'ingest-unchanged.log'));
	process.stderr.write(`  ingest ${(ingest.ms / 1000).toFixed(1)} s; astro build…\n`);
	row.build = await buildSite(dataset, dir);
	if (!row.build.ok) return row;
	const files = listFiles(site);
	row.pages = files.filter((f) => f.endsWith('.html')).length;
	row.files = files.length;
	row.bytes = totalBytes(files);
	const outsideData = files.filter((f) => !f.startsWith(join(site, 'data') + '/'));
	row.siteFiles = outsideData.length;
	row.siteBytes = totalBytes(outsideData);
	process.stderr.write(`  build ${(row.build.ms / 1000).toFixed(1)} s; the build again, with nothing changed, then with one review changed…\n`);
	row.rebuildUnchanged = await buildSite(dataset, dir, { full: false, log: 'build-unchanged.log' });
	const log = join(data, 'reviews', reviews.find((r) => r.raw)!.id, 'raw/4k-random-read-qd32-timeseries_iops.1.log');
	writeFileSync(log, readFileSync(log, 'utf8').trimEnd().split('\n').slice(0, -1).join('\n') + '\n');
	row.oneChanged = await runNode(ingestArgs, ROOT, join(dir, 'ingest-one-changed.log'));
	if (row.oneChanged.ok) row.rebuildOneChanged = await buildSite(dataset, dir, { full: false, log: 'build-one-changed.log' });
	process.stderr.write(`  loading a review page in Chromium…\n`);
	row.page = await pageBytes(site, `/reviews/${reviews.find((r) => r.raw)!.id}/`);
	// The same drives at every size: those of the catalog's first ten reviews (the generator writes the same first
	// reviews whatever N), raw fio sweeps first (they share workloads).
	const first = reviews.slice(0, 10);
	const drives = [...new Set([...first.filter((r) => r.raw), ...first].flatMap((r) => r.devices))];
	process.stderr.write(`  comparing 2 and 8 drives in Chromium…\n`);
	row.compare = await benchComparison(site, drives);
	process.stderr.write(`  asking the finder in Chromium…\n`);
	row.find = await benchFinder(site);
	return row;
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const mb = (kb: number | null) => (kb === null ? '?' : (kb / 1024).toFixed(0));

function cells(r: Row): string[] {
	const b = r.build;
	const both = r.ingest.ok && b?.ok;
	const failed = (step: Step) => `FAILED ${s(step.ms)}`;
	const rebuilt = (step: Step | null) => (!step ? '-' : step.ok ? `${s(step.ms)} (${pagesRendered(step)})` : failed(step));
	const page = typeof r.page === 'string' ? [r.page ? 'n/a' : '', ''] : [`${(r.page.all / 1024).toFixed(0)} (${r.page.requests})`, (r.page.parquet / 1024).toFixed(0)];
	const note = !r.ingest.ok ? `ingest ${r.ingest.reason}` : b && !b.ok ? `build ${b.reason}` : typeof r.page === 'string' ? r.page : '';
	return [
		String(r.n),
		String(r.raw),
		s(r.genMs),
		r.ingest.ok ? s(r.ingest.ms) : failed(r.ingest),
		mb(r.ingest.peakRssKb),
		r.warnings,
		r.unchanged ? (r.unchanged.ok ? s(r.unchanged.ms) : failed(r.unchanged)) : '-',
		r.oneChanged ? (r.oneChanged.ok ? s(r.oneChanged.ms) : failed(r.oneChanged)) : '-',
		r.ingest.ok ? (r.datasetBytes / 1e6).toFixed(1) : '-',
		b ? (b.ok ? s(b.ms) : failed(b)) : '-',
		b ? `${mb(b.peakRssKb)} (${mb(b.peakTreeRssKb)})` : '-',
		rebuilt(r.rebuildUnchanged),
		rebuilt(r.rebuildOneChanged),
		both ? ((r.ingest.ms + b!.ms) / 1000 / r.n).toFixed(3) : '-',
		both ? String(r.pages) : '-',
		both ? String(r.files) : '-',
		both ? (r.bytes / 1e6).toFixed(1) : '-',
		both ? `${r.siteFiles}${r.siteFiles > HOST_LIMITS.files ? ' !' : ''}` : '-',
		both ? `${(r.siteBytes / 1e6).toFixed(1)}${r.siteBytes > HOST_LIMITS.bytes ? ' !' : ''}` : '-',
		...page,
		...compareCells(r.compare),
		r.find ? findCell(r.find) : '-',
		note,
	];
}

const HEADER = ['reviews', 'raw', 'gen s', 'ingest s', 'ingest RSS MB', 'warnings', 'again s', '1 changed s', 'dataset MB', 'build s', 'build RSS MB', 'again s (pages)', '1 changed s (pages)', 's/review', 'HTML pages',
	'files', 'output MB', 'files w/o data/', 'MB w/o data/', 'review page KB (requests)', '.parquet KB', 'compare 2 drives', 'compare 8 drives', 'find 4K QD32', 'note'];

const FIND_NOTE =
	'find 4K QD32 = the finder asked "4 KiB random read at QD 32": KB past the app shell (the family file) / KB of every response (requests), time from navigation to the answer (cold), median answer to another QD on the loaded page (warm)';

function printTable(rows: Row[]): void {
	const body = rows.map(cells);
	const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((c) => c[i]!.length)));
	const line = (c: string[]) => c.map((x, i) => (i === c.length - 1 ? x : x.padStart(widths[i]!))).join('  ').trimEnd();
	console.log(line(HEADER));
	for (const c of body) console.log(line(c));
}

/** The finder's figures alone, each catalog's site built with its pages over the whole catalog only. */
function printFinder(rows: Row[]): void {
	console.log('finder: synthetic data/ of N reviews → ingest → astro build of the pages over the whole catalog only (none per review, drive or comparison)');
	console.log(['reviews', 'ingest s', 'find 4K QD32'].join('  '));
	for (const r of rows) console.log([String(r.n).padStart(7), (r.ingest.ok ? s(r.ingest.ms) : 'FAILED').padStart(8), r.find ? findCell(r.find) : '-'].join('  '));
	const found = rows.map((r) => (r.find && typeof r.find !== 'string' ? { n: r.n, ...r.find } : null)).filter((r) => r !== null);
	const [fs, fl] = [found[0], found.at(-1)];
	if (fs && fl && fl !== fs) console.log(`finder bytes past the app shell at ${fl.n} / at ${fs.n}: ${(fl.data / fs.data).toFixed(2)} (aim ≤ 2); warm answer at ${fl.n}: ${fl.warmMs.toFixed(0)} ms (aim < 1,000)`);
}

export async function benchCatalog(sizes: number[], keep: boolean, finderOnly = false): Promise<void> {
	const root = mkdtempSync(join(tmpdir(), 'ssd-catalog-'));
	const rows: Row[] = [];
	try {
		for (const n of sizes) {
			process.stderr.write(`catalog of ${n} reviews:\n`);
			const dir = join(root, String(n));
			mkdirSync(dir);
			rows.push(await measure(n, dir, finderOnly));
			if (!keep) rmSync(dir, { recursive: true, force: true });
		}
	} finally {
		if (keep) console.error(`kept ${root}`);
		else rmSync(root, { recursive: true, force: true });
	}
	if (finderOnly) {
		printFinder(rows);
		console.log(FIND_NOTE);
		return;
	}
	console.log(`catalog: synthetic data/ of N reviews (⅓ raw fio sweeps) → ingest → astro build, each a child process`);
	printTable(rows);
	console.log(`files, output MB = the built site with its data/; w/o data/ = the site a static host takes when data/ is published apart ` +
		`(limits: ${HOST_LIMITS.files.toLocaleString('en')} files, Cloudflare Pages; ${HOST_LIMITS.bytes / 1e9} GB, GitHub and GitLab Pages; ! = over)`);
	console.log(`s/review = (ingest + build) / N; dataset = the ingest's output; review page = one raw-data review, ` +
		`bytes on the wire until ${CHROMIUM} has been quiet for 3 s after DuckDB loaded`);
	const done = rows.filter((r) => r.ingest.ok && r.build?.ok);
	const [small, large] = [done[0], done.at(-1)];
	if (small && large && large !== small) {
		const perReview = (r: Row) => (r.ingest.ms + r.build!.ms) / r.n;
		const parquet = (r: Row) => (typeof r.page === 'string' ? NaN : r.page.parquet);
		console.log(`time per review at ${large.n} / at ${small.n}: ${(perReview(large) / perReview(small)).toFixed(2)} (aim ≤ 1.2)`);
		console.log(`Parquet bytes a review page fetches at ${large.n} / at ${small.n}: ${(parquet(large) / parquet(small)).toFixed(2)} (aim ≤ 1.5)`);
		const data = (r: Row, i: number) => (typeof r.compare === 'string' ? NaN : r.compare[i]!.data);
		console.log(`bytes past the app shell of a 2-drive comparison at ${large.n} / at ${small.n}: ${(data(large, 0) / data(small, 0)).toFixed(2)} (aim ≤ 2); 8-drive: ${(data(large, 1) / data(small, 1)).toFixed(2)}`);
		const found = (r: Row) => (r.find && typeof r.find !== 'string' ? r.find : null);
		const [fs, fl] = [found(small), found(large)];
		if (fs && fl) console.log(`finder bytes past the app shell at ${large.n} / at ${small.n}: ${(fl.data / fs.data).toFixed(2)} (aim ≤ 2); warm answer at ${large.n}: ${fl.warmMs.toFixed(0)} ms (aim < 1,000)`);
	}
	console.log(FIND_NOTE);
	console.log('compare N drives = KB past the app shell (drive files, Parquet) / KB of every response (requests), time from navigation to the first overlaid chart (cold), ' +
		'median redraw after changing the latency statistic (warm, aim < 100 ms)');
	console.log(`again = the ingest, or the build over the first build, run again with nothing changed; 1 changed = again after one raw review's log ` +
		`lost a line (the ingest reads only that review, the build renders only the pages it changed: pages rendered in brackets)`);
	console.log((existsSync(TIME) ? `peak RSS: ${TIME} %M (largest resident set of the child or a descendant it waited for)` :
		'peak RSS: VmHWM of the child process, sampled every 200 ms') + '; the build\'s in brackets: the largest sum of its processes\' (one Astro process per core), sampled every 200 ms');
}
