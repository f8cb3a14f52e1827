// The finder's files, written by the build (src/lib/find/layout.ts): per workload family (access, read share, block
// size) a head, per load band an index and the pages of its pre-ranked streams, and the whole curves for the chart.
// A question reads the head, its band's index and the pages of what it shows: what it fetches grows with what it shows.
import type { DeviceRow, ReviewRow, RunRow } from '../schema.ts';
import { finderFamiliesOf, type FinderFamilies } from '../find/family.ts';
import { familyFiles, finderHeadPath } from '../find/layout.ts';
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

/** Every workload family of the dataset, and each family's rows. */
export function finderFamilies(): Promise<FinderFamilies> {
	cached ??= load();
	return cached;
}

let files: Promise<Map<string, unknown>> | undefined;

/** Every file of the finder, by its path under data/ ("find/families/random-100-4096/qd-5.json" → its JSON value). */
export function finderFiles(): Promise<Map<string, unknown>> {
	files ??= finderFamilies().then(({ list, files: families }) => {
		const out = new Map<string, unknown>();
		for (const entry of list) {
			const { head, files: rest } = familyFiles(entry, families.get(entry.key)!);
			out.set(finderHeadPath(entry.key), head);
			for (const [path, file] of rest) out.set(path, file);
		}
		return out;
	});
	return files;
}
