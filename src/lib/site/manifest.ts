// The dataset manifest written by the ingest (public/data/manifest.json): file hashes, row counts, versions.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataDir } from './db.ts';

export interface ManifestFile {
	path: string;
	bytes: number;
	sha256: string;
	rows?: number;
}

export interface ManifestInput {
	path: string;
	bytes: number;
	sha256: string;
	format: string;
}

export interface SiteManifest {
	schema_version: number;
	duckdb_version: string;
	dataset_version: string;
	tables: Record<string, ManifestFile>;
	raw: ManifestFile[];
	inputs: ManifestInput[];
	warnings: number;
}

let cached: SiteManifest | undefined;

export function loadManifest(): SiteManifest {
	cached ??= JSON.parse(readFileSync(join(dataDir(), 'manifest.json'), 'utf8')) as SiteManifest;
	return cached;
}

/** The published copy of an input file ("raw/<path>") with its hash, if the ingest published it. */
export function rawCopyOf(manifest: SiteManifest, inputPath: string): ManifestFile | undefined {
	return manifest.raw.find((r) => r.path === `raw/${inputPath}`);
}

/** The input files (paths as in `source_file`) the ingest published a copy of. */
export function publishedInputs(manifest: SiteManifest): string[] {
	return manifest.raw.filter((r) => r.path.startsWith('raw/')).map((r) => r.path.slice('raw/'.length));
}

/** Where a deployment may put DuckDB's own parquet extension for the wasm build (served as /duckdb-ext/…). */
export function parquetExtensionFile(duckdbVersion: string): string {
	return join('public/duckdb-ext', `v${duckdbVersion.replace(/^v/, '')}`, 'wasm_eh/parquet.duckdb_extension.wasm');
}

/** Whether this build ships the parquet extension; when it does not, the browser does not even ask for it. */
export function hasParquetExtension(duckdbVersion: string): boolean {
	return existsSync(resolve(parquetExtensionFile(duckdbVersion)));
}
