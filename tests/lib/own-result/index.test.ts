// "Bring your own result" (src/lib/own-result): a dropped file gives the rows the ingest publishes for the same file
// (only review, device and ids differ), the time series the chart's downsampling SQL gives, and the same problems,
// at the same lines, as the bad-input corpus expects of the ingest.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { OWN_DEVICE_ID, OWN_FILE_MAX_BYTES, OWN_REVIEW_ID, ownResultCsv, parseOwnFile, type OwnParse, type OwnParseOptions } from '../../../src/lib/own-result/index.ts';
import { sliceSeries } from '../../../src/lib/own-result/series.ts';
import { DEFAULT_BUCKETS, buildTimeseriesSql, type TimeseriesBucketRow } from '../../../src/lib/queries/timeseries.ts';
import { runs as runsTable } from '../../../src/lib/schema.ts';
import { TIMESERIES_POINT_COLUMNS, timeseriesPoints } from '../../../src/lib/charts/timeseries/points.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { readTable } from '../../helpers/dataset-files.ts';
import { LOCAL_FIXTURES, outputFoldersExcept } from '../../helpers/fixtures.ts';

const FIO_JSON = 'fio/json-fio3.14-crucial-sata-randread.json';
const FIO_JSON_217 = 'fio/json-fio2.17-pkb-gce-pd-hist-run.json';
const FIO_JSONPLUS = 'fio/generated/gen-fio3.33-jsonplus-randrw-perio-logs.json';
const FIO_TEXT = 'fio/text-fio3.28-microsd-terse-v3-plus-normal.txt';
const HIST_LOG = 'fio/generated/gen-fio3.33_clat_hist.1.log';
const PERIO_LOG = 'fio/generated/gen-fio3.33-perio_clat.1.log';
const FIO_JSON_316 = 'fio/json-fio3.16-raid5-randrw-fsync.json';
const BW_LOG = 'fio/log-fio3.16-raid5-randrw_bw.1.log';
const CLAT_LOG = 'fio/log-fio3.16-raid5-randrw_clat.1.log';
const IOMETER = readdirSync(join(LOCAL_FIXTURES, 'iometer')).map((f) => `iometer/${f}`);
const IOMETER_INST = 'iometer/synthetic-1.1.0-instantaneous.csv';
/** A result file of every other format with a fixture here (a Vdbench parmfile gives no rows alone: not dropped alone). */
const OTHERS = outputFoldersExcept('fio', 'fio-wild', 'iometer').flatMap((dir) =>
	readdirSync(join(LOCAL_FIXTURES, dir))
		.filter((f) => !f.endsWith('_parmfile.html'))
		.map((f) => `${dir}/${f}`),
);
/** A bare folder's name as the ingest makes its review id. */
const slug = (fixture: string) => nameOf(fixture).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

const bytesOf = (fixture: string) => new Uint8Array(readFileSync(join(LOCAL_FIXTURES, fixture)));
const nameOf = (fixture: string) => fixture.slice(fixture.lastIndexOf('/') + 1);

function parsed(fixture: string, options?: OwnParseOptions): Extract<OwnParse, { ok: true }> {
	const p = parseOwnFile(nameOf(fixture), bytesOf(fixture), options);
	if (!p.ok) throw new Error(`${fixture}: ${p.error.code} ${p.error.message}`);
	return p;
}

describe('a fio 3.14 JSON', () => {
	const p = parsed(FIO_JSON);

	it('gives runs of your drive in your result, in base units (checked against the file by hand)', () => {
		expect(p.format).toBe('fio-json');
		expect(p.runs.length).toBeGreaterThan(0);
		for (const r of p.runs) {
			expect(r).toMatchObject({ review_id: OWN_REVIEW_ID, device_id: OWN_DEVICE_ID, source_file: nameOf(FIO_JSON) });
			expect(r.run_id.startsWith(`${OWN_REVIEW_ID}:${nameOf(FIO_JSON)}#`)).toBe(true);
		}
		// jobs[0].read: "iops" : 7139.547674, "bw_bytes" : 29243587, "io_bytes" : 1754644480, clat_ns mean 127786.275053,
		// clat_ns percentile 99.000000 = 160768.
		const read = p.runs.find((r) => r.job_index === 0 && r.direction === 'read')!;
		expect(read).toMatchObject({ iops: 7139.547674, bw_bytes_per_s: 29243587, io_bytes: 1754644480, clat_mean_ns: 127786.275053, clat_p99_ns: 160768 });
		expect(read.tool).toBe('fio');
	});

	it('gives its percentiles, each tied to one of its runs', () => {
		expect(p.percentiles.length).toBeGreaterThan(0);
		const ids = new Set(p.runs.map((r) => r.run_id));
		for (const row of p.percentiles) expect(ids.has(row.run_id)).toBe(true);
		const read = p.runs.find((r) => r.job_index === 0 && r.direction === 'read')!;
		expect(p.percentiles).toContainEqual(expect.objectContaining({ run_id: read.run_id, stat: 'clat', direction: 'read', percentile: 99, value_ns: 160768 }));
	});
});

it('reads a fio 2.17 JSON (KiB/s and µs) in bytes/s and ns', () => {
	const p = parsed(FIO_JSON_217);
	// jobs[0].read: "iops" : 8086.673998, "bw" : 129386 (KiB/s, truncated), "io_bytes" : 1294256 (KiB before fio 2.21),
	// "runtime" : 10003 (ms), clat "mean" : 238.357679 (µs in fio 2.x). Bandwidth is io_bytes over the runtime, as
	// the ingest reads JSON before fio 3.2: 1,294,256 × 1024 / 10.003 = 132,492,066.8 B/s = 8086.674 IOPS × 16 KiB.
	const read = p.runs.find((r) => r.job_index === 0 && r.direction === 'read')!;
	expect(read.iops).toBe(8086.673998);
	expect(read.bw_bytes_per_s).toBeCloseTo((1294256 * 1024) / 10.003, 3);
	expect(read.bw_bytes_per_s! / read.iops!).toBeCloseTo(16384, 2);
	expect(read.clat_mean_ns).toBeCloseTo(238357.679, 6);
});

it('reads a fio 3.33 json+ with its histogram bins, each tied to one of its runs', () => {
	const p = parsed(FIO_JSONPLUS);
	expect(p.format).toBe('fio-json');
	expect(p.runs.every((r) => r.source_format === 'fio-jsonplus')).toBe(true);
	// jobs[0].read: "iops" : 299.850075, "bw_bytes" : 1228185; clat_ns.bins "60160" : 2 (the first bin, keyed by a value
	// inside it).
	const read = p.runs.find((r) => r.job_index === 0 && r.direction === 'read')!;
	expect(read).toMatchObject({ iops: 299.850075, bw_bytes_per_s: 1228185, clat_mean_ns: 120107.168333 });
	expect(p.histograms.filter((h) => h.run_id === read.run_id && h.direction === 'read' && h.stat === 'clat').length).toBe(101);
	const first = p.histograms.find((h) => h.run_id === read.run_id && h.direction === 'read' && h.stat === 'clat' && h.bin_lower_ns <= 60160 && 60160 < h.bin_upper_ns!);
	expect(first).toMatchObject({ source: 'fio-jsonplus', time_ms: null, count: 2 });
	const ids = new Set(p.runs.map((r) => r.run_id));
	for (const h of p.histograms) expect(ids.has(h.run_id)).toBe(true);
});

it('reads fio normal text with terse lines, and every Iometer results.csv layout', () => {
	expect(parsed(FIO_TEXT).runs.length).toBeGreaterThan(0);
	for (const f of IOMETER) {
		const p = parsed(f);
		expect(p.format, f).toMatch(/^iometer/);
		expect(p.runs.length + p.timeseries.length, f).toBeGreaterThan(0);
		for (const r of p.runs) expect(r.device_id).toBe(OWN_DEVICE_ID);
	}
});

it('reads a file in an encoding its format declares (UTF-16LE CrystalDiskMark, cp1251 DiskSpd), and no other', () => {
	const cdm = readFileSync(join(LOCAL_FIXTURES, 'other/synthetic-crystaldiskmark-7.0.0.txt'), 'utf8');
	const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cdm, 'utf16le')]));
	const asUtf8 = parsed('other/synthetic-crystaldiskmark-7.0.0.txt');
	const asUtf16 = parseOwnFile('synthetic-crystaldiskmark-7.0.0.txt', utf16);
	expect(asUtf16).toEqual(asUtf8);
	expect(asUtf8.format).toBe('crystaldiskmark-text');
	// "Имя компьютера: ТЕСТ" in cp1251 (U+0410…U+044F → 0xC0…0xFF) before a DiskSpd text.
	const cp1251 = (text: string) => Buffer.from([...text].map((c) => (c >= 'А' && c <= 'я' ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0))));
	const diskspd = readFileSync(join(LOCAL_FIXTURES, 'diskspd/diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt'));
	const p = parseOwnFile('diskspd.txt', new Uint8Array(Buffer.concat([cp1251('Имя компьютера: ТЕСТ\r\n'), diskspd])));
	expect(p).toMatchObject({ ok: true, format: 'diskspd-text' });
	if (p.ok) expect(p.runs.length).toBe(parsed('diskspd/diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt').runs.length);
	const fio = readFileSync(join(LOCAL_FIXTURES, FIO_JSON), 'utf8');
	const fioUtf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(fio, 'utf16le')]));
	expect(parseOwnFile('fio.json', fioUtf16)).toMatchObject({ ok: false, error: { code: 'NOT_UTF8' } });
});

describe('a fio clat log (fio 3.16: 4 columns, no prio, so µs or ns only the version tells)', () => {
	it('without the fio version: the parser says so, naming the line', () => {
		const p = parseOwnFile(nameOf(CLAT_LOG), bytesOf(CLAT_LOG));
		expect(p).toEqual({ ok: false, error: expect.objectContaining({ file: nameOf(CLAT_LOG), code: 'LATENCY_UNIT_UNKNOWN', line: 1 }) });
	});

	it('with it: rows the time-series chart draws, in ns, your drive', () => {
		const p = parsed(CLAT_LOG, { fioVersion: '3.16' });
		expect(p.format).toBe('fio-log');
		expect(p.runs).toEqual([]);
		expect(p.timeseries.length).toBeGreaterThan(0);
		expect(p.timeseries.length).toBeLessThanOrEqual(2 * DEFAULT_BUCKETS);
		for (const r of p.timeseries) expect(r).toMatchObject({ device_id: OWN_DEVICE_ID, review_id: OWN_REVIEW_ID, metric: 'clat', series_id: `${OWN_REVIEW_ID}:${nameOf(CLAT_LOG)}` });
		// Line 1 "429, 202375259, 1, 0": a write at 429 ms of 202375259 ns, the first write slice's first point.
		const firstWrite = p.timeseries.find((r) => r.direction === 'write')!;
		expect(firstWrite).toMatchObject({ bucket: 0, time_start_ms: 429 });
		expect(firstWrite.value_max).toBeGreaterThanOrEqual(202375259);
		expect(p.timeseries.reduce((n, r) => n + r.points, 0)).toBe(480);
		const points = timeseriesPoints(p.timeseries);
		expect(points.length).toBe(p.timeseries.length);
		expect(points[0]).toMatchObject({ device_id: OWN_DEVICE_ID, t_s: p.timeseries[0]!.time_ms / 1000 });
		for (const c of TIMESERIES_POINT_COLUMNS) expect(p.timeseries[0]).toHaveProperty(c);
	});
});

it('slices as the SQL does: the last point in the last slice, window maxima only raising the max (by hand)', () => {
	// read at 0 ms (mean 1, max 5) and 10 ms (mean 3, max 4), write at 7 ms; 2 slices: t0 = 0, t1 = 10.
	const slices = sliceSeries(
		{
			length: 5,
			time_ms: [0, 0, 10, 10, 7],
			direction: [0, 0, 0, 0, 1],
			directions: ['read', 'write'],
			value_kind: [0, 1, 0, 1, 0],
			value_kinds: ['mean', 'max'],
			value: [1, 5, 3, 4, null],
		},
		2,
	);
	expect(slices).toEqual([
		{ direction: 'read', bucket: 0, time_ms: 0, time_start_ms: 0, time_end_ms: 0, points: 2, value_mean: 1, value_min: 1, value_max: 5 },
		{ direction: 'read', bucket: 1, time_ms: 10, time_start_ms: 10, time_end_ms: 10, points: 2, value_mean: 3, value_min: 3, value_max: 4 },
		// One point, no value: counted, NULL values (never 0).
		{ direction: 'write', bucket: 0, time_ms: 7, time_start_ms: 7, time_end_ms: 7, points: 1, value_mean: null, value_min: null, value_max: null },
	]);
});

describe('the same files through the ingest', () => {
	const work = mkdtempSync(join(tmpdir(), 'own-result-'));
	const out = join(work, 'out');
	/** Each bare folder (a review, a device) and the fixtures in it; the clat log is read with its run's fio 3.16. */
	const folders: Record<string, string[]> = {
		...Object.fromEntries([FIO_JSON, FIO_JSON_217, FIO_TEXT, ...IOMETER, ...OTHERS].map((f) => [slug(f), [f]])),
		'fio-logs': [FIO_JSON_316, BW_LOG, CLAT_LOG],
		'fio-3-33': [FIO_JSONPLUS, HIST_LOG, PERIO_LOG],
	};
	afterAll(() => rmSync(work, { recursive: true, force: true }));
	beforeAll(async () => {
		for (const [folder, files] of Object.entries(folders)) {
			mkdirSync(join(work, folder));
			for (const f of files) writeFileSync(join(work, folder, nameOf(f)), readFileSync(join(LOCAL_FIXTURES, f)));
		}
		const report = await ingest({ paths: Object.keys(folders).map((f) => join(work, f)), out });
		expect(report.errors.map((e) => e.format())).toEqual([]);
	}, 120_000);

	const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
	/** A row without its review, device, run and file ids; its run as the key the parser gave it (after "#"). */
	function unplaced(row: Record<string, unknown>): Record<string, unknown> {
		const { review_id: _r, device_id: _d, run_id, source_file: _s, ...rest } = row;
		const out: Record<string, unknown> = { run: String(run_id).slice(String(run_id).lastIndexOf('#') + 1) };
		for (const [k, v] of Object.entries(rest)) out[k] = plain(v);
		return out;
	}
	const sorted = (rows: Record<string, unknown>[]) => rows.map(unplaced).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
	const ofFile = async (table: string, folder: string, fixture: string) =>
		(await readTable(out, table)).filter((r) => String(r.run_id).startsWith(`${folder}:${nameOf(fixture)}#`));

	const results = Object.entries(folders).flatMap(([folder, files]) => files.filter((f) => !f.endsWith('.log')).map((f) => [f, folder] as const));

	it.each(results)('%s: runs, percentiles and histograms equal the ingest\'s', async (fixture, folder) => {
		const own = parsed(fixture);
		const runs = (await readTable(out, 'runs')).filter((r) => r.review_id === folder && r.source_file === `${folder}/${nameOf(fixture)}`);
		expect(runs.length).toBe(own.runs.length);
		expect(sorted(own.runs)).toEqual(sorted(runs));
		for (const table of ['percentiles', 'histograms'] as const) {
			const theirs = await ofFile(table, folder, fixture);
			expect(sorted(own[table]), table).toEqual(sorted(theirs));
		}
	});

	/** The chart's downsampling SQL over the published series, beside the rows made in the browser. */
	async function sqlBuckets(seriesIds: string[]): Promise<TimeseriesBucketRow[]> {
		const conn = await openDataset(out);
		try {
			return await runQuery<TimeseriesBucketRow>(conn, buildTimeseriesSql({ seriesIds }));
		} finally {
			conn.closeSync();
		}
	}
	const comparable = (rows: TimeseriesBucketRow[]) =>
		rows.map(({ series_id, review_id: _r, device_id: _d, run_id: _u, source_file: _s, ...rest }) => ({ series: series_id.slice(series_id.indexOf(':') + 1), ...rest }));
	function expectClose(mine: TimeseriesBucketRow[], theirs: TimeseriesBucketRow[]): void {
		const a = comparable(mine);
		const b = comparable(theirs);
		expect(a.length).toBe(b.length);
		a.forEach((row, i) => {
			const other = b[i]! as Record<string, unknown>;
			for (const [k, v] of Object.entries(row)) {
				if (typeof v === 'number' && typeof other[k] === 'number') expect(v, `${i} ${k}`).toBeCloseTo(other[k] as number, 6);
				else expect(v, `${i} ${k}`).toEqual(other[k]);
			}
		});
	}

	it.each([
		[BW_LOG, 'fio-logs', {}],
		[CLAT_LOG, 'fio-logs', { fioVersion: '3.16' }],
		[PERIO_LOG, 'fio-3-33', {}],
	] as const)('%s: slices equal the SQL of the chart, steady-state windows included', async (fixture, folder, options) => {
		const own = parsed(fixture, options);
		const theirs = await sqlBuckets([`${folder}:${nameOf(fixture)}`]);
		expect(theirs.length).toBeGreaterThan(0);
		expectClose(own.timeseries, theirs);
	});

	it('a fio histogram log: the bins the ingest publishes (linked there to the run of its folder, here to none)', async () => {
		const own = parsed(HIST_LOG, { fioVersion: '3.33' });
		expect(own.histograms.length).toBeGreaterThan(0);
		const theirs = (await readTable(out, 'histograms')).filter((r) => String(r.run_id).startsWith('fio-3-33:') && r.source === 'fio-histlog');
		const bins = (rows: Record<string, unknown>[]) => sorted(rows).map(({ run: _run, ...rest }) => rest);
		expect(bins(own.histograms)).toEqual(bins(theirs));
	});

	it('an Iometer instantaneous file: one series per metric and worker, as the ingest makes them', async () => {
		const own = parsed(IOMETER_INST);
		const folder = slug(IOMETER_INST);
		const ids = [...new Set(own.timeseries.map((r) => r.series_id.replace(`${OWN_REVIEW_ID}:`, `${folder}:`)))];
		expect(ids.length).toBeGreaterThan(1);
		const theirs = await sqlBuckets(ids);
		expect(new Set(theirs.map((r) => r.series_id)).size).toBe(ids.length);
		expectClose(own.timeseries, theirs);
	});
});

describe('problems', () => {
	interface Problem {
		code: string;
		line?: number;
		field?: string;
		message?: string;
	}
	const BAD = join(LOCAL_FIXTURES, 'bad');
	// The ingest reads the corpus's logs beside a fio 3.14 result (tests/scripts/ingest/bad-inputs.test.ts): the same version here.
	const KINDS: Record<string, OwnParseOptions> = { 'raw-result': {}, 'fio-log': { fioVersion: '3.14-6-g97134' } };
	const cases = Object.entries(KINDS).flatMap(([kind, options]) =>
		readdirSync(join(BAD, kind))
			.filter((f) => !f.endsWith('.expect.json'))
			.map((file) => {
				const expected = JSON.parse(readFileSync(join(BAD, kind, `${file.replace(/\.[^.]+$/, '')}.expect.json`), 'utf8')) as { errors: Problem[]; warnings: Problem[] };
				return [`${kind}/${file}`, { kind, file, options, expected }] as const;
			}),
	);
	const like = (p: Problem) => ({
		code: p.code,
		...(p.line !== undefined ? { line: p.line } : {}),
		...(p.field !== undefined ? { field: p.field } : {}),
		...(p.message !== undefined ? { message: expect.stringContaining(p.message) } : {}),
	});

	it('the corpus is there', () => {
		expect(cases.filter(([, c]) => c.expected.errors.length > 0).length).toBeGreaterThan(40);
	});

	it.each(cases)('%s: what the ingest reports, at the same line and field', (_, c) => {
		const p = parseOwnFile(c.file, new Uint8Array(readFileSync(join(BAD, c.kind, c.file))), c.options);
		if (c.expected.errors.length) {
			expect(p.ok).toBe(false);
			if (p.ok) return;
			expect(p.error).toMatchObject({ file: c.file, ...like(c.expected.errors[0]!) });
			expect(Object.keys(p.error).sort()).toEqual(['code', 'field', 'file', 'line', 'message']);
		} else {
			expect(p.ok).toBe(true);
			if (!p.ok) return;
			expect(p.warnings).toEqual(c.expected.warnings.map((w) => expect.objectContaining({ file: c.file, ...like(w) })));
		}
	});

	it('a text that is no benchmark output: UNKNOWN_FORMAT, naming the formats read', () => {
		const p = parseOwnFile('notes.txt', new TextEncoder().encode('Dear diary,\ntoday the SSD was fast.\n'));
		expect(p).toEqual({ ok: false, error: expect.objectContaining({ file: 'notes.txt', code: 'UNKNOWN_FORMAT', line: null, field: null }) });
		if (!p.ok) expect(p.error.message).toMatch(/fio-json.*iometer/);
	});

	it('a file over the cap: TOO_LARGE, naming the cap, before anything is decoded', () => {
		const big = new Uint8Array(OWN_FILE_MAX_BYTES + 1);
		const p = parseOwnFile('huge.json', big);
		expect(p).toEqual({ ok: false, error: expect.objectContaining({ file: 'huge.json', code: 'TOO_LARGE' }) });
		if (!p.ok) expect(p.error.message).toContain(`${OWN_FILE_MAX_BYTES / 1024 / 1024} MiB`);
		// The same zeros one byte under the cap are read, and refused as binary.
		expect(parseOwnFile('huge.json', big.subarray(1))).toMatchObject({ ok: false, error: { code: 'NOT_UTF8' } });
	});

	it('a fio log that lost its name: LOG_NAME, as the ingest says', () => {
		const p = parseOwnFile('renamed.log', bytesOf(BW_LOG));
		expect(p).toMatchObject({ ok: false, error: { file: 'renamed.log', code: 'LOG_NAME', line: null } });
	});
});

describe('ownResultCsv', () => {
	it('is the runs with the published runs columns, one line per run, through the one CSV writer', () => {
		const p = parsed(FIO_TEXT);
		const csv = ownResultCsv(p);
		expect(csv.startsWith('\uFEFF')).toBe(true);
		const lines = csv.slice(1).split('\r\n');
		expect(lines.pop()).toBe('');
		expect(lines[0]).toBe(runsTable.columns.map((c) => c.name).join(','));
		expect(lines.length).toBe(p.runs.length + 1);
		const header = lines[0]!.split(',');
		const first = lines[1]!.split(',');
		expect(first[header.indexOf('device_id')]).toBe(OWN_DEVICE_ID);
		expect(Number(first[header.indexOf('iops')])).toBe(p.runs[0]!.iops);
		// NULL ("not measured") is an empty cell, never 0.
		const nullColumn = runsTable.columns.findIndex((c) => p.runs[0]![c.name as keyof (typeof p.runs)[0]] === null);
		expect(nullColumn).toBeGreaterThanOrEqual(0);
		expect(first[nullColumn]).toBe('');
	});
});

describe('parseInWorker (the page side, with a stand-in Worker)', () => {
	/** A Worker that records what it is sent and answers as `reply` says (or never). */
	class FakeWorker {
		static last: FakeWorker | undefined;
		static reply: ((w: FakeWorker, data: { name: string; buffer: ArrayBuffer }) => void) | null = null;
		onmessage: ((e: { data: unknown }) => void) | null = null;
		onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
		onmessageerror: (() => void) | null = null;
		url: string;
		options: unknown;
		transfer: unknown[] = [];
		terminated = false;
		constructor(url: URL, options: unknown) {
			this.url = url.href;
			this.options = options;
			FakeWorker.last = this;
		}
		postMessage(data: { name: string; buffer: ArrayBuffer }, transfer: unknown[]): void {
			this.transfer = transfer;
			setTimeout(() => FakeWorker.reply?.(this, data), 0);
		}
		terminate(): void {
			this.terminated = true;
		}
	}
	const real = globalThis.Worker;
	beforeAll(() => {
		globalThis.Worker = FakeWorker as unknown as typeof Worker;
	});
	afterAll(() => {
		globalThis.Worker = real;
	});
	const load = () => import('../../../src/lib/browser/own-result.ts');

	it('refuses a file over the cap without reading it or starting a worker', async () => {
		const { parseInWorker } = await load();
		FakeWorker.last = undefined;
		let read = false;
		const file = { name: 'big.log', size: OWN_FILE_MAX_BYTES + 1, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) } as unknown as File;
		expect(await parseInWorker(file)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE', file: 'big.log' } });
		expect(read).toBe(false);
		expect(FakeWorker.last).toBeUndefined();
	});

	it("hands the bytes over (transferred) to a module worker, answers with its reply, and ends the worker", async () => {
		const { parseInWorker } = await load();
		FakeWorker.reply = (w, data) => w.onmessage?.({ data: parseOwnFile(data.name, new Uint8Array(data.buffer)) });
		const file = new File([readFileSync(join(LOCAL_FIXTURES, FIO_JSON))], nameOf(FIO_JSON));
		const p = await parseInWorker(file);
		expect(p).toEqual(parsed(FIO_JSON));
		const w = FakeWorker.last!;
		expect(w.url).toMatch(/own-result-worker\.ts$/);
		expect(w.options).toEqual({ type: 'module' });
		expect(w.transfer.length).toBe(1);
		expect(w.transfer[0]).toBeInstanceOf(ArrayBuffer);
		expect(w.terminated).toBe(true);
	});

	it('stops a worker that takes too long (TIMEOUT) or fails', async () => {
		const { parseInWorker } = await load();
		FakeWorker.reply = null;
		const file = new File(['x'], 'slow.json');
		expect(await parseInWorker(file, 20)).toMatchObject({ ok: false, error: { code: 'TIMEOUT', file: 'slow.json', line: null } });
		expect(FakeWorker.last!.terminated).toBe(true);
		FakeWorker.reply = (w) => w.onerror?.({ message: 'boom', preventDefault() {} });
		expect(await parseInWorker(file)).toMatchObject({ ok: false, error: { code: 'WORKER_FAILED', message: expect.stringContaining('boom') } });
		expect(FakeWorker.last!.terminated).toBe(true);
	});
});
