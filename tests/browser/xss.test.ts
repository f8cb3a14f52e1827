// Reviewers' YAML, CSV and raw files are untrusted: a corpus of XSS payloads (tests/fixtures/xss/payloads.txt, each
// calling window.__xss(N) or alert(N) should it ever run) is written into every text field a page shows, of a raw-fio
// review, a published-figure review and a device, and into a raw file's name. The site built from that data folder
// and served with its own headers (CSP included) is opened in Debian's Chromium, every kind of page, with JavaScript
// on (waiting for the live charts, DuckDB and the SQL console's queries) and off: no probe runs, no element or attribute of a payload reaches the
// DOM, no CSP violation happens, and the payloads are shown as text. The chart tables' CSV files guard formula cells.
// XSS_KEEP=1 keeps the temporary data folder, dataset and site (printed nowhere: the newest /tmp/xss-*) to look at.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parseDocument, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { ingest } from '../../scripts/ingest/run.ts';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import { reviewYaml } from '../../src/lib/metadata/review.ts';
import { parsePublishedCsv } from '../../src/lib/formats/published-csv/parse.ts';
import { readCsv } from '../../src/lib/formats/published-csv/reader.ts';
import { quoteIdent, quoteText } from '../../src/lib/sql/quote.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { launch, watchedPage } from './chromium.ts';

/** Payload N (from 1) is line N of the corpus. */
const P = readFileSync(join(ROOT, 'tests/fixtures/xss/payloads.txt'), 'utf8').split('\n').filter((l) => l !== '');
const p = (n: number) => P[n - 1]!;
/** Payloads a spreadsheet would run as a formula: published.csv refuses them, so they go elsewhere there. */
const FORMULA = /^(?:[\t\r\0]|\s*[=+\-@＝＋－＠])/u;
const safeForCsv = P.filter((s) => !FORMULA.test(s));

const SOURCE = join(ROOT, 'data');
const RAW_SOURCE = join(SOURCE, 'reviews/lab-2026-virtual-disk-fio-sweep');
const RAW_ID = 'xss-raw-fio-sweep';
const PUB_ID = 'xss-published-figures';
const DEVICE_ID = 'xss-virtio-disk';
/** A raw file whose name is a payload (no "/" in it: a file name). */
const PAYLOAD_FILE = `${p(6)}.json`;

const work = mkdtempSync(join(tmpdir(), 'xss-'));
const [data, dataset, site] = ['data', 'dataset', 'site'].map((d) => join(work, d)) as [string, string, string];

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

type YamlMap = Record<string, unknown>;
const yaml = (v: unknown) => stringify(v, { lineWidth: 0 });

/** An RFC 4180 cell, always quoted. */
const cell = (s: string) => `"${s.replace(/"/g, '""')}"`;

function makeData(): void {
	// The raw fio review: a few of its runs (a QD sweep of 4K random read and write, the logged run), one result file
	// renamed to a payload and with a payload for its fio job name, runs.yaml listing exactly these.
	const review = parseDocument(readFileSync(join(RAW_SOURCE, 'review.yaml'), 'utf8')).toJS() as YamlMap & { tools: unknown[] };
	Object.assign(review, {
		title: p(2),
		title_en: p(7),
		publisher: p(5),
		author: p(6),
		// The schema takes http(s) URLs only (checked below); an http URL can still try to break out of its attribute.
		url: `https://example.com/?q=${p(5)}&r=${p(4)}`,
		notes: P.join(' | '),
		test_platform: { server: p(9), cpu: p(8), memory: p(10), os: p(13), kernel: p(16), [p(36)]: p(37) },
		tools: [review.tools[0], { tool: 'fio', version: p(12), use: `${p(3)} ${p(17)}` }],
		methodology: {
			drive_count: 1,
			preconditioning: p(14),
			steady_state: p(15),
			footprint: p(19),
			threads_queues: p(20),
			power_mode: p(21),
			op: p(22),
		},
		devices_tested: [{ device_id: DEVICE_ID, role: 'subject', note: p(23) }],
	});
	write(join(data, 'reviews', RAW_ID, 'review.yaml'), yaml(review));

	const files: Record<string, unknown>[] = [];
	const copyRaw = (from: string, to = from) => copyFileSync(join(RAW_SOURCE, 'raw', from), join(data, 'reviews', RAW_ID, 'raw', to));
	mkdirSync(join(data, 'reviews', RAW_ID, 'raw/jobs'), { recursive: true });
	for (const [kind, workload, condition] of [
		['read', p(1), p(29)],
		['write', p(28), p(14)],
	] as const) {
		for (const qd of [1, 4, 16, 32]) {
			const name = `4k-random-${kind}-qd${qd}`;
			copyRaw(`${name}.json`);
			copyRaw(`jobs/${name}.fio`);
			files.push({ path: `${name}.json`, format: 'fio-json', workload, condition, job_file: `jobs/${name}.fio` });
		}
	}
	const qd64 = JSON.parse(readFileSync(join(RAW_SOURCE, 'raw/4k-random-read-qd64.json'), 'utf8')) as { jobs: { jobname: string }[] };
	qd64.jobs[0]!.jobname = p(3);
	write(join(data, 'reviews', RAW_ID, 'raw', PAYLOAD_FILE), JSON.stringify(qd64, null, 2));
	copyRaw('jobs/4k-random-read-qd64.fio');
	files.push({ path: PAYLOAD_FILE, format: 'fio-json', workload: p(1), condition: p(29), job_file: 'jobs/4k-random-read-qd64.fio' });
	const ts = '4k-random-read-qd32-timeseries';
	copyRaw(`${ts}.json`);
	copyRaw(`jobs/${ts}.fio`);
	files.push({ path: `${ts}.json`, format: 'fio-json', workload: p(15), condition: p(8), job_file: `jobs/${ts}.fio` });
	for (const metric of ['bw', 'iops', 'lat', 'clat']) {
		copyRaw(`${ts}_${metric}.1.log`);
		files.push({ path: `${ts}_${metric}.1.log`, format: 'fio-log', workload: p(15), condition: p(8), job_file: `jobs/${ts}.fio`, run_of: `${ts}.json`, log_avg_msec: 1000 });
	}
	write(join(data, 'reviews', RAW_ID, 'raw/runs.yaml'), yaml({ default_device_id: DEVICE_ID, files }));

	// Its device, a payload in every text field.
	write(
		join(data, 'devices', `${DEVICE_ID}.yaml`),
		yaml({
			// Vendor, interface and form factor are ids of the vocabulary (src/lib/vocabulary.ts); what a source says
			// beyond one is its note. With no vendor the model is the drive's label, the Device column of chart tables:
			// a formula there must stay text.
			vendor: null,
			model: p(28),
			// A drive (the catalog lists physical drives by default).
			device_class: 'ssd',
			capacity: '256GiB',
			interface: 'sata-6g',
			interface_note: p(30),
			form_factor: 'u2',
			form_factor_note: p(35),
			nand: p(24),
			controller: p(25),
			dram: p(26),
			endurance: p(27),
			firmware: p(33),
			claimed: [
				{ item: p(20), value: 1000, unit: 'IOPS', written: p(31), quote: p(18), note: p(11) },
				{ item: p(38), value: p(28), quote: p(7) },
			],
			other: P,
		}),
	);

	// The published-figure review: the zdnet transcription with payloads in its text fields and its CSV's text columns.
	const zdnet = join(SOURCE, 'reviews/zdnet-2013-intel-dc-s3500');
	const pub = parseDocument(readFileSync(join(zdnet, 'review.yaml'), 'utf8')).toJS() as YamlMap & { test_platform: YamlMap; methodology: YamlMap; devices_tested: YamlMap[] };
	Object.assign(pub, {
		title: p(18),
		title_en: p(24),
		publisher: p(25),
		author: p(26),
		url: `https://example.com/"><img src=x onerror=__xss(5)>`,
		url_note: p(2),
		notes: safeForCsv.join(' | '),
		tools: [{ tool: 'iometer', version: p(12), use: `${p(21)} ${p(22)}` }],
	});
	pub.test_platform.server = p(27);
	pub.methodology.preconditioning = p(33);
	pub.devices_tested[1]!.note = p(19);
	write(join(data, 'reviews', PUB_ID, 'review.yaml'), yaml(pub));
	const csv = readCsv(readFileSync(join(zdnet, 'published.csv'), 'utf8'), 'published.csv').records;
	const header = csv[0]!.fields;
	const col = (name: string) => header.indexOf(name);
	const lines = csv.slice(1).map(({ fields }, k) => {
		const f = [...fields];
		f[col('review_id')] = PUB_ID;
		f[col('workload')] = safeForCsv[k % safeForCsv.length]!;
		// A relative figure's condition names its basis first ("delta vs <device>: …"): the payload follows it.
		const condition = safeForCsv[(k + 7) % safeForCsv.length]!;
		f[col('condition')] = f[col('metric')] === 'relative_change' ? `${f[col('condition')]} ${condition}` : condition;
		f[col('quote')] = safeForCsv[(k + 13) % safeForCsv.length]!;
		// The tool is one of the vocabulary's (ingest refuses another): no payload there.
		f[col('tool')] = 'Iometer';
		return f.map(cell).join(',');
	});
	write(join(data, 'reviews', PUB_ID, 'published.csv'), `${header.join(',')}\n${lines.join('\n')}\n`);
	for (const d of ['intel-dc-s3500-480gb', 'intel-ssd-710', 'intel-ssd-520']) {
		copyFileSync(join(SOURCE, 'devices', `${d}.yaml`), join(data, 'devices', `${d}.yaml`));
	}
}

let browser: Browser;
let server: StaticServer;
let base: string;

beforeAll(async () => {
	makeData();
	const report = await ingest({ dataDir: data, out: dataset });
	expect(report.errors.map(String)).toEqual([]);
	const logFile = join(work, 'build.log');
	const env = { ...process.env, SITE_DATA_DIR: dataset, SITE_EMIT_DIR: join(work, 'emitted') };
	const code = await buildSite(site, { full: true, env, logFile });
	expect(code, readFileSync(logFile, 'utf8').slice(-3000)).toBe(0);
	server = await startServer(site);
	base = server.url;
	browser = await launch();
}, 300_000);

afterAll(async () => {
	await browser?.close();
	await server?.close();
	if (!process.env.XSS_KEEP) rmSync(work, { recursive: true, force: true });
});

interface Loaded {
	probes: string[];
	violations: string[];
	consoleErrors: string[];
	offsite: string[];
	/** Payload markup found in the DOM. */
	injected: string[];
	/** The text of the page's text nodes, outside scripts, styles, templates and noscript. */
	text: string;
	links: string[];
	duckdb: string | null;
	/** The SQL console's state once its query settled (JS on). */
	sql: string | null;
}

/** Opens a page with the probes installed, waits for its live charts (JS on), and reads what the DOM holds. */
async function load(path: string, js: boolean, tamper?: (page: Page) => Promise<void>): Promise<Loaded> {
	const w = await watchedPage(browser, base, { javaScriptEnabled: js });
	const probes: string[] = [];
	const violations: string[] = [];
	w.page.on('dialog', (d) => {
		probes.push(`${d.type()}(${d.message()})`);
		void d.dismiss();
	});
	await w.page.exposeFunction('__xssHit', (n: unknown) => probes.push(`__xss(${String(n)})`));
	await w.page.exposeFunction('reportViolation', (v: string) => violations.push(v));
	await w.page.addInitScript(() => {
		const win = window as unknown as Record<string, unknown> & { __xssHit(n: unknown): void; reportViolation(v: string): void };
		win.__xss = (n: unknown) => win.__xssHit(n);
		document.addEventListener('securitypolicyviolation', (e) => win.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
	});
	// A failed request is named in the console errors (the browser's own message does not say which).
	w.context.on('response', (r) => {
		if (r.status() >= 400) w.consoleErrors.push(`${r.status()} ${new URL(r.url()).pathname} (on ${path})`);
	});
	await w.page.goto(base + path, { waitUntil: 'load' });
	let duckdb: string | null = null;
	let sql: string | null = null;
	if (js) {
		if (await w.page.locator('[data-sql-page]').count()) {
			await w.page.waitForSelector('[data-sql-page][data-state]:not([data-state="running"])', { timeout: 60_000 });
			sql = await w.page.getAttribute('[data-sql-page]', 'data-state');
		}
		// The finder answers after its page has loaded: its text is whole once it says so.
		if (await w.page.locator('[data-find-page]').count()) await w.page.waitForSelector('[data-find-page][data-state="ready"]', { timeout: 60_000 });
		const compare = (await w.page.locator('[data-compare-page]').count()) > 0;
		if (compare) {
			await w.page.waitForSelector('[data-compare-page][data-state="ready"]', { timeout: 60_000 });
			// The comparison draws its charts as they come into view (no chart script of the review pages here).
			await w.page.evaluate(async () => {
				for (const f of document.querySelectorAll('[data-chart-frame]')) {
					f.scrollIntoView();
					await new Promise((r) => setTimeout(r, 50));
				}
			});
			await w.page.waitForFunction(() => [...document.querySelectorAll('[data-chart-frame]')].every((f) => f.querySelector('svg')), undefined, { timeout: 30_000 });
		}
		// Pages with the chart script (its data block) redraw their charts live; a pre-rendered comparison does not.
		const charts = compare ? 0 : await w.page.locator('script[data-chart-page]').count();
		const catalog = await w.page.locator('[data-catalog-body]').count();
		if (catalog) await w.page.waitForSelector('html[data-catalog-ready="1"]', { timeout: 30_000 });
		if (charts) {
			await w.page.waitForSelector('html[data-charts-ready="1"]', { timeout: 60_000 });
			await w.page.waitForSelector('html[data-duckdb="ready"], html[data-duckdb="error"]', { timeout: 90_000 });
			duckdb = await w.page.evaluate(() => document.documentElement.dataset.duckdb ?? null);
			// Every chart into view (redrawn live), and every chart table opened (filled by the browser).
			await w.page.evaluate(async () => {
				for (const f of document.querySelectorAll('[data-chart-frame]')) {
					f.scrollIntoView();
					await new Promise((r) => setTimeout(r, 20));
				}
				for (const d of document.querySelectorAll('figure details')) (d as HTMLDetailsElement).open = true;
			});
			await w.page.waitForTimeout(500);
		}
	}
	await tamper?.(w.page);
	const found = await w.page.evaluate(() => {
		const injected: string[] = [];
		const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'poster', 'background', 'content']);
		for (const el of document.querySelectorAll('*')) {
			for (const a of el.attributes) {
				if (/^on/i.test(a.name)) injected.push(`<${el.localName} ${a.name}>`);
				const value = a.value.replace(/[\u0000-\u0020]/g, '');
				if (URL_ATTRS.has(a.name) && /(^|;url=)(javascript|vbscript|data:text\/html)/i.test(value)) injected.push(`<${el.localName} ${a.name}="${a.value}">`);
			}
		}
		const fingerprints = 'img[src="x"], iframe, object, embed, base, frame, frameset, math, mglyph, xss-probe, [data-n], meta[http-equiv="refresh" i], input[autofocus], body body';
		for (const el of document.querySelectorAll(fingerprints)) injected.push(el.outerHTML.slice(0, 120));
		// Links go to web pages or files (a payload in an http URL or a file name stays inside it), never to a script.
		// (HTML and SVG links: the chart's points link to their raw files.)
		const links = [...document.querySelectorAll('a[href], area[href]')].map((a) => new URL(a.getAttribute('href')!, document.baseURI));
		for (const url of links) if (!['http:', 'https:'].includes(url.protocol)) injected.push(`<a href="${url.href}">`);
		for (const el of document.querySelectorAll('script, style')) {
			const type = el.getAttribute('type');
			if (el.localName === 'script' && type === 'application/json') continue;
			if (/__xss|alert\(/.test(el.textContent ?? '')) injected.push(`<${el.localName}>${(el.textContent ?? '').slice(0, 80)}`);
		}
		// Templates hold inert markup: none is expected of the payloads either.
		for (const t of document.querySelectorAll('template')) if (/__xss|alert\(/.test(t.innerHTML)) injected.push('<template>');
		const parts: string[] = [];
		// (No filter callback: with JavaScript off the page cannot run one.)
		const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT);
		while (walker.nextNode()) {
			if (!walker.currentNode.parentElement?.closest('script, style, template, noscript')) parts.push(walker.currentNode.nodeValue ?? '');
		}
		parts.push(document.title);
		return { injected, text: parts.join('\n'), links: links.map((u) => u.href) };
	});
	await w.context.close();
	return { probes, violations, consoleErrors: w.consoleErrors, offsite: w.offsite, duckdb, sql, ...found };
}

/** What every page must satisfy, JS on or off. */
function expectClean(l: Loaded, js: boolean): void {
	expect(l.probes).toEqual([]);
	expect(l.injected).toEqual([]);
	expect(l.violations).toEqual([]);
	expect(l.consoleErrors).toEqual([]);
	expect(l.offsite).toEqual([]);
	if (js && l.duckdb !== null) expect(l.duckdb).toBe('ready');
}

it('the schema refuses a javascript: URL, and published.csv a formula cell or a payload unit', () => {
	const yamlReview = { title: 't', language: 'en', devices_tested: [{ device_id: 'a-b' }] };
	expect(reviewYaml.safeParse({ ...yamlReview, url: 'https://example.com/' }).success).toBe(true);
	for (const url of [p(4), ' javascript:__xss(4)', 'JaVaScRiPt:__xss(4)', 'data:text/html,<script>__xss(36)</script>', '//example.com/']) {
		expect(reviewYaml.safeParse({ ...yamlReview, url }).success, url).toBe(false);
	}
	const head = 'review_id,device_id,device_count,workload,access,read_pct,block_size,threads,queue_depth,metric,value,unit,tool,condition,quote';
	const row = (workload: string, unit = 'IOPS') => `${head}\nr-1,d-1,1,${cell(workload)},random,100,4K,,,iops,1000,${cell(unit)},,,\n`;
	expect(() => parsePublishedCsv(row('4k'), 'published.csv')).not.toThrow();
	expect(() => parsePublishedCsv(row(p(28)), 'published.csv')).toThrow(/FORMULA_CELL|formula/);
	expect(() => parsePublishedCsv(row(p(29)), 'published.csv')).toThrow(/FORMULA_CELL|formula/);
	expect(() => parsePublishedCsv(row('4k', p(2)), 'published.csv')).toThrow(/unit/);
});

describe('XSS payloads in every text field', () => {
	const REVIEW = `/reviews/${RAW_ID}/`;
	const PUBLISHED = `/reviews/${PUB_ID}/`;
	const DRIVE = `/drives/${DEVICE_ID}/`;
	const PAIR = '/compare/intel-dc-s3500-480gb-vs-intel-ssd-710/';
	/** The comparison drawn in the browser: the payload drive beside a published one. */
	const LIVE_COMPARE = `/compare/?devices=${DEVICE_ID},intel-dc-s3500-480gb&base=${DEVICE_ID}`;
	/** The finder asked about the payload drive's workload (4 KiB random read at QD 32), and its chart's embed. */
	const FIND = '/find/?access=random&read=100&bs=4096&qd=32';
	/** The review's workload pages (one per workload label: each a payload). */
	let workloads: string[] = [];
	const workloadPages = async () => {
		if (!workloads.length) {
			const r = await load(REVIEW, false);
			workloads = [...new Set(r.links.map((h) => new URL(h).pathname).filter((h) => h.startsWith(`${REVIEW}w-`)))];
			expect(workloads.length).toBe(3);
		}
		return workloads;
	};

	/** Strings each page must show as text (a few fields each: escaped, not dropped). */
	const SHOWN: Record<string, string[]> = {
		'/': [p(7)],
		'/zh-Hans/': [p(2)],
		[REVIEW]: [p(2), p(5), p(6), p(9), p(3), p(14), PAYLOAD_FILE, p(1)],
		[DRIVE]: [p(28), p(30), p(18), p(24), p(25), p(31), p(38)],
		[PUBLISHED]: [p(25), p(26), p(27)],
		// The pre-rendered comparison of the published review's drives names the review in each workload's sources.
		[PAIR]: [p(24)],
		'/columns/': [],
		// The downloads page names every review, its source and its files.
		'/data/': [p(7)],
		'/sql/': [],
	};
	/** Embeds of charts of the review and of a workload page (their source line is the page's title). */
	const embedPages = async () => {
		const pages = await Promise.all([REVIEW, (await workloadPages())[0]!].map((path) => load(path, false)));
		const found = pages.map((r) => r.links.map((h) => new URL(h).pathname).find((h) => h === `/data/embeds${REVIEW.slice(0, -1)}.html`));
		expect(found.every((f) => f !== undefined)).toBe(true);
		return found as string[];
	};

	it('the checks see a probe, markup, a handler and a CSP violation when they are there', async () => {
		// A control: what a payload that got through would do, done by hand (the inline handler is refused by the CSP).
		const l = await load('/columns/', true, async (page) => {
			await page.evaluate(() => (window as unknown as { __xss(n: number): void }).__xss(99));
			await page.evaluate(() => alert(98));
			await page.evaluate((html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html), `${p(2)}${p(18)}`);
			await page.waitForTimeout(200);
		});
		expect(l.probes).toEqual(['__xss(99)', 'alert(98)']);
		expect(new Set(l.injected)).toEqual(new Set(['<img onerror>', '<a href="javascript:__xss(18)">', '<img src="x" onerror="__xss(2)">']));
		expect(l.violations).toContain('script-src-attr inline');
	});

	it.each([true, false])('JavaScript %s: no payload runs or injects markup on any page type, and each is shown as text', async (js) => {
		// With JavaScript, the review and workload pages in another view than the pre-rendered one: every chart is
		// redrawn in the browser from DuckDB's rows. The catalog redrawn by a search.
		const live = js ? '?stat=p99&unit=ms' : '';
		const pages = Object.entries(SHOWN).map(([path, shown]): [string, string[]] => [path === REVIEW ? path + live : path, shown]);
		if (js) pages.push([`/?q=${encodeURIComponent('img')}`, [p(7)]], [LIVE_COMPARE, [p(28)]], [`/zh-Hans${PAIR}`, [p(18)]], [FIND, [p(28)]], [`/embed${FIND}`, []]);
		else pages.push([`/zh-Hans${REVIEW}`, [p(2)]]);
		// Each workload page shows its label: one of the three workload payloads.
		for (const w of await workloadPages()) pages.push([w + live, []]);
		for (const e of await embedPages()) pages.push([e + live, [p(7)]]);
		// Two pages at a time (most of a live page's time is waiting on DuckDB and idle callbacks).
		const queue = [...pages];
		const lane = async () => {
			for (let next = queue.shift(); next; next = queue.shift()) {
				const [path, shown] = next;
				const l = await load(path, js);
				expectClean(l, js);
				for (const s of shown) expect(l.text, `${path} shows ${s}`).toContain(s);
				if (path.includes('/w-')) expect([p(1), p(28), p(15)].filter((s) => l.text.includes(s)), path).not.toEqual([]);
			}
		};
		await Promise.all([lane(), lane()]);
	}, 600_000);

	it('a result file the reader drops, its name and its job names payloads, is shown as text on the comparison page', async () => {
		const fio = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json'), 'utf8')) as { jobs: { jobname: string }[] };
		fio.jobs[0]!.jobname = p(2);
		const name = `${p(11)}.json`;
		const l = await load(LIVE_COMPARE, true, async (page) => {
			await page.setInputFiles('[data-testid="compare-file"]', { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(fio)) });
			await page.waitForSelector('[data-testid="compare-own-status"][data-state="ok"]', { timeout: 30_000 });
			await page.waitForSelector('[data-compare-page][data-state="ready"] [data-testid="tally"] tr[data-device="your-drive"]', { timeout: 30_000 });
		});
		expectClean(l, true);
		expect(l.text).toContain(name);
	}, 120_000);

	it('the SQL console shows payloads from the data, as column names, in its query and in its error messages as text', async () => {
		const cases: [sql: string, state: string, shown: string[]][] = [
			['SELECT title, title_en, publisher, author, notes, url FROM reviews ORDER BY review_id', 'ready', [p(2), p(7), p(5), p(6), p(18), p(24), p(25), p(26)]],
			['SELECT vendor, model, interface, nand, claimed_json, extra_json FROM devices', 'ready', [p(28), p(24)]],
			[`SELECT workload, condition, quote, job_name, source_file FROM runs WHERE review_id IN (${quoteText(RAW_ID)}, ${quoteText(PUB_ID)})`, 'ready', [p(1), p(29), p(3), PAYLOAD_FILE]],
			[`SELECT 1 AS ${quoteIdent(p(2))}, ${quoteText(p(11))} AS ${quoteIdent(p(36))}`, 'ready', [p(2), p(11), p(36)]],
			[`SELECT * FROM ${quoteIdent(p(2))}`, 'error', [p(2)]],
		];
		for (const [sql, state, shown] of cases) {
			const path = `/sql/?q=${encodeURIComponent(sql)}`;
			const l = await load(path, true);
			expectClean(l, true);
			expect(l.sql, sql).toBe(state);
			for (const s of shown) expect(l.text, `${sql} shows ${s}`).toContain(s);
		}
		// The result as CSV keeps a formula cell as text: the model that starts like one.
		const w = await watchedPage(browser, base);
		await w.page.goto(`${base}/sql/?q=${encodeURIComponent(`SELECT model FROM devices WHERE device_id = ${quoteText(DEVICE_ID)}`)}`);
		await w.page.waitForSelector('[data-sql-page][data-state="ready"]', { timeout: 60_000 });
		const [download] = await Promise.all([w.page.waitForEvent('download'), w.page.click('[data-testid="sql-csv"]')]);
		const rows = readCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''), 'query-result.csv').records;
		expect(rows.map((r) => r.fields)).toEqual([['model'], [`'${p(28)}`]]);
		expect(w.consoleErrors).toEqual([]);
		await w.context.close();
	}, 300_000);

	it('the chart tables as CSV are served as CSV, and keep formula cells as text', async () => {
		const loaded = await Promise.all([REVIEW, PUBLISHED, DRIVE, ...(await workloadPages())].map((path) => load(path, false)));
		const links = loaded.flatMap((l) => l.links);
		const csvLinks = [...new Set(links.filter((h) => /\/tables\/[^/]+\.csv$/.test(new URL(h).pathname)))];
		expect(csvLinks.length).toBeGreaterThan(0);
		let guarded = 0;
		for (const href of csvLinks) {
			const res = await fetch(href);
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
			const rows = readCsv((await res.text()).replace(/^\uFEFF/, ''), href).records;
			for (const { fields } of rows) {
				for (const f of fields) {
					expect(FORMULA.test(f) && !/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(f), `${href}: ${f}`).toBe(false);
					if (/^'[=+\-@]/.test(f)) guarded++;
				}
			}
		}
		// The model that starts like a formula reaches the tables (the Device column), apostrophe first.
		expect(guarded).toBeGreaterThan(0);
		// The raw file named with a payload downloads as what it is, never as a page.
		const raw = links.find((h) => decodeURIComponent(h).includes(PAYLOAD_FILE));
		expect(raw).toBeDefined();
		const res = await fetch(raw!);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
		expect(res.headers.get('content-disposition')).toBe('attachment');
		expect(res.headers.get('x-content-type-options')).toBe('nosniff');
	}, 120_000);
});
