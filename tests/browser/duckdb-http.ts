// DuckDB as an outside reader meets the published data: in Chromium, over HTTP from the built site, knowing nothing of
// this project but the layout. duckdb-wasm 1.28 (DuckDB 0.9) is used because it has Parquet built in; the site's own
// duckdb-wasm (≥ 1.29) would download its Parquet extension at run time (STACK_PROTO.md). The page takes the file list
// from SHA256SUMS (HTTP cannot list a folder), registers each partition by its path, and queries with a glob over them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';

const require = createRequire(import.meta.url);
const DUCKDB = dirname(require.resolve('duckdb-wasm-1-28/dist/duckdb-eh.wasm'));
// Its own Arrow (13) as one script that sets globalThis.Arrow; a small module re-exports it under the bare name.
const ARROW_UMD = join(DUCKDB, '../node_modules/apache-arrow/Arrow.es2015.min.js');
const ARROW_NAMES = Object.keys(require(ARROW_UMD) as object);
const PREFIX = '/__duckdb-reader/';

const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<script src="${PREFIX}arrow.js"></script>
<script type="importmap">{"imports":{"apache-arrow":"${PREFIX}arrow.mjs"}}</script></head><body><script type="module">
import * as duckdb from '${PREFIX}duckdb-browser.mjs';
const worker = new Worker('${PREFIX}duckdb-browser-eh.worker.js');
const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
await db.instantiate('${PREFIX}duckdb-eh.wasm');
const sums = await (await fetch('/data/SHA256SUMS')).text();
const files = sums.split('\\n').filter(Boolean).map((line) => line.slice(line.indexOf('  ') + 2)).filter((p) => p.endsWith('.parquet'));
for (const path of files) await db.registerFileURL(path, new URL('/data/' + path, location.href).href, duckdb.DuckDBDataProtocol.HTTP, false);
const conn = await db.connect();
window.query = async (sql) => {
	const table = await conn.query(sql);
	return JSON.parse(JSON.stringify(table.toArray().map((row) => row.toJSON()), (_, v) => (typeof v === 'bigint' ? Number(v) : v)));
};
document.documentElement.dataset.ready = String(files.length);
</script></body></html>`;

export interface DuckdbReader {
	/** Parquet files registered from SHA256SUMS (partitions and each table's one file). */
	files: number;
	query(sql: string): Promise<Record<string, unknown>[]>;
	close(): Promise<void>;
}

/** A page on `siteUrl`'s origin (so its requests reach the site's server) running DuckDB over the site's /data/. */
export async function duckdbReader(browser: Browser, siteUrl: string): Promise<DuckdbReader> {
	const context = await browser.newContext();
	await context.route(`**${PREFIX}*`, (route) => {
		const name = new URL(route.request().url()).pathname.slice(PREFIX.length);
		if (name === 'page.html') return route.fulfill({ body: PAGE, contentType: 'text/html' });
		if (name === 'arrow.js') return route.fulfill({ body: readFileSync(ARROW_UMD), contentType: 'text/javascript' });
		if (name === 'arrow.mjs') {
			const body = `const A = globalThis.Arrow;\nexport default A;\nexport const { ${ARROW_NAMES.join(', ')} } = A;\n`;
			return route.fulfill({ body, contentType: 'text/javascript' });
		}
		if (!/^duckdb-(browser\.mjs|browser-eh\.worker\.js|eh\.wasm)$/.test(name)) return route.fulfill({ status: 404 });
		return route.fulfill({ body: readFileSync(join(DUCKDB, name)), contentType: name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' });
	});
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	await page.goto(`${siteUrl}${PREFIX}page.html`);
	await page.waitForSelector('html[data-ready]', { timeout: 90_000 }).catch(() => {
		throw new Error(`DuckDB page did not start: ${errors.join('; ') || 'timeout'}`);
	});
	const files = Number(await page.evaluate(() => document.documentElement.dataset.ready));
	return {
		files,
		query: (sql) => page.evaluate((q) => (window as unknown as { query(s: string): Promise<Record<string, unknown>[]> }).query(q), sql),
		close: () => context.close(),
	};
}
