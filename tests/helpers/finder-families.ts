// The finder's workload families of an ingested dataset, read as the build reads them: for the finder's tests, on the
// bundled reviews and on generated catalogs.
import { expect } from 'vitest';
import { ingest } from '../../scripts/ingest/run.ts';
import { openDataset, runQuery } from '../../src/lib/build/db.ts';
import { finderFamiliesOf, type FinderFamilies } from '../../src/lib/find/family.ts';
import type { DeviceRow, ReviewRow, RunRow } from '../../src/lib/schema.ts';

/** The families of the dataset in `dataset` (labels: each device's model). */
export async function datasetFamilies(dataset: string): Promise<FinderFamilies> {
	const conn = await openDataset(dataset);
	const runs = await runQuery<RunRow>(conn, { sql: 'SELECT * FROM runs ORDER BY run_id, direction', params: [] });
	const reviews = await runQuery<ReviewRow>(conn, { sql: 'SELECT * FROM reviews', params: [] });
	const devices = await runQuery<DeviceRow>(conn, { sql: 'SELECT * FROM devices', params: [] });
	conn.closeSync();
	return finderFamiliesOf(runs, reviews, devices, Object.fromEntries(devices.map((d) => [d.device_id, d.model ?? d.device_id])));
}

/** The families of `dataDir` once ingested, without errors, into `out`. */
export async function ingestedFamilies(dataDir: string, out: string): Promise<FinderFamilies> {
	expect((await ingest({ dataDir, out })).errors).toEqual([]);
	return datasetFamilies(out);
}
