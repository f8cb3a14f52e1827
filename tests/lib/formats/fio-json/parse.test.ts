// fio JSON / json+ fixtures: one golden per file, plus values worked out by hand from the raw text.
import { describe, expect, it } from 'vitest';
import { parseFioJson } from '../../../../src/lib/formats/fio-json/parse.ts';
import type { ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../../../helpers/fixtures.ts';

const FIXTURES = listFixtures('fio', (f) => f.endsWith('.json'));

function parse(name: string): ParseResult {
	const fixture = FIXTURES.find((f) => f.name === `fio/${name}`);
	if (!fixture) throw new Error(`fixture fio/${name} not found`);
	return parseFioJson(readFixture(fixture), fixture.name);
}

function run(result: ParseResult, runKey: string, direction: string) {
	const row = result.runs.find((r) => r.run_key === runKey && r.direction === direction);
	if (!row) throw new Error(`no run ${runKey}/${direction}`);
	return row;
}

describe('fio JSON goldens', () => {
	it('finds the JSON fixtures', () => {
		expect(FIXTURES.map((f) => f.name)).toContain('fio/generated/gen-fio3.33-jsonplus-randrw-perio-logs.json');
	});
	for (const fixture of FIXTURES) {
		it(fixture.name, async () => {
			await expectGolden('fio-json', fixture.name, parseFioJson(readFixture(fixture), fixture.name));
		});
	}
	it.skipIf(SHARED_PRESENT)(`fixtures only in ../shared: ${SHARED_SKIP_REASON}`, () => {});
});

describe('fio 2.1.4 (PKB): io_bytes in KiB, latencies in µs, no options', () => {
	const r = parse('json-fio2.1.4-pkb-seqwrite.json');
	it('converts KiB and µs', () => {
		const w = run(r, 'job0', 'write');
		expect(w.io_bytes).toBe(370671616); // "io_bytes" : 361984 KiB × 1024
		expect(w.bw_bytes_per_s).toBeCloseTo(69753785.47, 2); // 361984 KiB × 1024 / 5.314 s ("bw" : 68118, truncated)
		expect(w.clat_mean_ns).toBe(477734840); // "mean" : 477734.84 µs × 1000
		expect(w.clat_p99_ns).toBe(823296000); // "99.000000" : 823296 µs × 1000
		expect(w.lat_min_ns).toBe(189438000); // lat "min" : 189438 µs × 1000
		expect(w.runtime_s).toBe(5.314); // "runtime" : 5314 ms
		expect(run(r, 'job3', 'read').io_bytes).toBe(37113856); // 36244 KiB × 1024
	});
	it('keeps only active directions and drops the "0.00" padding', () => {
		// 5 jobs, each with one active direction; 17 real percentiles + 3 × "0.00" : 0 each.
		const keys = r.runs.map((x) => `${x.run_key}/${x.direction}`);
		expect(keys).toEqual(['job0/write', 'job1/read', 'job2/write', 'job3/read', 'job4/read']);
		expect(r.percentiles).toHaveLength(5 * 17);
		expect(r.percentiles.some((p) => p.percentile === 0)).toBe(false);
		expect(r.warnings).toEqual([]);
	});
	it('knows nothing about the workload before 2.3 (no job options)', () => {
		const w = run(r, 'job0', 'write');
		expect([w.rw, w.block_size_bytes, w.iodepth, w.numjobs, w.scope]).toEqual([null, null, null, null, 'job']);
		expect(w.started_at).toBeNull(); // no "timestamp" before 2.2.5
	});
});

describe('fio 2.17 (PKB): group_reporting in global options', () => {
	const r = parse('json-fio2.17-pkb-gce-pd-hist-run.json');
	it('reads the group rows', () => {
		const read = run(r, 'job0', 'read');
		expect(read.scope).toBe('group');
		expect(read.numjobs).toBe(2); // "numjobs" : "2"
		expect(read.block_size_bytes).toBe(16384); // "bs" : "16k"
		expect(read.io_bytes).toBe(1325318144); // 1294256 KiB × 1024 (1294256 / 10.003 s = 129386 KiB/s = "bw": KiB)
		expect(read.bw_bytes_per_s).toBeCloseTo(132492066.78, 2); // 1294256 KiB × 1024 / 10.003 s ("bw" : 129386)
		expect(read.clat_p50_ns).toBe(96000); // "50.000000" : 96 µs
		expect([read.rw, read.read_pct, read.random_pct, read.access]).toEqual(['randread', 100, 100, 'random']);
		expect(run(r, 'job1', 'write').total_ios).toBe(24580);
	});
	it('does not warn about the repeated filename option', () => {
		expect(r.warnings).toEqual([]);
	});
});

describe('fio 2.18 git build (fio-plot)', () => {
	const r = parse('json-fio2.18-randread-qd1-nj1.json');
	const read = run(r, 'job0', 'read');
	it('reads KiB and µs and the git version', () => {
		expect(read.tool_version).toBe('2.18-59-g618e');
		expect(read.io_bytes).toBe(3002368); // 2932 KiB × 1024
		expect(read.bw_bytes_per_s).toBeCloseTo(299757.19, 2); // 2932 KiB × 1024 / 10.016 s = 292.73 KiB/s ("bw" : 292)
		expect(read.clat_mean_ns).toBe(13643395.634); // 13643.395634 µs × 1000
		expect(read.clat_p99_9_ns).toBe(25216000); // "99.900000" : 25216 µs
		expect(read.iodepth).toBe(1); // "iodepth" : "01"
		expect(read.started_at).toBe('2017-04-17T11:15:05.000Z'); // timestamp 1492427705 (time: 13:15:05 local, CEST)
	});
});

describe('fio 3.6 git build: bw_bytes preferred over bw', () => {
	const read = run(parse('json-fio3.6-ceph-ssd-randread.json'), 'job0', 'read');
	it('reads bytes and ns', () => {
		// bw 5720 KiB/s × 1024 = 5857280, 994 B/s below bw_bytes 5858274 (bw is truncated to whole KiB).
		expect(read.bw_bytes_per_s).toBe(5858274);
		expect(read.io_bytes).toBe(351502336); // = io_kbytes 343264 × 1024
		expect(read.clat_p99_ns).toBe(864256);
		expect(read.lat_mean_ns).toBe(688386.503729);
		expect(read.tool_version).toBe('3.6-31-g4386');
	});
});

describe('fio 3.14 git build', () => {
	const read = run(parse('json-fio3.14-crucial-sata-randread.json'), 'job0', 'read');
	it('reads the values as printed', () => {
		expect(read.iops).toBe(7139.547674); // 428380 I/Os / 60.001 s = 7139.55
		expect(read.total_ios).toBe(428380);
		expect(read.clat_min_ns).toBe(1417);
		expect(read.clat_p50_ns).toBe(128512);
		expect(read.bw_bytes_per_s).toBe(29243587); // 1754644480 B / 60.001 s
	});
});

describe('fio 3.16 randrw with fsync', () => {
	const r = parse('json-fio3.16-raid5-randrw-fsync.json');
	it('gives read and write rows, not sync', () => {
		expect(r.runs.map((x) => x.direction)).toEqual(['read', 'write']);
		const read = run(r, 'job0', 'read');
		expect(read.read_pct).toBe(50); // randrw without rwmixread
		expect(read.io_bytes).toBe(6225920);
		expect(read.bw_bytes_per_s).toBe(103408); // bw 100 KiB/s × 1024 = 102400, truncated
		expect(run(r, 'job0', 'write').total_ios).toBe(1592);
	});
});

describe('fio 3.33 json+ (generated)', () => {
	const r = parse('generated/gen-fio3.33-jsonplus-randrw-perio-logs.json');
	it('marks every row json+ and keeps the per-direction rate limit', () => {
		expect(r.runs.every((x) => x.source_format === 'fio-jsonplus')).toBe(true);
		expect(run(r, 'job0', 'read').rate_limit_iops).toBe(300); // rate_iops "300,150"
		expect(run(r, 'job0', 'write').rate_limit_iops).toBe(150);
		expect(run(r, 'job0', 'read').read_pct).toBe(70); // rwmixread 70
		expect(run(r, 'job0', 'read').slat_mean_ns).toBeNull(); // psync: slat_ns N = 0
	});
	it('turns bins into fio buckets', () => {
		const count = (d: string) => r.histograms.filter((h) => h.direction === d).reduce((s, h) => s + h.count, 0);
		expect(count('read')).toBe(600); // = read total_ios
		expect(count('write')).toBe(300);
		// "60160" : 2 → 60160 ns has msb 15: 9 error bits, group base 2^15 = 32768, 60160 = 32768 + 53.5 × 512
		// → bucket (9+1)×64 + 53 = 693 covering [32768 + 53×512, +512) = [59904, 60416).
		expect(r.histograms[0]).toEqual({
			run_key: 'job0',
			direction: 'read',
			stat: 'clat',
			source: 'fio-jsonplus',
			time_ms: null,
			bin_index: 693,
			bin_lower_ns: 59904,
			bin_upper_ns: 60416,
			count: 2,
		});
	});
});

describe('fio 2.18, a slow device (hand-made from the 2.18 fixture)', () => {
	const r = parse('json-fio2.18-slow-randread-handmade.json');
	it('takes bandwidth from io_bytes over the runtime, not the truncated bw', () => {
		const read = run(r, 'job0', 'read');
		expect(read.io_bytes).toBe(604 * 1024); // "io_bytes" : 604 (KiB before 2.21)
		expect(read.bw_bytes_per_s).toBeCloseTo(10352.09, 2); // 618496 B / 59.746 s = 10.11 KiB/s ("bw" : 10 reads −1.1 %)
		expect(read.iops).toBe(2.527366); // 151 × 1000 / 59746 ms, as printed
		expect(read.block_size_bytes).toBe(4096);
		expect(r.warnings).toEqual([]); // within bw's truncation (< 1 KiB/s)
	});
});

describe.skipIf(!SHARED_PRESENT)(`fixtures read in place from ../shared ${SHARED_PRESENT ? '' : SHARED_SKIP_REASON}`, () => {
	it('3.1 multidisk: 8 jobs without group_reporting → one derived total', () => {
		const r = parse('json-fio3.1-multidisk-8jobs.json');
		expect(r.runs.filter((x) => x.scope === 'job')).toHaveLength(8);
		expect(run(r, 'job0', 'read').bw_bytes_per_s).toBeCloseTo(2147483648 / 71.705, 3); // no bw_bytes in 3.1: io over runtime ("bw" : 29246)
		const total = run(r, 'group0', 'read');
		expect([total.scope, total.value_origin, total.numjobs, total.job_name]).toEqual(['total', 'derived', 8, null]);
		expect(total.runtime_s).toBe(73.055); // longest job: 73055 ms
		expect(total.iops).toBeCloseTo((8 * 524288) / 73.055, 6); // Σ total_ios / max runtime = 57412.96
		expect(total.bw_bytes_per_s).toBeCloseTo((8 * 2147483648) / 73.055, 3);
		expect(total.clat_p99_ns).toBeNull(); // percentiles are never recomputed
		expect(r.percentiles).toHaveLength(8 * 17); // 3.1 still pads with "0.00"
	});
	it('3.33 interrupted run: text before the JSON is skipped with a warning', () => {
		const r = parse('json-fio3.33-interrupted-signal-prefix.json');
		expect(r.warnings).toEqual([
			expect.objectContaining({
				code: 'NON_JSON_PREFIX',
				line: 2,
				message: expect.stringContaining('fio: terminating on signal 2'),
			}),
		]);
		const read = run(r, 'job0', 'read');
		expect(read.io_bytes).toBe(1511751680);
		expect([read.rw, read.read_pct, read.random_pct, read.access]).toEqual(['rw', 50, 0, 'sequential']);
		expect(run(r, 'job0', 'write').iops).toBe(39338.066766);
	});
	it('3.33 steady state', () => {
		const r = parse('json-fio3.33-nvme-randrw65-steadystate.json');
		const read = run(r, 'job0', 'read');
		expect(read.steadystate_attained).toBe(true); // "attained" : 1
		expect(read.bw_bytes_per_s).toBe(49453455); // 587952128 B / 11.889 s
		expect(read.io_bytes).toBe(587952128); // io_kbytes 574172 × 1024
		expect(read.clat_p99_ns).toBe(97792);
		expect(read.clat_p99_99_ns).toBe(1941504);
		expect(read.read_pct).toBe(65);
		expect(read.started_at).toBe('2023-06-28T01:02:30.000Z'); // timestamp 1687914150
	});
	it('3.33 four jobs without group_reporting → derived totals per direction', () => {
		const r = parse('json-fio3.33-nvme-randrw65-4jobs-no-group-reporting.json');
		const total = run(r, 'group0', 'read');
		expect(total.total_ios).toBe(404540); // 104090 + 100192 + 100856 + 99402
		expect(total.io_bytes).toBe(1656995840); // 426352640 + 410386432 + 413106176 + 407150592
		expect(total.iops).toBeCloseTo(404540 / 11.889, 6); // longest runtime 11889 ms → 34026.41
		expect(total.numjobs).toBe(4);
		expect(run(r, 'group0', 'write').total_ios).toBe(218582); // 55945 + 54172 + 54590 + 53875
	});
});
