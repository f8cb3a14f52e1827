// Files of any size are read in pieces (scripts/ingest/files.ts, log-series.ts). A file over 2 GiB, which no whole-file
// read accepts, gets a named error rather than a crash, as does a result file over the size parsed whole. A fio log three
// times the largest read the ingest may do goes through the whole ingest in a child process whose every file read is
// guarded (tests/helpers/read-guard.ts), so any code path that reads a file whole fails it: a fast stand-in for the
// 4 GiB log of `npm run bench -- --only biglog`, which measures the peak RSS.
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../../scripts/ingest/files.ts';
import { PIECE_BYTES } from '../../../scripts/ingest/log-series.ts';
import { ingest } from '../../../scripts/ingest/run.ts';
import type { DatasetManifest } from '../../../src/lib/dataset-layout.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const work = mkdtempSync(join(tmpdir(), 'big-files-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GUARD = join(ROOT, 'tests/helpers/read-guard.ts');
const guarded = (args: string[]) =>
	spawnSync(process.execPath, ['--import', GUARD, ...args], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, READ_GUARD_BYTES: String(PIECE_BYTES) },
		timeout: 60_000,
	});

/** A per-I/O clat log as fio 3.x writes it (6 columns, ns), of at least `bytes`; returns its lines. */
function writeLog(path: string, bytes: number): number {
	const fd = openSync(path, 'w');
	let lines = 0;
	try {
		for (let t = 0, written = 0; written < bytes; t++) {
			const block = Array.from({ length: 1000 }, (_, i) => `${t}, ${20000 + ((i * 7919) % 100000)}, ${i % 3 === 0 ? 1 : 0}, 4096, ${((t * 1000 + i) % 262144) * 4096}, 0x0000\n`);
			written += writeSync(fd, block.join(''));
			lines += block.length;
		}
	} finally {
		closeSync(fd);
	}
	return lines;
}

describe('files bigger than any read', () => {
	it('a file over 2 GiB gets a named error, not a crash', async () => {
		const dir = join(work, 'huge');
		mkdirSync(dir);
		// Sparse: 2 GiB + 1 byte of zeros that take no disk space; binary, which shows in its first piece.
		const fd = openSync(join(dir, 'huge_clat.1.log'), 'w');
		ftruncateSync(fd, 2 ** 31 + 1);
		closeSync(fd);
		const report = await ingest({ paths: [dir], out: join(work, 'huge-out') });
		expect(report.ok).toBe(false);
		expect(report.errors.map((e) => e.format())).toEqual(['huge/huge_clat.1.log: NOT_UTF8 file is binary or not UTF-8 text (convert UTF-16/GBK to UTF-8)']);
	}, 60_000);

	it('a result file, parsed whole, stops at MAX_TEXT_BYTES with a named error', async () => {
		const dir = join(work, 'big-json');
		mkdirSync(dir);
		const json = readFileSync(join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json'), 'utf8');
		writeFileSync(join(dir, 'padded.json'), json + ' '.repeat(MAX_TEXT_BYTES));
		const report = await ingest({ paths: [dir], out: join(work, 'big-json-out') });
		expect(report.errors.map((e) => e.format())).toEqual([
			`big-json/padded.json: FILE_TOO_LARGE ${Buffer.byteLength(json) + MAX_TEXT_BYTES} bytes: fio-json files are read whole, up to 64 MiB (only fio logs are read in pieces)`,
		]);
	});

	it('the read guard stops a whole-file read', () => {
		const path = join(work, 'guarded.log');
		writeLog(path, PIECE_BYTES + 1);
		const run = guarded(['--input-type=module', '-e', `import { readFileSync } from 'node:fs'; readFileSync(${JSON.stringify(path)});`]);
		expect(run.status).not.toBe(0);
		expect(run.stderr).toMatch(/read guard: readFileSync\(.*guarded\.log\) would hold \d+ bytes at once/);
	});

	it('a log three times the largest read goes through the whole ingest, no file read whole', () => {
		const dir = join(work, 'big-log');
		mkdirSync(dir);
		copyFileSync(join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json'), join(dir, 'randread.json'));
		const lines = writeLog(join(dir, 'big_clat.1.log'), 3 * PIECE_BYTES);
		const out = join(work, 'big-log-out');
		const run = guarded([join(ROOT, 'scripts/ingest.ts'), dir, '--out', out]);
		expect(run.status, run.stderr).toBe(0);
		const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DatasetManifest;
		expect(manifest.tables.timeseries!.rows).toBe(lines);
	}, 60_000);
});
