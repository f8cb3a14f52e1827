// A page reads only its own rows: on a generated catalog of many reviews, a review's pages fetch Parquet of that
// review's partitions alone (and no more bytes than those files hold), however many reviews the dataset has.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/bench/catalog-run.ts';
import { generateCatalog, type CatalogReview } from '../../scripts/bench/catalog.ts';
import { ingest } from '../../scripts/ingest/run.ts';
import { startServer, type StaticServer } from '../../scripts/serve.ts';
import { reviewOfPartition, type DatasetManifest, type ReviewManifest } from '../../src/lib/dataset-layout.ts';
import { launch } from './chromium.ts';

const REVIEWS = 30;
const work = mkdtempSync(join(tmpdir(), 'scale-'));
let server: StaticServer;
let browser: Browser;
let reviews: CatalogReview[];

beforeAll(async () => {
	reviews = generateCatalog(REVIEWS, join(work, 'data'));
	const report = await ingest({ dataDir: join(work, 'data'), out: join(work, 'dataset') });
	expect(report.errors).toEqual([]);
	const build = await buildSite(join(work, 'dataset'), work);
	expect(build.ok, build.reason).toBe(true);
	server = await startServer(join(work, 'site'));
	browser = await launch();
}, 600_000);

afterAll(async () => {
	await browser?.close();
	await server?.close();
	rmSync(work, { recursive: true, force: true });
});

const manifestOf = (id: string): ReviewManifest => {
	const m = JSON.parse(readFileSync(join(work, 'dataset/manifest.json'), 'utf8')) as DatasetManifest;
	return JSON.parse(readFileSync(join(work, 'dataset', m.reviews[id]!.path), 'utf8')) as ReviewManifest;
};

describe(`a catalog of ${REVIEWS} reviews`, () => {
	it("re-queries a review's charts from its own partitions only", async () => {
		const review = reviews.filter((r) => r.raw)[1]!;
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
});
