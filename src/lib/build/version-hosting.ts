// Build-only: the dataset versions the site hosts under data/versions/<version>/ (src/lib/dataset-versions.ts): the
// one it publishes now and, newest first, those the previous output hosted, VERSIONS_KEPT in all. A version's files
// are linked, never copied or rewritten (the ingest replaces files, it never edits one). The list, newest first, is
// data/versions/index.json. A fresh deployment hosts only its own version.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VERSIONS_INDEX, VERSIONS_KEPT, VERSION_PATTERN, versionFolder, versionsOfIndex } from '../dataset-versions.ts';
import { placeFile } from './emitted-files.ts';
import { NOT_VERSIONED } from './page-data-files.ts';

export { VERSIONS_INDEX };

/**
 * Every file of a dataset folder but its versions, the site's chart CSVs, previews and embed documents (made by the site's code from the
 * dataset, in a view and a language) and the finder's files (read for the dataset the site publishes now, never a pinned
 * one). The folders left out are not read: at 1,000 reviews the chart CSVs alone are some 100,000 files.
 */
function datasetFiles(dir: string, rel = ''): string[] {
	return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
		const path = `${rel}${e.name}${e.isDirectory() ? '/' : ''}`;
		if (NOT_VERSIONED.includes(path)) return [];
		if (e.isDirectory()) return datasetFiles(dir, path);
		return e.isFile() ? [path] : [];
	});
}

/** The versions a data folder hosts, newest first. */
export function hostedVersions(dataDir: string): string[] {
	const file = join(dataDir, VERSIONS_INDEX);
	if (!existsSync(file)) return [];
	return versionsOfIndex(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The versions a build hosts, newest first: its dataset's (`current`), then those the previous output's data folder
 * hosted (when there is one), VERSIONS_KEPT in all.
 */
export function versionsToHost(current: string, previousDataDir?: string): string[] {
	if (!VERSION_PATTERN.test(current)) throw new Error(`dataset_version ${current} is not a SHA-256`);
	const earlier = previousDataDir ? hostedVersions(previousDataDir).filter((v) => v !== current && existsSync(join(previousDataDir, versionFolder(v), 'manifest.json'))) : [];
	return [current, ...earlier].slice(0, VERSIONS_KEPT);
}

/**
 * Hosts what a data folder (dataDir, inside the built site) holds of the dataset `version`: the dataset's files and the
 * files the site made from it alone and wrote beside it (the comparison's drive files). A build on several cores: each
 * process hosts what its folder holds (the first the dataset and its share of the drive files, the others theirs).
 */
export function hostVersionFiles(dataDir: string, version: string): void {
	for (const path of datasetFiles(dataDir)) placeFile(join(dataDir, path), join(dataDir, versionFolder(version), path), 'link');
}

/** Writes the list of the versions a data folder hosts (versionsToHost), newest first. */
export function writeHostedVersions(dataDir: string, hosted: readonly string[]): void {
	writeFileSync(join(dataDir, VERSIONS_INDEX), `${JSON.stringify(hosted, null, '\t')}\n`);
}

/**
 * Moves into `dataDir` (a new output's data folder) the folders of the versions it hosts besides its own (its index,
 * writeHostedVersions) from the previous output's data folder: one rename a version, not a link a file (at 1,000 reviews
 * a version is some 29,000 files, and a site hosts VERSIONS_KEPT). scripts/build.ts does it last, just before the new
 * output replaces the previous one, which then no longer holds them.
 */
export function moveEarlierVersions(previousDataDir: string, dataDir: string): void {
	for (const v of hostedVersions(dataDir).slice(1)) {
		const to = join(dataDir, versionFolder(v));
		mkdirSync(dirname(to), { recursive: true });
		renameSync(join(previousDataDir, versionFolder(v)), to);
	}
}
