// The timeseries path of the ingest: points staged as typed arrays in a plain Parquet file
// (staging-parquet.ts), written out by DuckDB with their text columns (write-parquet.ts), long
// logs read in pieces, every other one parsed by a worker thread (log-series.ts). What comes out must be what the
// parser gives, row for row, in key order, the same bytes every time.
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { LINE_TOO_LONG, MAX_LINE_BYTES, readPieces, stageFioLog, stageFioLogFile, type StagedLog } from '../../../scripts/ingest/log-series.ts';
import { StagingParquetWriter } from '../../../scripts/ingest/staging-parquet.ts';
import { DatasetWriter, type SeriesColumns, type SeriesInfo, type SeriesSink } from '../../../scripts/ingest/write-parquet.ts';
import { fioLogMetricFromName } from '../../../src/lib/formats/fio-log/naming.ts';
import { parseFioLog, parseFioLogColumns, type FioLogOptions } from '../../../src/lib/formats/fio-log/reader.ts';
import { ParseError } from '../../../src/lib/formats/parse-result.ts';
import { timeseries } from '../../../src/lib/schema.ts';
import { listFixtures, readFixture } from '../../helpers/fixtures.ts';

const work = mkdtempSync(join(tmpdir(), 'ts-staging-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let files = 0;
const tmpFile = (name: string) => join(work, `${++files}-${name}`);

async function query(sql: string): Promise<Record<string, unknown>[]> {
	const instance = await DuckDBInstance.create(':memory:');
	const conn = await instance.connect();
	try {
		return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
	} finally {
		conn.closeSync();
		instance.closeSync();
	}
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const info = (series_id: string, metric: SeriesInfo['metric']): SeriesInfo => ({
	review_id: 'r',
	device_id: 'd',
	run_id: null,
	series_id,
	source_file: `${series_id}.log`,
	metric,
	window_ms: null,
});

/** Writes the series given (in order) with a fresh writer; returns timeseries.parquet's path. */
async function writeSeries(...series: { info: SeriesInfo; cols: SeriesColumns }[]): Promise<string> {
	const writer = await DatasetWriter.open();
	try {
		for (const s of series) await writer.appendSeries(s.info, s.cols);
		const out = tmpFile('timeseries.parquet');
		await writer.writeParquet(timeseries, out);
		return out;
	} finally {
		writer.close();
	}
}

/** A synthetic per-I/O series of n rows, numbers derived from the row index. */
function synthetic(n: number, seed: number): SeriesColumns {
	const at = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
	return {
		length: n,
		seq: at((i) => i + 1),
		time_ms: at((i) => Math.floor(i / 3) + seed),
		direction: Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) % 3),
		value_kind: new Uint8Array(n).fill(2),
		value: at((i) => ((i * 2654435761 + seed) % 1000003) + 0.5),
		block_size_bytes: at(() => 4096),
		offset_bytes: at((i) => i * 4096),
		prio: at((i) => i % 2),
	};
}

describe('staging Parquet', () => {
	it('DuckDB and hyparquet read back exactly the values written; a rollback drops the row groups after the mark', async () => {
		const path = tmpFile('staged.parquet');
		const w = new StagingParquetWriter(path, [
			{ name: 'a', type: 'INT32' },
			{ name: 'b', type: 'DOUBLE' },
		]);
		w.writeRowGroup(3, [Int32Array.of(1, -1, 2147483647), Float64Array.of(0.5, -1, 2 ** 53)]);
		const mark = w.mark();
		w.writeRowGroup(2, [Int32Array.of(7, 8), Float64Array.of(7, 8)]);
		w.rollback(mark);
		w.writeRowGroup(2, [Int32Array.of(-2147483648, 0), Float64Array.of(1e300, -0.25)]);
		w.finish();
		const expected = [
			{ a: 1, b: 0.5 },
			{ a: -1, b: -1 },
			{ a: 2147483647, b: 2 ** 53 },
			{ a: -2147483648, b: 1e300 },
			{ a: 0, b: -0.25 },
		];
		expect(await query(`SELECT * FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`)).toEqual(
			expected.map((r, i) => ({ ...r, file_row_number: BigInt(i) })),
		);
		const buf = readFileSync(path);
		const file = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) as ArrayBuffer;
		expect(await parquetReadObjects({ file })).toEqual(expected);
		const groups = await query(`SELECT count(*)::INTEGER AS groups FROM parquet_metadata('${path}') WHERE column_id = 0`);
		expect(groups).toEqual([{ groups: 2 }]);
	});
});

const LOGS = listFixtures('fio').filter((f) => fioLogMetricFromName(f.name) !== undefined);

/** Options a fixture parses with: metric from its name, ns unless only µs works. */
function optionsFor(name: string, text: string): FioLogOptions {
	const metric = fioLogMetricFromName(name)!.metric;
	for (const latencyUnit of ['ns', 'us'] as const) {
		try {
			parseFioLogColumns(text, name, { metric, latencyUnit, windowMs: 1000 });
			return { metric, latencyUnit, windowMs: 1000 };
		} catch (e) {
			if (!(e instanceof ParseError)) throw e;
		}
	}
	throw new Error(`${name} parses with neither unit`);
}

describe('timeseries.parquet', () => {
	const eachLog = it.each(LOGS.map((f) => [f.name, f] as const));
	eachLog('%s: every row the parser gives, NULL where the log has no such column', async (name, f) => {
		const text = readFixture(f);
		const opts = optionsFor(name, text);
		const c = parseFioLogColumns(text, name, opts);
		const out = await writeSeries({ info: info('r:log', opts.metric), cols: { ...c.columns, length: c.length } });
		const written = await query(`SELECT * FROM read_parquet('${out}', file_row_number = true) ORDER BY file_row_number`);
		const expected = parseFioLog(text, name, opts).timeseries.map((r, i) => ({
			series_id: 'r:log',
			seq: BigInt(r.seq),
			direction: r.direction,
			time_ms: BigInt(r.time_ms),
			value_kind: r.value_kind,
			iops: r.iops,
			bw_bytes_per_s: r.bw_bytes_per_s,
			lat_ns: r.lat_ns,
			block_size_bytes: r.block_size_bytes === null ? null : BigInt(r.block_size_bytes),
			offset_bytes: r.offset_bytes === null ? null : BigInt(r.offset_bytes),
			prio: r.prio,
			file_row_number: BigInt(i),
		}));
		expect(written).toEqual(expected);
	});

	it('writes the schema columns and a hand-checked first row (gen-fio3.33-perio_clat.1.log)', async () => {
		const f = LOGS.find((l) => l.name === 'fio/generated/gen-fio3.33-perio_clat.1.log')!;
		const c = parseFioLogColumns(readFixture(f), f.name, { metric: 'clat', latencyUnit: 'ns' });
		const out = await writeSeries({ info: info('r:clat', 'clat'), cols: { ...c.columns, length: c.length } });
		const cols = await query(`DESCRIBE SELECT * FROM '${out}'`);
		expect(cols.map((r) => `${r.column_name} ${r.column_type}`)).toEqual(timeseries.columns.map((col) => `${col.name} ${col.type}`));
		// Line 1 is "0, 301288, 0, 4096, 1011712, 0x0000": time 0 ms, clat 301288 ns (fio 3.33 logs ns),
		// ddir 0 = read, 4 KiB at offset 1011712, prio 0x0000 = 0; a clat log fills lat_ns only.
		expect((await query(`SELECT * FROM '${out}' LIMIT 1`))[0]).toEqual({
			series_id: 'r:clat',
			seq: 1n,
			direction: 'read',
			time_ms: 0n,
			value_kind: 'per_io',
			iops: null,
			bw_bytes_per_s: null,
			lat_ns: 301288,
			block_size_bytes: 4096n,
			offset_bytes: 1011712n,
			prio: 0,
		});
	});

	it('keeps key order across row groups and series of several metrics, and gives the same bytes twice', async () => {
		const n = 150_000; // more than a row group (122880 rows, staged and written)
		const iometer: SeriesColumns = {
			length: 5,
			seq: [1, 2, 3, 4, 5],
			time_ms: [0, 999.5, 2000.4, 3000.5, 4000],
			direction: [3, 3, 0, 1, 2],
			value_kind: [0, 0, 0, 0, 1],
			value: [10, 11, 12, 13, 14],
			block_size_bytes: [0, 4096, 0, 4096, 0],
		};
		const series = [
			{ info: info('a:bw', 'bw'), cols: synthetic(n, 1) },
			{ info: info('b:iometer', 'iops'), cols: iometer },
			{ info: info('c:lat', 'lat'), cols: synthetic(n, 2) },
		];
		const out = await writeSeries(...series);
		expect(sha(await writeSeries(...series))).toBe(sha(out));
		const [summary] = await query(`SELECT count(*)::INTEGER AS n,
			count(*) FILTER (WHERE pq IS NOT NULL AND (series_id, seq) <= (ps, pq))::INTEGER AS out_of_order
			FROM (SELECT series_id, seq, lag(series_id) OVER w AS ps, lag(seq) OVER w AS pq
				FROM read_parquet('${out}', file_row_number = true) WINDOW w AS (ORDER BY file_row_number))`);
		expect(summary).toEqual({ n: 2 * n + 5, out_of_order: 0 });
		// Each series fills only its metric's column; Iometer's bs 0 is NULL, times round half away from 0
		// (999.5 → 1000, 2000.4 → 2000, 3000.5 → 3001).
		const iometerRows = await query(`SELECT seq, direction, time_ms, value_kind, iops, bw_bytes_per_s, lat_ns, block_size_bytes,
			offset_bytes, prio FROM '${out}' WHERE series_id = 'b:iometer' ORDER BY seq`);
		const none = { bw_bytes_per_s: null, lat_ns: null, offset_bytes: null, prio: null };
		expect(iometerRows).toEqual([
			{ seq: 1n, direction: 'mixed', time_ms: 0n, value_kind: 'mean', iops: 10, block_size_bytes: null, ...none },
			{ seq: 2n, direction: 'mixed', time_ms: 1000n, value_kind: 'mean', iops: 11, block_size_bytes: 4096n, ...none },
			{ seq: 3n, direction: 'read', time_ms: 2000n, value_kind: 'mean', iops: 12, block_size_bytes: null, ...none },
			{ seq: 4n, direction: 'write', time_ms: 3001n, value_kind: 'mean', iops: 13, block_size_bytes: 4096n, ...none },
			{ seq: 5n, direction: 'trim', time_ms: 4000n, value_kind: 'max', iops: 14, block_size_bytes: null, ...none },
		]);
		const metrics = await query(`SELECT series_id, count(iops)::INTEGER AS iops, count(bw_bytes_per_s)::INTEGER AS bw,
			count(lat_ns)::INTEGER AS lat FROM '${out}' GROUP BY ALL ORDER BY series_id`);
		expect(metrics).toEqual([
			{ series_id: 'a:bw', iops: 0, bw: n, lat: 0 },
			{ series_id: 'b:iometer', iops: 5, bw: 0, lat: 0 },
			{ series_id: 'c:lat', iops: 0, bw: 0, lat: n },
		]);
	});

	it('leaves no trace of an aborted series, even one that sent rows of earlier series out with its own', async () => {
		const a = { info: info('a', 'clat' as const), cols: synthetic(1000, 1) };
		const c = { info: info('c', 'clat' as const), cols: synthetic(2000, 3) };
		const writer = await DatasetWriter.open();
		const out = tmpFile('timeseries.parquet');
		try {
			await writer.appendSeries(a.info, a.cols);
			const b = writer.beginSeries({ series_id: 'b', metric: 'bw' });
			b.append(synthetic(300_000, 2)); // two staged row groups, the first holding a's rows
			b.abort();
			await writer.appendSeries(c.info, c.cols);
			await writer.writeParquet(timeseries, out);
			expect(await writer.rowCount(timeseries)).toBe(3000);
		} finally {
			writer.close();
		}
		expect(sha(out)).toBe(sha(await writeSeries(a, c)));
	});

	it('refuses series out of order, two open at once, bad codes, and writing while one is open', async () => {
		const writer = await DatasetWriter.open();
		try {
			await writer.appendSeries(info('b', 'iops'), synthetic(10, 1));
			expect(() => writer.beginSeries({ series_id: 'a', metric: 'iops' })).toThrow(/out of order/);
			const c = writer.beginSeries({ series_id: 'c', metric: 'iops' });
			expect(() => writer.beginSeries({ series_id: 'd', metric: 'iops' })).toThrow(/still open/);
			expect(() => c.append({ ...synthetic(3, 1), direction: [0, 4, 1] })).toThrow(/out of range/);
			await expect(writer.writeParquet(timeseries, tmpFile('x.parquet'))).rejects.toThrow(/still open/);
			c.abort();
			expect(await writer.rowCount(timeseries)).toBe(10);
		} finally {
			writer.close();
		}
	});
});

describe('reading a log in pieces', () => {
	it('cuts only after line ends, makes room for a line longer than a piece, and decodes UTF-8 as one read would', () => {
		const text = `1, 2\n${'9'.repeat(50)}\nµs é\n\n3, 4\n${'x'.repeat(7)}`;
		const path = tmpFile('pieces.log');
		writeFileSync(path, text);
		const fd = openSync(path, 'r');
		try {
			const pieces = [...readPieces(fd, 0, Buffer.byteLength(text), 16)];
			expect(pieces.join('')).toBe(text);
			for (const p of pieces.slice(0, -1)) expect(p).toMatch(/\n$/);
			// The 51-byte line does not fit the 16-byte buffer: it grows, and the line comes whole.
			expect(pieces[1]).toMatch(new RegExp(`^${'9'.repeat(50)}\n`));
			const from = Buffer.byteLength('1, 2\n');
			expect([...readPieces(fd, from, from + 51, 8)]).toEqual([`${'9'.repeat(50)}\n`]);
			expect([...readPieces(fd, 0, 0)]).toEqual([]);
		} finally {
			closeSync(fd);
		}
	});
});

describe('long logs read in pieces, every other one parsed by a worker', () => {
	// Fixtures repeated to about 20000 lines (some 600 kB), so that a first piece of 100 kB holds
	// the 2000 lines the layout is chosen from.
	const long = LOGS.flatMap((f) => {
		const text = readFixture(f);
		if (!text.endsWith('\n')) return [];
		return [{ name: f.name, text: text.repeat(Math.ceil(20000 / text.split('\n').length)) }];
	});
	// Every log in pieces shared with a worker; one also in pieces without a worker, and in one piece.
	const withWorker = { way: 'pieces with a worker', splitBytes: 1, pieceBytes: 100_000 };
	const inPieces = { way: 'pieces', splitBytes: Infinity, pieceBytes: 100_000 };
	const inOne = { way: 'one piece', splitBytes: 1, pieceBytes: 8 << 20 };
	const ways = (name: string) => (name.endsWith('gen-fio3.33-perio_clat.1.log') ? [withWorker, inPieces, inOne] : [withWorker]);
	const cases = long.flatMap((l) => ways(l.name).map((w) => [`${l.name} in ${w.way}`, l, w] as const));

	it.each(cases)('%s: the bytes, warnings and meta of one pass', async (name, l, w) => {
		const path = tmpFile('x.log');
		writeFileSync(path, l.text);
		const opts = optionsFor(l.name, l.text);
		const run = async (stage: (sink: SeriesSink) => Promise<StagedLog>) => {
			const writer = await DatasetWriter.open();
			try {
				const key = { series_id: 'r:x', metric: opts.metric };
				const sink = writer.beginSeries(key);
				const staged = await stage(sink);
				await sink.end({ ...info('r:x', opts.metric), window_ms: staged.meta.windowMs });
				const out = tmpFile('timeseries.parquet');
				await writer.writeParquet(timeseries, out);
				return { staged, sha: sha(out) };
			} finally {
				writer.close();
			}
		};
		const one = await run(async (sink) => stageFioLog(l.text, name, opts, sink));
		const split = await run((sink) => stageFioLogFile(path, name, opts, sink, w.splitBytes, w.pieceBytes));
		expect(one.staged).toMatchObject({ pieces: 1, worker: false });
		const pieces = Math.ceil(l.text.length / w.pieceBytes);
		expect(split.staged).toMatchObject({ pieces: expect.any(Number), worker: w.splitBytes === 1 && pieces > 1 });
		expect(split.staged.pieces).toBeGreaterThanOrEqual(pieces);
		expect({ ...split.staged, pieces: 1, worker: false }).toEqual(one.staged);
		expect(split.sha).toBe(one.sha);
	});

	it('reports a bad line of a piece the worker parsed with its line number in the file', async () => {
		// 5000 lines "t, 100, 0, 4096, 0" of 22 bytes, pieces of 500 lines: the layout takes pieces 1–5, this thread
		// parses 6 and 8, the worker 7 and 9 (lines 4001–4500); line 4500 has ddir 7.
		const lines = Array.from({ length: 5000 }, (_, i) => `${1000 + i}, 100, ${i === 4499 ? 7 : 0}, 4096, 0\n`);
		const path = tmpFile('bad_clat.1.log');
		writeFileSync(path, lines.join(''));
		const opts: FioLogOptions = { metric: 'clat', latencyUnit: 'ns' };
		await expect(stageFioLogFile(path, 'bad_clat.1.log', opts, null, 1, 22 * 500)).rejects.toThrow(
			new ParseError('LOG_VALUE', 'bad_clat.1.log', { line: 4500, field: 'ddir' }, 'is 7; fio logs only 0 (read), 1 (write) or 2 (trim)'),
		);
		writeFileSync(path, lines.join('').replace('5499, 100, 7,', '5499, 100, 0,'));
		const staged = await stageFioLogFile(path, 'bad_clat.1.log', opts, null, 1, 22 * 500);
		expect(staged).toMatchObject({ worker: true, pieces: 6, rows: 5000, meta: { lines: 5000 } });
	});

	it('stops at a line longer than MAX_LINE_BYTES, naming it, wherever it is', async () => {
		const lines = Array.from({ length: 5000 }, (_, i) => `${1000 + i}, 100, 0, 4096, 0\n`);
		const long = `1, ${'1'.repeat(MAX_LINE_BYTES)}, 0, 4096, 0\n`;
		const opts: FioLogOptions = { metric: 'clat', latencyUnit: 'ns' };
		const path = tmpFile('long_clat.1.log');
		// In the first piece, in the lines the layout is chosen from, in a piece of this thread, in one of the worker.
		for (const at of [0, 1200, 2700, 3200]) {
			writeFileSync(path, [...lines.slice(0, at), long, ...lines.slice(at)].join(''));
			await expect(stageFioLogFile(path, 'long_clat.1.log', opts, null, 1, 22 * 500), `line ${at + 1}`).rejects.toThrow(
				new ParseError('LOG_LINE_TOO_LONG', 'long_clat.1.log', { line: at + 1 }, 'is longer than 8 MiB; fio writes lines of under 200 bytes'),
			);
		}
		const fd = openSync(path, 'r');
		try {
			expect([...readPieces(fd, 0, 22 * 3200 + long.length, 22 * 500)].at(-1)).toBe(LINE_TOO_LONG);
		} finally {
			closeSync(fd);
		}
	});
});
