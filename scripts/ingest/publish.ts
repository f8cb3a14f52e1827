// Writes the dataset to a temporary folder beside the output, then swaps it in with renames:
// a failure at any point leaves the previous output exactly as it was.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SCHEMA_VERSION, TABLES, timeseries } from '../../src/lib/schema.ts';
import type { Collector, InputRecord } from './collect.ts';
import { byCodePoint } from './files.ts';
import type { DatasetWriter } from './write-parquet.ts';

export interface OutputRecord {
	path: string;
	bytes: number;
	sha256: string;
	rows?: number;
}

export interface Manifest {
	schema_version: number;
	duckdb_version: string;
	dataset_version: string;
	tables: Record<string, OutputRecord>;
	raw: OutputRecord[];
	inputs: InputRecord[];
	warnings: number;
}

function fault(step: string): void {
	if (process.env.INGEST_FAULT === step) throw new Error(`injected fault at ${step} (INGEST_FAULT)`);
}

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

function record(dir: string, rel: string, rows?: number): OutputRecord {
	const buf = readFileSync(join(dir, rel));
	return { path: rel, bytes: buf.length, sha256: sha256(buf), ...(rows !== undefined ? { rows } : {}) };
}

/** Leftovers of an interrupted run: temporary folders, or a previous output moved aside but not removed. */
export function recoverInterrupted(out: string): void {
	const parent = dirname(out);
	if (!existsSync(parent)) return;
	const name = basename(out);
	for (const entry of readdirSync(parent)) {
		if (entry.startsWith(`.${name}-tmp-`)) rmSync(join(parent, entry), { recursive: true, force: true });
		if (entry.startsWith(`.${name}-old-`)) {
			if (!existsSync(out)) renameSync(join(parent, entry), out);
			else rmSync(join(parent, entry), { recursive: true, force: true });
		}
	}
}

export async function publish(out: string, writer: DatasetWriter, collector: Collector): Promise<Manifest> {
	const parent = dirname(out);
	mkdirSync(parent, { recursive: true });
	recoverInterrupted(out);
	const tmp = join(parent, `.${basename(out)}-tmp-${process.pid}`);
	rmSync(tmp, { recursive: true, force: true });
	mkdirSync(tmp, { recursive: true });
	try {
		const tables: Record<string, OutputRecord> = {};
		for (const t of TABLES) {
			await writer.writeParquet(t, join(tmp, t.file));
			fault(`write-${t.name}`);
			const rows = t === timeseries ? collector.timeseriesRows : await writer.rowCount(t);
			tables[t.name] = record(tmp, t.file, rows);
		}
		const raw: OutputRecord[] = [];
		for (const [rel, abs] of [...collector.rawCopies].sort((a, b) => byCodePoint(a[0], b[0]))) {
			const target = join(tmp, 'raw', rel);
			mkdirSync(dirname(target), { recursive: true });
			copyFileSync(abs, target);
			raw.push(record(tmp, join('raw', rel).split('\\').join('/')));
		}
		fault('raw');
		const outputs = [...Object.values(tables), ...raw];
		const datasetVersion = sha256(Buffer.from(outputs.map((o) => `${o.sha256}  ${o.path}`).sort(byCodePoint).join('\n')));
		const manifest: Manifest = {
			schema_version: SCHEMA_VERSION,
			duckdb_version: await writer.duckdbVersion(),
			dataset_version: datasetVersion,
			tables,
			raw,
			inputs: [...collector.inputs].sort((a, b) => byCodePoint(a.path, b.path)),
			warnings: collector.warnings.length,
		};
		writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(manifest, null, '\t') + '\n');
		writeFileSync(
			join(tmp, 'SHA256SUMS'),
			[...outputs].sort((a, b) => byCodePoint(a.path, b.path)).map((o) => `${o.sha256}  ${o.path}\n`).join(''),
		);
		fault('before-swap');
		const old = join(parent, `.${basename(out)}-old-${process.pid}`);
		if (existsSync(out)) renameSync(out, old);
		fault('mid-swap');
		renameSync(tmp, out);
		rmSync(old, { recursive: true, force: true });
		return manifest;
	} catch (err) {
		rmSync(tmp, { recursive: true, force: true });
		recoverInterrupted(out);
		throw err;
	}
}
