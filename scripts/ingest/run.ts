// The ingest: data/ (or bare folders of logs) → checked rows → Parquet + manifest.json.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { runsSidecar } from '../../src/lib/metadata/runs-sidecar.ts';
import type { DatasetManifest, InputRecord } from '../../src/lib/dataset-layout.ts';
import { KEBAB_ID } from '../../src/lib/ids.ts';
import type { DeviceRow, ReviewRow } from '../../src/lib/schema.ts';
import { Collector, inputRecord, type ReviewUnit, type WarningRecord } from './collect.ts';
import { InputError, byCodePoint, listFiles, slugify } from './files.ts';
import { bareDeviceRow, bareReviewRow, deviceRow, deviceYaml, loadYaml, loadYamlWithLines, reviewRow, reviewYaml } from './metadata.ts';
import { DatasetOutput, type ReviewSource } from './publish.ts';
import { ingestVersion, reviewKey } from './review-key.ts';
import { DatasetWriter } from './write-parquet.ts';

export interface IngestOptions {
	/** Data root holding reviews/ and devices/ (data mode). */
	dataDir?: string;
	/** Files or folders without metadata (bare mode). */
	paths?: string[];
	out: string;
	onProgress?: (done: number, total: number, name: string) => void;
	/** While another ingest writes the same output: how long to wait for it (10 minutes unless given), what to say. */
	lockWaitMs?: number;
	onLockWait?: (message: string) => void;
	/** Leave out the raw files that fail (each with its errors, in `refused`) and ingest the rest. */
	keepGoing?: boolean;
	/** DuckDB's threads (2 unless given): any count writes the same bytes. */
	threads?: number;
}

export interface IngestReport {
	ok: boolean;
	errors: InputError[];
	warnings: WarningRecord[];
	/** With keepGoing: the errors of the raw files left out. */
	refused: InputError[];
	files: number;
	/** Reviews read, and reviews taken over unchanged from the previous output. */
	reviewsRead: number;
	reviewsReused: number;
	manifest?: DatasetManifest;
}

const toPosix = (p: string) => p.split(sep).join('/');

/** What the whole catalog shares: its reviews and devices (small tables), and what went wrong where. */
interface Catalog {
	reviews: ReviewRow[];
	devices: DeviceRow[];
	/** Inputs that belong to no review (device YAML). */
	inputs: InputRecord[];
	errors: InputError[];
	/** Warnings about the metadata (read on every run, reused reviews' included). */
	warnings: WarningRecord[];
}

/** A review's metadata files for its archive: its review.yaml and any runs.yaml, by their paths in the review folder. */
function reviewSource(unit: ReviewUnit, review: ReviewRow): ReviewSource {
	const names = [...unit.metaInputs.map((m) => m.path.slice(unit.rel.length + 1)), ...unit.files.filter((f) => /(?:^|\/)runs\.ya?ml$/.test(f))];
	return { review, rel: unit.rel, metadata: names.sort(byCodePoint).map((name) => [name, join(unit.dir, name)]) };
}

/** Review and device ids come from folder and file names and end up in URLs. */
function checkId(id: string, file: string, field: string, errors: InputError[]): void {
	if (!KEBAB_ID.test(id)) errors.push(new InputError(file, 'BAD_ID', `"${id}" is not a lower-case kebab-case id; rename it, e.g. "${slugify(id)}"`, undefined, field));
}

function loadSidecar(unitRel: string, dir: string, catalog: Catalog, names = ['raw/runs.yaml', 'raw/runs.yml']): Pick<ReviewUnit, 'sidecar' | 'sidecarSource'> {
	for (const name of names) {
		const p = join(dir, name);
		if (!existsSync(p)) continue;
		const file = `${unitRel}/${name}`;
		const loaded = loadYamlWithLines(file, readFileSync(p, 'utf8'), runsSidecar, catalog.errors, catalog.warnings);
		return loaded ? { sidecar: loaded.value, sidecarSource: { file, lineOf: loaded.lineOf } } : { sidecar: { files: [] } };
	}
	return { sidecar: { files: [] } };
}

/** Devices runs.yaml names that have no device file: errors at its line, where the fix is, not at the result files. */
function checkSidecarDevices(unit: ReviewUnit, known: ReadonlySet<string>, errors: InputError[]): void {
	const source = unit.sidecarSource;
	if (!source) return;
	const unknown = (id: string | undefined, path: (string | number)[]) => {
		if (id === undefined || known.has(id)) return;
		errors.push(new InputError(source.file, 'UNKNOWN_DEVICE', `device "${id}" has no data/devices/${id}.yaml`, source.lineOf(path), path.join('.')));
	};
	unknown(unit.sidecar.default_device_id, ['default_device_id']);
	unit.sidecar.files.forEach((entry, i) => unknown(entry.device_id, ['files', i, 'device_id']));
}

function dataModeUnits(root: string, catalog: Catalog): ReviewUnit[] {
	const { errors } = catalog;
	const devDir = join(root, 'devices');
	if (existsSync(devDir)) {
		for (const rel of listFiles(root, devDir, errors)) {
			if (!/\.ya?ml$/.test(rel)) continue;
			const id = basename(rel).replace(/\.ya?ml$/, '');
			checkId(id, rel, 'device_id', errors);
			const text = readFileSync(join(root, rel), 'utf8');
			catalog.inputs.push(inputRecord(rel, text, 'device-yaml'));
			const y = loadYaml(rel, text, deviceYaml, errors, catalog.warnings);
			if (y) catalog.devices.push(deviceRow(id, y));
		}
	}
	const units: ReviewUnit[] = [];
	const revDir = join(root, 'reviews');
	if (!existsSync(revDir)) return units;
	// Each review's files, grouped once (a filter over every file of the catalog per review grew with reviews²).
	const filesOf = new Map<string, string[]>();
	for (const f of listFiles(root, revDir, errors)) {
		const id = f.split('/')[1]!;
		const list = filesOf.get(id) ?? [];
		list.push(f.slice(`reviews/${id}/`.length));
		filesOf.set(id, list);
	}
	const ids = [...filesOf.keys()].sort(byCodePoint);
	const known = new Set(catalog.devices.map((d) => d.device_id));
	for (const id of ids) {
		const rel = `reviews/${id}`;
		const dir = join(root, rel);
		const yamlRel = `${rel}/review.yaml`;
		checkId(id, rel, 'review_id', errors);
		if (!existsSync(join(root, yamlRel))) {
			errors.push(new InputError(rel, 'NO_REVIEW_YAML', 'every review folder needs a review.yaml'));
			continue;
		}
		const text = readFileSync(join(root, yamlRel), 'utf8');
		const y = loadYaml(yamlRel, text, reviewYaml, errors, catalog.warnings);
		if (!y) continue;
		y.devices_tested.forEach((d, i) => {
			if (!known.has(d.device_id)) {
				errors.push(new InputError(yamlRel, 'UNKNOWN_DEVICE', `device "${d.device_id}" has no data/devices/${d.device_id}.yaml`, undefined, `devices_tested.${i}.device_id`));
			}
		});
		catalog.reviews.push(reviewRow(id, y));
		const sidecar = loadSidecar(rel, dir, catalog);
		const files = filesOf.get(id)!.filter((f) => f !== 'review.yaml' && (f.startsWith('raw/') || /\.csv$/.test(f)));
		const subjects = y.devices_tested.filter((d) => d.role === 'subject');
		units.push({
			reviewId: id,
			dir,
			rel,
			files,
			metaInputs: [inputRecord(yamlRel, text, 'review-yaml')],
			...sidecar,
			defaultDeviceId: subjects.length === 1 ? subjects[0]!.device_id : undefined,
		});
	}
	return units;
}

/** Bare mode: each folder (or each file's folder) becomes a review and a device named after it. */
function bareModeUnits(paths: string[], catalog: Catalog): ReviewUnit[] {
	const groups = new Map<string, { dir: string; files: Set<string> }>();
	for (const p of paths.map((x) => resolve(x))) {
		if (!existsSync(p)) {
			catalog.errors.push(new InputError(p, 'NOT_FOUND', 'no such file or folder'));
			continue;
		}
		const isDir = statSync(p).isDirectory();
		const dir = isDir ? p : dirname(p);
		const g = groups.get(dir) ?? { dir, files: new Set<string>() };
		const found = isDir ? listFiles(dir, dir, catalog.errors) : [toPosix(relative(dir, p))];
		for (const f of found) g.files.add(f);
		groups.set(dir, g);
	}
	const units: ReviewUnit[] = [];
	for (const { dir, files } of [...groups.values()].sort((a, b) => byCodePoint(a.dir, b.dir))) {
		const name = basename(dir);
		const id = slugify(name);
		if (!catalog.devices.some((d) => d.device_id === id)) catalog.devices.push(bareDeviceRow(id, name));
		catalog.reviews.push(bareReviewRow(id, name, id));
		// A runs.yaml beside the files works as in raw/ (paths relative to the folder).
		const sidecar = loadSidecar(id, dir, catalog, ['runs.yaml', 'runs.yml']);
		units.push({ reviewId: id, dir, rel: id, files: [...files].sort(byCodePoint), metaInputs: [], ...sidecar, defaultDeviceId: id });
	}
	return units;
}

export async function ingest(opts: IngestOptions): Promise<IngestReport> {
	const writer = await DatasetWriter.open(opts.threads);
	let output: DatasetOutput | undefined;
	try {
		const catalog: Catalog = { reviews: [], devices: [], inputs: [], errors: [], warnings: [] };
		const units = opts.paths?.length ? bareModeUnits(opts.paths, catalog) : dataModeUnits(resolve(opts.dataDir ?? 'data'), catalog);
		const known = new Set(catalog.devices.map((d) => d.device_id));
		const { errors } = catalog;
		for (const unit of units) checkSidecarDevices(unit, known, errors);
		const warnings: WarningRecord[] = [...catalog.warnings];
		output = await DatasetOutput.open(resolve(opts.out), writer, ingestVersion(), { waitMs: opts.lockWaitMs ?? 600_000, onWait: opts.onLockWait });
		const total = units.reduce((n, u) => n + u.files.length, 0);
		let done = 0;
		let files = catalog.inputs.length;
		let read = 0;
		const refused: InputError[] = [];
		const keys = units.map((u) => reviewKey(u));
		const reviewRows = new Map(catalog.reviews.map((r) => [r.review_id, r]));
		const kept = units.map((u, i) => output!.reusable(u.reviewId, keys[i]!, known));
		const unchanged = errors.length === 0 && kept.every(Boolean) ? output.unchanged(units.map((u) => u.reviewId), catalog.inputs) : undefined;
		if (unchanged) {
			// Nothing to write: the previous output is what this run would write, byte for byte.
			output.abort();
			const all = kept.map((m) => m!);
			const inputs = catalog.inputs.length + all.reduce((n, m) => n + m.inputs.length, 0);
			return { ok: true, errors, warnings: [...warnings, ...all.flatMap((m) => m.warnings)], refused: [], files: inputs, reviewsRead: 0, reviewsReused: units.length, manifest: unchanged };
		}
		// One review at a time, written as soon as it is read: memory holds one review, never the catalog.
		for (const [i, unit] of units.entries()) {
			const key = keys[i]!;
			const previous = kept[i];
			if (previous) {
				warnings.push(...previous.warnings);
				files += previous.inputs.length;
				done += unit.files.length;
				output.reuseReview(previous);
				continue;
			}
			const collect = async (u: ReviewUnit, onFile: (name: string) => void) => {
				await writer.reset();
				const collector = new Collector(writer, known);
				await collector.collectReview(u, onFile);
				await collector.flushSeries();
				return collector;
			};
			let collector = await collect(unit, (name) => opts.onProgress?.(++done, total, name));
			let left = unit;
			// Leaving a file out may fail another (a log whose run was in it): again, until no file fails.
			while (opts.keepGoing && collector.errors.length) {
				const failed = new Set(collector.errors.map((e) => e.file));
				const rest = left.files.filter((f) => !failed.has(`${unit.rel}/${f}`));
				if (rest.length === left.files.length) break; // errors that no one file holds
				refused.push(...collector.errors.filter((e) => !rest.some((f) => e.file === `${unit.rel}/${f}`)));
				left = { ...left, files: rest };
				collector = await collect(left, () => {});
			}
			read++;
			files += collector.inputs.length;
			warnings.push(...collector.warnings);
			errors.push(...collector.errors);
			// A review with files left out is never taken over by a later run: that run must see them fail again.
			const writtenKey = left === unit ? key : `${key}:partial`;
			// After the first error nothing more is written, but every review is still checked.
			if (errors.length === 0) await output.writeReview(unit.reviewId, writtenKey, collector, collector.warnings, reviewSource(unit, reviewRows.get(unit.reviewId)!));
		}
		const report: IngestReport = { ok: false, errors, warnings, refused, files, reviewsRead: read, reviewsReused: output.reused };
		if (errors.length) {
			output.abort();
			return report;
		}
		report.manifest = await output.finish({ reviews: catalog.reviews, devices: catalog.devices, inputs: catalog.inputs, warnings: warnings.length });
		report.ok = true;
		return report;
	} catch (err) {
		output?.abort();
		throw err;
	} finally {
		writer.close();
	}
}
