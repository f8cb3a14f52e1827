// npm run bench: speed and size figures, each a ratio measured side by side in this run.
//  1. ingest throughput on a generated ≥ 200 MB fio per-I/O log vs DuckDB's own read_csv → Parquet (aim ≥ 0.5)
//  2. the site: time to first chart, page weight, interaction → redraw (scripts/bench/site.ts)
// --only ingest|site runs one part. --catalog N[,N…] [--keep] runs only the catalog scaling bench (scripts/bench/catalog-run.ts);
// with --only find, only its finder column, on sites built with their pages over the whole catalog only (minutes at 1,000 reviews).
// --only biglog [--sizes 0.5,1,2,4] runs only this: per-I/O logs of each size in GiB (4 alone by default) beside a small
// review through `npm run ingest`, each with its time, throughput and peak RSS, side by side with the same ingest of a
// 200 MB log in the same run (aim: throughput at every size within 1.3× of the 200 MB one, peak RSS < 400 MB).
// --only fuzz|scale [--size N] runs the long form of a test `npm test` runs short (scripts/bench/long-tests.ts): the
// parsers' fuzz for N s per format (30), the browser's partition checks on a catalog of N generated reviews (30).
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DatasetManifest } from '../src/lib/dataset-layout.ts';
import { timeseries } from '../src/lib/schema.ts';
import { stageFioLogFile } from './ingest/log-series.ts';
import { DatasetWriter } from './ingest/write-parquet.ts';
import { benchCatalog } from './bench/catalog-run.ts';
import { benchLongTest } from './bench/long-tests.ts';
import { TIME, runNode } from './bench/run-node.ts';
import { benchSite, median } from './bench/site.ts';

const { values } = parseArgs({
	options: {
		mb: { type: 'string', default: '200' },
		rounds: { type: 'string', default: '3' },
		only: { type: 'string' },
		catalog: { type: 'string' },
		keep: { type: 'boolean', default: false },
		sizes: { type: 'string', default: '4' },
		size: { type: 'string' },
	},
});
const ROOT = resolve(import.meta.dirname, '..');
const targetBytes = Number(values.mb) * 1e6;
const rounds = Number(values.rounds);

/** A per-I/O clat log as fio 3.x writes it with log_offset=1 (6 columns), deterministic pseudo-random values, grown in
 * place: `growTo` appends lines until the file holds at least that many bytes, so one file serves every size of a run. */
class GeneratedLog {
	bytes = 0;
	lines = 0;
	private seed = 42;
	private t = 0;
	readonly path: string;
	constructor(path: string) {
		this.path = path;
		closeSync(openSync(path, 'w'));
	}
	private rand(): number {
		return (this.seed = (this.seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
	}
	growTo(targetBytes: number): this {
		const fd = openSync(this.path, 'a');
		try {
			while (this.bytes < targetBytes) {
				const parts: string[] = [];
				for (let i = 0; i < 20000; i++) {
					this.t += this.rand() < 0.3 ? 1 : 0;
					const lat = 20000 + Math.floor(this.rand() * 2000000);
					const ddir = this.rand() < 0.7 ? 0 : 1;
					const offset = Math.floor(this.rand() * 262144) * 4096;
					parts.push(`${this.t}, ${lat}, ${ddir}, 4096, ${offset}, 0x0000\n`);
				}
				const chunk = parts.join('');
				writeSync(fd, chunk);
				this.bytes += Buffer.byteLength(chunk);
				this.lines += parts.length;
			}
		} finally {
			closeSync(fd);
		}
		return this;
	}
}

interface Phases {
	/** Reading, parsing and staging go together: a worker parses every other piece, chunks are staged as parsed. */
	readParseStage: number;
	write: number;
}

/** The ingest's own path for a fio log (collect.ts collectLog): read and parse into the staging, write timeseries.parquet. */
async function ourIngest(logPath: string, outPath: string, phases: Phases[]): Promise<{ ms: number; rows: number }> {
	const started = performance.now();
	const writer = await DatasetWriter.open();
	try {
		const t = performance.now();
		const key = { series_id: 'bench:log', metric: 'clat' } as const;
		const sink = writer.beginSeries(key);
		const staged = await stageFioLogFile(logPath, 'bench_clat.1.log', { metric: 'clat', latencyUnit: 'ns', windowMs: null }, sink);
		await sink.end({ ...key, review_id: 'bench', device_id: 'bench', run_id: null, source_file: 'bench_clat.1.log', window_ms: null });
		const t2 = performance.now();
		await writer.writeParquet(timeseries, outPath);
		phases.push({ readParseStage: t2 - t, write: performance.now() - t2 });
		return { ms: performance.now() - started, rows: staged.rows };
	} finally {
		writer.close();
	}
}

async function duckdbReadCsv(logPath: string, outPath: string): Promise<number> {
	const started = performance.now();
	const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
	const conn = await instance.connect();
	await conn.run(
		`COPY (SELECT * FROM read_csv('${logPath}', header = false, columns = {'time_ms': 'BIGINT', 'value': 'BIGINT', 'ddir': 'INTEGER',
		'bs': 'BIGINT', 'offset': 'BIGINT', 'prio': 'VARCHAR'})) TO '${outPath}' (FORMAT parquet, COMPRESSION snappy)`,
	);
	conn.closeSync();
	instance.closeSync();
	return performance.now() - started;
}

/** DuckDB's own COPY … (FORMAT parquet), default options, of exactly our rows: the size and write time to match. */
async function duckdbCopySameRows(oursPath: string, outPath: string): Promise<number> {
	const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
	const conn = await instance.connect();
	try {
		await conn.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${oursPath}')`);
		const started = performance.now();
		await conn.run(`COPY t TO '${outPath}' (FORMAT parquet)`);
		return performance.now() - started;
	} finally {
		conn.closeSync();
		instance.closeSync();
	}
}

/** Not timed: every line became one row, in key order, with the schema's columns. */
async function checkOutput(path: string, lines: number): Promise<void> {
	const instance = await DuckDBInstance.create(':memory:');
	const conn = await instance.connect();
	try {
		const described = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM '${path}'`)).getRowObjects();
		const cols = described.map((r) => `${r.column_name} ${r.column_type}`);
		const expected = timeseries.columns.map((c) => `${c.name} ${c.type}`);
		if (cols.join(', ') !== expected.join(', ')) throw new Error(`ours has columns ${cols.join(', ')}`);
		const r = await conn.runAndReadAll(`SELECT count(*)::INTEGER AS n,
			count(*) FILTER (WHERE seq <> file_row_number + 1)::INTEGER AS misplaced FROM read_parquet('${path}', file_row_number = true)`);
		const { n, misplaced } = r.getRowObjects()[0]!;
		if (n !== lines || misplaced !== 0) throw new Error(`ours has ${n} rows of ${lines}, ${misplaced} out of line order`);
	} finally {
		conn.closeSync();
		instance.closeSync();
	}
}


async function benchIngest(): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'ssd-bench-'));
	try {
		const log = join(dir, 'bench_clat.1.log');
		process.stderr.write(`generating a ${values.mb} MB per-I/O fio log… `);
		const { bytes, lines } = new GeneratedLog(log).growTo(targetBytes);
		process.stderr.write(`${(bytes / 1e6).toFixed(0)} MB, ${lines} lines\n`);
		const ours: number[] = [];
		const phases: Phases[] = [];
		const duck: number[] = [];
		const outputs = new Set<string>();
		const oursOnce = async () => {
			const r = await ourIngest(log, join(dir, 'ours.parquet'), phases);
			if (r.rows !== lines) throw new Error(`ours staged ${r.rows} rows of ${lines} lines`);
			outputs.add(createHash('sha256').update(readFileSync(join(dir, 'ours.parquet'))).digest('hex'));
			ours.push(r.ms);
		};
		for (let r = 0; r < rounds; r++) {
			// Alternate the order so neither side always gets the warmer page cache.
			if (r % 2 === 0) {
				await oursOnce();
				duck.push(await duckdbReadCsv(log, join(dir, 'duck.parquet')));
			} else {
				duck.push(await duckdbReadCsv(log, join(dir, 'duck.parquet')));
				await oursOnce();
			}
		}
		if (outputs.size !== 1) throw new Error(`ours gave ${outputs.size} different timeseries.parquet files for one input`);
		await checkOutput(join(dir, 'ours.parquet'), lines);
		const copyMs = await duckdbCopySameRows(join(dir, 'ours.parquet'), join(dir, 'duck-copy.parquet'));
		const size = (name: string) => statSync(join(dir, name)).size;
		const o = median(ours);
		const d = median(duck);
		const mbps = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
		console.log(`ingest, ${(bytes / 1e6).toFixed(0)} MB fio per-I/O log → Parquet (median of ${rounds}):`);
		console.log(`  ours (parse in JS + typed Parquet):   ${(o / 1000).toFixed(2)} s  ${mbps(o)} MB/s  ${statSync(join(dir, 'ours.parquet')).size} B`);
		console.log(`  DuckDB read_csv → Parquet:            ${(d / 1000).toFixed(2)} s  ${mbps(d)} MB/s  ${statSync(join(dir, 'duck.parquet')).size} B`);
		const p = (k: keyof Phases) => (median(phases.map((x) => x[k])) / 1000).toFixed(2);
		console.log(`    phases: read + parse + stage ${p('readParseStage')} s, write Parquet ${p('write')} s`);
		console.log(`  the same rows by DuckDB's COPY (FORMAT parquet), default options: ${size('duck-copy.parquet')} B, written in ${(copyMs / 1000).toFixed(2)} s`);
		console.log(`  size ratio ours / DuckDB's COPY of the same rows: ${(size('ours.parquet') / size('duck-copy.parquet')).toFixed(2)}  (aim ≤ 1)`);
		console.log(`  throughput ratio ours / DuckDB:       ${(d / o).toFixed(2)}  (aim ≥ 0.5)`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

interface BigLogRun {
	bytes: number;
	lines: number;
	ms: number;
	peakRssKb: number | null;
}

/** `npm run ingest` of a review holding the log as it is now (one fio JSON beside it), in a child process. */
async function ingestBigLogReview(dir: string, review: string, log: GeneratedLog): Promise<BigLogRun> {
	const out = join(dir, 'out');
	rmSync(out, { recursive: true, force: true });
	const step = await runNode([join(ROOT, 'scripts/ingest.ts'), review, '--out', out], ROOT, join(dir, 'ingest.log'));
	if (!step.ok) throw new Error(`ingest failed: ${step.reason}`);
	const rows = (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DatasetManifest).tables.timeseries!.rows;
	if (rows !== log.lines) throw new Error(`the ingest wrote ${rows} timeseries rows of ${log.lines} lines`);
	rmSync(out, { recursive: true, force: true });
	return { bytes: log.bytes, lines: log.lines, ms: step.ms, peakRssKb: step.peakRssKb };
}

/** Per-I/O logs of each `--sizes` GiB (one file grown in place) and first a 200 MB one, each beside a small review. */
async function benchBigLog(sizesGib: number[]): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'ssd-bench-biglog-'));
	try {
		const review = join(dir, 'big-log-review');
		mkdirSync(review);
		copyFileSync(join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json'), join(review, 'randread.json'));
		const log = new GeneratedLog(join(review, 'big_clat.1.log'));
		const runs: BigLogRun[] = [];
		let inProcess: BigLogRun | undefined;
		for (const target of [targetBytes, ...sizesGib.map((g) => g * 2 ** 30)]) {
			const started = performance.now();
			log.growTo(target);
			if (!inProcess) {
				const r = await ourIngest(log.path, join(dir, 'ours.parquet'), []);
				inProcess = { bytes: log.bytes, lines: log.lines, ms: r.ms, peakRssKb: null };
				rmSync(join(dir, 'ours.parquet'));
			}
			process.stderr.write(`${(log.bytes / 2 ** 30).toFixed(2)} GiB log (${log.lines} lines) grown in ${((performance.now() - started) / 1000).toFixed(0)} s, ingesting… `);
			runs.push(await ingestBigLogReview(dir, review, log));
			process.stderr.write(`${(runs.at(-1)!.ms / 1000).toFixed(1)} s\n`);
		}
		const mbps = (r: BigLogRun) => r.bytes / 1e6 / (r.ms / 1000);
		const base = runs[0]!;
		console.log(`big log: per-I/O fio clat logs beside a small review → npm run ingest (one run each; peak RSS by ${TIME} %M, or VmHWM sampled):`);
		console.log('  log size     lines        time      throughput   vs 200 MB   peak RSS');
		for (const r of runs) {
			const size = r === base ? `${(r.bytes / 1e6).toFixed(0)} MB` : `${(r.bytes / 2 ** 30).toFixed(2)} GiB`;
			const rss = r.peakRssKb === null ? 'unknown' : `${(r.peakRssKb / 1024).toFixed(0)} MB`;
			console.log(`  ${size.padEnd(11)}  ${String(r.lines).padEnd(11)}  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${mbps(r).toFixed(1).padStart(7)} MB/s  ${(mbps(base) / mbps(r)).toFixed(2).padStart(7)}×    ${rss}`);
		}
		console.log(`  the ingest bench's part alone (stage + timeseries Parquet, in this process) on the ${(base.bytes / 1e6).toFixed(0)} MB log: ${mbps(inProcess!).toFixed(1)} MB/s`);
		console.log('  (aim: every size within 1.3× of the 200 MB throughput, peak RSS < 400 MB)');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

function gibSizes(text: string): number[] {
	const sizes = text.split(',').map(Number);
	if (sizes.some((n) => !(n > 0))) throw new Error(`--sizes ${text}: expected sizes in GiB such as 4 or 0.5,1,2,4`);
	return sizes.sort((a, b) => a - b);
}

function catalogSizes(text: string): number[] {
	const sizes = text.split(',').map(Number);
	if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--catalog ${text}: expected sizes such as 100 or 100,300,1000`);
	return sizes;
}

if (values.catalog !== undefined) {
	await benchCatalog(catalogSizes(values.catalog), values.keep, values.only === 'find');
} else if (values.only === 'fuzz' || values.only === 'scale') {
	if (!benchLongTest(ROOT, values.only, values.size === undefined ? undefined : Number(values.size))) process.exitCode = 1;
} else if (values.only === 'biglog') {
	await benchBigLog(gibSizes(values.sizes));
} else {
	if (values.only !== 'site') await benchIngest();
	if (values.only !== 'ingest') await benchSite();
}
