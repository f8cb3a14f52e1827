// `npm run serve` as a static host serves the site: byte ranges streamed from disk (a range of a 1 GiB raw file costs
// no more memory than one of a small file), 400 for a URL it cannot decode, nothing outside its folder, and the
// headers of the site's own _headers file, so that raw downloads are never rendered as pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange, headersFor, parseHeadersFile, parseRedirectsFile, startServer } from '../../scripts/serve.ts';
import { redirectFor } from '../../src/lib/redirect-rules.ts';
import { redirectsFile } from '../../src/lib/build/redirects.ts';
import { headersFile } from '../../src/lib/build/headers.ts';
import { ROOT } from '../helpers/fixtures.ts';

const GiB = 1024 ** 3;
const MARK = Buffer.from('a hundred bytes in the middle of a sparse GiB '.repeat(3).slice(0, 100));
const MARK_AT = 512 * 1024 ** 2 + 7;
const RAW = '/data/raw/reviews/r/raw';

const work = mkdtempSync(join(tmpdir(), 'serve-test-'));
const site = join(work, 'site');
let child: ChildProcess;
let base: string;

/** Asks the server process something over IPC. */
function ask<T>(message: string): Promise<T> {
	return new Promise((ok) => {
		child.once('message', (m) => ok(m as T));
		child.send(message);
	});
}

/** A request sent exactly as written (fetch would normalize the path first). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
	const url = new URL(base);
	return new Promise((ok, fail) => {
		const req = request({ host: url.hostname, port: url.port, path, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
		});
		req.on('error', fail);
		req.end();
	});
}

beforeAll(async () => {
	mkdirSync(join(site, RAW), { recursive: true });
	writeFileSync(join(site, '_headers'), headersFile());
	writeFileSync(join(site, '_redirects'), redirectsFile());
	writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
	writeFileSync(join(site, '404.html'), '<!doctype html><title>Page not found</title>');
	mkdirSync(join(site, 'zh-Hans/reviews'), { recursive: true });
	writeFileSync(join(site, 'zh-Hans/404.html'), '<!doctype html><title>找不到此页</title>');
	// 1 GiB that is never written (sparse) but for a mark in the middle and one at the end.
	const fd = openSync(join(site, RAW, 'big.log'), 'w');
	ftruncateSync(fd, GiB);
	writeSync(fd, MARK, 0, MARK.length, MARK_AT);
	writeSync(fd, Buffer.from('END'), 0, 3, GiB - 3);
	closeSync(fd);
	writeFileSync(join(site, RAW, 'evil.html'), '<script>parent.pwned = 1</script>');
	writeFileSync(join(work, 'secret.txt'), 'outside the served folder');
	symlinkSync(join(work, 'secret.txt'), join(site, 'link.txt'));
	// The server runs in its own process, so that its peak memory is its own.
	const code = `const { startServer } = await import(process.env.SERVE_MODULE);
const s = await startServer(process.env.SERVE_ROOT);
process.send(s.url);
process.on('message', () => process.send(process.resourceUsage().maxRSS * 1024));`;
	child = spawn(process.execPath, ['--input-type=module', '-e', code], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		env: { ...process.env, SERVE_MODULE: pathToFileURL(join(ROOT, 'scripts/serve.ts')).href, SERVE_ROOT: site },
	});
	base = await new Promise<string>((ok) => child.once('message', (m) => ok(String(m))));
});

afterAll(() => {
	child?.kill();
	rmSync(work, { recursive: true, force: true });
});

describe('npm run serve', () => {
	it('streams a range of a 1 GiB file: the right bytes, and the memory of a small file', async () => {
		const r = await fetch(`${base}${RAW}/big.log`, { headers: { range: `bytes=${MARK_AT}-${MARK_AT + 99}` } });
		expect(r.status).toBe(206);
		expect(r.headers.get('content-range')).toBe(`bytes ${MARK_AT}-${MARK_AT + 99}/${GiB}`);
		expect(r.headers.get('content-length')).toBe('100');
		expect(Buffer.from(await r.arrayBuffer())).toEqual(MARK);
		const tail = await fetch(`${base}${RAW}/big.log`, { headers: { range: 'bytes=-3' } });
		expect([tail.status, tail.headers.get('content-range'), await tail.text()]).toEqual([206, `bytes ${GiB - 3}-${GiB - 1}/${GiB}`, 'END']);
		// The whole file is sent as it is read (and not compressed whole first): take the first bytes and hang up.
		const whole = await fetch(`${base}${RAW}/big.log`, { headers: { 'accept-encoding': 'br' } });
		expect([whole.status, whole.headers.get('content-length'), whole.headers.get('content-encoding')]).toEqual([200, String(GiB), null]);
		const reader = whole.body!.getReader();
		expect((await reader.read()).value!.length).toBeGreaterThan(0);
		await reader.cancel();
		expect(await ask<number>('maxRSS')).toBeLessThan(300 * 1024 ** 2);
	});

	it('answers ranges it cannot satisfy with 416, and ignores ones it does not understand', async () => {
		const past = await fetch(`${base}${RAW}/big.log`, { headers: { range: `bytes=${GiB}-` } });
		expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${GiB}`]);
		const html = await fetch(`${base}/index.html`, { headers: { range: 'bytes=5-2' } });
		expect(html.status).toBe(200);
		expect(byteRange('bytes=0-99', 50)).toEqual({ start: 0, end: 49 });
		expect(byteRange('bytes=-0', 50)).toBeNull();
		expect(byteRange('bytes=0-0', 0)).toBeNull();
		expect(byteRange('bytes=-80', 50)).toEqual({ start: 0, end: 49 });
		expect(byteRange('bytes=0-1,4-5', 50)).toBeUndefined();
		expect(byteRange('items=0-1', 50)).toBeUndefined();
	});

	it('answers a malformed URL with 400 and a plain message, never the exception', async () => {
		for (const path of ['/%E0%A4%A', '/a%00b', '/%']) {
			const r = await raw(path);
			expect(r.status, path).toBe(400);
			expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
			expect(r.body).not.toMatch(/Error|at /);
		}
		expect((await fetch(base, { method: 'POST' })).status).toBe(405);
	});

	it('answers an address without a page with status 404 and the 404.html nearest it, as Cloudflare Pages does', async () => {
		const cases: [string, string][] = [
			['/nothing/here/', 'Page not found'],
			['/reviews/gone/', 'Page not found'],
			['/zh-Hans/nothing/', '找不到此页'],
			['/zh-Hans/reviews/gone/deeper/', '找不到此页'],
			['/zh-Hans/reviews/gone.html', '找不到此页'],
			['/zh-Hansx/', 'Page not found'],
		];
		for (const [path, title] of cases) {
			const r = await raw(path);
			expect([r.status, r.headers['content-type'], /<title>(.*)<\/title>/.exec(r.body)?.[1]], path).toEqual([404, 'text/html; charset=utf-8', title]);
			// The site's headers (its Content-Security-Policy) go with it, as with every page.
			expect(r.headers['content-security-policy'], path).toMatch(/script-src/);
		}
		const head = await fetch(`${base}/zh-Hans/gone/`, { method: 'HEAD' });
		expect([head.status, head.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
	});

	it('serves the site as GitHub Pages does with --as github-pages: no _headers, no _redirects, the root 404.html for every address', async () => {
		const pages = await startServer(site, 0, undefined, 'github-pages');
		try {
			const moved = '/embed/reviews/x/charts/r-lvi/';
			expect((await raw(moved)).status).toBe(301);
			for (const path of [moved, '/zh-Hans/nothing/']) {
				const r = await fetch(`${pages.url}${path}`, { redirect: 'manual' });
				expect([r.status, /<title>(.*)<\/title>/.exec(await r.text())?.[1], r.headers.get('content-security-policy')], path).toEqual([404, 'Page not found', null]);
			}
			expect((await fetch(`${pages.url}/index.html`)).headers.get('x-content-type-options')).toBeNull();
		} finally {
			await pages.close();
		}
	});

	it('serves nothing outside its folder', async () => {
		for (const path of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/link.txt', '/_headers']) {
			const r = await raw(path);
			expect([403, 404], path).toContain(r.status);
			expect(r.body).not.toContain('outside the served folder');
		}
	});

	it('applies the site’s _headers: raw files are downloads that no browser renders, whatever the path spelling', async () => {
		for (const path of [`${RAW}/evil.html`, `/data//raw/reviews/r/raw/evil.html`, `/data/x/../raw/reviews/r/raw/%65vil.html`]) {
			const r = await raw(path);
			expect(r.status, path).toBe(200);
			expect(r.headers['content-disposition'], path).toBe('attachment');
			expect(r.headers['content-type'], path).toBe('text/plain; charset=utf-8');
			expect(r.headers['x-content-type-options'], path).toBe('nosniff');
		}
		const page = await raw('/');
		expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(page.headers['content-disposition']).toBeUndefined();
		expect(page.headers['x-content-type-options']).toBe('nosniff');
	});
});

describe('the _headers format (Cloudflare Pages, Netlify)', () => {
	const rules = parseHeadersFile(
		['# comment', '/*', '  X-A: 1', '  Content-Security-Policy: default-src none', '', '/embed/*', '  ! Content-Security-Policy', '  X-A: 2', '/embed/:id/own', '  Content-Security-Policy: frame-ancestors *'].join('\n'),
	);
	it.each([
		['/', { 'x-a': '1', 'content-security-policy': 'default-src none' }],
		['/embed/c/', { 'x-a': '1, 2' }],
		['/embed/c/own', { 'x-a': '1, 2', 'content-security-policy': 'frame-ancestors *' }],
	])('%s', (path, expected) => {
		expect(Object.fromEntries(headersFor(rules, path))).toEqual(expected);
	});
	it('refuses a line it does not understand, with its number', () => {
		expect(() => parseHeadersFile('/*\n  no colon here')).toThrow(/_headers:2/);
	});
});

describe('the _redirects format (Cloudflare Pages, Netlify, GitLab Pages)', () => {
	const rules = parseRedirectsFile(redirectsFile());
	it.each([
		['/embed/reviews/x/charts/r-lvi/', '/data/embeds/reviews/x.html#r-lvi'],
		['/embed/reviews/x/w-4k/charts/r-w-4k-lvi/', '/data/embeds/reviews/x.html#r-w-4k-lvi'],
		['/embed/zh-Hans/reviews/x/w-4k/charts/r-w-4k-lvi/', '/data/embeds/reviews/x.html#zh-Hans/r-w-4k-lvi'],
		['/embed/zh-Hans/drives/d/charts/d-x-fc/', '/data/embeds/drives/d.html#zh-Hans/d-x-fc'],
		['/embed/reviews/x/charts/', '/data/embeds/reviews/x.html'],
		['/data/embeds/reviews/x.html', null],
		['/embed/find/', null],
		['/embed/compare/', null],
	])('%s → %s', (path, location) => {
		expect(redirectFor(rules, path)?.location ?? null).toBe(location);
	});
	it('refuses a line it does not understand, with its number', () => {
		expect(() => parseRedirectsFile('# c\n/a /b 301\n/a\n')).toThrow(/_redirects:3/);
		expect(() => parseRedirectsFile('/a /b 200')).toThrow(/_redirects:1/);
	});
});
