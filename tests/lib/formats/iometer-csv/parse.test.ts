// Iometer results.csv / instantaneous files: one golden per fixture, plus values checked by hand
// against the raw text (arithmetic in the comments) so the goldens are not merely the parser's word.
import { describe, expect, test } from 'vitest';
import { parseIometerCsv } from '../../../../src/lib/formats/iometer-csv/parse.ts';
import type { ParsedRun, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../../../helpers/fixtures.ts';
import { expectGolden } from '../../../helpers/golden.ts';

const FIXTURES = listFixtures('iometer', (f) => f.endsWith('.csv'));

function textOf(file: string): string {
	const f = FIXTURES.find((x) => x.name === `iometer/${file}`);
	if (!f) throw new Error(`fixture iometer/${file} is missing`);
	return readFixture(f);
}
const parse = (file: string): ParseResult => parseIometerCsv(textOf(file), file);

function run(r: ParseResult, key: string, direction: string): ParsedRun {
	const found = r.runs.filter((x) => x.run_key === key && x.direction === direction);
	expect(found, `${key} ${direction}`).toHaveLength(1);
	return found[0]!;
}
const directionsOf = (r: ParseResult, key: string) => r.runs.filter((x) => x.run_key === key).map((x) => x.direction);
const codes = (r: ParseResult) => r.warnings.map((w) => `${w.code}@${w.line}`);
const needsShared = (title: string) => (SHARED_PRESENT ? title : `${title} (${SHARED_SKIP_REASON})`);

describe('golden outputs', () => {
	test('the local synthetic fixtures are listed', () => {
		expect(FIXTURES.filter((f) => f.local).length).toBeGreaterThanOrEqual(4);
	});
	for (const f of FIXTURES) {
		test(f.name, async () => await expectGolden('iometer-csv', f.name, parseIometerCsv(readFixture(f), f.name)));
	}
});

describe('synthetic 2006.07.27 layout (56 columns, MBps = MiB/s)', () => {
	const r = parse('synthetic-2006.07.27-56col.csv');

	test('single-spec test: 4 KiB random read at QD 4', () => {
		const all = run(r, 's1/t1/all1', 'read');
		// MBps 195.312500 × 1048576 = 204800000 B/s = 50000 IOPS × 4096 B
		expect(all.bw_bytes_per_s).toBe(204800000);
		expect(all.iops).toBe(50000);
		// Bytes Read 2048000000 = 500000 I/Os × 4096
		expect(all.io_bytes).toBe(2048000000);
		expect(all.total_ios).toBe(500000);
		// Average Response Time 0.080000 ms = 80000 ns; Maximum 2.500000 ms = 2500000 ns
		expect(all.lat_mean_ns).toBeCloseTo(80000, 6);
		expect(all.lat_max_ns).toBeCloseTo(2500000, 6);
		expect(all).toMatchObject({
			scope: 'group',
			job_name: '4K random read',
			workload: '4K random read',
			block_size_bytes: 4096,
			read_pct: 100,
			random_pct: 100,
			rw: 'randread',
			access: 'random',
			iodepth: 4,
			numjobs: 1,
			device_count: 1,
			runtime_s: null, // Total Raw Run Time is blank on ALL rows
			usr_cpu_pct: 2.5,
			sys_cpu_pct: 10,
			error_code: null,
			tool: 'iometer',
			tool_version: '2006.07.27',
			started_at: '2007-03-04T05:06:07.089',
			source_line: 15,
			source_format: 'iometer-csv',
			value_origin: 'measured',
		});
		expect(directionsOf(r, 's1/t1/all1')).toEqual(['read']);
	});

	test('the description keeps its commas and quotes (everything after the first comma)', () => {
		expect(run(r, 's1/t1/all1', 'read').condition).toBe('Synthetic 2006 layout, hand-made: "quoted, with commas"');
	});

	test('run time from raw ticks ÷ Processor Speed where both are given', () => {
		// 20000000000 ticks / 2000000000 Hz = 10 s
		expect(run(r, 's1/t1/manager1', 'read').runtime_s).toBe(10);
		expect(run(r, 's1/t1/disk1', 'read').runtime_s).toBe(10);
	});

	test('PROCESSOR rows are not runs; the target row inherits its worker spec; unbalanced quote in the name is text', () => {
		expect(r.runs.some((x) => x.run_key.includes('processor'))).toBe(false);
		const disk = run(r, 's1/t1/disk1', 'read');
		expect(disk).toMatchObject({ scope: 'disk', job_name: '4K random read', block_size_bytes: 4096, numjobs: 1, device_count: null });
		expect(disk.usr_cpu_pct).toBeNull();
	});

	test('two-line spec: shares weight read % and random %, block size unknown, three directions', () => {
		const read = run(r, 's1/t2/all1', 'read');
		// lines 8192 B (50 %, 70 % read, 100 % random) and 65536 B (50 %, 70 % read, 0 % random):
		// read = (50·70 + 50·70)/100 = 70; random = (50·100 + 50·0)/100 = 50
		expect(read).toMatchObject({ block_size_bytes: null, read_pct: 70, random_pct: 50, access: 'mixed', rw: null });
		expect(directionsOf(r, 's1/t2/all1')).toEqual(['read', 'write', 'mixed']);
		// Read MBps 246.093750 × 1048576 = 258048000 B/s; total 351.562500 × 1048576 = 368640000 B/s
		expect(read.bw_bytes_per_s).toBe(258048000);
		const mixed = run(r, 's1/t2/all1', 'mixed');
		expect(mixed.bw_bytes_per_s).toBe(368640000);
		// Bytes Read + Written = 2580480000 + 1105920000; Read + Write I/Os = 70000 + 30000
		expect(mixed.io_bytes).toBe(3686400000);
		expect(mixed.total_ios).toBe(100000);
		expect(mixed.iops).toBe(10000);
		// Write Errors 2 → the write and mixed rows carry 2, the read row (0 errors) null
		expect(read.error_code).toBeNull();
		expect(run(r, 's1/t2/all1', 'write').error_code).toBe(2);
		expect(mixed.error_code).toBe(2);
		expect(mixed).toMatchObject({ numjobs: 2, device_count: 2, iodepth: 8 });
		expect(run(r, 's1/t2/worker2', 'mixed')).toMatchObject({ numjobs: 1, device_count: null, error_code: 1 });
	});

	test('run keys are unique per direction and there are no warnings', () => {
		const keys = r.runs.map((x) => `${x.run_key}|${x.direction}`);
		expect(new Set(keys).size).toBe(keys.length);
		// t1: ALL, MANAGER, WORKER, DISK × read = 4; t2: ALL, MANAGER, 2 WORKER, 2 DISK × 3 = 18
		expect(r.runs).toHaveLength(22);
		expect(r.warnings).toEqual([]);
	});
});

describe('synthetic 1.1.0-rc1 layout (59 columns, MBps (Binary) + MBps (Decimal), two sessions)', () => {
	const r = parse('synthetic-1.1.0-rc1-59col.csv');

	test('binary column gives the bandwidth; decimal agrees (1000 × 1.048576 = 1048.576)', () => {
		const all = run(r, 's1/t1/all1', 'write');
		// MBps (Binary) 1000.000000 × 1048576 = 1048576000 B/s = 8000 IOPS × 131072 B
		expect(all.bw_bytes_per_s).toBe(1048576000);
		expect(all).toMatchObject({ rw: 'write', access: 'sequential', iodepth: 32, tool_version: '1.1.0-rc1' });
		expect(r.warnings).toEqual([]);
	});

	test('appended sessions are numbered; an empty description is null', () => {
		const all = run(r, 's2/t1/all1', 'read');
		// 97.656250 MiB/s × 1048576 = 102400000 B/s = 200000 IOPS × 512 B
		expect(all.bw_bytes_per_s).toBe(102400000);
		expect(all).toMatchObject({ condition: null, block_size_bytes: 512, started_at: '2011-02-03T11:00:00.000' });
		// "Record results: No Workers": ALL and MANAGER only
		expect(r.runs.filter((x) => x.run_key.startsWith('s2/')).map((x) => x.run_key)).toEqual(['s2/t1/all1', 's2/t1/manager1']);
	});

	test('a decimal column that disagrees with binary × 1.048576 by > 0.1 % is a warning', () => {
		// ALL row of session 1: MBps (Decimal) 1048.576000 → 1050.000000 (0.14 % off)
		const text = textOf('synthetic-1.1.0-rc1-59col.csv').replace(
			'ALL,All,128K seq write,1,1,1,8000.000000,0.000000,8000.000000,1000.000000,0.000000,1000.000000,1048.576000',
			'ALL,All,128K seq write,1,1,1,8000.000000,0.000000,8000.000000,1000.000000,0.000000,1000.000000,1050.000000',
		);
		const bad = parseIometerCsv(text, 'x.csv');
		expect(codes(bad)).toEqual(['MBPS_BINARY_DECIMAL_MISMATCH@15']);
		expect(bad.warnings[0]!.field).toBe('MBps (Decimal)');
		// 0.05 % off is within tolerance
		const ok = parseIometerCsv(text.replace(',1050.000000,', ',1049.100000,'), 'x.csv');
		expect(ok.warnings).toEqual([]);
	});
});

describe('synthetic 1.1.0 layout (80 columns, MiBps (Binary), latency bins)', () => {
	const r = parse('synthetic-1.1.0-80col.csv');

	test('0-worker test gives no runs and warnings; unnamed ALL spec gives null spec fields and a warning', () => {
		expect(codes(r)).toEqual(['NO_IO@11', 'NO_IO@12', 'ACCESS_SPEC_UNNAMED@28']);
		expect(r.runs.some((x) => x.run_key.startsWith('s1/t1/'))).toBe(false);
		const all = run(r, 's1/t2/all1', 'mixed');
		expect(all).toMatchObject({ job_name: null, block_size_bytes: null, read_pct: null, rw: null, iodepth: null });
	});

	test('ALL row values', () => {
		const read = run(r, 's1/t2/all1', 'read');
		// Read MiBps 820.312500 × 1048576 = 860160000 B/s = (4096000000 + 13107200000) B / 20 s
		expect(read.bw_bytes_per_s).toBe(860160000);
		// Average Read Response Time 0.116667 ms → 116667 ns
		expect(read.lat_mean_ns).toBeCloseTo(116667, 6);
		const mixed = run(r, 's1/t2/all1', 'mixed');
		expect(mixed.total_ios).toBe(2200000);
		expect(mixed).toMatchObject({ numjobs: 2, device_count: 2, usr_cpu_pct: 10, sys_cpu_pct: 30 });
	});

	test('workers match their own specs; Queue Depth -1 on ALL is null', () => {
		expect(run(r, 's1/t2/worker1', 'mixed')).toMatchObject({ block_size_bytes: 4096, read_pct: 50, rw: 'randrw', iodepth: 16 });
		expect(run(r, 's1/t2/disk2', 'read')).toMatchObject({ block_size_bytes: 65536, rw: 'read', access: 'sequential', iodepth: 4 });
		// 200000000 ticks / 10000000 ticks/s (1.1.0: timer resolution) = 20 s
		expect(run(r, 's1/t2/worker2', 'read').runtime_s).toBe(20);
	});

	test('latency bins of the ALL row: non-zero bins only, edges from the labels, counts summing to the I/Os', () => {
		const bins = r.histograms;
		expect(bins.every((b) => b.run_key === 's1/t2/all1' && b.direction === 'mixed' && b.stat === 'lat')).toBe(true);
		expect(bins.every((b) => b.source === 'iometer-bins' && b.time_ms === null && b.bin_index === null)).toBe(true);
		expect(bins.map((b) => [b.bin_lower_ns, b.bin_upper_ns, b.count])).toEqual([
			[0, 50000, 900000], // "0 to 50 uS"
			[50000, 100000, 1000000],
			[100000, 200000, 100000],
			[200000, 500000, 150000],
			[500000, 1000000, 49989], // "0.5 to 1 mS" = 500000 … 1000000 ns
			[1000000, 2000000, 1],
			[2000000, 5000000, 10], // "2 to 5 mS"
		]);
		// 900000 + 1000000 + 100000 + 150000 + 49989 + 1 + 10 = 2200000 = 1200000 reads + 1000000 writes
		expect(bins.reduce((s, b) => s + b.count, 0)).toBe(2200000);
	});
});

describe('synthetic 1.1.0 instantaneous file', () => {
	const r = parse('synthetic-1.1.0-instantaneous.csv');
	const at = (seq: number) => r.timeseries.filter((t) => t.seq === seq).map((t) => `${t.metric}/${t.direction}`);

	test('no runs; time from the first time stamp across midnight and a month end', () => {
		expect(r.runs).toEqual([]);
		const first = r.timeseries.filter((t) => t.seq === 15);
		// 2024-01-31 23:59:58:500 → 23:59:59:500 = 1000 ms
		expect(first.every((t) => t.time_ms === 1000 && t.value_kind === 'mean')).toBe(true);
		// Worker 1 at 2024-02-01 00:00:00:500: 2000 ms
		expect(r.timeseries.filter((t) => t.seq === 17).every((t) => t.time_ms === 2000)).toBe(true);
	});

	test('every worker updated exactly 1000 ms after its previous update: a constant 1000 ms window', () => {
		// Worker 1: 23:59:59:500, 00:00:00:500, 00:00:01:500; Worker 2: …:502, …:502, …:502
		expect(new Set(r.timeseries.map((t) => t.window_ms))).toEqual(new Set([1000]));
		// one late update makes the window unknown
		const late = parseIometerCsv(textOf('synthetic-1.1.0-instantaneous.csv').replace('00:00:01:502,', '00:00:01:503,'), 'x');
		expect(new Set(late.timeseries.map((t) => t.window_ms))).toEqual(new Set([null]));
	});

	test('directions follow the per-direction I/O counts', () => {
		const all = ['read', 'write', 'mixed'].flatMap((d) => [`iops/${d}`, `bw/${d}`, `lat/${d}`]);
		expect(at(15)).toEqual(all); // Worker 1: 4000 reads and 6000 writes
		expect(at(16)).toEqual(['iops/read', 'bw/read', 'lat/read']); // Worker 2: 3000 reads, 0 writes
		expect(at(18)).toEqual(['iops/mixed', 'bw/mixed']); // idle interval: 0 IOPS measured, no latency
		const bw = r.timeseries.find((t) => t.seq === 15 && t.metric === 'bw' && t.direction === 'write')!;
		// Write MBps (Binary) 23.4375 × 1048576 = 24576000 B/s
		expect(bw.bw_bytes_per_s).toBe(24576000);
		const lat = r.timeseries.find((t) => t.seq === 15 && t.metric === 'lat' && t.direction === 'mixed')!;
		// Average Response Time 0.11 ms = 110000 ns
		expect(lat.lat_ns).toBeCloseTo(110000, 6);
	});

	test('whole-test rows written when the test ends (named spec, ALL) are not intervals', () => {
		expect(new Set(r.timeseries.map((t) => t.seq))).toEqual(new Set([15, 16, 17, 18, 19, 20]));
	});
});

describe.skipIf(!SHARED_PRESENT)(needsShared('real files in ../shared/fixtures/iometer'), () => {
	test('2008.06.18 cycle: MBps is MiB/s, QD 1…128 from the Queue Depth column', () => {
		const r = parse('iometer-2008.06.18_cycle-qd1-128_pliant-ls300s_sqlserverio.csv');
		const all = run(r, 's1/t1/all1', 'write');
		// 1196.489673 IOPS × 8192 B = 9801643.4 B/s = 9.3476 MiB/s; the file's MBps 9.347576 × 1048576 = 9801643.851776
		expect(all.bw_bytes_per_s).toBeCloseTo(9801643.851776, 4);
		expect(Math.abs(all.iops! * 8192 - all.bw_bytes_per_s!) / all.bw_bytes_per_s!).toBeLessThan(1e-6);
		// Bytes Written 588210176 / 8192 = 71803 = Write I/Os
		expect(all.io_bytes).toBe(588210176);
		expect(all.total_ios).toBe(71803);
		// Average Response Time 0.835007 ms; Maximum 35.649557 ms
		expect(all.lat_mean_ns).toBeCloseTo(835007, 4);
		expect(all.lat_max_ns).toBeCloseTo(35649557, 4);
		expect(all).toMatchObject({ rw: 'randwrite', block_size_bytes: 8192, started_at: '2010-07-26T09:28:04.211' });
		// the first spec's 8 Results blocks cycle the outstanding I/Os
		const qd = [1, 2, 3, 4, 5, 6, 7, 8].map((t) => run(r, `s1/t${t}/all1`, 'write').iodepth);
		expect(qd).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
		// 140006556466 ticks / 2333000000 Hz (rdtsc CPU clock in 2008 builds) = 60.0114 s
		expect(run(r, 's1/t1/manager1', 'write').runtime_s).toBeCloseTo(60.011383, 5);
		// 8 specs × 8 QD steps = 64 blocks of ALL, MANAGER, WORKER, DISK, one direction each
		expect(r.runs).toHaveLength(256);
		expect(run(r, 's1/t25/all1', 'read')).toMatchObject({ rw: 'randread', iodepth: 1, job_name: '8k 100% Read; 100% Random 8k' });
	});

	test('1.1.0 Quarch: 59 sessions, decimal/binary = 1.048576, ms → ns, latency bins', () => {
		const r = parse('iometer-1.1.0_results_intel-ssdpe2me016t4_quarch-an016.csv');
		expect(r.warnings).toEqual([]);
		const all = run(r, 's1/t1/all1', 'read');
		// 15.447641 / 14.732018 = 1.048576; 14.732018 × 1048576 = 15447640.51 B/s ≈ 15.447641 MB/s × 1e6
		expect(all.bw_bytes_per_s).toBeCloseTo(15447640.506368, 4);
		expect(Math.abs(all.bw_bytes_per_s! - 15447641) / 15447641).toBeLessThan(1e-6);
		// 0.132133 ms = 132133 ns; 10.578900 ms = 10578900 ns
		expect(all.lat_mean_ns).toBeCloseTo(132133, 4);
		expect(all.lat_max_ns).toBeCloseTo(10578900, 4);
		expect(all).toMatchObject({ condition: '512B Random Read', block_size_bytes: 512, rw: 'randread', numjobs: 4, device_count: 4 });
		const bins = r.histograms.filter((h) => h.run_key === 's1/t1/all1');
		// 40443 + 355104 + 44560 + 3033 + 1871 + 4187 + 1960 + 1448 + 5 = 452611 = Read I/Os
		expect(bins.map((b) => b.count)).toEqual([40443, 355104, 44560, 3033, 1871, 4187, 1960, 1448, 5]);
		expect(bins.reduce((s, b) => s + b.count, 0)).toBe(all.total_ios);
		// DISK names like `1: "( INTEL SSDPE2ME016T4 8DV10160` do not swallow commas
		expect(run(r, 's1/t1/disk1', 'read').iops).toBe(7418.419681);
		// 150014430 ticks / 10000000 (timer resolution) = 15.001443 s
		expect(run(r, 's1/t1/worker1', 'read').runtime_s).toBeCloseTo(15.001443, 6);
		expect(new Set(r.runs.map((x) => x.run_key.split('/')[0])).size).toBe(59);
		expect(r.runs).toHaveLength(59 * 10);
	});

	test('1.1.0 cs-iometer-parser: empty spec block, empty spec names, 0-worker rows, NETWORK targets', () => {
		const r = parse('iometer-1.1.0_simulated-realworld-template_server-profiles_cs-iometer-parser.csv');
		expect(codes(r).filter((c) => c.startsWith('NO_IO'))).toEqual(['NO_IO@11', 'NO_IO@12', 'NO_IO@39', 'NO_IO@40']);
		expect(r.warnings.filter((w) => w.code === 'ACCESS_SPEC_UNNAMED')).toHaveLength(9);
		expect(run(r, 's2/t2/all1', 'mixed')).toMatchObject({ job_name: null, read_pct: null, block_size_bytes: null });
		// Web Server spec: 2K 20 %, 4K 19 %, 8K 18 %, 16K 17 %, 32K 16 %, 64K 10 %, all 95 % read, 100 % random
		expect(run(r, 's2/t4/worker1', 'mixed')).toMatchObject({ block_size_bytes: null, read_pct: 95, random_pct: 100, rw: 'randrw' });
		// Streaming Media: (2·98 + 5·95 + 10·80 + 17·80 + 66·80)/100 = 81.11 % read; (5+10+17+66) = 98 % random
		const media = run(r, 's2/t8/worker1', 'mixed');
		expect(media.read_pct).toBeCloseTo(81.11, 10);
		expect(media).toMatchObject({ random_pct: 98, access: 'mixed', rw: null });
		// the NETWORK target runs Worker 9's spec (4096 B, 60 % read)
		expect(run(r, 's2/t2/network1', 'read')).toMatchObject({ scope: 'disk', block_size_bytes: 4096, read_pct: 60 });
		// bins of the Email Server ALL row: 14871257 + 38800 + 10435 + 781 + 12 = 14921285 = 7460642 + 7460643 I/Os
		const bins = r.histograms.filter((h) => h.run_key === 's2/t2/all1');
		expect(bins.reduce((s, b) => s + b.count, 0)).toBe(14921285);
		expect(run(r, 's2/t2/all1', 'mixed').total_ios).toBe(14921285);
	});

	test('1.1.0 instantaneous: 60 interval rows of 4 workers, summary rows left out', () => {
		const r = parse('iometer-1.1.0_instantaneous-inst-file_quarch-an016.csv');
		expect(r.runs).toEqual([]);
		expect(new Set(r.timeseries.map((t) => t.seq)).size).toBe(60);
		expect(Math.max(...r.timeseries.map((t) => t.seq))).toBe(74); // lines 75–79: whole-test WORKER and ALL rows
		const first = r.timeseries.filter((t) => t.seq === 15);
		// 13:14:31:660 (session time stamp) → 13:14:32:804 = 1144 ms
		expect(first.map((t) => [t.metric, t.direction, t.time_ms, t.window_ms])).toEqual([
			['iops', 'read', 1144, null],
			['bw', 'read', 1144, null],
			['lat', 'read', 1144, null],
		]);
		expect(first[0]!.iops).toBe(2174.84);
		// 67.9638 MiB/s × 1048576 = 71265209.5488 B/s; 0.459285 ms = 459285 ns
		expect(first[1]!.bw_bytes_per_s).toBeCloseTo(71265209.5488, 3);
		expect(first[2]!.lat_ns).toBeCloseTo(459285, 4);
		// Worker 1 again at 13:14:33:833 = 2173 ms, 1029 ms after its previous update, Worker 2 1033 ms
		// after its own (13:14:32:806 → 33:839): the gaps jitter, so the window is unknown
		expect(r.timeseries.find((t) => t.seq === 19)!.time_ms).toBe(2173);
		expect(new Set(r.timeseries.map((t) => t.window_ms))).toEqual(new Set([null]));
	});
});
