// The dataset manifests written by the ingest (see dataset-layout.ts): manifest.json for the whole dataset, read
// once per build, and one small manifest per review, read by the pages that show that review.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { publishedRawPath, type DatasetManifest, type FileRecord, type InputRecord, type ReviewManifest } from '../dataset-layout.ts';
import { dataDir } from './db.ts';

let cached: DatasetManifest | undefined;

export function loadManifest(): DatasetManifest {
	cached ??= JSON.parse(readFileSync(join(dataDir(), 'manifest.json'), 'utf8')) as DatasetManifest;
	return cached;
}

/** One review's manifest: its partition files, inputs, published raw files and warnings. */
export function reviewManifest(reviewId: string): ReviewManifest {
	const entry = loadManifest().reviews[reviewId];
	if (!entry) throw new Error(`the manifest lists no review ${reviewId}`);
	return JSON.parse(readFileSync(join(dataDir(), entry.path), 'utf8')) as ReviewManifest;
}

let byDevice: Map<string, string[]> | undefined;

/** The reviews whose rows name a device (as subject, or as the basis of a comparison), in id order. */
export function reviewsOfDevice(deviceId: string): string[] {
	if (!byDevice) {
		byDevice = new Map();
		for (const [id, r] of Object.entries(loadManifest().reviews)) {
			for (const d of r.devices) byDevice.set(d, [...(byDevice.get(d) ?? []), id]);
		}
	}
	return byDevice.get(deviceId) ?? [];
}

/** Which data a page shows, for its footer: a version (hash), result rows, input files, and the manifest listing them. */
export interface DataSummary {
	version: string;
	runs: number;
	files: number;
	/** Path of the manifest under the data folder. */
	manifest: string;
}

/**
 * The whole dataset's, or only some reviews' when a page shows only them: such a page then changes only when they
 * do (an incremental build keeps it, see incremental.ts).
 */
export function dataSummary(reviewIds?: readonly string[]): DataSummary {
	const m = loadManifest();
	if (!reviewIds) return { version: m.dataset_version, runs: m.tables.runs?.rows ?? 0, files: m.input_files, manifest: 'manifest.json' };
	const reviews = reviewIds.map(reviewManifest);
	const hashes = reviewIds.map((id) => m.reviews[id]!.sha256);
	return {
		version: createHash('sha256').update(hashes.join('\n')).digest('hex'),
		runs: reviews.reduce((n, r) => n + (r.partitions.runs?.rows ?? 0), 0),
		files: reviews.reduce((n, r) => n + r.inputs.length, 0),
		manifest: reviewIds.length === 1 ? m.reviews[reviewIds[0]!]!.path : 'manifest.json',
	};
}

/** What the pages of some reviews read: their partition files per table, their inputs and published raw files. */
export interface ReviewScope {
	partitions: Record<string, FileRecord[]>;
	inputs: InputRecord[];
	raw: FileRecord[];
}

export function reviewScope(reviewIds: readonly string[]): ReviewScope {
	const scope: ReviewScope = { partitions: {}, inputs: [], raw: [] };
	for (const id of reviewIds) {
		const m = reviewManifest(id);
		for (const [table, f] of Object.entries(m.partitions)) (scope.partitions[table] ??= []).push(f);
		scope.inputs.push(...m.inputs);
		scope.raw.push(...m.raw);
	}
	return scope;
}

/** The published copy of an input file (see publishedRawPath), if the ingest published it. */
export function rawCopyOf(scope: ReviewScope, inputPath: string): FileRecord | undefined {
	return scope.raw.find((r) => r.path === publishedRawPath(inputPath));
}

/** Whether the ingest published a copy of an input file (a path as in `source_file`): the data folder tells. */
export const publishedRawFiles = {
	has: (sourceFile: string): boolean => !sourceFile.split('/').includes('..') && existsSync(join(dataDir(), publishedRawPath(sourceFile))),
};

/** Where a deployment may put DuckDB's own parquet extension for the wasm build (served as /duckdb-ext/…). */
export function parquetExtensionFile(duckdbVersion: string): string {
	return join('public/duckdb-ext', `v${duckdbVersion.replace(/^v/, '')}`, 'wasm_eh/parquet.duckdb_extension.wasm');
}

/** Whether this build ships the parquet extension; when it does not, the browser does not even ask for it. */
export function hasParquetExtension(duckdbVersion: string): boolean {
	return existsSync(resolve(parquetExtensionFile(duckdbVersion)));
}
