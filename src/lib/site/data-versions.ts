// Build-only: the dataset versions the site hosts under data/versions/<version>/ (src/lib/dataset-versions.ts).
// Each build files the dataset it publishes in a store kept between builds (DATA_VERSIONS_DIR, else
// .data-versions/ in the project), by hard links, keeps the newest VERSIONS_KEPT there, and links each of them
// into the built site. The files of a version are never rewritten: the ingest replaces files, it never edits one.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { DatasetManifest } from '../dataset-layout.ts';
import { VERSIONS_KEPT, VERSION_PATTERN, versionFolder } from '../dataset-versions.ts';
import { placeFile } from './emitted-files.ts';

const store = () => resolve(process.env.DATA_VERSIONS_DIR ?? '.data-versions');

/** Every file of a dataset folder but its versions. */
function datasetFiles(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => relative(dir, join(e.parentPath, e.name)))
		.filter((path) => !path.startsWith('versions/'));
}

/** Files the site's dataset (dataDir, inside the built site) in the store and hosts the kept versions; returns them. */
export function hostDataVersions(dataDir: string): string[] {
	const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')) as DatasetManifest;
	const current = manifest.dataset_version;
	if (!VERSION_PATTERN.test(current)) throw new Error(`dataset_version ${current} is not a SHA-256`);
	const kept = join(store(), current);
	if (!existsSync(join(kept, 'manifest.json'))) {
		rmSync(kept, { recursive: true, force: true });
		// manifest.json last: a version without it is incomplete and filed again.
		const files = datasetFiles(dataDir).sort((a, b) => Number(a === 'manifest.json') - Number(b === 'manifest.json'));
		for (const path of files) placeFile(join(dataDir, path), join(kept, path), 'link');
	}
	const now = new Date();
	utimesSync(kept, now, now);
	const versions = readdirSync(store())
		.filter((v) => VERSION_PATTERN.test(v) && existsSync(join(store(), v, 'manifest.json')))
		.sort((a, b) => statSync(join(store(), b)).mtimeMs - statSync(join(store(), a)).mtimeMs);
	for (const old of versions.slice(VERSIONS_KEPT)) rmSync(join(store(), old), { recursive: true, force: true });
	const hosted = versions.slice(0, VERSIONS_KEPT);
	rmSync(join(dataDir, 'versions'), { recursive: true, force: true });
	for (const v of hosted) for (const path of datasetFiles(join(store(), v))) placeFile(join(store(), v, path), join(dataDir, versionFolder(v), path), 'link');
	return hosted;
}
