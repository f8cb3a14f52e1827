// Dataset versions on the site: each built dataset is also published, whole and unchanged, under
// /data/versions/<dataset_version>/ (its content hash: the files of one version never change), so an embed made
// from one version can keep showing its numbers while the site still hosts it. Each build hosts its own and the
// last few its previous output hosted (src/lib/build/version-hosting.ts); a fresh deployment hosts only its own.

/** The folder of a version under the data folder. */
export const versionFolder = (version: string) => `versions/${version}/`;

/** Versions are SHA-256 hex digests. */
export const VERSION_PATTERN = /^[0-9a-f]{64}$/;

/** The versions hosted, newest first (the current one first), as a JSON list, under the data folder. */
export const VERSIONS_INDEX = 'versions/index.json';

/** The versions of an index file's JSON (anything else in it is not a version). */
export function versionsOfIndex(json: unknown): string[] {
	return Array.isArray(json) ? json.filter((v): v is string => typeof v === 'string' && VERSION_PATTERN.test(v)) : [];
}

/** How many versions a build keeps hosting (the newest). */
export const VERSIONS_KEPT = 5;
