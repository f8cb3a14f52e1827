// Writes the dataset into a temporary folder beside the output, review by review, then swaps it in with renames:
// a failure at any point leaves the previous output exactly as it was. A review whose key (its inputs and the
// ingest's code) matches the previous output's is not read again: its files are linked from there. One ingest at a
// time writes an output: it holds a lock file beside it from before it looks at the previous output until the swap.
// Each table file is written again as CSV, and each review gets its archive, beside the rest and in the same swap:
// the manifests and SHA256SUMS cover them, and a review taken over keeps its own. Last, each partitioned table is
// written whole (one Parquet and one CSV) and the whole dataset gets its archive, in the same swap; a whole file made
// from the same partitions as the previous output's, or an archive of the same entries, is taken over from there.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
	DATASET_ARCHIVE,
	csvFolder,
	partitionCsvFile,
	partitionFile,
	publishedRawPath,
	reviewArchiveFile,
	reviewManifestFile,
	tableCsvFile,
	tableFile,
	tableFolder,
	type DatasetManifest,
	type FileRecord,
	type InputRecord,
	type InputWarning,
	type ReviewManifest,
	type TableRecord,
	type WholeTable,
} from '../../src/lib/dataset-layout.ts';
import {
	SCHEMA_VERSION,
	TABLES,
	comparisons,
	devices,
	figures,
	histograms,
	percentiles,
	reviews,
	runs,
	timeseries,
	type DeviceRow,
	type ReviewRow,
	type Table,
} from '../../src/lib/schema.ts';
import { archiveReadme, datasetArchiveReadme, writeArchive, type ArchiveEntry } from './archive.ts';
import type { Collector } from './collect.ts';
import { writeCsvOfParquet } from './csv-export.ts';
import { byCodePoint, hashFile } from './files.ts';
import type { DatasetWriter } from './write-parquet.ts';

function fault(step: string): void {
	if (process.env.INGEST_FAULT === step) throw new Error(`injected fault at ${step} (INGEST_FAULT)`);
}

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

function record(dir: string, rel: string, rows?: number): FileRecord {
	return { path: rel, ...hashFile(join(dir, rel)), ...(rows !== undefined ? { rows } : {}) };
}

/** What a review's archive is made of besides its output: its row of the reviews table, its folder and metadata files. */
export interface ReviewSource {
	review: ReviewRow;
	/** The review's folder relative to the ingested root (raw files' paths begin with it). */
	rel: string;
	/** Its metadata YAML: [path in the review folder, path on disk]. */
	metadata: [string, string][];
}

/** Every file a review's manifest lists as published. */
function publishedFiles(m: ReviewManifest): FileRecord[] {
	return [...Object.values(m.partitions), ...Object.values(m.csv), ...m.raw, m.archive];
}

/** The day (UTC) a dataset version was first written: the previous output's when it is the same version. */
function generatedDate(out: string, version: string): string {
	try {
		const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Partial<DatasetManifest>;
		if (m.dataset_version === version && typeof m.generated === 'string') return m.generated;
	} catch {
		// no previous output
	}
	const epoch = process.env.SOURCE_DATE_EPOCH;
	return (epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date()).toISOString().slice(0, 10);
}

/** Another ingest holds the output's lock and did not let it go within the wait. */
export class OutputLocked extends Error {}

export interface LockWait {
	/** How long to wait for another ingest writing the same output. */
	waitMs: number;
	/** Told once when the wait begins. */
	onWait?: (message: string) => void;
}

function isAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (err) {
		return (err as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Takes ".<output>-lock" beside the output, a file holding the pid of its holder, and returns its release. A lock
 * whose process is gone (killed mid-run) is taken over; one held by a live process is waited for, then refused.
 */
async function lockOutput(out: string, { waitMs, onWait }: LockWait): Promise<() => void> {
	const lock = join(dirname(out), `.${basename(out)}-lock`);
	const mine = `${process.pid}\n`;
	const draft = `${lock}-${process.pid}`;
	const readLock = () => {
		try {
			return readFileSync(lock, 'utf8');
		} catch {
			return undefined;
		}
	};
	const started = performance.now();
	let told = false;
	for (;;) {
		// Written whole, then linked: taking the lock is atomic, and a lock is never seen empty.
		writeFileSync(draft, mine);
		try {
			linkSync(draft, lock);
			return () => {
				if (readLock() === mine) rmSync(lock, { force: true });
			};
		} catch (err) {
			if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
		} finally {
			rmSync(draft, { force: true });
		}
		const holder = readLock();
		if (holder === undefined) continue;
		const pid = Number(holder.trim());
		if (!isAlive(pid)) {
			if (readLock() === holder) rmSync(lock, { force: true });
			continue;
		}
		const message = `${out} is being written by another ingest (pid ${pid}, lock ${lock})`;
		if (performance.now() - started >= waitMs) {
			throw new OutputLocked(`${message}; gave up after ${Math.round(waitMs / 1000)} s (if no ingest is running, delete the lock)`);
		}
		if (!told) onWait?.(`waiting: ${message}`);
		told = true;
		await sleep(200);
	}
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

/** A published file taken over unchanged: a hard link (the files are never written in place), or a copy. */
function linkOrCopy(from: string, to: string): void {
	mkdirSync(dirname(to), { recursive: true });
	try {
		linkSync(from, to);
	} catch {
		copyFileSync(from, to);
	}
}

/** The previous output's manifest, when it is one this ingest can take reviews from. */
function previousManifest(out: string, ingestVersion: string, duckdbVersion: string): DatasetManifest | undefined {
	try {
		const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DatasetManifest;
		const usable = m.schema_version === SCHEMA_VERSION && m.ingest_version === ingestVersion && m.duckdb_version === duckdbVersion;
		return usable && m.reviews ? m : undefined;
	} catch {
		return undefined;
	}
}

export class DatasetOutput {
	private readonly out: string;
	private readonly tmp: string;
	private readonly writer: DatasetWriter;
	private readonly previous: DatasetManifest | undefined;
	private readonly ingestVersion: string;
	private readonly duckdbVersion: string;
	private readonly reviewEntries: DatasetManifest['reviews'] = {};
	/** Every file written or taken over, for the dataset version and SHA256SUMS. */
	private readonly files: FileRecord[] = [];
	private readonly totals = new Map<string, { rows: number; bytes: number; files: number; csvBytes: number }>();
	private inputFiles = 0;
	/** Each partitioned table's files, and every raw file, by review: what the whole tables and archive are made of. */
	private readonly partitionsOf = new Map<string, { reviewId: string; file: FileRecord }[]>();
	private readonly rawFiles: { reviewId: string; file: FileRecord }[] = [];
	/** Reviews taken over from the previous output (the rest were read). */
	reused = 0;
	private readonly unlock: () => void;
	/** Swapped in or aborted: the lock is no longer held, nothing more may be touched. */
	private closed = false;

	private constructor(out: string, writer: DatasetWriter, ingestVersion: string, duckdbVersion: string, unlock: () => void) {
		this.out = out;
		this.unlock = unlock;
		this.writer = writer;
		this.ingestVersion = ingestVersion;
		this.duckdbVersion = duckdbVersion;
		recoverInterrupted(out);
		this.previous = previousManifest(out, ingestVersion, duckdbVersion);
		this.tmp = join(dirname(out), `.${basename(out)}-tmp-${process.pid}`);
		rmSync(this.tmp, { recursive: true, force: true });
		mkdirSync(this.tmp, { recursive: true });
	}

	static async open(out: string, writer: DatasetWriter, ingestVersion: string, wait: LockWait): Promise<DatasetOutput> {
		const duckdbVersion = await writer.duckdbVersion();
		mkdirSync(dirname(out), { recursive: true });
		const unlock = await lockOutput(out, wait);
		try {
			return new DatasetOutput(out, writer, ingestVersion, duckdbVersion, unlock);
		} catch (err) {
			unlock();
			throw err;
		}
	}

	private count(table: string, rows: number, bytes: number, csvBytes: number): void {
		const t = this.totals.get(table) ?? { rows: 0, bytes: 0, files: 0, csvBytes: 0 };
		this.totals.set(table, { rows: t.rows + rows, bytes: t.bytes + bytes, files: t.files + 1, csvBytes: t.csvBytes + csvBytes });
	}

	/**
	 * The previous output's manifest of a review with this key, when all its files are still there and every
	 * device its rows name still exists; the review's files are then taken over as they are.
	 */
	reusable(reviewId: string, key: string, knownDevices: ReadonlySet<string>): ReviewManifest | undefined {
		const entry = this.previous?.reviews[reviewId];
		if (!entry || entry.key !== key) return undefined;
		try {
			const m = JSON.parse(readFileSync(join(this.out, entry.path), 'utf8')) as ReviewManifest;
			if (!m.csv || !m.archive) return undefined;
			const files = publishedFiles(m);
			if (m.key !== key || !m.devices.every((d) => knownDevices.has(d))) return undefined;
			if (!files.every((f) => statSync(join(this.out, f.path), { throwIfNoEntry: false })?.size === f.bytes)) return undefined;
			return m;
		} catch {
			return undefined;
		}
	}

	/**
	 * The previous output, when it is exactly what this run would write: the same reviews (each of them reusable, see
	 * above), the same catalog inputs, and its catalog files as the manifest lists them.
	 */
	unchanged(reviewIds: readonly string[], inputs: readonly InputRecord[]): DatasetManifest | undefined {
		const p = this.previous;
		if (!p) return undefined;
		const sameReviews = Object.keys(p.reviews).join('\0') === [...reviewIds].sort(byCodePoint).join('\0');
		const inputKey = (list: readonly InputRecord[]) => [...list].map((i) => `${i.path}\0${i.sha256}`).sort(byCodePoint).join('\n');
		// An output written before the whole tables and the dataset's archive existed is never taken as it is.
		if (!p.archive || Object.values(p.tables).some((t) => t.partitioned && !t.whole)) return undefined;
		const catalogFiles = [...Object.values(p.tables).flatMap((t) => (t.whole ? [t.whole.parquet, t.whole.csv] : [t, t.csv])), p.archive];
		const intact = catalogFiles.every((t) => statSync(join(this.out, t.path), { throwIfNoEntry: false })?.size === t.bytes);
		return sameReviews && inputKey(p.inputs) === inputKey(inputs) && intact ? p : undefined;
	}

	/** Takes a review over from the previous output. */
	reuseReview(m: ReviewManifest): void {
		for (const f of publishedFiles(m)) linkOrCopy(join(this.out, f.path), join(this.tmp, f.path));
		this.addReview(m);
		this.reused++;
	}

	/** Writes one review that was read: its partition of each table (Parquet and CSV), its raw files, its archive and its manifest. */
	async writeReview(reviewId: string, key: string, collector: Collector, warnings: InputWarning[], source: ReviewSource): Promise<void> {
		await this.writer.append(runs, collector.runs);
		await this.writer.append(percentiles, collector.percentiles);
		await this.writer.append(histograms, collector.histograms);
		await this.writer.append(figures, collector.figures);
		await this.writer.append(comparisons, collector.comparisons);
		const partitions: Record<string, FileRecord> = {};
		for (const t of TABLES) {
			if (!t.partitioned) continue;
			const rows = await this.writer.rowCount(t);
			if (rows === 0) continue;
			const path = partitionFile(t, reviewId);
			mkdirSync(dirname(join(this.tmp, path)), { recursive: true });
			await this.writer.writeParquet(t, join(this.tmp, path));
			fault(`write-${t.name}`);
			partitions[t.name] = record(this.tmp, path, t === timeseries ? collector.timeseriesRows : rows);
			// Judged from the points just written; its table comes next in TABLES.
			if (t === timeseries) await this.writer.judgeSteadyState(join(this.tmp, path));
		}
		const csv: Record<string, FileRecord> = {};
		for (const [name, f] of Object.entries(partitions)) {
			const t = TABLES.find((x) => x.name === name)!;
			const path = partitionCsvFile(t, reviewId);
			mkdirSync(dirname(join(this.tmp, path)), { recursive: true });
			await writeCsvOfParquet(this.writer.conn, t, join(this.tmp, f.path), join(this.tmp, path));
			csv[name] = record(this.tmp, path, f.rows);
		}
		fault('csv');
		const raw: FileRecord[] = [];
		const entries: ArchiveEntry[] = [];
		for (const [rel, abs] of [...collector.rawCopies].sort((a, b) => byCodePoint(a[0], b[0]))) {
			const path = publishedRawPath(rel);
			mkdirSync(dirname(join(this.tmp, path)), { recursive: true });
			copyFileSync(abs, join(this.tmp, path));
			const f = record(this.tmp, path);
			raw.push(f);
			entries.push({ name: `files/${rel.slice(source.rel.length + 1)}`, file: join(this.tmp, path), bytes: f.bytes, sha256: f.sha256 });
		}
		fault('raw');
		for (const [rel, abs] of source.metadata) entries.push({ name: `metadata/${rel}`, file: abs, ...hashFile(abs) });
		for (const [name, f] of Object.entries(partitions)) entries.push({ name: `tables/${name}.parquet`, file: join(this.tmp, f.path), bytes: f.bytes, sha256: f.sha256 });
		for (const [name, f] of Object.entries(csv)) entries.push({ name: `tables/${name}.csv`, file: join(this.tmp, f.path), bytes: f.bytes, sha256: f.sha256 });
		const archivePath = reviewArchiveFile(reviewId);
		mkdirSync(dirname(join(this.tmp, archivePath)), { recursive: true });
		await writeArchive(join(this.tmp, archivePath), archiveReadme(source.review, entries), entries);
		fault('archive');
		this.addReview({
			review_id: reviewId,
			key,
			devices: collector.usedDevices(),
			partitions,
			csv,
			archive: record(this.tmp, archivePath),
			inputs: [...collector.inputs].sort((a, b) => byCodePoint(a.path, b.path)),
			raw,
			warnings,
		});
	}

	private addReview(m: ReviewManifest): void {
		const path = reviewManifestFile(m.review_id);
		mkdirSync(dirname(join(this.tmp, path)), { recursive: true });
		writeFileSync(join(this.tmp, path), JSON.stringify(m, null, '\t') + '\n');
		const entry = record(this.tmp, path);
		this.reviewEntries[m.review_id] = { ...entry, key: m.key, devices: m.devices };
		this.files.push(entry, ...publishedFiles(m));
		for (const [table, f] of Object.entries(m.partitions)) {
			this.count(table, f.rows ?? 0, f.bytes, m.csv[table]?.bytes ?? 0);
			this.partitionsOf.set(table, [...(this.partitionsOf.get(table) ?? []), { reviewId: m.review_id, file: f }]);
		}
		this.rawFiles.push(...m.raw.map((file) => ({ reviewId: m.review_id, file })));
		this.inputFiles += m.inputs.length;
	}

	/** The previous output's file of this record, when it is still there at its size: linked into the new output. */
	private takeOver(f: FileRecord | undefined): boolean {
		if (!f || statSync(join(this.out, f.path), { throwIfNoEntry: false })?.size !== f.bytes) return false;
		linkOrCopy(join(this.out, f.path), join(this.tmp, f.path));
		return true;
	}

	/** A partitioned table whole: its partitions' rows in review order in one Parquet file and its CSV. */
	private async writeWholeTable(t: Table): Promise<WholeTable> {
		const parts = [...(this.partitionsOf.get(t.name) ?? [])].sort((a, b) => byCodePoint(a.reviewId, b.reviewId)).map((p) => p.file);
		const key = sha256(Buffer.from(parts.map((f) => `${f.sha256}  ${f.path}\n`).join('')));
		const previous = this.previous?.tables[t.name]?.whole;
		if (previous?.key === key && this.takeOver(previous.parquet) && this.takeOver(previous.csv)) return previous;
		await this.writer.writeWholeParquet(t, parts.map((f) => join(this.tmp, f.path)), join(this.tmp, tableFile(t)));
		fault(`whole-${t.name}`);
		const rows = parts.reduce((n, f) => n + (f.rows ?? 0), 0);
		// Every column, review_id among them, as the file holds them.
		await writeCsvOfParquet(this.writer.conn, { ...t, partitioned: false }, join(this.tmp, tableFile(t)), join(this.tmp, tableCsvFile(t)));
		return { parquet: record(this.tmp, tableFile(t), rows), csv: record(this.tmp, tableCsvFile(t), rows), key };
	}

	/** The whole dataset's archive: every table whole as Parquet, every raw file, and its README. */
	private async writeDatasetArchive(tables: Record<string, TableRecord>, reviewRows: readonly ReviewRow[]): Promise<FileRecord & { key: string }> {
		const entries: ArchiveEntry[] = TABLES.map((t) => {
			const f = tables[t.name]!.whole?.parquet ?? { path: tables[t.name]!.path, bytes: tables[t.name]!.bytes, sha256: tables[t.name]!.sha256! };
			return { name: f.path, file: join(this.tmp, f.path), bytes: f.bytes, sha256: f.sha256 };
		});
		for (const { file } of [...this.rawFiles].sort((a, b) => byCodePoint(a.file.path, b.file.path))) entries.push({ name: file.path, file: join(this.tmp, file.path), bytes: file.bytes, sha256: file.sha256 });
		// The README names each review's source and licence: its rows are part of the key.
		const readme = datasetArchiveReadme(reviewRows, entries);
		const key = sha256(Buffer.from(readme));
		const previous = this.previous?.archive;
		if (previous?.key === key && this.takeOver(previous)) return previous;
		await writeArchive(join(this.tmp, DATASET_ARCHIVE), readme, entries);
		fault('dataset-archive');
		return { ...record(this.tmp, DATASET_ARCHIVE), key };
	}

	/** Writes the catalog tables and the manifest, then swaps the new output in. */
	async finish(catalog: { reviews: ReviewRow[]; devices: DeviceRow[]; inputs: InputRecord[]; warnings: number }): Promise<DatasetManifest> {
		try {
			await this.writer.reset();
			await this.writer.append(reviews, catalog.reviews);
			await this.writer.append(devices, catalog.devices);
			const tables: Record<string, TableRecord> = {};
			for (const t of TABLES) {
				if (t.partitioned) {
					const { csvBytes, ...total } = this.totals.get(t.name) ?? { rows: 0, bytes: 0, files: 0, csvBytes: 0 };
					const whole = await this.writeWholeTable(t);
					this.files.push(whole.parquet, whole.csv);
					tables[t.name] = { path: tableFolder(t), partitioned: true, ...total, csv: { path: csvFolder(t), bytes: csvBytes }, whole };
					continue;
				}
				await this.writer.writeParquet(t, join(this.tmp, tableFile(t)));
				await writeCsvOfParquet(this.writer.conn, t, join(this.tmp, tableFile(t)), join(this.tmp, tableCsvFile(t)));
				const f = record(this.tmp, tableFile(t), await this.writer.rowCount(t));
				const c = record(this.tmp, tableCsvFile(t), f.rows);
				this.files.push(f, c);
				tables[t.name] = { path: f.path, partitioned: false, rows: f.rows!, bytes: f.bytes, files: 1, sha256: f.sha256, csv: { path: c.path, bytes: c.bytes, sha256: c.sha256 } };
			}
			const archive = await this.writeDatasetArchive(tables, catalog.reviews);
			this.files.push(archive);
			const outputs = [...this.files].sort((a, b) => byCodePoint(a.path, b.path));
			const sums = outputs.map((o) => `${o.sha256}  ${o.path}\n`).join('');
			const version = sha256(Buffer.from(sums));
			const manifest: DatasetManifest = {
				schema_version: SCHEMA_VERSION,
				duckdb_version: this.duckdbVersion,
				ingest_version: this.ingestVersion,
				dataset_version: version,
				generated: generatedDate(this.out, version),
				tables,
				archive,
				reviews: Object.fromEntries(Object.entries(this.reviewEntries).sort(([a], [b]) => byCodePoint(a, b))),
				inputs: [...catalog.inputs].sort((a, b) => byCodePoint(a.path, b.path)),
				input_files: this.inputFiles + catalog.inputs.length,
				warnings: catalog.warnings,
			};
			writeFileSync(join(this.tmp, 'manifest.json'), JSON.stringify(manifest, null, '\t') + '\n');
			writeFileSync(join(this.tmp, 'SHA256SUMS'), sums);
			fault('before-swap');
			const old = join(dirname(this.out), `.${basename(this.out)}-old-${process.pid}`);
			if (existsSync(this.out)) renameSync(this.out, old);
			fault('mid-swap');
			renameSync(this.tmp, this.out);
			rmSync(old, { recursive: true, force: true });
			this.closed = true;
			this.unlock();
			return manifest;
		} catch (err) {
			this.abort();
			throw err;
		}
	}

	/** Drops everything written so far; the previous output stays (or is put back) as it was. */
	abort(): void {
		if (this.closed) return;
		this.closed = true;
		rmSync(this.tmp, { recursive: true, force: true });
		recoverInterrupted(this.out);
		this.unlock();
	}
}
