// The finder's files, written by the build (src/lib/find/layout.ts): per workload family (access, read share, block
// size) a head, one file per load band and the whole curves for the chart. A question reads the head and one band of
// its family: what it fetches grows with the family's candidates and a few points each, not with the catalog.
import type { DeviceRow, ReviewRow, RunRow } from '../schema.ts';
import { finderFamiliesOf, type FinderFamilies } from '../find/family.ts';
import { familyFiles, finderBandPath, finderCurvesPath, finderHeadPath } from '../find/layout.ts';
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

/** Every file of the finder, by its site path ("/find/families/random-100-4096/qd-5.json" → its JSON value). */
export function finderFiles(): Promise<Map<string, unknown>> {
	files ??= finderFamilies().then(({ list, files: families }) => {
		const out = new Map<string, unknown>();
		for (const entry of list) {
			const { head, bands, curves } = familyFiles(entry, families.get(entry.key)!);
			out.set(finderHeadPath(entry.key), head);
			for (const [name, table] of bands) {
				const [kind, band] = name.split('-') as ['qd' | 'rate', string];
				out.set(finderBandPath(entry.key, kind, Number(band)), table);
			}
			for (const [n, rows] of curves) out.set(finderCurvesPath(entry.key, n), rows);
		}
		return out;
	});
	return files;
}
