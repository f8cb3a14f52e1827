// End to end: `node scripts/capture.ts --quick` (its points shortened) on a temp file with the real fio, then the
// written folder checked against the metadata schemas and the fio JSON parser. Skips when fio
// is not on PATH (CI installs it: apt-get install -y fio).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml } from '../../src/lib/metadata/review.ts';
import { runsSidecar, type RunsSidecar } from '../../src/lib/metadata/runs-sidecar.ts';
import { parseFioJson } from '../../src/lib/formats/fio-json/parse.ts';
import { ingest } from '../../scripts/ingest/run.ts';
import { readTable } from '../helpers/dataset-files.ts';
import { ROOT } from '../helpers/fixtures.ts';

const FIO_VERSION = (() => {
	const r = spawnSync('fio', ['--version'], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim().replace(/^fio-/, '') : null; // "fio-3.33" → "3.33", as the kit records it
})();
const SKIP_REASON = 'fio is not on PATH (apt-get install -y fio); skipping the capture kit end-to-end tests';
if (FIO_VERSION === null) console.warn(SKIP_REASON);

function capture(args: string[], timeoutMs = 60_000): SpawnSyncReturns<string> {
	return spawnSync(process.execPath, ['scripts/capture.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
}

/** JSON.parse after fio's non-JSON prefix (warnings it prints into the same stream). */
function jsonAfterPrefix(text: string): { jobs: Record<string, unknown>[] } {
	const start = /^\{/m.exec(text);
	if (!start) throw new Error('no JSON object in the file');
	return JSON.parse(text.slice(start.index));
}

describe.skipIf(FIO_VERSION === null)('capture kit end to end (needs fio on PATH)', () => {
	const tmp = mkdtempSync(join(tmpdir(), 'capture-e2e-'));
	const target = join(tmp, 'target.bin');
	const out = join(tmp, 'reviews/capture-e2e');
	const raw = join(out, 'raw');
	const devices = join(tmp, 'devices');
	let run: SpawnSyncReturns<string>;
	let sidecar: RunsSidecar;

	beforeAll(() => {
		// --quick with shorter points (half a second each, the logged run 4 s): the kit's steps and files are the same.
		const args = ['--quick', '--runtime', '0.5', '--ramp', '0.2', '--timeseries-runtime', '4', '--target', target, '--review', 'capture-e2e', '--device', 'capture-e2e-disk'];
		run = capture([...args, '--out', out, '--devices-dir', devices], 300_000);
		if (existsSync(join(raw, 'runs.yaml'))) sidecar = runsSidecar.parse(parse(readFileSync(join(raw, 'runs.yaml'), 'utf8')));
	}, 320_000);
	afterAll(() => rmSync(tmp, { recursive: true, force: true }));

	it('exits 0 with one progress line per point and a summary on stderr', () => {
		expect(run.stderr, run.stderr).toMatch(/capture done: 18\/18 points ok/);
		expect(run.status).toBe(0);
		const progress = run.stderr.split('\n').filter((l) => /^\[\s*\d+\/18\] /.test(l));
		expect(progress).toHaveLength(18);
		for (const line of progress) expect(line).toMatch(/[\d,]+ IOPS/);
		expect(run.stdout).toBe('');
	});

	it('deletes the target file it created', () => {
		expect(existsSync(target)).toBe(false);
	});

	it('writes a review.yaml that validates and describes the run', () => {
		const review = reviewYaml.parse(parse(readFileSync(join(out, 'review.yaml'), 'utf8')));
		expect(review.date).toBe(new Date().toISOString().slice(0, 10));
		expect(review.language).toBe('en');
		expect(review.url).toBeNull();
		expect(review.publisher).toBe('self-published');
		expect(review.tools).toEqual([expect.objectContaining({ tool: 'fio', version: FIO_VERSION })]);
		expect(review.devices_tested).toEqual([{ device_id: 'capture-e2e-disk', role: 'subject' }]);
		expect(review.methodology).toMatchObject({ drive_count: 1, footprint: '64 MiB file', power_mode: null, op: null });
		expect(review.methodology.threads_queues).toMatch(/^QD 1, 4, 16 × numjobs 1/);
		expect(review.methodology.preconditioning).toMatch(/written once by fio's layout/);
		// One of the three honest statements about the backing device, whatever machine runs this.
		expect(review.notes).toMatch(/virtual disk of a VM or cloud instance|could not be determined|Backing device: /);
		expect(review.test_platform.kernel).toMatch(/\S/);
	});

	it('writes a device file that validates', () => {
		const device = deviceYaml.parse(parse(readFileSync(join(devices, 'capture-e2e-disk.yaml'), 'utf8')));
		expect(device.vendor).toMatch(/\S/);
		expect(device.model).toMatch(/\S/);
		expect(device).toMatchObject({ has_results: true, reviews: ['capture-e2e'] });
	});

	it('lists every output in runs.yaml with its job file, and nothing that is missing', () => {
		expect(sidecar.default_device_id).toBe('capture-e2e-disk');
		const outputs = readdirSync(raw).filter((f) => f.endsWith('.json') && f !== 'platform.json');
		expect(outputs).toHaveLength(18);
		const logs = readdirSync(raw).filter((f) => f.endsWith('.log'));
		expect(logs.length).toBeGreaterThanOrEqual(4); // bw, iops, lat, clat (+ slat with libaio)
		expect(sidecar.files.map((f) => f.path).sort()).toEqual([...outputs, ...logs].sort());
		for (const f of sidecar.files) {
			const job = readFileSync(join(raw, f.job_file!), 'utf8');
			const name = f.job_file!.replace(/^jobs\/|\.fio$/g, '');
			expect(job).toContain(`[${name}]`);
			if (f.run_of) {
				expect(f.format).toBe('fio-log');
				expect(f.log_avg_msec).toBe(100);
				expect(sidecar.files.some((g) => g.path === f.run_of && !g.run_of)).toBe(true);
			}
		}
	});

	it('labels each sweep with one workload across its queue depths', () => {
		const byPath = new Map(sidecar.files.map((f) => [f.path, f.workload]));
		expect(byPath.get('4k-random-read-qd1.json')).toBe('4k-random-read');
		expect(byPath.get('4k-random-read-qd16.json')).toBe('4k-random-read');
		expect(byPath.get('8k-random-70-30-qd4.json')).toBe('8k-random-70-30');
		expect(byPath.get('128k-sequential-write-qd32.json')).toBe('128k-sequential-write');
		expect(byPath.get('4k-random-read-qd32-timeseries.json')).toBe('4k-random-read-qd32-timeseries');
	});

	it('labels the rate steps with increasing rate limits', () => {
		const steps = sidecar.files.filter((f) => f.rate_limit_iops !== undefined);
		expect(steps.map((f) => f.path)).toEqual([
			'4k-random-read-qd16-rate-025pct.json',
			'4k-random-read-qd16-rate-050pct.json',
			'4k-random-read-qd16-rate-100pct.json',
		]);
		const limits = steps.map((f) => f.rate_limit_iops!);
		expect(limits[0]! < limits[1]! && limits[1]! < limits[2]!).toBe(true);
		expect(new Set(steps.map((f) => f.workload))).toEqual(new Set(['4k-random-read-qd16-rate-stepped']));
		const job = readFileSync(join(raw, 'jobs/4k-random-read-qd16-rate-050pct.fio'), 'utf8');
		expect(job).toContain(`rate_iops=${limits[1]}`);
	});

	it('writes json+ outputs that parse, with histograms, and with the project parser', () => {
		for (const f of sidecar.files.filter((x) => x.format === 'fio-json')) {
			const text = readFileSync(join(raw, f.path), 'utf8');
			const doc = jsonAfterPrefix(text);
			const job = doc.jobs[0] as { read: { clat_ns: { bins?: object } }; write: { clat_ns: { bins?: object } } };
			// json+ adds the latency bins; every point reads or writes
			expect(
				Object.keys(job.read.clat_ns.bins ?? {}).length + Object.keys(job.write.clat_ns.bins ?? {}).length,
				f.path,
			).toBeGreaterThan(0);
			const parsed = parseFioJson(text, f.path);
			expect(parsed.runs.length, f.path).toBeGreaterThanOrEqual(1);
			for (const r of parsed.runs) expect(r.iops, f.path).toBeGreaterThan(0);
		}
	});

	it('ingests cleanly: every output parsed, logs linked to their runs, histograms from json+', async () => {
		const report = await ingest({ dataDir: tmp, out: join(tmp, 'published') });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.warnings.filter((w) => w.code === 'BW_IOPS_MISMATCH' || w.code === 'UNKNOWN_FORMAT')).toEqual([]);
		const m = report.manifest!;
		expect(m.tables.runs!.rows).toBeGreaterThanOrEqual(18);
		expect(m.tables.histograms!.rows).toBeGreaterThan(0);
		expect(m.tables.percentiles!.rows).toBeGreaterThan(0);
		expect(m.tables.timeseries!.rows).toBeGreaterThan(0);
		const series = await readTable(join(tmp, 'published'), 'series');
		expect(series.length).toBeGreaterThan(0);
		for (const s of series) expect(String(s.run_id)).toMatch(/^capture-e2e:raw\//);
	});

	it('writes averaged logs for the long run', () => {
		const iopsLog = readFileSync(join(raw, '4k-random-read-qd32-timeseries_iops.1.log'), 'utf8').trim().split('\n');
		// 4 s at log_avg_msec=100 → about 40 windows
		expect(iopsLog.length).toBeGreaterThanOrEqual(30);
		for (const line of iopsLog) expect(line).toMatch(/^\d+, \d+, 0, 0, \d+$/);
	});

	it('records the platform, the command line and each point in platform.json', () => {
		const p = JSON.parse(readFileSync(join(raw, 'platform.json'), 'utf8'));
		expect(p.fio_version).toBe(FIO_VERSION);
		expect(p.command_line.slice(0, 3)).toEqual(['node', 'scripts/capture.ts', '--quick']);
		expect(Date.parse(p.started_at)).toBeLessThan(Date.parse(p.ended_at));
		expect(p.points).toHaveLength(18);
		expect(p.points.every((x: { status: string }) => x.status === 'ok')).toBe(true);
		expect(p.io.ioengine).toMatch(/^(libaio|psync)$/);
		expect(p.target).toMatchObject({ kind: 'file', name: 'target.bin', created_by_kit: true, footprint_bytes: 64 * 1024 * 1024 });
		expect(p.rate_reference.point).toBe('4k-random-read-qd16');
		expect(p.rate_reference.iops).toBeGreaterThan(0);
	});
});

describe.skipIf(FIO_VERSION === null)('capture kit refusals (needs fio on PATH)', () => {
	const tmp = mkdtempSync(join(tmpdir(), 'capture-refuse-'));
	afterAll(() => rmSync(tmp, { recursive: true, force: true }));
	const common = ['--quick', '--review', 'capture-refusal', '--devices-dir', join(tmp, 'devices')];

	it('refuses a non-empty raw/ folder without --force', () => {
		const out = join(tmp, 'full');
		mkdirSync(join(out, 'raw'), { recursive: true });
		writeFileSync(join(out, 'raw/old.json'), '{}');
		const r = capture([...common, '--target', join(tmp, 'new.bin'), '--out', out]);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/refusing to write into non-empty .*raw/);
		expect(existsSync(join(tmp, 'new.bin'))).toBe(false);
	});

	it('refuses an existing non-empty target file without --destroy-data', () => {
		const file = join(tmp, 'precious.bin');
		writeFileSync(file, 'keep me');
		const r = capture([...common, '--target', file, '--out', join(tmp, 'o2')]);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain(`refusing to use existing file ${file}`);
		expect(readFileSync(file, 'utf8')).toBe('keep me');
	});

	it('rejects ids that are not kebab-case', () => {
		const r = capture(['--target', join(tmp, 'x.bin'), '--review', 'My_Review']);
		expect(r.status).toBe(2);
		expect(r.stderr).toMatch(/--review "My_Review" is not a lower-case kebab-case id/);
	});

	it('prints the job files on --dry-run and writes nothing', () => {
		const out = join(tmp, 'dry');
		const r = capture([...common, '--target', join(tmp, 'dry.bin'), '--out', out, '--dry-run']);
		expect(r.status).toBe(0);
		expect(r.stdout.match(/^\[global\]$/gm)).toHaveLength(18);
		expect(r.stdout).toContain('# jobs/4k-random-read-qd16-rate-100pct.fio');
		expect(existsSync(out)).toBe(false);
		expect(existsSync(join(tmp, 'dry.bin'))).toBe(false);
	});

	it('refuses the block device under the repository (dry run, so nothing could be written)', () => {
		const fs = spawnSync('findmnt', ['-J', '-n', '-o', 'SOURCE', '-T', ROOT], { encoding: 'utf8' });
		const source: string | undefined = fs.status === 0 ? JSON.parse(fs.stdout).filesystems?.[0]?.source : undefined;
		if (!source?.startsWith('/dev/') || !existsSync(source)) {
			console.warn(
				`the repository is not on a block device here (${source ?? 'findmnt failed'}); skipping the block refusal check`,
			);
			return;
		}
		const r = capture([...common, '--target', source, '--out', join(tmp, 'blk'), '--dry-run']);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain(`refusing to write to block device ${source}`);
		expect(r.stderr).toMatch(/is mounted at \//);
	});
});
