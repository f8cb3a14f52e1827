// The finder's files, written by the build: one per workload family (access, read share, block size) with the rows of
// every result that fits it exactly or loosely, and the facts of their reviews and devices. The finder reads only the
// family it is asked about, so what it fetches grows with that family's candidates, not with the catalog.
import type { DeviceRow, ReviewRow, RunRow } from '../schema.ts';
import { finderFamiliesOf, type FinderFamilies } from '../find/family.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildRunsSql } from '../queries/runs.ts';
import { deviceLabels } from '../site/labels.ts';
import { siteQuery } from './db.ts';

let cached: Promise<FinderFamilies> | undefined;

async function load(): Promise<FinderFamilies> {
	const [rows, reviews, devices] = await Promise.all([
		siteQuery<RunRow>(buildRunsSql({})),
		siteQuery<ReviewRow>(buildReviewsSql({})),
		siteQuery<DeviceRow>(buildDevicesSql()),
	]);
	return finderFamiliesOf(rows, reviews, devices, deviceLabels(devices));
}

/** Every workload family of the dataset, and each family's file. */
export function finderFamilies(): Promise<FinderFamilies> {
	cached ??= load();
	return cached;
}
