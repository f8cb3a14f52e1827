import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import type { DatasetManifest, ReviewManifest } from '../../../src/lib/dataset-layout.ts';
import { TABLES } from '../../../src/lib/schema.ts';
import { openDataset } from '../../../src/lib/build/db.ts';
import { readTable } from '../../helpers/dataset-files.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const NODE = process.execPath;
const work = mkdtempSync(join(tmpdir(), 'ingest-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A bare folder of real fio output: JSON, json+, a log with its fio version known from the name only. */
function makeBareFolder(name: string): string {
	const dir = join(work, name);
	mkdirSync(dir, { recursive: true });
	for (const f of ['json-fio3.14-crucial-sata-randread.json', 'json-fio2.18-randread-qd1-nj1.json', 'generated/gen-fio3.33-jsonplus-randrw-perio-logs.json']) {
		cpSync(join(ROOT, 'tests/fixtures/fio', f), join(dir, f.split('/').pop()!));
	}
	cpSync(join(ROOT, 'tests/fixtures/fio/generated/gen-fio3.33-perio_clat.1.log'), join(dir, 'gen_clat.1.log'));
	return dir;
}

function hashes(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (d: string, rel: string) => {
		for (const f of readdirSync(d, { withFileTypes: true })) {
			const r = rel ? `${rel}/${f.name}` : f.name;
			if (f.isDirectory()) walk(join(d, f.name), r);
			else out[r] = createHash('sha256').update(readFileSync(join(d, f.name))).digest('hex');
		}
	};
	walk(dir, '');
	return out;
}

function runCli(args: string[], env: Record<string, string> = {}) {
	return spawnSync(NODE, [join(ROOT, 'scripts/ingest.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('ingest of a bare folder (no metadata)', () => {
	let folder: string;
	let out: string;
	beforeAll(async () => {
		folder = makeBareFolder('My Drive 1TB');
		out = join(work, 'out-bare');
		const report = await ingest({ paths: [folder], out });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.ok).toBe(true);
	});

	it('names review and device after the folder and writes every table with a manifest', async () => {
		const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DatasetManifest;
		expect(Object.keys(manifest.tables).sort()).toEqual(TABLES.map((t) => t.name).sort());
		const review = JSON.parse(readFileSync(join(out, manifest.reviews['my-drive-1tb']!.path), 'utf8')) as ReviewManifest;
		const files = [...TABLES.filter((t) => !t.partitioned).map((t) => ({ ...manifest.tables[t.name]!, sha256: manifest.tables[t.name]!.sha256! })), ...Object.values(review.partitions)];
		for (const t of files) {
			const buf = readFileSync(join(out, t.path));
			expect(createHash('sha256').update(buf).digest('hex'), t.path).toBe(t.sha256);
			expect(buf.length).toBe(t.bytes);
		}
		// One file per review of each partitioned table with rows, hive-style; review_id lives in the folder name.
		expect(Object.keys(review.partitions).sort()).toEqual(['histograms', 'percentiles', 'runs', 'series', 'steady_state', 'timeseries']);
		expect(review.partitions.runs!.path).toBe('runs/review_id=my-drive-1tb/part-0.parquet');
		const inFile = await parquetReadObjects({ file: toArrayBuffer(readFileSync(join(out, review.partitions.runs!.path))) });
		expect(Object.keys(inFile[0]!)).not.toContain('review_id');
		const runs = await readTable(out, 'runs');
		expect(new Set(runs.map((r) => r.review_id))).toEqual(new Set(['my-drive-1tb']));
		expect(new Set(runs.map((r) => r.device_id))).toEqual(new Set(['my-drive-1tb']));
		expect(manifest.tables.timeseries.rows).toBeGreaterThan(0);
		expect(review.inputs.map((i) => i.path)).toContain('my-drive-1tb/gen_clat.1.log');
		expect(existsSync(join(out, 'raw/my-drive-1tb/gen_clat.1.log'))).toBe(true);
	});

	it('publishes SHA256SUMS covering every output file', () => {
		const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8').trim().split('\n');
		const all = hashes(out);
		for (const line of sums) {
			const [sha, path] = line.split(/ {2}/);
			expect(all[path!], path).toBe(sha);
		}
		expect(sums.length).toBe(Object.keys(all).length - 2); // all but manifest.json and SHA256SUMS
	});

	it('reads back the same rows with hyparquet (the browser reader) and DuckDB', async () => {
		const viaHyparquet = await readTable(out, 'runs');
		const conn = await openDataset(out);
		const reader = await conn.runAndReadAll(`SELECT run_id, direction, iops, bw_bytes_per_s FROM runs ORDER BY run_id, direction`);
		const viaDuck = reader.getRowObjectsJS();
		conn.closeSync();
		expect(viaHyparquet.map((r) => [r.run_id, r.direction, r.iops, r.bw_bytes_per_s])).toEqual(
			viaDuck.map((r) => [r.run_id, r.direction, r.iops, r.bw_bytes_per_s]),
		);
		// NULL, never 0: the 3.14 JSON has no steadystate section.
		expect(viaHyparquet.every((r) => r.steadystate_attained === null || typeof r.steadystate_attained === 'boolean')).toBe(true);
	});

	it('gives byte-identical output on a second run, whatever the time zone and locale', () => {
		const again = join(work, 'out-bare-again');
		const r = runCli([folder, '--out', again], { TZ: 'Asia/Shanghai', LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' });
		expect(r.status, r.stderr).toBe(0);
		expect(hashes(again)).toEqual(hashes(out));
	});
});

describe('fio logs whose unit only their fio version tells', () => {
	// Two fio versions in the folder: a 4-column log could be µs (2.18) or ns (3.16).
	const raid5Folder = (parent: string, log: string) => {
		const dir = join(work, parent, 'raid5');
		mkdirSync(dir, { recursive: true });
		cpSync(join(ROOT, 'tests/fixtures/fio/log-fio3.16-raid5-randrw_clat.1.log'), join(dir, log));
		cpSync(join(ROOT, 'tests/fixtures/fio/json-fio2.18-randread-qd1-nj1.json'), join(dir, 'other.json'));
		cpSync(join(ROOT, 'tests/fixtures/fio/json-fio3.16-raid5-randrw-fsync.json'), join(dir, 'raid5.json'));
		return dir;
	};
	const expectRaid5Series = async (out: string, series_id: string) => {
		expect(await readTable(out, 'series')).toEqual([expect.objectContaining({ series_id, run_id: 'raid5:raid5.json#job0', metric: 'clat' })]);
		// FIO_FORMATS: the 3.16 clat log is in ns (202375259 = 202 ms on this HDD RAID5).
		expect((await readTable(out, 'timeseries')).some((p) => p.lat_ns === 202375259)).toBe(true);
	};

	it('links a log to the result file its name extends (fio names logs after the job)', async () => {
		const dir = raid5Folder('by-name', 'raid5_clat.1.log');
		const report = await ingest({ paths: [dir], out: join(work, 'out-raid5') });
		expect(report.errors).toEqual([]);
		await expectRaid5Series(join(work, 'out-raid5'), 'raid5:raid5_clat.1.log');
	});

	it('skips a log nothing links with a warning naming the fix, then links it through runs.yaml', async () => {
		const dir = raid5Folder('unlinked', 'disk_clat.1.log');
		const skipped = await ingest({ paths: [dir], out: join(work, 'out-raid5-skip') });
		expect(skipped.errors).toEqual([]);
		expect(skipped.warnings).toContainEqual(expect.objectContaining({ file: 'raid5/disk_clat.1.log', code: 'LOG_SKIPPED', message: expect.stringContaining('run_of') }));
		expect(await readTable(join(work, 'out-raid5-skip'), 'series')).toEqual([]);
		writeFileSync(join(dir, 'runs.yaml'), 'files:\n  - path: disk_clat.1.log\n    run_of: raid5.json\n');
		const ok = await ingest({ paths: [dir], out: join(work, 'out-raid5-skip') });
		expect(ok.errors).toEqual([]);
		await expectRaid5Series(join(work, 'out-raid5-skip'), 'raid5:disk_clat.1.log');
	});
});

describe('guarantees on failure', () => {
	it('reports every bad file with file and line, exits 1 and leaves the previous output untouched', () => {
		const folder = makeBareFolder('bad-run');
		const out = join(work, 'out-bad');
		expect(runCli([folder, '--out', out]).status).toBe(0);
		const before = hashes(out);
		const good = readFileSync(join(folder, 'json-fio3.14-crucial-sata-randread.json'), 'utf8');
		writeFileSync(join(folder, 'truncated.json'), good.slice(0, Math.floor(good.length / 2)));
		writeFileSync(join(folder, 'negative.json'), good.replace(/"iops" : [0-9.]+/, '"iops" : -5'));
		const r = runCli([folder, '--out', out]);
		expect(r.status).toBe(1);
		expect(r.stderr).toMatch(/error: bad-run\/truncated\.json:\d+: [A-Z_]+ /);
		expect(r.stderr).toMatch(/error: bad-run\/negative\.json(:\d+)?: [A-Z_]+/);
		expect(r.stderr).toMatch(/previous output was left untouched/);
		expect(hashes(out)).toEqual(before);
	});

	it('--keep-going ingests what parses, lists the files left out and exits 3; a later run without it fails on them again', async () => {
		const folder = makeBareFolder('keep-going');
		const out = join(work, 'out-keep-going');
		const good = readFileSync(join(folder, 'json-fio3.14-crucial-sata-randread.json'), 'utf8');
		writeFileSync(join(folder, 'truncated.json'), good.slice(0, Math.floor(good.length / 2)));
		writeFileSync(join(folder, 'empty.json'), '');
		const r = runCli([folder, '--out', out, '--keep-going']);
		expect(r.stderr).not.toMatch(/\n\s+at /);
		expect(r.status).toBe(3);
		expect(r.stderr).toMatch(/refused: keep-going\/truncated\.json:\d+: [A-Z_]+ /);
		expect(r.stderr).toMatch(/refused: keep-going\/empty\.json: EMPTY_FILE /);
		expect(r.stderr).toMatch(/2 file\(s\) refused/);
		const runs = await readTable(out, 'runs');
		expect(runs.length).toBeGreaterThan(0);
		expect(runs.filter((row) => /truncated|empty/.test(String(row.source_file)))).toEqual([]);
		expect(runs.some((row) => String(row.source_file).endsWith('json-fio3.14-crucial-sata-randread.json'))).toBe(true);

		const strict = runCli([folder, '--out', out]);
		expect(strict.status).toBe(1);
		expect(strict.stderr).toMatch(/error: keep-going\/empty\.json: EMPTY_FILE /);
	});

	it.each(['write-runs', 'write-timeseries', 'csv', 'raw', 'archive', 'before-swap', 'mid-swap'])('a fault at %s leaves the previous output as it was', (step) => {
		const folder = makeBareFolder(`fault-${step}`);
		const out = join(work, `out-fault-${step}`);
		expect(runCli([folder, '--out', out]).status).toBe(0);
		const before = hashes(out);
		cpSync(join(ROOT, 'tests/fixtures/fio/json-fio3.6-ceph-ssd-randread.json'), join(folder, 'more.json'));
		const r = runCli([folder, '--out', out], { INGEST_FAULT: step });
		expect(r.status).not.toBe(0);
		expect(r.stderr).toMatch(/injected fault/);
		expect(hashes(out)).toEqual(before);
		expect(readdirSync(work).filter((f) => f.startsWith(`.out-fault-${step}-`))).toEqual([]);
	});

	it('refuses symlinks instead of publishing what they point at', async () => {
		const folder = makeBareFolder('with-link');
		symlinkSync('/etc/passwd', join(folder, 'passwd.json'));
		const report = await ingest({ paths: [folder], out: join(work, 'out-link') });
		expect(report.ok).toBe(false);
		expect(report.errors.map((e) => e.format())).toEqual([expect.stringMatching(/passwd\.json: SYMLINK /)]);
		expect(existsSync(join(work, 'out-link'))).toBe(false);
	});

	it('requires --out with files and prints usage', () => {
		const r = runCli([join(work, 'x')]);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/--out <dir> is required/);
	});
});

function toArrayBuffer(buf: Buffer): ArrayBuffer {
	return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}
