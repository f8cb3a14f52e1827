// The bench's synthetic catalog: deterministic, a third or more raw fio sweeps, each perturbed, and accepted by the real ingest.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../scripts/bench/synthetic-catalog.ts';
import { ingest } from '../../../scripts/ingest/run.ts';
import { readTable } from '../../helpers/dataset-files.ts';

const work = mkdtempSync(join(tmpdir(), 'catalog-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function hashes(dir: string): Record<string, string> {
	const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
	return Object.fromEntries(
		files.map((e) => [join(e.parentPath, e.name).slice(dir.length), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')]),
	);
}

/** A review's runs, with the numbers the perturbation scales. */
async function runRows(out: string, reviewId: string): Promise<string[]> {
	const rows = (await readTable(out, 'runs')).filter((r) => r.review_id === reviewId);
	return rows.map((r) => `${r.run_id} ${r.direction} ${r.iops} ${r.bw_bytes_per_s} ${r.clat_mean_ns}`).sort();
}

describe('bench catalog', () => {
	const reviews = generateCatalog(6, join(work, 'a'));

	it('gives the same bytes for the same size', () => {
		generateCatalog(6, join(work, 'b'));
		expect(hashes(join(work, 'b'))).toEqual(hashes(join(work, 'a')));
	});

	it('has unique kebab-case ids, a third or more of them raw fio sweeps', () => {
		expect(new Set(reviews.map((r) => r.id)).size).toBe(6);
		for (const r of reviews) expect(r.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
		expect(reviews.filter((r) => r.raw).length * 3).toBeGreaterThanOrEqual(6);
		expect(new Set(reviews.flatMap((r) => r.devices)).size).toBe(reviews.flatMap((r) => r.devices).length);
	});

	it('is accepted by the ingest, and two copies of the raw review give different runs', async () => {
		const out = join(work, 'out');
		const report = await ingest({ dataDir: join(work, 'a'), out });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.ok).toBe(true);
		// Scaled consistently, the copies pass the unit cross-checks as the bundled sweep does.
		expect(report.warnings.map((w) => `${w.file}: ${w.code}`)).toEqual([]);
		expect(report.manifest!.tables.reviews!.rows).toBe(6);
		const [first, second] = reviews.filter((r) => r.raw);
		const a = await runRows(out, first!.id);
		const b = await runRows(out, second!.id);
		expect(a.length).toBeGreaterThan(0);
		expect(a.length).toBe(b.length);
		expect(a).not.toEqual(b);
	});
});
