// Headline figures on the real data: a printed figure wins over one converted through the block size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ingest } from '../../scripts/ingest/run.ts';
import { buildCatalogSql } from '../../src/lib/queries/catalog.ts';
import { openDataset } from '../../src/lib/site/db.ts';
import { ROOT } from '../helpers/fixtures.ts';

const out = mkdtempSync(join(tmpdir(), 'catalog-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('shows the printed 177万 IOPS for the PE321, not 7259 MB/s ÷ 4 KiB', async () => {
	const report = await ingest({ dataDir: join(ROOT, 'data'), out: join(out, 'data') });
	expect(report.errors).toEqual([]);
	const conn = await openDataset(join(out, 'data'));
	const rows = (await conn.runAndReadAll(buildCatalogSql().sql)).getRowObjectsJS() as Record<string, unknown>[];
	conn.closeSync();
	const pe321 = rows.find((r) => r.device_id === 'ymtc-pe321-6-4tb');
	// CHECKS C-02: 177万 = 1,770,000 IOPS printed; 7259 MB/s ÷ 4096 B = 1,772,217 is only a conversion.
	expect(pe321?.rand_read_4k_iops).toBe(1_770_000);
	// C-01: the S3500's 546 MiB/s (572.5 MB/s) is the recorded bandwidth, above the article's truncated 572 MB/s.
	const s3500 = rows.find((r) => r.device_id === 'intel-dc-s3500-480gb');
	expect(s3500?.seq_read_bw_bytes_per_s).toBeCloseTo(546 * 1048576, 0);
});
