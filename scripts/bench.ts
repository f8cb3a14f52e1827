// npm run bench: speed and size figures, each a ratio measured side by side in this run.
//  1. ingest throughput on a generated ≥ 200 MB fio per-I/O log vs DuckDB's own read_csv → Parquet (aim ≥ 0.5)
//  2. the site: time to first chart, page weight, interaction → redraw (scripts/bench/site.ts)
// --only ingest|site runs one part.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { parseFioLogColumns } from '../src/lib/parsers/index.ts';
import { timeseries } from '../src/lib/schema.ts';
import { DatasetWriter } from './ingest/write-parquet.ts';
import { benchSite } from './bench/site.ts';

const { values } = parseArgs({
	options: { mb: { type: 'string', default: '200' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const targetBytes = Number(values.mb) * 1e6;
const rounds = Number(values.rounds);

/** A per-I/O clat log as fio 3.x writes it with log_offset=1 (6 columns), deterministic pseudo-random values. */
function generateLog(path: string): { bytes: number; lines: number } {
	const fd = openSync(path, 'w');
	let seed = 42;
	const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
	let bytes = 0;
	let lines = 0;
	let t = 0;
	while (bytes < targetBytes) {
		const parts: string[] = [];
		for (let i = 0; i < 20000; i++) {
			t += rand() < 0.3 ? 1 : 0;
			const lat = 20000 + Math.floor(rand() * 2000000);
			const ddir = rand() < 0.7 ? 0 : 1;
			const offset = Math.floor(rand() * 262144) * 4096;
			parts.push(`${t}, ${lat}, ${ddir}, 4096, ${offset}, 0x0000\n`);
		}
		const chunk = parts.join('');
		writeSync(fd, chunk);
		bytes += Buffer.byteLength(chunk);
		lines += parts.length;
	}
	closeSync(fd);
	return { bytes, lines };
}

interface Phases {
	read: number;
	parse: number;
	stage: number;
	write: number;
}

async function ourIngest(logPath: string, outPath: string, phases: Phases[]): Promise<number> {
	const started = performance.now();
	let t = started;
	const lap = () => {
		const now = performance.now();
		const d = now - t;
		t = now;
		return d;
	};
	const text = readFileSync(logPath, 'latin1');
	const read = lap();
	const parsed = parseFioLogColumns(text, 'bench_clat.1.log', { metric: 'clat', latencyUnit: 'ns', windowMs: null });
	const parse = lap();
	const writer = await DatasetWriter.open();
	try {
		await writer.appendSeries(
			{ review_id: 'bench', device_id: 'bench', run_id: null, series_id: 'bench:log', source_file: 'bench_clat.1.log', metric: 'clat', window_ms: null },
			{ ...parsed.columns, length: parsed.length },
		);
		const stage = lap();
		await writer.writeParquet(timeseries, outPath);
		phases.push({ read, parse, stage, write: lap() });
	} finally {
		writer.close();
	}
	return performance.now() - started;
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function benchIngest(): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'ssd-bench-'));
	try {
		const log = join(dir, 'bench_clat.1.log');
		process.stderr.write(`generating a ${values.mb} MB per-I/O fio log… `);
		const { bytes, lines } = generateLog(log);
		process.stderr.write(`${(bytes / 1e6).toFixed(0)} MB, ${lines} lines\n`);
		const ours: number[] = [];
		const phases: Phases[] = [];
		const duck: number[] = [];
		for (let r = 0; r < rounds; r++) {
			// Alternate the order so neither side always gets the warmer page cache.
			if (r % 2 === 0) {
				ours.push(await ourIngest(log, join(dir, 'ours.parquet'), phases));
				duck.push(await duckdbReadCsv(log, join(dir, 'duck.parquet')));
			} else {
				duck.push(await duckdbReadCsv(log, join(dir, 'duck.parquet')));
				ours.push(await ourIngest(log, join(dir, 'ours.parquet'), phases));
			}
		}
		const o = median(ours);
		const d = median(duck);
		const mbps = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
		console.log(`ingest, ${(bytes / 1e6).toFixed(0)} MB fio per-I/O log → Parquet (median of ${rounds}):`);
		console.log(`  ours (parse in JS + typed Parquet):   ${(o / 1000).toFixed(2)} s  ${mbps(o)} MB/s  ${statSync(join(dir, 'ours.parquet')).size} B`);
		console.log(`  DuckDB read_csv → Parquet:            ${(d / 1000).toFixed(2)} s  ${mbps(d)} MB/s  ${statSync(join(dir, 'duck.parquet')).size} B`);
		const p = (k: keyof Phases) => (median(phases.map((x) => x[k])) / 1000).toFixed(2);
		console.log(`    phases: read ${p('read')} s, parse ${p('parse')} s, stage in DuckDB ${p('stage')} s, write Parquet ${p('write')} s`);
		console.log(`  throughput ratio ours / DuckDB:       ${(d / o).toFixed(2)}  (aim ≥ 0.5)`);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (values.only !== 'site') await benchIngest();
if (values.only !== 'ingest') await benchSite();
