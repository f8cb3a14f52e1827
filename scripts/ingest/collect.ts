// Reads each raw file, parses it with the matching pure parser, checks the rows and gives them
// their place (review, device, run id). Problems are collected, never thrown, so a reviewer sees
// every bad file at once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { InputRecord, InputWarning } from '../../src/lib/dataset-layout.ts';
import type { SidecarFile, RunsSidecar } from '../../src/lib/metadata/runs-sidecar.ts';
import type { YamlLines } from './metadata.ts';
import type { FileFormat } from '../../src/lib/formats/format.ts';
import { fioLogMetricFromName } from '../../src/lib/formats/fio-log/naming.ts';
import { latencyUnitForFioVersion } from '../../src/lib/formats/fio/version.ts';
import { decodeText, legacyFormatOf } from '../../src/lib/formats/decode.ts';
import { DETECT_BYTES, detectFormat, formatById } from '../../src/lib/formats/index.ts';
import { ParseError, type ParseResult } from '../../src/lib/formats/parse-result.ts';
import type {
	ComparisonRow,
	FigureRow,
	HistogramRow,
	PercentileRow,
	RunRow,
} from '../../src/lib/schema.ts';
import { placeRun, resultSeriesKey, runIdOf, seriesIdOf, withRunId } from '../../src/lib/result-rows.ts';
import { crossCheckBandwidth, findInvalidValues } from '../../src/lib/validate.ts';
import { InputError, MAX_TEXT_BYTES, byCodePoint, scanText, type ScannedFile } from './files.ts';
import { globMatch } from '../../src/lib/glob.ts';
import { stageFioLogFile, type StagedLog } from './log-series.ts';
import { DIRECTION_CODES, VALUE_KINDS, type DatasetWriter, type SeriesColumns } from './write-parquet.ts';

/** One review folder (or one bare folder of logs) and its files. */
export interface ReviewUnit {
	reviewId: string;
	/** Folder of the review on disk. */
	dir: string;
	/** Folder relative to the ingested root ("reviews/<id>"). */
	rel: string;
	/** Files relative to the review folder ("published.csv", "raw/fio/x.json"). */
	files: string[];
	/** Metadata files read before the review's own files (its review.yaml), to list among its inputs. */
	metaInputs: InputRecord[];
	sidecar: RunsSidecar;
	/** The runs.yaml the sidecar was read from, and where its keys are. */
	sidecarSource?: { file: string; lineOf: YamlLines };
	/** Devices the review says it tested; the first subject is the default device. */
	defaultDeviceId: string | undefined;
}

export type WarningRecord = InputWarning;

/** Files in raw/ that are not benchmark output. */
const NOT_OUTPUT = [/^runs\.ya?ml$/, /\.fio$/, /^platform\.json$/, /^README/i, /\.md$/];

const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

const codeOf = (codes: readonly string[], value: string) => codes.indexOf(value);

export function inputRecord(path: string, content: string | Buffer, format: string): InputRecord {
	const buf = typeof content === 'string' ? Buffer.from(content) : content;
	return { path, bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex'), format };
}

/** Reads one review: its rows, inputs, raw files to publish, errors and warnings (a new Collector per review). */
export class Collector {
	readonly runs: RunRow[] = [];
	readonly percentiles: PercentileRow[] = [];
	readonly histograms: HistogramRow[] = [];
	readonly figures: FigureRow[] = [];
	readonly comparisons: ComparisonRow[] = [];
	readonly inputs: InputRecord[] = [];
	readonly errors: InputError[] = [];
	readonly warnings: WarningRecord[] = [];
	/** Raw files to publish beside the tables: [relative path, absolute path]. */
	readonly rawCopies: [string, string][] = [];
	timeseriesRows = 0;
	/** run rows per result file, keyed by runKey(review, path in raw/), for logs that point at them. */
	private readonly runsByFile = new Map<string, RunRow[]>();
	/** fio versions of each review's results, for logs whose run is not named. */
	private readonly fioVersions = new Map<string, Set<string>>();

	private readonly writer: DatasetWriter;
	/** Every device of the catalog. */
	private readonly known: ReadonlySet<string>;
	/** Devices the rows name. */
	readonly devicesUsed = new Set<string>();

	constructor(writer: DatasetWriter, knownDevices: ReadonlySet<string>) {
		this.writer = writer;
		this.known = knownDevices;
	}

	recordInput(relPath: string, absPath: string, file: { bytes: number; sha256: string }, format: string, publish: boolean): void {
		this.inputs.push({ path: relPath, bytes: file.bytes, sha256: file.sha256, format });
		if (publish) this.rawCopies.push([relPath, absPath]);
	}

	/** Devices the review's rows name, sorted. */
	usedDevices(): string[] {
		const ids = new Set(this.devicesUsed);
		for (const r of [...this.runs, ...this.figures, ...this.comparisons]) ids.add(r.device_id);
		for (const c of this.comparisons) if (c.basis_device_id) ids.add(c.basis_device_id);
		return [...ids].sort(byCodePoint);
	}

	/** Every output file of one review: result files first, so logs can find their run. */
	async collectReview(unit: ReviewUnit, onFile: (name: string) => void): Promise<void> {
		const isLog = (fmt: FileFormat | undefined) => fmt?.kind === 'log';
		// Each file is read once here, in pieces (checked, hashed, its format detected from its head); result files are
		// then read whole, up to MAX_TEXT_BYTES: a streamed log of any size is read again, in pieces, when its series is
		// written.
		this.inputs.push(...unit.metaInputs);
		const entries: { f: string; format: FileFormat | undefined; detected: FileFormat | undefined; text: string | undefined }[] = [];
		for (const f of unit.files.filter((name) => !NOT_OUTPUT.some((re) => re.test(basename(name))))) {
			const source = `${unit.rel}/${f}`;
			const scan = this.scan(unit, f);
			if (!scan) continue;
			if (scan.headBytes.every(isBlankByte)) {
				this.errors.push(new InputError(source, 'EMPTY_FILE', scan.bytes ? 'holds only blanks' : 'is empty (0 bytes): an interrupted copy or run?'));
				continue;
			}
			const { format, encoding, detected } = this.formatOf(unit, f, scan);
			if (!scan.utf8 && !encoding) {
				this.errors.push(new InputError(source, 'NOT_UTF8', 'file is not UTF-8 text, nor in another encoding its format comes in (UTF-16, GBK…: convert it to UTF-8)'));
				continue;
			}
			// Only what was read as benchmark output is published (under a name no browser renders: publishedRawPath).
			this.recordInput(source, join(unit.dir, f), scan, format?.id ?? 'unknown', format !== undefined);
			if (format && !format.streamed && scan.bytes > MAX_TEXT_BYTES) {
				const why = `${scan.bytes} bytes: ${format.id} files are read whole, up to ${MAX_TEXT_BYTES >> 20} MiB (only fio logs are read in pieces)`;
				this.errors.push(new InputError(source, 'FILE_TOO_LARGE', why));
				continue;
			}
			const text = format && !format.streamed ? decodeText(readFileSync(join(unit.dir, f)), encoding) : undefined;
			entries.push({ f, format, detected, text });
		}
		// The text of each file parsed whole, by its path in the review's folder: a format's companions are among them.
		const texts = new Map(entries.flatMap((e) => (e.text === undefined ? [] : [[e.f, e.text] as const])));
		for (const e of [...entries.filter((x) => !isLog(x.format)), ...entries.filter((x) => isLog(x.format))]) {
			const source = `${unit.rel}/${e.f}`;
			onFile(source);
			if (!e.format) {
				this.warnings.push({ file: source, code: 'UNKNOWN_FORMAT', message: 'not a recognized benchmark output; skipped' });
				continue;
			}
			const format = e.format;
			if (format.streamed) this.seriesJobs.push({ id: `${unit.reviewId}:${e.f}`, run: () => this.asForced(source, format, e.detected, () => this.collectLog(unit, e.f)) });
			else await this.asForced(source, format, e.detected, () => this.collectResult(unit, e.f, e.text!, format, texts));
		}
	}

	/** A parser's ParseError becomes one more reported problem; anything else is a bug and propagates. */
	private reportParseError(err: unknown): void {
		if (!(err instanceof ParseError)) throw err;
		this.errors.push(new InputError(err.file, err.code, err.reason, err.line, err.field));
	}

	private noDevice(source: string): void {
		this.errors.push(new InputError(source, 'NO_DEVICE', 'no device: list the file in raw/runs.yaml or name a subject device in review.yaml'));
	}

	private scan(unit: ReviewUnit, f: string): ReturnType<typeof scanText> {
		const scan = scanText(join(unit.dir, f), DETECT_BYTES);
		if (!scan) this.errors.push(new InputError(`${unit.rel}/${f}`, 'NOT_UTF8', 'file is binary or not UTF-8 text (convert UTF-16/GBK to UTF-8)'));
		return scan;
	}

	private sidecarEntry(unit: ReviewUnit, f: string): SidecarFile | undefined {
		const inRaw = f.replace(/^raw\//, '');
		let found: SidecarFile | undefined;
		for (const entry of unit.sidecar.files) {
			const p = entry.path;
			const matches = p === inRaw || (p.endsWith('/') && inRaw.startsWith(p)) || (p.includes('*') && globMatch(p, inRaw));
			if (matches) found = entry;
		}
		return found;
	}

	/**
	 * The file's format (raw/runs.yaml's `format:`, else detected) and, for a file that is not UTF-8, the encoding of
	 * that format's it decodes in (undefined: UTF-8, or no format has an encoding that fits).
	 */
	private formatOf(unit: ReviewUnit, f: string, scan: ScannedFile): { format: FileFormat | undefined; encoding?: string; detected?: FileFormat } {
		const forced = this.sidecarEntry(unit, f)?.format;
		const pick = (head: string) => (forced ? formatById(forced) : detectFormat(head, basename(f)));
		// With a format forced, what detection alone says: the error of a file that fails as the forced format names it.
		const detected = (head: string) => (forced ? detectFormat(head, basename(f)) : undefined);
		if (scan.utf8) {
			const head = decodeText(scan.headBytes);
			return { format: pick(head), detected: detected(head) };
		}
		const legacy = legacyFormatOf(scan.headBytes, pick);
		return legacy ? { format: legacy.format, encoding: legacy.encoding, detected: detected(legacy.head) } : { format: undefined };
	}

	/**
	 * Runs `work` on a file raw/runs.yaml forced to a format that detection would not give it: if the file then fails,
	 * its errors become one FORMAT_MISMATCH that says what the file looks like (a forced format that parses stays).
	 */
	private async asForced(source: string, format: FileFormat, detected: FileFormat | undefined, work: () => unknown): Promise<void> {
		const before = this.errors.length;
		try {
			await work();
		} catch (err) {
			this.reportParseError(err);
		}
		if (!detected || detected === format || this.errors.length === before) return;
		const first = this.errors[before]!;
		const why = `raw/runs.yaml says format: ${format.id}, but the file looks like ${detected.id}; read as ${format.id}: ${first.code} ${first.message}`;
		this.errors.splice(before, this.errors.length - before, new InputError(source, 'FORMAT_MISMATCH', why, first.line, first.field));
	}

	private sidecarDevice(unit: ReviewUnit, f: string): string | undefined {
		return this.sidecarEntry(unit, f)?.device_id ?? unit.sidecar.default_device_id;
	}

	private deviceFor(unit: ReviewUnit, f: string): string | undefined {
		return this.sidecarDevice(unit, f) ?? unit.defaultDeviceId;
	}

	/** The text of the companions a format reads with `f` that the folder holds: as read already, else read now. */
	private companionsOf(unit: ReviewUnit, f: string, format: FileFormat, texts: ReadonlyMap<string, string>): Record<string, string> {
		const dir = f.includes('/') ? f.slice(0, f.lastIndexOf('/') + 1) : '';
		const out: Record<string, string> = {};
		for (const name of format.companions?.(basename(f)) ?? []) {
			const read = texts.get(dir + name);
			if (read !== undefined) {
				out[name] = read;
				continue;
			}
			if (!unit.files.includes(dir + name)) continue;
			const scan = scanText(join(unit.dir, dir + name), DETECT_BYTES);
			if (scan && scan.bytes <= MAX_TEXT_BYTES) out[name] = decodeText(readFileSync(join(unit.dir, dir + name)), this.formatOf(unit, dir + name, scan).encoding);
		}
		return out;
	}

	private collectResult(unit: ReviewUnit, f: string, text: string, format: FileFormat, texts: ReadonlyMap<string, string>): void {
		const source = `${unit.rel}/${f}`;
		const context = { companions: this.companionsOf(unit, f, format, texts), knownDevices: this.known, toolVersion: format.kind === 'log' ? this.logFioVersion(unit, f) : undefined };
		const result = format.parse(text, source, context);
		if (!this.check(source, result)) return;
		const tables = [result.runs, result.percentiles, result.histograms, result.timeseries, result.figures, result.comparisons];
		if (format.kind !== 'log' && !format.mayBeEmpty && tables.every((t) => t.length === 0)) {
			this.errors.push(new InputError(source, 'NO_RUNS', `is a ${format.id} file that gives no result: cut short, or nothing ran?`));
			return;
		}
		const entry = this.sidecarEntry(unit, f);
		const device = this.deviceFor(unit, f);
		const known = this.known;
		const runIds = new Map<string, string>();
		const rows: RunRow[] = [];
		for (const r of result.runs) {
			const { run_key, review_id, device_id } = r;
			if (review_id !== undefined && review_id !== unit.reviewId) {
				this.errors.push(
					new InputError(source, 'REVIEW_MISMATCH', `row names review "${review_id}" inside review folder "${unit.reviewId}"`, r.source_line ?? undefined, 'review_id'),
				);
				return;
			}
			const dev = device_id ?? device;
			if (!dev) {
				this.noDevice(source);
				return;
			}
			if (!known.has(dev)) {
				// A device runs.yaml names is reported there, at its line (checkSidecarDevices).
				if (device_id === undefined && unit.sidecarSource && this.sidecarDevice(unit, f) === dev) return;
				this.errors.push(new InputError(source, 'UNKNOWN_DEVICE', `device "${dev}" has no data/devices/${dev}.yaml`, r.source_line ?? undefined, 'device_id'));
				return;
			}
			const row = placeRun(r, { reviewId: unit.reviewId, deviceId: dev, file: f, source, defaults: entry });
			runIds.set(run_key, row.run_id);
			rows.push(row);
		}
		const runIdOfKey = (key: string) => runIds.get(key) ?? runIdOf(unit.reviewId, f, key);
		this.runs.push(...rows);
		// A log is no run's result file (a histogram log would otherwise find itself as the file its name extends).
		if (format.kind !== 'log') this.runsByFile.set(runKey(unit, f.replace(/^raw\//, '')), rows);
		const versions = this.fioVersions.get(unit.reviewId) ?? new Set<string>();
		for (const r of rows) if (r.tool === 'fio' && r.tool_version) versions.add(r.tool_version);
		this.fioVersions.set(unit.reviewId, versions);
		for (const p of result.percentiles) this.percentiles.push(withRunId(p, runIdOfKey(p.run_key)));
		const histRun = format.kind === 'log' ? this.linkedRun(unit, f) : undefined;
		for (const h of result.histograms) this.histograms.push(withRunId(h, histRun ?? runIdOfKey(h.run_key)));
		for (const { run_key, ...fig } of result.figures) {
			this.figures.push({ ...fig, source_file: source, run_id: run_key === null ? null : runIdOfKey(run_key) });
		}
		for (const c of result.comparisons) this.comparisons.push({ ...c, source_file: source });
		if (result.timeseries.length) this.queueSeries(unit, f, result, device ?? '', runIdOfKey);
	}

	/**
	 * Series are appended after every file is read (logs need their run) and in series_id order, so
	 * the millions of points never need sorting. A job reads its log again when its turn comes.
	 */
	private readonly seriesJobs: { id: string; run: () => Promise<void> }[] = [];

	async flushSeries(): Promise<void> {
		const jobs = this.seriesJobs.sort((a, b) => byCodePoint(a.id, b.id));
		for (const job of jobs) {
			try {
				await job.run();
			} catch (err) {
				this.reportParseError(err);
			}
		}
		jobs.length = 0;
	}

	/** Timeseries rows from a result file (Iometer instantaneous): one series per metric and worker. */
	private queueSeries(unit: ReviewUnit, f: string, result: ParseResult, device: string, runIdOfKey: (key: string) => string): void {
		const groups = new Map<string, typeof result.timeseries>();
		for (const r of result.timeseries) {
			const k = resultSeriesKey(r);
			const list = groups.get(k) ?? [];
			list.push(r);
			groups.set(k, list);
		}
		if (device) this.devicesUsed.add(device);
		for (const [k, rows] of groups) {
			const id = seriesIdOf(unit.reviewId, f, k);
			this.seriesJobs.push({
				id,
				run: async () => {
					const valueOf = (r: (typeof rows)[number]) => r.iops ?? r.bw_bytes_per_s ?? r.lat_ns ?? 0;
					const cols: SeriesColumns = {
						length: rows.length,
						seq: rows.map((r) => r.seq),
						time_ms: rows.map((r) => r.time_ms),
						direction: rows.map((r) => codeOf(DIRECTION_CODES, r.direction)),
						value_kind: rows.map((r) => codeOf(VALUE_KINDS, r.value_kind ?? 'mean')),
						value: rows.map(valueOf),
						block_size_bytes: rows.map((r) => r.block_size_bytes ?? 0),
						offset_bytes: null,
						prio: null,
					};
					const runKey = rows[0]!.run_key;
					const info = { review_id: unit.reviewId, device_id: device, run_id: runKey ? runIdOfKey(runKey) : null, series_id: id, source_file: `${unit.rel}/${f}` };
					await this.writer.appendSeries({ ...info, metric: rows[0]!.metric, window_ms: rows[0]!.window_ms }, cols);
					this.timeseriesRows += rows.length;
				},
			});
		}
	}

	/** The run a log belongs to: sidecar run_of, then fio's ".N.log" job number. */
	private linkedRun(unit: ReviewUnit, f: string): string | undefined {
		const runOf = this.sidecarEntry(unit, f)?.run_of ?? this.resultNamedLike(unit, f);
		if (!runOf) return undefined;
		const rows = this.runsByFile.get(runKey(unit, runOf));
		if (!rows?.length) {
			this.warnings.push({ file: `${unit.rel}/${f}`, code: 'RUN_OF_MISSING', message: `run_of "${runOf}" has no parsed runs` });
			return undefined;
		}
		const jobIndex = fioLogMetricFromName(basename(f))?.jobIndex ?? null;
		// fio numbers logs of a job section 1…N; result files key their jobs job0…job(N-1).
		// Its job's rows (fio's group rows, when group_reporting printed them, are the same job's sums).
		const jobRows = rows.filter((r) => r.scope === 'job');
		const jobs = jobRows.length ? jobRows : rows.filter((r) => r.scope !== 'total');
		const keyOf = (r: RunRow) => r.run_id.slice(r.run_id.lastIndexOf('#') + 1);
		const byIndex = jobIndex !== null ? jobs.find((r) => keyOf(r) === `job${jobIndex - 1}`) : undefined;
		return (byIndex ?? (new Set(jobs.map(keyOf)).size === 1 ? jobs[0] : undefined))?.run_id;
	}

	/**
	 * The fio version a log was written by: raw/runs.yaml's fio_version, its run_of's, that of the result file its name
	 * extends, or the review's only one.
	 */
	private logFioVersion(unit: ReviewUnit, f: string): string | undefined {
		const entry = this.sidecarEntry(unit, f);
		const runOf = entry?.run_of ?? this.resultNamedLike(unit, f);
		const ofRun = runOf ? this.runsByFile.get(runKey(unit, runOf))?.[0]?.tool_version : undefined;
		return entry?.fio_version ?? ofRun ?? this.onlyFioVersion(unit);
	}

	/**
	 * The result file, in a log's folder, whose name (without its extension) the log's name begins with — the longest
	 * such — as a path inside raw/: fio names its logs after the job ("rw-4k.out" → "rw-4k-KERNEL_clat.log").
	 */
	private resultNamedLike(unit: ReviewUnit, f: string): string | undefined {
		const log = f.replace(/^raw\//, '');
		const folder = log.slice(0, log.lastIndexOf('/') + 1);
		const prefix = `${unit.reviewId}\u0000${folder}`;
		let best: string | undefined;
		for (const key of this.runsByFile.keys()) {
			if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) continue;
			const name = key.slice(prefix.length);
			const stem = name.replace(/\.[^.]*$/, '');
			if (stem && basename(log).startsWith(stem) && stem.length > (best?.replace(/\.[^.]*$/, '').length ?? 0)) best = name;
		}
		return best === undefined ? undefined : folder + best;
	}

	/** When every fio result of a review comes from one fio version, its logs do too. */
	private onlyFioVersion(unit: ReviewUnit): string | undefined {
		const versions = this.fioVersions.get(unit.reviewId);
		return versions?.size === 1 ? [...versions][0] : undefined;
	}

	/** One fio log: parsed a chunk at a time straight into the writer's staging (see log-series.ts). */
	private async collectLog(unit: ReviewUnit, f: string): Promise<void> {
		const source = `${unit.rel}/${f}`;
		const named = fioLogMetricFromName(basename(f));
		if (!named) {
			this.errors.push(
				new InputError(source, 'LOG_NAME', 'a fio log must keep fio\'s name <prefix>_<bw|iops|lat|clat|slat>[.N].log so its metric is known'),
			);
			return;
		}
		const entry = this.sidecarEntry(unit, f);
		const windowMs = entry?.log_avg_msec ? entry.log_avg_msec : null;
		const version = this.logFioVersion(unit, f);
		const opts = { metric: named.metric, latencyUnit: version ? latencyUnitForFioVersion(version) : undefined, windowMs };
		const device = this.deviceFor(unit, f);
		const key = { series_id: seriesIdOf(unit.reviewId, f), metric: named.metric };
		// Without a device the log is still read through, so that its parse errors are reported.
		const sink = device ? this.writer.beginSeries(key) : null;
		let staged: StagedLog;
		try {
			staged = await stageFioLogFile(join(unit.dir, f), source, opts, sink);
		} catch (err) {
			sink?.abort();
			// A log whose unit nothing tells is left out, not the batch: the warning says how to tell it.
			if (err instanceof ParseError && err.code === 'LATENCY_UNIT_UNKNOWN') {
				this.warnings.push({ file: source, code: 'LOG_SKIPPED', line: err.line, message: `not ingested: ${err.reason}` });
				return;
			}
			throw err;
		}
		for (const w of staged.warnings) this.warnings.push({ ...w, file: source });
		if (!sink) {
			this.noDevice(source);
			return;
		}
		if (staged.invalid) {
			sink.abort();
			this.errors.push(new InputError(source, 'INVALID_VALUE', `value is ${staged.invalid.value}`, staged.invalid.seq, 'value'));
			return;
		}
		this.devicesUsed.add(device!);
		await sink.end({
			...key,
			review_id: unit.reviewId,
			device_id: device!,
			run_id: this.linkedRun(unit, f) ?? null,
			source_file: source,
			window_ms: staged.meta.windowMs ?? null,
		});
		this.timeseriesRows += staged.rows;
	}

	/** Hard problems become errors; parser warnings and cross-checks become warnings. */
	private check(source: string, result: ParseResult): boolean {
		for (const w of [...result.warnings, ...crossCheckBandwidth(result)]) this.warnings.push({ ...w, file: source });
		const invalid = findInvalidValues(result);
		for (const p of invalid) this.errors.push(new InputError(source, p.code, p.message, p.line, p.field));
		return invalid.length === 0;
	}
}

/** Result files are named by their path inside raw/, which repeats from review to review: the key holds both. */
const runKey = (unit: ReviewUnit, pathInRaw: string) => `${unit.reviewId}\u0000${pathInRaw}`;
