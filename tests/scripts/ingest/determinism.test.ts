// The ingest's output is a function of the data, not of how it lies on disk or how it was parsed: the same reviews
// give byte-identical files (SHA-256 of every file under the output folder) when their folders and files were created
// in the opposite order (the order some file systems list them in, and inode numbers and times follow), and when a
// long fio log is parsed in pieces, every other one by the worker thread (scripts/ingest/log-series.ts), instead of
// whole on the main thread (the ingest splits only logs of 64 MiB or more: here a wrapper of stageFioLogFile lowers
// the thresholds), and whatever DuckDB's thread count (1 or 4 against the default 2). Time zone and locale are
// tests/scripts/ingest/pipeline.test.ts's.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import type { StagedLog } from '../../../scripts/ingest/log-series.ts';
import { ROOT } from '../../helpers/fixtures.ts';

/** How the ingest's logs are staged: the log-series defaults unless a run sets thresholds; what each log gave. */
const staging = vi.hoisted(() => ({ splitBytes: undefined as number | undefined, pieceBytes: undefined as number | undefined, staged: [] as [string, StagedLog][] }));

vi.mock('../../../scripts/ingest/log-series.ts', async (importOriginal) => {
	const mod = await importOriginal<typeof import('../../../scripts/ingest/log-series.ts')>();
	return {
		...mod,
		stageFioLogFile: async (...[path, source, opts, sink]: Parameters<typeof mod.stageFioLogFile>) => {
			const staged = await mod.stageFioLogFile(path, source, opts, sink, staging.splitBytes, staging.pieceBytes);
			staging.staged.push([source, staged]);
			return staged;
		},
	};
});

/**
 * Three reviews of different kinds: a fio sweep (json+ and its bw/iops/lat/clat/slat logs, 52 files), a Vdbench folder
 * (flatfile with its summary, totals and parmfile companions) and published figures with comparisons.
 */
const REVIEWS = ['lab-2026-virtual-disk-fio-sweep', 'vdbconvert-2016-vdbench-iorate-ramp', 'zdnet-2013-intel-dc-s3500'];

/**
 * And a review of a fio 3.16 JSON result with a clat log long enough to be cut in pieces (the log layout is chosen from
 * its first 2000 lines, so the reviews' own 60-line logs never are): the fixture's 480-line log of that run, repeated
 * 60 times one minute after another (28 800 lines, about 630 KB).
 */
const LONG_LOG_REVIEW = 'determinism-long-log';
const FIO_JSON = 'json-fio3.16-raid5-randrw-fsync.json';
const LONG_LOG = 'json-fio3.16-raid5-randrw-fsync_clat.1.log';
const REPEATS = 60;
const MINUTE_MS = 60_000;

function longLogReview(): [string, Buffer][] {
	const fio = join(ROOT, 'tests/fixtures/fio');
	const lines = readFileSync(join(fio, 'log-fio3.16-raid5-randrw_clat.1.log'), 'utf8').trimEnd().split('\n');
	const span = Number(lines[lines.length - 1]!.split(',')[0]) + 1;
	expect(span).toBeLessThanOrEqual(MINUTE_MS + 1000);
	const log = Array.from({ length: REPEATS }, (_, k) =>
		lines.map((l) => l.replace(/^\d+/, (t) => String(Number(t) + k * (MINUTE_MS + 1000)))).join('\n'),
	).join('\n');
	const dir = `reviews/${LONG_LOG_REVIEW}`;
	return [
		[`${dir}/review.yaml`, Buffer.from('title: One fio run with a long log\nlanguage: en\ndevices_tested:\n  - device_id: virtual-disk-virtio-blk\n')],
		[`${dir}/raw/${FIO_JSON}`, readFileSync(join(fio, FIO_JSON))],
		[`${dir}/raw/${LONG_LOG}`, Buffer.from(`${log}\n`)],
	];
}

const work = mkdtempSync(join(tmpdir(), 'determinism-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under `dir`, relative to it, in code-point order. */
function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
		.sort();
}

function hashes(dir: string): Record<string, string> {
	return Object.fromEntries(filesUnder(dir).map((f) => [f, createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')]));
}

/** The reviews and the devices they name, as [path in the data folder, bytes], in code-point order. */
function dataFiles(): [string, Buffer][] {
	const data = join(ROOT, 'data');
	const files: [string, Buffer][] = REVIEWS.flatMap((id) =>
		filesUnder(join(data, 'reviews', id)).map((f): [string, Buffer] => [`reviews/${id}/${f}`, readFileSync(join(data, 'reviews', id, f))]),
	);
	files.push(...longLogReview());
	const text = files.map(([, bytes]) => bytes.toString('utf8')).join('\n');
	const devices = filesUnder(join(data, 'devices')).filter((f) => text.includes(f.replace(/\.yaml$/, '')));
	return [...devices.map((f): [string, Buffer] => [`devices/${f}`, readFileSync(join(data, 'devices', f))]), ...files].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** A data folder whose folders and files are created in the order given. */
function writeData(root: string, files: [string, Buffer][]): string {
	for (const [path, bytes] of files) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), bytes);
	}
	return root;
}

async function ingested(data: string, out: string, threads?: number): Promise<Record<string, string>> {
	const report = await ingest({ dataDir: data, out, threads });
	expect(report.errors.map((e) => e.format())).toEqual([]);
	expect(report.ok).toBe(true);
	return hashes(out);
}

describe('ingest determinism', () => {
	const files = dataFiles();
	const forward = writeData(join(work, 'forward'), files);
	const reverse = writeData(join(work, 'reverse'), [...files].reverse());
	let reference: Record<string, string>;

	beforeAll(async () => {
		reference = await ingested(forward, join(work, 'out-forward'));
	}, 120_000);

	it('ingests the four reviews and the devices they name into Parquet tables', () => {
		expect(files.filter(([p]) => p.startsWith('devices/')).length).toBeGreaterThanOrEqual(3);
		expect(files.filter(([p]) => p.endsWith('.log')).length).toBeGreaterThan(1);
		expect(Object.keys(reference).filter((f) => f.endsWith('.parquet')).length).toBeGreaterThan(3);
	});

	it('gives the same bytes when the folders and files were created in reverse order', async () => {
		expect(await ingested(reverse, join(work, 'out-reverse'))).toEqual(reference);
	}, 120_000);

	it.each([1, 4])('gives the same bytes with DuckDB on %i thread(s)', async (threads) => {
		expect(await ingested(forward, join(work, `out-threads-${threads}`), threads)).toEqual(reference);
	}, 120_000);

	it('gives the same bytes when the logs are parsed in pieces, every other one by the worker thread', async () => {
		staging.splitBytes = 1;
		staging.pieceBytes = 16 << 10;
		staging.staged.length = 0;
		try {
			expect(await ingested(forward, join(work, 'out-worker'))).toEqual(reference);
		} finally {
			staging.splitBytes = undefined;
			staging.pieceBytes = undefined;
		}
		// The long log went in some 40 pieces, half of them through the worker; the short ones fit in their first piece.
		const long = staging.staged.find(([source]) => source.endsWith(LONG_LOG))?.[1];
		expect(long).toMatchObject({ worker: true, rows: REPEATS * 480 });
		expect(long!.pieces).toBeGreaterThan(20);
		expect(staging.staged.length).toBeGreaterThan(1);
	}, 120_000);
});
