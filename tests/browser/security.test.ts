// The site's response headers (the build's _headers, applied by `npm run serve`) in Chromium: every kind of page loads,
// and goes live with DuckDB, under its Content-Security-Policy with no violation and no request leaving its origin; a
// page of another origin cannot frame it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import { launch, watchedPage } from './chromium.ts';
import { DEFAULT_LANG } from '../../src/i18n/lang.ts';
import { PAGE_TYPES, pagesToWalk, pathIn } from './page-types.ts';

const base = inject('baseUrl');
/** Each page type that goes live with DuckDB, by its first page; every page of every type (page-types.ts) in every language loads. */
const LIVE = PAGE_TYPES.filter((t) => t.live).map((t) => pathIn(t.paths[0]!, DEFAULT_LANG));
const STATIC = pagesToWalk().map((p) => p.path);
const REVIEW = LIVE[0]!;

let browser: Browser;
let other: StaticServer;
const otherRoot = mkdtempSync(join(tmpdir(), 'other-origin-'));

beforeAll(async () => {
	browser = await launch();
	writeFileSync(join(otherRoot, 'index.html'), `<!doctype html><title>another site</title><iframe src="${base}${REVIEW}" width="800" height="600"></iframe>`);
	other = await startServer(otherRoot);
});

afterAll(async () => {
	await browser?.close();
	await other?.close();
	rmSync(otherRoot, { recursive: true, force: true });
});

/** Loads a page with a listener for CSP violations installed before any of its own scripts. */
async function load(path: string, live: boolean) {
	const w = await watchedPage(browser, base);
	const violations: string[] = [];
	await w.page.exposeFunction('reportViolation', (v: string) => violations.push(v));
	await w.page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) =>
			(window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
		);
	});
	const response = await w.page.goto(base + path, { waitUntil: 'load' });
	if (live && path.startsWith('/sql/')) await w.page.waitForSelector('[data-sql-page][data-state]:not([data-state="running"])', { timeout: 90_000 });
	else if (live) await w.page.waitForSelector('html[data-duckdb="ready"], html[data-duckdb="error"]', { timeout: 90_000 });
	const duckdb = await w.page.evaluate(() => document.querySelector<HTMLElement>('[data-sql-page]')?.dataset.state ?? document.documentElement.dataset.duckdb ?? null);
	await w.context.close();
	return { ...w, violations, duckdb, policy: response?.headers()['content-security-policy'] ?? '' };
}

describe('content security policy', () => {
	it.each(LIVE)('%s goes live with DuckDB under the policy, refusing nothing, fetching only from its origin', async (path) => {
		const w = await load(path, true);
		expect(w.policy).toContain("frame-ancestors 'none'");
		expect(w.duckdb).toBe('ready');
		expect(w.violations).toEqual([]);
		expect(w.consoleErrors).toEqual([]);
		expect(w.offsite).toEqual([]);
	});

	it('the SQL console runs a query in DuckDB under the policy, refusing nothing, fetching only from its origin', async () => {
		const w = await load(`/sql/?q=${encodeURIComponent('SELECT count(*) FROM runs JOIN devices USING (device_id)')}`, true);
		expect(w.duckdb).toBe('ready');
		expect(w.violations).toEqual([]);
		expect(w.consoleErrors).toEqual([]);
		expect(w.offsite).toEqual([]);
	});

	it.each(STATIC)('%s loads under the policy, refusing nothing', async (path) => {
		const w = await load(path, false);
		expect(w.policy).toContain("script-src 'self' 'sha256-");
		expect(w.violations).toEqual([]);
		expect(w.consoleErrors).toEqual([]);
		expect(w.offsite).toEqual([]);
	});

	it('cannot be framed by a page of another origin', async () => {
		const w = await watchedPage(browser, other.url);
		await w.page.goto(`${other.url}/`, { waitUntil: 'load' });
		await expect.poll(() => w.consoleErrors.some((e) => /frame-ancestors/.test(e)), { timeout: 10_000 }).toBe(true);
		const framed = w.page.frames().find((f) => f !== w.page.mainFrame());
		expect(await framed?.evaluate(() => document.querySelector('main') !== null).catch(() => false)).toBe(false);
		await w.context.close();
	});
});
