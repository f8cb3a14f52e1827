// The finder's files, written by the build (src/lib/find/layout.ts): per workload family (access, read share, block
// size) a head, per load band an index and the pages of its pre-ranked streams, and the whole curves for the chart.
// A question reads the head, its band's index and the pages of what it shows: what it fetches grows with what it shows.
// An incremental build writes only the families whose rows, reviews or devices changed, and none when the tables they
// are made from did not (incremental.ts, foldersToRender): the others are the last build's.
import type { DeviceRow, ReviewRow, RunRow } from '../schema.ts';
import { finderFamiliesOf } from '../find/family.ts';
import { familyFiles, FINDER_FOLDER, finderHeadPath } from '../find/layout.ts';
import { buildDevicesSql, buildReviewsSql } from '../queries/metadata.ts';
import { buildRunsSql } from '../queries/runs.ts';
import { deviceLabels } from '../site/labels.ts';
import { siteQuery } from './db.ts';
import { foldersToRender } from './incremental.ts';
import { emitFile } from './emitted-files.ts';
import { assetPath } from '../../i18n/routes.ts';
import { loadManifest } from './manifest.ts';

/** Where the families' folders are in the site: under data/, where their route writes them. */
const FAMILIES_ROOT = `data/${FINDER_FOLDER}/`;

/** Every workload family of the dataset, each with what its files are made from. */
async function families() {
	const [rows, reviews, devices] = await Promise.all([
		siteQuery<RunRow>(buildRunsSql({})),
		siteQuery<ReviewRow>(buildReviewsSql({})),
		siteQuery<DeviceRow>(buildDevicesSql()),
	]);
	const { list, files } = finderFamiliesOf(rows, reviews, devices, deviceLabels(devices));
	return list.map((entry) => {
		const family = files.get(entry.key)!;
		return { path: `${FAMILIES_ROOT}${entry.key}/`, input: JSON.stringify([entry, family]), item: { entry, family } };
	});
}

/**
 * The tables the finder reads, as the dataset's manifest records them: the hash of the runs' partitions and those of
 * the reviews' and devices' files. Null when a record holds no hash of its rows (a dataset without the whole tables).
 */
function finderTables(): string | null {
	const { runs, reviews, devices } = loadManifest().tables;
	if (!runs?.whole || !reviews?.sha256 || !devices?.sha256) return null;
	return JSON.stringify([runs.whole.key, reviews.sha256, devices.sha256]);
}

/** How the build's log begins its line naming the finder's families written: "finder families written: 2: <key> <key>". */
export const FINDER_LOG = 'finder families written:';

/**
 * Writes the finder's files this build makes under data/ ("find/families/random-100-4096/qd-5.json"), a family at a
 * time, each let go once written: held together, a 1,000-review catalog's (248 MB as JSON) stayed in the memory of
 * the process that made them for the rest of its build. Returns the keys of the families written (none when nothing
 * they show changed since the last build).
 */
export async function emitFinderFiles(): Promise<string[]> {
	const render = await foldersToRender('find-families', FAMILIES_ROOT, finderTables(), families);
	const emit = (path: string, value: unknown) => emitFile(assetPath(`/data/${path}`), JSON.stringify(value));
	const written: string[] = [];
	for (let i = 0; i < render.length; i++) {
		const { entry, family } = render[i]!;
		render[i] = undefined as never;
		const { head, files } = familyFiles(entry, family);
		emit(finderHeadPath(entry.key), head);
		for (const [path, file] of files) emit(path, file);
		written.push(entry.key);
	}
	return written;
}
