// The ingest: data/ (or bare folders of logs) → checked rows → Parquet + manifest.json.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { runsSidecar, type RunsSidecar } from '../../src/lib/metadata/runs-sidecar.ts';
import { comparisons, devices, figures, histograms, percentiles, reviews, runs } from '../../src/lib/schema.ts';
import { Collector, type ReviewUnit, type WarningRecord } from './collect.ts';
import { InputError, byCodePoint, listFiles, slugify } from './files.ts';
import { bareDeviceRow, bareReviewRow, deviceRow, deviceYaml, loadYaml, reviewRow, reviewYaml } from './metadata.ts';
import { publish, type Manifest } from './publish.ts';
import { DatasetWriter } from './write-parquet.ts';

export interface IngestOptions {
	/** Data root holding reviews/ and devices/ (data mode). */
	dataDir?: string;
	/** Files or folders without metadata (bare mode). */
	paths?: string[];
	out: string;
	onProgress?: (done: number, total: number, name: string) => void;
}

export interface IngestReport {
	ok: boolean;
	errors: InputError[];
	warnings: WarningRecord[];
	files: number;
	manifest?: Manifest;
}

const toPosix = (p: string) => p.split(sep).join('/');

function loadSidecar(unitRel: string, dir: string, errors: InputError[], names = ['raw/runs.yaml', 'raw/runs.yml']): RunsSidecar {
	for (const name of names) {
		const p = join(dir, name);
		if (existsSync(p)) return loadYaml(`${unitRel}/${name}`, readFileSync(p, 'utf8'), runsSidecar, errors) ?? { files: [] };
	}
	return { files: [] };
}

function dataModeUnits(root: string, collector: Collector): ReviewUnit[] {
	const { errors } = collector;
	const devDir = join(root, 'devices');
	if (existsSync(devDir)) {
		for (const rel of listFiles(root, devDir, errors)) {
			if (!/\.ya?ml$/.test(rel)) continue;
			const id = basename(rel).replace(/\.ya?ml$/, '');
			const text = readFileSync(join(root, rel), 'utf8');
			collector.recordInput(rel, join(root, rel), text, 'device-yaml', false);
			const y = loadYaml(rel, text, deviceYaml, errors);
			if (y) collector.devices.push(deviceRow(id, y));
		}
	}
	const units: ReviewUnit[] = [];
	const revDir = join(root, 'reviews');
	if (!existsSync(revDir)) return units;
	const all = listFiles(root, revDir, errors);
	const ids = [...new Set(all.map((f) => f.split('/')[1]!))].sort(byCodePoint);
	const known = new Set(collector.devices.map((d) => d.device_id));
	for (const id of ids) {
		const rel = `reviews/${id}`;
		const dir = join(root, rel);
		const yamlRel = `${rel}/review.yaml`;
		if (!existsSync(join(root, yamlRel))) {
			errors.push(new InputError(rel, 'NO_REVIEW_YAML', 'every review folder needs a review.yaml'));
			continue;
		}
		const text = readFileSync(join(root, yamlRel), 'utf8');
		collector.recordInput(yamlRel, join(root, yamlRel), text, 'review-yaml', false);
		const y = loadYaml(yamlRel, text, reviewYaml, errors);
		if (!y) continue;
		y.devices_tested.forEach((d, i) => {
			if (!known.has(d.device_id)) {
				errors.push(new InputError(yamlRel, 'UNKNOWN_DEVICE', `device "${d.device_id}" has no data/devices/${d.device_id}.yaml`, undefined, `devices_tested.${i}.device_id`));
			}
		});
		collector.reviews.push(reviewRow(id, y));
		const sidecar = loadSidecar(rel, dir, errors);
		const files = all
			.filter((f) => f.startsWith(`${rel}/`))
			.map((f) => f.slice(rel.length + 1))
			.filter((f) => f !== 'review.yaml' && (f.startsWith('raw/') || /\.csv$/.test(f)));
		const subjects = y.devices_tested.filter((d) => d.role === 'subject');
		units.push({ reviewId: id, dir, rel, files, sidecar, defaultDeviceId: subjects.length === 1 ? subjects[0]!.device_id : undefined });
	}
	return units;
}

/** Bare mode: each folder (or each file's folder) becomes a review and a device named after it. */
function bareModeUnits(paths: string[], collector: Collector): ReviewUnit[] {
	const groups = new Map<string, { dir: string; files: Set<string> }>();
	for (const p of paths.map((x) => resolve(x))) {
		if (!existsSync(p)) {
			collector.errors.push(new InputError(p, 'NOT_FOUND', 'no such file or folder'));
			continue;
		}
		const isDir = statSync(p).isDirectory();
		const dir = isDir ? p : dirname(p);
		const g = groups.get(dir) ?? { dir, files: new Set<string>() };
		const found = isDir ? listFiles(dir, dir, collector.errors) : [toPosix(relative(dir, p))];
		for (const f of found) g.files.add(f);
		groups.set(dir, g);
	}
	const units: ReviewUnit[] = [];
	for (const { dir, files } of [...groups.values()].sort((a, b) => byCodePoint(a.dir, b.dir))) {
		const name = basename(dir);
		const id = slugify(name);
		if (!collector.devices.some((d) => d.device_id === id)) collector.devices.push(bareDeviceRow(id, name));
		collector.reviews.push(bareReviewRow(id, name, id));
		// A runs.yaml beside the files works as in raw/ (paths relative to the folder).
		const sidecar = loadSidecar(id, dir, collector.errors, ['runs.yaml', 'runs.yml']);
		units.push({ reviewId: id, dir, rel: id, files: [...files].sort(byCodePoint), sidecar, defaultDeviceId: id });
	}
	return units;
}

export async function ingest(opts: IngestOptions): Promise<IngestReport> {
	const writer = await DatasetWriter.open();
	try {
		const collector = new Collector(writer);
		const units = opts.paths?.length ? bareModeUnits(opts.paths, collector) : dataModeUnits(resolve(opts.dataDir ?? 'data'), collector);
		const total = units.reduce((n, u) => n + u.files.length, 0);
		let done = 0;
		for (const unit of units) {
			await collector.collectReview(unit, (name) => opts.onProgress?.(++done, total, name));
		}
		await collector.flushSeries();
		const report: IngestReport = { ok: false, errors: collector.errors, warnings: collector.warnings, files: collector.inputs.length };
		if (collector.errors.length) return report;
		await writer.append(reviews, collector.reviews);
		await writer.append(devices, collector.devices);
		await writer.append(runs, collector.runs);
		await writer.append(percentiles, collector.percentiles);
		await writer.append(histograms, collector.histograms);
		await writer.append(figures, collector.figures);
		await writer.append(comparisons, collector.comparisons);
		report.manifest = await publish(resolve(opts.out), writer, collector);
		report.ok = true;
		return report;
	} finally {
		writer.close();
	}
}
