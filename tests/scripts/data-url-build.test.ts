// A build with data/ elsewhere (SITE_DATA_URL, src/lib/data-url.ts): every link to a file of data/ and every data
// base the browser's scripts read is at that URL, none at the site's own data/ (the downloads page, /data/, stays a
// page of the site). The chart CSVs and the embed documents are files of data/ (data/charts/, data/embeds/), not of
// the site: the site without data/ holds no CSV and no embed document, the documents load the site's script and link
// to its pages at SITE_URL, and the site's policy lets pages fetch from the data's origin. Without SITE_URL such a
// build is refused, saying why.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build.ts';
import { generateCatalog } from '../../scripts/bench/synthetic-catalog.ts';
import { ingest } from '../../scripts/ingest/run.ts';

const DATA_URL = 'https://data.example.org/ssd/';
const SITE_URL = 'https://ssd.example.org';
const work = mkdtempSync(join(tmpdir(), 'data-url-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const files = (dir: string) =>
	readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => relative(dir, join(e.parentPath, e.name)));

/** Every URL in an attribute of a page (href, src, data-*-base, content) and in its inline JSON ("dataBase": …). */
const urlsOf = (html: string) => [
	...[...html.matchAll(/\s(?:href|src|content|data-[\w-]*base)="([^"]*)"/g)].map((m) => m[1]!),
	...[...html.matchAll(/"dataBase":"([^"]*)"/g)].map((m) => m[1]!),
];

it('links and reads every file of data/ at SITE_DATA_URL, and keeps the chart CSVs and embed documents under data/', async () => {
	const [data, dataset, site] = ['data', 'dataset', 'site'].map((d) => join(work, d)) as [string, string, string];
	generateCatalog(3, data);
	expect((await ingest({ dataDir: data, out: dataset })).errors).toEqual([]);
	const env = { ...process.env, SITE_DATA_DIR: dataset, SITE_EMIT_DIR: join(work, 'emitted'), SITE_DATA_URL: DATA_URL, SITE_URL: '' };
	const logFile = join(work, 'build.log');
	expect(await buildSite(site, { full: true, env, logFile })).toBe(2);
	expect(readFileSync(logFile, 'utf8')).toMatch(/^build: SITE_DATA_URL puts data\/ on another host \(https:\/\/data\.example\.org\).*set SITE_URL/);
	expect(existsSync(site)).toBe(false);
	env.SITE_URL = SITE_URL;
	expect(await buildSite(site, { full: true, env, logFile }), readFileSync(logFile, 'utf8').slice(-2000)).toBe(0);

	const all = files(site);
	const pages = all.filter((f) => (f.endsWith('.html') && !f.startsWith('data/')) || f === 'data/index.html');
	let dataLinks = 0;
	for (const page of pages) {
		const urls = urlsOf(readFileSync(join(site, page), 'utf8'));
		// The site's own data/ only as the downloads page ("/data/", "/zh-Hans/data/#review-x"), never a file in it.
		expect(urls.filter((u) => /^\/(zh-Hans\/)?data\/[^#]/.test(u)), page).toEqual([]);
		dataLinks += urls.filter((u) => u.startsWith(DATA_URL)).length;
	}
	expect(dataLinks).toBeGreaterThan(pages.length);

	const review = all.find((f) => /^reviews\/[^/]+\/index\.html$/.test(f) && readFileSync(join(site, f), 'utf8').includes('.csv"'))!;
	const html = readFileSync(join(site, review), 'utf8');
	const csv = /href="([^"]+\.csv)" download>CSV</.exec(html)![1]!;
	expect(csv.startsWith(`${DATA_URL}charts/reviews/`)).toBe(true);
	expect(all).toContain(`data/${csv.slice(DATA_URL.length)}`);
	expect(all.filter((f) => !f.startsWith('data/') && f.endsWith('.csv'))).toEqual([]);

	// The review's embed document, where its page's "Embed" points, loads the site's script from the site.
	const embed = /data-embed-src="([^"#]+)#/.exec(html)![1]!;
	expect(embed).toMatch(new RegExp(`^${DATA_URL}embeds/reviews/[^/]+\\.html$`));
	const doc = readFileSync(join(site, 'data', embed.slice(DATA_URL.length)), 'utf8');
	expect(doc).toContain(`<script type="module" src="${SITE_URL}/embed/embed.js"></script>`);
	expect(all.filter((f) => f.startsWith('embed/') && f !== 'embed/embed.js' && !/^embed\/((zh-Hans\/)?(compare|find)\/)?index\.html$/.test(f))).toEqual([]);

	const headers = readFileSync(join(site, '_headers'), 'utf8');
	expect(headers).toContain("connect-src 'self' https://data.example.org;");
	expect(headers).toContain('\n/_astro/*\n  Access-Control-Allow-Origin: *\n');
}, 600_000);
