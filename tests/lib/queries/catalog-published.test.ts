// Catalog columns on the real data: a printed figure wins over one converted through the block size; several drives
// loaded at once are shown per drive.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { buildCatalogRunsSql } from '../../../src/lib/queries/catalog-rows.ts';
import { catalogCells } from '../../../src/lib/build/catalog-data.ts';
import type { SlotRun } from '../../../src/lib/site/slot-cells.ts';
import { claimOutcome } from '../../../src/lib/site/claims.ts';
import { buildRunsSql } from '../../../src/lib/queries/runs.ts';
import type { RunRow } from '../../../src/lib/schema.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const out = mkdtempSync(join(tmpdir(), 'catalog-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('fills the columns from the real data by hand-checked figures', async () => {
	const report = await ingest({ dataDir: join(ROOT, 'data'), out: join(out, 'data') });
	expect(report.errors).toEqual([]);
	const conn = await openDataset(join(out, 'data'));
	const runs = await runQuery<SlotRun>(conn, buildCatalogRunsSql());
	const p5510Runs = await runQuery<RunRow>(conn, buildRunsSql({ deviceId: 'intel-d7-p5510-7-68tb' }));
	conn.closeSync();
	// Its spec sheet's 930,000 IOPS random read against 600K per drive: 65 % (every review of the drive read).
	const claim = claimOutcome({ item: 'random read', value: 930_000, unit: 'IOPS' }, p5510Runs);
	expect(claim.kind === 'matched' && [claim.figure.value, Math.round(claim.achievedPct)]).toEqual([600_000, 65]);
	const cells = (device: string, review: string) => catalogCells(runs.filter((r) => r.device_id === device && r.review_id === review));
	// CHECKS C-02: 177万 = 1,770,000 IOPS printed at QD512; 7259 MB/s ÷ 4096 B = 1,772,217 is only a conversion.
	expect(cells('ymtc-pe321-6-4tb', 'shujuyukeji-2024-ymtc-pe321')[0]).toEqual([1_770_000, null, 512, 0, 1_770_000]);
	// storagereview-2021-intel-storage-windows-server: 8 × P5510, 4.8M IOPS at 16 threads × QD16 → 600K per drive;
	// 2 × P5800X 1.7M → 850K; 128K sequential read 54 GB/s over 8 → 6.75 GB/s; QD1 latency 81 µs, not divided.
	const p5510 = cells('intel-d7-p5510-7-68tb', 'storagereview-2021-intel-storage-windows-server');
	expect(p5510[0]).toEqual([600_000, 16, 16, 8, 4_800_000]);
	expect(p5510[2]).toEqual([6.75e9, null, null, 8, 54e9]);
	expect(p5510[4]).toEqual([81_000, 1, 1, 0, 81_000]);
	expect(cells('intel-optane-p5800x-800gb', 'storagereview-2021-intel-storage-windows-server')[0]).toEqual([850_000, 16, 16, 2, 1_700_000]);
	// CrystalDiskMark's Q32T16: 512 outstanding, legitimately QD ≥ 32, kept with its 16 threads.
	expect(cells('crucial-p2-2tb', 'soerenmetje-2021-crystaldiskmark-three-drives')[0]).toEqual([282_734.1, 16, 32, 0, 282_734.1]);
	// The S3500's 84.3K IOPS states no load: it fits no "QD ≥ 32" column; its sequential figures are 4K, not 128K.
	expect(cells('intel-dc-s3500-480gb', 'zdnet-2013-intel-dc-s3500')).toEqual([null, null, null, null, null]);
});
