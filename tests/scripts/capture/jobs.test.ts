// Job-file generation of the capture kit: the sweep plan, the fio options each point gets,
// and (when fio is installed) fio's own parser accepting every generated file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseProfile, type Profile } from '../../../scripts/capture/args.ts';
import {
	expectedLogFiles,
	fioBs,
	fioTime,
	jobFileText,
	planSweep,
	rateReferenceName,
	rateReferenceQd,
	withRate,
	type JobCommon,
	type JobPoint,
} from '../../../scripts/capture/jobs.ts';

const FIO_PRESENT = spawnSync('fio', ['--version']).status === 0;

const common: JobCommon = { filename: 'target.bin', sizeBytes: 64 * 1024 * 1024, ioengine: 'libaio', direct: true, numjobs: 1 };

/** Minimal INI reader for the generated files: section → key → value; comments kept apart. */
function readJob(text: string): { sections: Record<string, Record<string, string>>; comments: string[] } {
	const sections: Record<string, Record<string, string>> = {};
	const comments: string[] = [];
	let current: Record<string, string> | null = null;
	for (const line of text.split('\n')) {
		if (line.startsWith(';')) comments.push(line);
		else if (/^\[.+\]$/.test(line)) sections[line.slice(1, -1)] = current = {};
		else if (line.includes('=')) current![line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
	}
	return { sections, comments };
}

function find(points: JobPoint[], name: string): JobPoint {
	const p = points.find((x) => x.name === name);
	if (!p) throw new Error(`no point ${name} in ${points.map((x) => x.name).join(', ')}`);
	return p;
}

describe('fio value formatting', () => {
	it('writes block sizes with a k suffix only when whole KiB', () => {
		expect(fioBs(4096)).toBe('4k');
		expect(fioBs(131072)).toBe('128k');
		expect(fioBs(1536)).toBe('1536');
	});
	it('writes whole seconds as s and the rest as ms', () => {
		expect(fioTime(5000)).toBe('5s');
		expect(fioTime(500)).toBe('500ms');
		expect(fioTime(2500)).toBe('2500ms');
	});
});

describe('planSweep', () => {
	it('plans the quick profile in run order', () => {
		const points = planSweep(baseProfile(true), false);
		// 2 sequential + 4K read/write × 3 QDs + 4K/8K mixes × 3 QDs + 3 rate steps + 1 logged run
		expect(points).toHaveLength(2 + 6 + 6 + 3 + 1);
		expect(points.map((p) => p.name)).toEqual([
			'128k-sequential-read-qd32',
			'128k-sequential-write-qd32',
			'4k-random-read-qd1',
			'4k-random-read-qd4',
			'4k-random-read-qd16',
			'4k-random-write-qd1',
			'4k-random-write-qd4',
			'4k-random-write-qd16',
			'4k-random-70-30-qd1',
			'4k-random-70-30-qd4',
			'4k-random-70-30-qd16',
			'8k-random-70-30-qd1',
			'8k-random-70-30-qd4',
			'8k-random-70-30-qd16',
			'4k-random-read-qd16-rate-025pct',
			'4k-random-read-qd16-rate-050pct',
			'4k-random-read-qd16-rate-100pct',
			'4k-random-read-qd32-timeseries',
		]);
		// Every QD of a sweep shares its workload label (the site draws QD scaling within a label).
		expect(points.filter((p) => p.workload === '4k-random-read').map((p) => p.iodepth)).toEqual([1, 4, 16]);
		expect(points.filter((p) => p.workload === '8k-random-70-30').map((p) => p.name)).toEqual([
			'8k-random-70-30-qd1',
			'8k-random-70-30-qd4',
			'8k-random-70-30-qd16',
		]);
		// Rate steps share one workload label; their rate is unknown until the reference is measured.
		const rates = points.filter((p) => p.kind === 'rate');
		expect(new Set(rates.map((p) => p.workload))).toEqual(new Set(['4k-random-read-qd16-rate-stepped']));
		expect(rates.every((p) => p.rateIops === null)).toBe(true);
		expect(find(points, '4k-random-read-qd32-timeseries')).toMatchObject({ runtimeMs: 5000, logAvgMs: 100, iodepth: 32 });
	});

	it('plans the full profile with 9 queue depths and 8 rate steps at QD 32', () => {
		const profile = baseProfile(false);
		const points = planSweep(profile, false);
		expect(points).toHaveLength(2 + 9 * 4 + 8 + 1);
		expect(points.filter((p) => p.kind === 'rate').map((p) => p.ratePercent)).toEqual([10, 25, 50, 70, 80, 90, 95, 100]);
		expect(rateReferenceName(profile)).toBe('4k-random-read-qd32');
		expect(find(points, '4k-random-read-qd32-timeseries').logAvgMs).toBe(1000);
	});

	it('puts the preconditioning pass first, without a runtime', () => {
		const points = planSweep(baseProfile(true), true);
		expect(points[0]).toMatchObject({ kind: 'precondition', rw: 'write', bsBytes: 131072, runtimeMs: null, rampMs: 0 });
		expect(points).toHaveLength(19);
	});

	it('takes the rate reference at QD 32, or the deepest QD swept', () => {
		expect(rateReferenceQd([1, 4, 16])).toBe(16);
		expect(rateReferenceQd([1, 32, 64])).toBe(32);
		expect(rateReferenceQd([128])).toBe(128);
	});

	it('sets the rate of a step from the reference IOPS', () => {
		const step = find(planSweep(baseProfile(true), false), '4k-random-read-qd16-rate-050pct');
		// 50 % of 58050 = 29025
		expect(withRate(step, 58050).rateIops).toBe(29025);
		// 25 % of 2 IOPS rounds to 1 (never 0: fio would read rate_iops=0 as unlimited)
		expect(withRate(find(planSweep(baseProfile(true), false), '4k-random-read-qd16-rate-025pct'), 2).rateIops).toBe(1);
	});
});

describe('jobFileText', () => {
	const profile: Profile = baseProfile(true);
	const points = planSweep(profile, true);

	it('writes the shared options and the point options', () => {
		const { sections } = readJob(jobFileText(find(points, '4k-random-read-qd4'), common));
		expect(sections.global).toEqual({
			filename: 'target.bin',
			size: String(64 * 1024 * 1024),
			ioengine: 'libaio',
			direct: '1',
			time_based: '1',
			runtime: '2s',
			ramp_time: '500ms',
			norandommap: '1',
			randrepeat: '0',
			group_reporting: '1',
			numjobs: '1',
		});
		expect(sections['4k-random-read-qd4']).toEqual({ rw: 'randread', bs: '4k', iodepth: '4' });
	});

	it('gives the mixes rwmixread=70 and the sequential points 128k at QD 32', () => {
		expect(readJob(jobFileText(find(points, '8k-random-70-30-qd16'), common)).sections['8k-random-70-30-qd16']).toEqual({
			rw: 'randrw',
			bs: '8k',
			iodepth: '16',
			rwmixread: '70',
		});
		expect(
			readJob(jobFileText(find(points, '128k-sequential-write-qd32'), common)).sections['128k-sequential-write-qd32'],
		).toEqual({
			rw: 'write',
			bs: '128k',
			iodepth: '32',
		});
	});

	it('splits the total rate over numjobs, and leaves a placeholder before measurement', () => {
		const step = find(points, '4k-random-read-qd16-rate-050pct');
		const placeholder = readJob(jobFileText(step, common));
		expect(placeholder.sections[step.name]!.rate_iops).toBeUndefined();
		expect(placeholder.comments.join('\n')).toMatch(/set at run time to 50% of the measured 4K random read IOPS at QD16/);
		// 29025 IOPS in total over 4 jobs → 7256.25 → 7256 per job
		const four = readJob(jobFileText(withRate(step, 58050), { ...common, numjobs: 4 }));
		expect(four.sections[step.name]!.rate_iops).toBe('7256');
		expect(four.sections.global!.numjobs).toBe('4');
	});

	it('adds averaged logs to the long run only', () => {
		const ts = readJob(jobFileText(find(points, '4k-random-read-qd32-timeseries'), common)).sections[
			'4k-random-read-qd32-timeseries'
		]!;
		expect(ts).toMatchObject({
			write_bw_log: '4k-random-read-qd32-timeseries',
			write_iops_log: '4k-random-read-qd32-timeseries',
			write_lat_log: '4k-random-read-qd32-timeseries',
			log_avg_msec: '100',
		});
		expect(
			readJob(jobFileText(find(points, '4k-random-read-qd1'), common)).sections['4k-random-read-qd1']!.log_avg_msec,
		).toBeUndefined();
		expect(expectedLogFiles(find(points, '4k-random-read-qd32-timeseries'), 2)).toHaveLength(10);
		expect(expectedLogFiles(find(points, '4k-random-read-qd32-timeseries'), 1)).toContain(
			'4k-random-read-qd32-timeseries_clat.1.log',
		);
	});

	it('runs the preconditioning pass once over the footprint, not time based', () => {
		const { sections } = readJob(jobFileText(points[0]!, common));
		expect(sections.global!.time_based).toBeUndefined();
		expect(sections.global!.runtime).toBeUndefined();
		expect(sections.global!.ramp_time).toBeUndefined();
		expect(sections.global!.size).toBe(String(64 * 1024 * 1024));
	});

	it('omits size for a whole block device and says when direct=0', () => {
		const text = jobFileText(find(points, '4k-random-write-qd1'), {
			...common,
			filename: '/dev/nvme9n9',
			sizeBytes: null,
			direct: false,
		});
		const { sections, comments } = readJob(text);
		expect(sections.global!.size).toBeUndefined();
		expect(sections.global!.filename).toBe('/dev/nvme9n9');
		expect(sections.global!.direct).toBe('0');
		expect(comments.join('\n')).toMatch(/direct=0/);
	});
});

describe.skipIf(!FIO_PRESENT)('generated job files (needs fio on PATH)', () => {
	const dir = mkdtempSync(join(tmpdir(), 'capture-jobs-'));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it('are all accepted by fio --parse-only', () => {
		const points = planSweep(baseProfile(false), true).map((p) => withRate(p, 12345));
		const files = points.map((p) => {
			const file = join(dir, `${p.name}.fio`);
			writeFileSync(file, jobFileText(p, { ...common, numjobs: 2 }));
			return file;
		});
		// One fio process for all files (each start costs ~0.2 s); a bad option fails it ("Bad option <…>").
		const r = spawnSync('fio', ['--parse-only', ...files], { encoding: 'utf8', cwd: dir });
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
	});
});
