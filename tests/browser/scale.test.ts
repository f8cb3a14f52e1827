// A page reads only its own rows: a review's pages fetch Parquet of that review's partitions alone (and no more bytes
// than those files hold), however many reviews the dataset has. The SQL console reads every review's file of the
// tables a query names, and no other table's. And the whole catalog is plain partitioned Parquet for any engine: DuckDB
// reads it over HTTP from the built site. In `npm test` this runs on the shared build of the bundled data (10 reviews,
// one partition each); SCALE_REVIEWS=N runs it on a generated catalog of N reviews built here instead, as
// `npm run bench -- --only scale` does with 30.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/bench/catalog-run.ts';
import { generateCatalog } from '../../scripts/bench/synthetic-catalog.ts';
import { ingest } from '../../scripts/ingest/run.ts';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import { reviewOfPartition, tableFile, type DatasetManifest, type ReviewManifest } from '../../src/lib/dataset-layout.ts';
import { runs } from '../../src/lib/schema.ts';
import { openDataset } from '../../src/lib/build/db.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { launch } from './chromium.ts';
import { duckdbReader } from './duckdb-http.ts';

const GENERATED = Number(process.env.SCALE_REVIEWS ?? 0);
const work = GENERATED > 0 ? mkdtempSync(join(tmpdir(), 'scale-')) : undefined;
/** The built site, and the dataset it was built from (the shared build's, or one generated here). */
const site = work ? join(work, 'site') : join(ROOT, 'dist');
const datasetDir = work ? join(work, 'dataset') : join(ROOT, 'public/data');
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
	if (work) {
		generateCatalog(GENERATED, join(work, 'data'));
		const report = await ingest({ dataDir: join(work, 'data'), out: datasetDir });
		expect(report.errors).toEqual([]);
		const build = await buildSite(datasetDir, work);
		expect(build.ok, build.reason).toBe(true);
	}
	server = await startServer(site);
	browser = await launch();
}, 600_000);

afterAll(async () => {
	await browser?.close();
	await server?.close();
	if (work) rmSync(work, { recursive: true, force: true });
});

const datasetManifest = (): DatasetManifest => JSON.parse(readFileSync(join(datasetDir, 'manifest.json'), 'utf8')) as DatasetManifest;
const manifestOf = (id: string): ReviewManifest => JSON.parse(readFileSync(join(datasetDir, datasetManifest().reviews[id]!.path), 'utf8')) as ReviewManifest;
const reviewCount = () => Object.keys(datasetManifest().reviews).length;

describe('a catalog of many reviews, one partition each', () => {
	it("re-queries a review's charts from its own partitions only", async () => {
		// A raw fio sweep (its workload pages have histograms), not the first of them where there are several.
		const raw = Object.keys(datasetManifest().reviews).filter((id) => manifestOf(id).partitions.histograms);
		const review = { id: raw[Math.min(1, raw.length - 1)]! };
		expect(reviewCount()).toBeGreaterThan(1);
		const own = manifestOf(review.id);
		const ownBytes = Object.values(own.partitions).reduce((n, f) => n + f.bytes, 0);
		const groupId = 'w-4k-random-read';
		const page = await browser.newPage();
		const first = server.requests.length;
		await page.goto(`${server.url}/reviews/${review.id}/${groupId}/`);
		await page.waitForSelector('html[data-duckdb="ready"]', { timeout: 90_000 });
		const queries = () => page.evaluate(() => Number(document.documentElement.dataset.duckdbQueries ?? 0));
		const before = await queries();
		// A new statistic re-queries every chart: runs, percentiles and histogram bins come from the Parquet.
		await page.selectOption('[data-testid="control-stat"]', 'p99');
		await expect.poll(queries, { timeout: 30_000 }).toBeGreaterThan(before);
		await page.waitForLoadState('networkidle');
		const parquet = server.requests.slice(first).filter((r) => new URL(r.url, server.url).pathname.endsWith('.parquet'));
		expect(parquet.length).toBeGreaterThan(0);
		const paths = parquet.map((r) => decodeURIComponent(new URL(r.url, server.url).pathname));
		for (const p of paths) expect(reviewOfPartition(p), p).toBe(review.id);
		const fetched = parquet.reduce((n, r) => n + r.bytes, 0);
		expect(fetched).toBeGreaterThan(0);
		expect(fetched).toBeLessThanOrEqual(ownBytes);
		await page.close();
	});

	it('answers the SQL console from every review of the tables a query names, and reads no other table', async () => {
		const manifest = datasetManifest();
		const page = await browser.newPage();
		const first = server.requests.length;
		const sql = 'SELECT count(*) AS n, count(DISTINCT r.review_id) AS reviews, count(d.device_id) AS with_device FROM runs r LEFT JOIN devices d USING (device_id)';
		await page.goto(`${server.url}/sql/?q=${encodeURIComponent(sql)}`);
		await page.waitForSelector('[data-sql-page][data-state="ready"]', { timeout: 90_000 });
		// Each number's exact value: its tooltip when it is printed grouped or rounded for reading.
		const cells = await page.locator('[data-testid="sql-table"] tbody td').evaluateAll((tds) => tds.map((td) => td.getAttribute('title') ?? td.textContent ?? ''));
		const local = await openDataset(datasetDir);
		const expected = (await local.runAndReadAll(sql)).getRowObjectsJson()[0]!;
		local.closeSync();
		expect(cells.map(Number)).toEqual(['n', 'reviews', 'with_device'].map((k) => Number(expected[k])));
		expect(cells.map(Number).slice(0, 2)).toEqual([manifest.tables.runs!.rows, reviewCount()]);
		const paths = server.requests.slice(first).map((r) => decodeURIComponent(new URL(r.url, server.url).pathname)).filter((p) => p.startsWith('/data/'));
		const runFiles = new Set(paths.filter((p) => p.startsWith('/data/runs/')));
		expect(runFiles.size).toBe(manifest.tables.runs!.files);
		expect(paths.filter((p) => !p.startsWith('/data/runs/') && p !== '/data/devices.parquet')).toEqual([]);
		await page.close();
	});

	it('is read whole by DuckDB over HTTP range requests, with a glob over the partitions', async () => {
		const manifest = datasetManifest();
		const partitioned = Object.entries(manifest.tables).filter(([, t]) => t.partitioned);
		const local = await openDataset(datasetDir);
		const reader = await duckdbReader(browser, server.url);
		try {
			// Every partition, and each table's one file (a partitioned table's whole).
			expect(reader.files).toBe(Object.values(manifest.tables).reduce((n, t) => n + (t.partitioned ? t.files + 1 : 1), 0));
			for (const [name, table] of partitioned) {
				const first = server.requests.length;
				const counts = await reader.query(
					`SELECT review_id, count(*)::INTEGER AS n FROM read_parquet('${name}/*/*.parquet', hive_partitioning = true) GROUP BY ALL ORDER BY ALL`,
				);
				const expected = (
					await local.runAndReadAll(`SELECT review_id, count(*)::INTEGER AS n FROM read_parquet('${join(datasetDir, name)}/*/*.parquet') GROUP BY ALL ORDER BY ALL`)
				).getRowObjectsJson();
				expect(counts, name).toEqual(expected);
				expect(counts.reduce((n, r) => n + Number(r.n), 0), name).toBe(table.rows);
				// Counting reads in byte ranges, each file once at most.
				const reads = server.requests.slice(first).filter((r) => r.url.startsWith(`/data/${name}/`));
				expect(new Set(reads.map((r) => r.url)).size, name).toBe(table.files);
				for (const r of reads) expect(r.status, r.url).toBe(206);
				const fetched = reads.reduce((n, r) => n + r.bytes, 0);
				expect(fetched, name).toBeLessThanOrEqual(table.bytes);
				// Small files are read whole in one range; the histograms' (90 KB each) only in their footers and counts.
				if (name === 'histograms') expect(fetched).toBeLessThan(table.bytes / 2);
			}
			const sql = `SELECT review_id, run_id, direction, iops FROM %s ORDER BY ALL`;
			const values = await reader.query(sql.replace('%s', "read_parquet('runs/*/*.parquet', hive_partitioning = true)"));
			expect(new Set(values.map((r) => r.review_id)).size).toBe(reviewCount());
			expect(values).toEqual((await local.runAndReadAll(sql.replace('%s', 'runs'))).getRowObjectsJson());
			// The whole table in one file holds the same rows, review_id among its columns.
			expect(await reader.query(sql.replace('%s', `'${tableFile(runs)}'`))).toEqual(values);
		} finally {
			await reader.close();
			local.closeSync();
		}
	});
});
