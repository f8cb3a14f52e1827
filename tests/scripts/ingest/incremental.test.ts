// An ingest over a previous output reads again only the reviews whose files changed, and writes exactly what a
// full ingest writes.
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../scripts/bench/synthetic-catalog.ts';
import { ingest } from '../../../scripts/ingest/run.ts';

const work = mkdtempSync(join(tmpdir(), 'incremental-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function hashes(dir: string): Record<string, string> {
	const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
	return Object.fromEntries(files.map((e) => [join(e.parentPath, e.name).slice(dir.length), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')]));
}

describe('incremental ingest', () => {
	const data = join(work, 'data');
	const out = join(work, 'out');
	let reviews: ReturnType<typeof generateCatalog>;
	beforeAll(async () => {
		reviews = generateCatalog(6, data);
		const first = await ingest({ dataDir: data, out });
		expect(first.errors).toEqual([]);
		expect([first.reviewsRead, first.reviewsReused]).toEqual([6, 0]);
	});

	it('does next to nothing when nothing changed, and the output stays byte-identical', async () => {
		const before = hashes(out);
		const folder = statSync(out).ino;
		const again = await ingest({ dataDir: data, out });
		expect([again.reviewsRead, again.reviewsReused]).toEqual([0, 6]);
		expect(again.ok).toBe(true);
		expect(hashes(out)).toEqual(before);
		// Not even swapped: the output folder is the one the first run wrote.
		expect(statSync(out).ino).toBe(folder);
	});

	it('reads only the changed review, and gives the bytes of a full ingest', async () => {
		const raw = reviews.find((r) => r.raw)!;
		const published = reviews.find((r) => !r.raw)!;
		// A raw review's log loses its last line; a published review's CSV gains a blank line.
		const log = join(data, 'reviews', raw.id, 'raw/4k-random-read-qd32-timeseries_iops.1.log');
		writeFileSync(log, readFileSync(log, 'utf8').trimEnd().split('\n').slice(0, -1).join('\n') + '\n');
		appendFileSync(join(data, 'reviews', published.id, 'published.csv'), '\n');
		const next = await ingest({ dataDir: data, out });
		expect(next.errors).toEqual([]);
		expect([next.reviewsRead, next.reviewsReused]).toEqual([2, 4]);
		const full = join(work, 'full');
		cpSync(data, join(work, 'data-copy'), { recursive: true });
		const fresh = await ingest({ dataDir: join(work, 'data-copy'), out: full });
		expect(fresh.reviewsRead).toBe(6);
		expect(hashes(out)).toEqual(hashes(full));
	});
});
