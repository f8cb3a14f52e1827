// DiskSpd text and XML: every fixture is detected by exactly one of the two formats and pinned by
// a golden file, and a handful of values per fixture are checked by hand against the raw text
// (the arithmetic is in the comments), so the goldens are not merely the parser's word.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { detected, FIXTURES, head, textOf, TEXT, XML } from './helpers.ts';
import { formats } from '../../../../src/lib/formats/diskspd/index.ts';
import { noContext } from '../../../../src/lib/formats/format.ts';
import type { ParsedRun, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, SHARED_PRESENT, SHARED_SKIP_REASON, type Fixture, outputFoldersExcept } from '../../../helpers/fixtures.ts';
import { expectGolden } from '../../../helpers/golden.ts';

function parseFixture(f: Fixture): ParseResult {
	const text = textOf(f);
	return detected(text, f.name)[0]!.parse(text, f.name, noContext());
}

const byName = new Map(FIXTURES.map((f) => [f.name.replace(/^diskspd\//, ''), f]));
function parse(file: string): ParseResult {
	const f = byName.get(file);
	if (!f) throw new Error(`fixture diskspd/${file} is missing`);
	return parseFixture(f);
}

function run(r: ParseResult, key: string, direction: string): ParsedRun {
	const found = r.runs.filter((x) => x.run_key === key && x.direction === direction);
	expect(found, `${key} ${direction}`).toHaveLength(1);
	return found[0]!;
}
const pct = (r: ParseResult, key: string, direction: string, p: number) =>
	r.percentiles.find((x) => x.run_key === key && x.direction === direction && x.percentile === p)?.value_ns;
/**
 * A rate taken from the counts (count ÷ test time: the printed rate, to 2 decimals, is the less precise form when it is
 * below the test time in seconds), which agrees with the printed figure within both roundings (2 decimals, and the test
 * time's 0.01 s).
 */
function expectFromCounts(rate: number | null, count: number, testTimeS: number, printed: number, unit = 1): void {
	expect(rate).toBeCloseTo(count / testTimeS, 6);
	expect(Math.abs(rate! / unit - printed)).toBeLessThanOrEqual(0.005 + (printed * 0.005) / testTimeS);
}
const codes = (r: ParseResult) => r.warnings.map((w) => `${w.code}@${w.line}`);
/** "scope/direction" → number of runs. */
function shape(r: ParseResult): Record<string, number> {
	const out: Record<string, number> = {};
	for (const x of r.runs) out[`${x.scope}/${x.direction}`] = (out[`${x.scope}/${x.direction}`] ?? 0) + 1;
	return out;
}

const LOCAL = [
	'diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt',
	'diskspd-2.0.21a_xml_gce-windows-4vcpu_seqread-64k_perfkitbenchmarker.xml',
	'diskspd-2.0.21a_xml_latency-percentiles-iops-buckets_quicktest2_virtualclient.xml',
	'diskspd-2.2.0_text_new-cpu-table_write4k-trimmed_virtualclient.txt',
	'diskspd-2.x_text_MiBps_write8k-115threads_utf8bom_virtualclient.txt',
];
const sharedTest = (title: string, fn: () => void) => (SHARED_PRESENT ? test(title, fn) : test.skip(`${title} (${SHARED_SKIP_REASON})`, fn));

describe('fixtures: detection and golden outputs', () => {
	test('the permissively licensed fixtures are copied locally', () => {
		for (const f of LOCAL) expect(byName.get(f)?.local, f).toBe(true);
	});
	sharedTest('every file of ../shared/fixtures/diskspd is listed', () => {
		expect(FIXTURES.length).toBeGreaterThanOrEqual(9);
	});

	for (const f of FIXTURES) {
		test(`${f.name} is detected by ${f.name.endsWith('.xml') ? 'diskspd-xml' : 'diskspd-text'} only, and parses as its golden`, async () => {
			const which = detected(textOf(f), f.name).map((x) => x.id);
			expect(which).toEqual([f.name.endsWith('.xml') ? 'diskspd-xml' : 'diskspd-text']);
			await expectGolden('diskspd', f.name, parseFixture(f));
		});
	}

	test('no fio, Iometer or other tool\'s fixture is claimed by a DiskSpd format', () => {
		const others = outputFoldersExcept('diskspd').flatMap((folder) => listFixtures(folder));
		expect(others.length).toBeGreaterThan(0);
		for (const f of others) {
			const text = readFileSync(f.path, 'utf8');
			expect(formats.filter((x) => x.detect(head(text), f.name)).map((x) => x.id), f.name).toEqual([]);
		}
	});

	test('the file name alone never decides', () => {
		expect(TEXT.detect('just some text\n', 'diskspd-result.txt')).toBe(false);
		expect(XML.detect('<Results><Row/></Results>', 'diskspd.xml')).toBe(false);
	});

	test('every run key is unique per direction within its file', () => {
		for (const f of FIXTURES) {
			const keys = parseFixture(f).runs.map((x) => `${x.run_key}|${x.direction}`);
			expect(new Set(keys).size, f.name).toBe(keys.length);
		}
	});
});

describe('2.0.21a text (MiB/s, IopsStdDev, "total:" percentile table)', () => {
	const r = parse('diskspd-2.0.21a_text_MiBps_quicktest2_virtualclient.txt');

	test('one thread, 70/30 mix: job and total rows in read, write and mixed', () => {
		expect(shape(r)).toEqual({ 'job/read': 1, 'job/write': 1, 'job/mixed': 1, 'total/read': 1, 'total/write': 1, 'total/mixed': 1 });
		expect(r.warnings).toEqual([]);
	});

	test('thread 0, Total IO row (line 48)', () => {
		const t = run(r, 'run1/thread0', 'mixed');
		// 146169856 bytes, 35686 I/Os, 4.64 MiB/s, 1189.03 I/O per s over 30.01 s: 4.64 is printed to 0.2 %, the bytes over
		// 30.01 s to 0.03 %, so 146169856 / 30.01 = 4870704.97 B/s (4.645 MiB/s); 1189.03 (to 0.0004 %) is kept
		expect(t).toMatchObject({ source_line: 48, scope: 'job', job_index: 0, job_name: 'diskspd.dat', io_bytes: 146169856, total_ios: 35686, iops: 1189.03 });
		expectFromCounts(t.bw_bytes_per_s, 146169856, 30.01, 4.64, 1048576);
		// AvgLat 0.840 ms = 840000 ns, LatStdDev 1.051 ms = 1051000 ns
		expect(t.lat_mean_ns).toBe(840000);
		expect(t.lat_stddev_ns).toBe(1051000);
		// "block size: 4096", "using random I/O", "read/write ratio: 70/30", "outstanding I/O operations: 1"
		expect(t).toMatchObject({ block_size_bytes: 4096, random_pct: 100, access: 'random', read_pct: 70, rw: 'randrw', iodepth: 1, numjobs: 1 });
		// printed to 0.01 s; 35686 / 30.01 = 1189.14, within the time's rounding of the printed 1189.03
		expect(t.runtime_s).toBe(30.01);
	});

	test('total read row: 3.26 MiB/s, p99 and min/max from the percentile table', () => {
		const t = run(r, 'run1/total', 'read');
		// 3.26 MiB/s: 25060 I/Os × 4096 B = 102645760 B / 30.01 s = 3420385.20 B/s (3.262 MiB/s); 834.98 I/O per s kept
		expectFromCounts(t.bw_bytes_per_s, 102645760, 30.01, 3.26, 1048576);
		expect(t).toMatchObject({ source_line: 57, scope: 'total', job_index: null, numjobs: 1, total_ios: 25060, iops: 834.98 });
		// 99th | 0.877 (read) → 877000 ns; min 0.036 ms, max 7.990 ms; 50th 0.232 ms; 3-nines 1.608 ms
		expect(t.lat_p99_ns).toBe(877000);
		expect(pct(r, 'run1/total', 'read', 99)).toBe(877000);
		expect(t.lat_min_ns).toBe(36000);
		expect(t.lat_max_ns).toBe(7990000);
		expect(t.lat_p50_ns).toBe(232000);
		expect(t.lat_p99_9_ns).toBe(1608000);
		// CPU avg. row: User 0.10 %, Kernel 0.72 %
		expect(t).toMatchObject({ usr_cpu_pct: 0.1, sys_cpu_pct: 0.72 });
		// "start time: 2021/04/16 19:03:38 UTC"
		expect(t.started_at).toBe('2021-04-16T19:03:38Z');
		expect(t.tool_version).toBeNull();
		expect(t.value_origin).toBe('measured');
	});

	test('13 percentiles per direction, 9-nines as 99.9999999, stat lat', () => {
		expect(r.percentiles.filter((p) => p.direction === 'mixed').map((p) => p.percentile)).toEqual([
			25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 99.99999, 99.999999, 99.9999999,
		]);
		expect(r.percentiles.every((p) => p.stat === 'lat')).toBe(true);
		// Total column, 9-nines: 35.257 ms
		expect(pct(r, 'run1/total', 'mixed', 99.9999999)).toBe(35257000);
	});
});

describe('2.2.0 text, trimmed by its authors (new CPU table, "4KiB" block size)', () => {
	const r = parse('diskspd-2.2.0_text_new-cpu-table_write4k-trimmed_virtualclient.txt');

	test('write-only: no read or mixed rows; the left-out threads are reported', () => {
		expect(shape(r)).toEqual({ 'job/write': 2, 'total/write': 1 });
		// 2 thread rows sum to 9466327040 + 9458679808 = 18925006848 bytes, not the printed 8265251819520
		expect(codes(r)).toEqual(['TOTAL_MISMATCH@60', 'TOTAL_MISMATCH@76', 'THREAD_COUNT_MISMATCH@60']);
	});

	test('total write row', () => {
		const t = run(r, 'run1/total', 'write');
		// 8758.14 MiB/s × 1048576 = 9183575408.64 B/s; 2242082.85 I/O per s
		expect(t.bw_bytes_per_s).toBeCloseTo(9183575408.64, 3);
		expect(t).toMatchObject({ source_line: 76, iops: 2242082.85, io_bytes: 8265251819520, total_ios: 2017883745, numjobs: 800 });
		// 99th write 12.018 ms; AvgLat 0.861 ms
		expect(t.lat_p99_ns).toBe(12018000);
		expect(t.lat_mean_ns).toBe(861000);
		// Socket|Node|Group|Core|CPU table, avg. row: User 0.75 %, Kernel 97.84 %
		expect(t).toMatchObject({ usr_cpu_pct: 0.75, sys_cpu_pct: 97.84 });
		// "block size: 4KiB" = 4096, "per thread: 3", -w100 → read 0 %
		expect(t).toMatchObject({ block_size_bytes: 4096, iodepth: 3, read_pct: 0, rw: 'randwrite', started_at: '2026-05-22T07:21:47Z', runtime_s: 900 });
	});
});

describe('2.x text, 115 threads on 5 targets, UTF-8 BOM', () => {
	const r = parse('diskspd-2.x_text_MiBps_write8k-115threads_utf8bom_virtualclient.txt');

	test('115 job rows, a disk row per target (it has its own percentile table), the total', () => {
		expect(shape(r)).toEqual({ 'job/write': 115, 'disk/write': 5, 'total/write': 1 });
		expect(r.warnings).toEqual([]);
	});

	test('thread 0 and the total', () => {
		// line 451 (Write IO): 1927421952 bytes, 235281 I/Os, 30.63 MiB/s, 3920.35 I/O per s, AvgLat 5.602 ms; 60.02 s:
		// 30.63 < 60.02, so 1927421952 / 60.02 = 32113661.31 B/s (30.626 MiB/s); 3920.35 is kept
		const t0 = run(r, 'run1/thread0', 'write');
		expect(t0).toMatchObject({ source_line: 451, io_bytes: 1927421952, total_ios: 235281, iops: 3920.35, lat_mean_ns: 5602000, job_name: 'E:\\diskspd-test.dat' });
		expectFromCounts(t0.bw_bytes_per_s, 1927421952, 60.02, 30.63, 1048576);
		const total = run(r, 'run1/total', 'write');
		// 2579.05 MiB/s × 1048576 = 2704329932.8 B/s; 99th of the "total:" table 368.150 ms
		expect(total.bw_bytes_per_s).toBeCloseTo(2704329932.8, 3);
		expect(total).toMatchObject({ iops: 330118.77, numjobs: 115, iodepth: 22, block_size_bytes: 8192, lat_p99_ns: 368150000 });
		expect(total.job_name).toBeNull();
	});

	test('disk rows: the target\'s own percentiles, counts summed over its 23 threads (derived)', () => {
		const e = run(r, 'run1/target0', 'write');
		// "E:\diskspd-test.dat" table (line 571): 99th 24.265 ms, max 2985.491 ms
		expect(e).toMatchObject({ source_line: 571, scope: 'disk', job_name: 'E:\\diskspd-test.dat', numjobs: 23, value_origin: 'derived' });
		expect(e.lat_p99_ns).toBe(24265000);
		expect(e.lat_max_ns).toBe(2985491000);
		// The five targets' bytes and I/Os add up to the printed total: 162301329408 bytes, 19812174 I/Os
		const disks = r.runs.filter((x) => x.scope === 'disk');
		expect(disks.reduce((s, x) => s + x.io_bytes!, 0)).toBe(162301329408);
		expect(disks.reduce((s, x) => s + x.total_ios!, 0)).toBe(19812174);
		// IOPS = I/Os / 60.02 s
		expect(e.iops).toBeCloseTo(e.total_ios! / 60.02, 9);
	});
});

describe('2.0.21a XML, PerfKitBenchmarker (no -L, no -D)', () => {
	const r = parse('diskspd-2.0.21a_xml_gce-windows-4vcpu_seqread-64k_perfkitbenchmarker.xml');

	test('4 threads of 64 KiB sequential reads: no rates in the file, all derived', () => {
		expect(shape(r)).toEqual({ 'job/read': 4, 'total/read': 1 });
		expect(r.runs.every((x) => x.value_origin === 'derived')).toBe(true);
		expect(r.percentiles).toEqual([]);
		expect(r.warnings).toEqual([]);
	});

	test('total: IOPS = Σ IOCount / TestTimeSeconds', () => {
		const t = run(r, 'run1/total', 'read');
		// IOCount 22645 + 22623 + 22548 + 23154 = 90970; 90970 / 30.02 = 3030.3131 IOPS
		expect(t.total_ios).toBe(90970);
		expect(t.iops).toBeCloseTo(3030.3131, 4);
		// BytesCount 1484062720 + 1482620928 + 1477705728 + 1517420544 = 5961809920; / 30.02 = 198594600.93 B/s = 189.39 MiB/s
		expect(t.io_bytes).toBe(5961809920);
		expect(t.bw_bytes_per_s).toBeCloseTo(198594600.93, 2);
		expect(t).toMatchObject({ tool_version: '2.0.21a', started_at: '2018-10-18T21:39:04Z', usr_cpu_pct: 0.25, sys_cpu_pct: 2.95, numjobs: 4, lat_mean_ns: null });
		// <BlockSize>65536, <StrideSize> (sequential), <RequestCount>2, <WriteRatio>0
		expect(t).toMatchObject({ block_size_bytes: 65536, access: 'sequential', random_pct: 0, iodepth: 2, read_pct: 100, rw: 'read' });
	});

	test('thread 0: 22645 / 30.02 = 754.3304 IOPS', () => {
		const t = run(r, 'run1/thread0', 'read');
		expect(t.iops).toBeCloseTo(754.3304, 4);
		expect(t).toMatchObject({ job_index: 0, source_line: 114, io_bytes: 1484062720 });
	});
});

describe('2.0.21a XML, VirtualClient (-L percentiles, -D IOPS buckets)', () => {
	const r = parse('diskspd-2.0.21a_xml_latency-percentiles-iops-buckets_quicktest2_virtualclient.xml');

	test('shape: 106 percentiles (1…99, 99.9…99.9999999) per direction; 0 and 100 are min and max', () => {
		expect(shape(r)).toEqual({ 'job/read': 1, 'job/write': 1, 'job/mixed': 1, 'total/read': 1, 'total/write': 1, 'total/mixed': 1 });
		expect(r.percentiles).toHaveLength(3 * 106);
		expect(r.percentiles.some((p) => p.percentile === 0 || p.percentile === 100)).toBe(false);
	});

	test('total read: derived IOPS, measured latency', () => {
		const t = run(r, 'run1/total', 'read');
		// ReadCount 37162 / 120.01 s = 309.6575 IOPS; ReadBytes 152215552 / 120.01 = 1268357.24 B/s
		expect(t.iops).toBeCloseTo(309.6575, 4);
		expect(t.bw_bytes_per_s).toBeCloseTo(1268357.24, 2);
		// <AverageReadMilliseconds>2.477, <ReadLatencyStdev>2.732; Percentile 99 → ReadMilliseconds 21.897; 0 → 0.045; 100 → 33.846
		expect(t).toMatchObject({ lat_mean_ns: 2477000, lat_stddev_ns: 2732000, lat_p99_ns: 21897000, lat_min_ns: 45000, lat_max_ns: 33846000 });
		expect(pct(r, 'run1/total', 'read', 99)).toBe(21897000);
		// Percentile 50, TotalMilliseconds 2.128
		expect(run(r, 'run1/total', 'mixed').lat_p50_ns).toBe(2128000);
		expect(pct(r, 'run1/total', 'read', 99.9)).toBe(23166000);
	});

	test('per-second IOPS buckets become timeseries (Read="332" at 1000 ms)', () => {
		const first = r.timeseries.filter((x) => x.time_ms === 1000);
		expect(first.find((x) => x.metric === 'iops' && x.direction === 'read')?.iops).toBe(332);
		expect(first.find((x) => x.metric === 'iops' && x.direction === 'mixed')?.iops).toBe(451);
		// ReadMaxLatencyMilliseconds="22.679"
		expect(first.find((x) => x.metric === 'lat' && x.direction === 'read' && x.value_kind === 'max')?.lat_ns).toBe(22679000);
		expect(new Set(r.timeseries.filter((x) => x.metric === 'iops').map((x) => x.time_ms)).size).toBe(120);
		expect(r.timeseries.every((x) => x.window_ms === 1000)).toBe(true);
	});
});

describe('≤ 2.0.17 text ("MB/s" header that means MiB/s)', () => {
	sharedTest('Lenovo G580 HDD (CP1251 preamble): values and lines', () => {
		const r = parse('diskspd-2.0.1x_text_MBps-label_lenovo-g580-wd5000lpcx-hdd_cp1251.txt');
		expect(shape(r)).toEqual({ 'job/read': 2, 'job/write': 2, 'job/mixed': 2, 'total/read': 1, 'total/write': 1, 'total/mixed': 1 });
		const t = run(r, 'run1/total', 'mixed');
		// "0.86" under "MB/s" is MiB: 538320896 B / 600 s = 897201.49 B/s = 0.856 MiB/s (the printed 0.86 is 0.5 % off);
		// 131426 I/Os / 600 s = 219.0433 I/O per s (printed 219.04)
		expectFromCounts(t.bw_bytes_per_s, 538320896, 600, 0.86, 1048576);
		expectFromCounts(t.iops, 131426, 600, 219.04);
		expect(t).toMatchObject({ source_line: 100, io_bytes: 538320896, total_ios: 131426, lat_mean_ns: 292328000 });
		// 99th Total 1088.947 ms; max Total 3040.254 ms
		expect(t.lat_p99_ns).toBe(1088947000);
		expect(t.lat_max_ns).toBe(3040254000);
		expect(t.started_at).toBeNull();
		expect(r.warnings).toEqual([]);
	});

	sharedTest('Irbis TW57 tablet (CP1251): thread 0 and the total', () => {
		const r = parse('diskspd-2.0.1x_text_MBps-label_irbis-tw57-tablet_cp1251.txt');
		// line 94: 1303470080 bytes, 318230 I/Os, 2.07 MB/s, 530.37 I/O per s, AvgLat 60.402 ms over 600.01 s:
		// 318230 / 600.01 = 530.3745 I/O per s
		const t0 = run(r, 'run1/thread0', 'mixed');
		expect(t0).toMatchObject({ source_line: 94, io_bytes: 1303470080, total_ios: 318230, lat_mean_ns: 60402000 });
		expectFromCounts(t0.iops, 318230, 600.01, 530.37);
		const t = run(r, 'run1/total', 'mixed');
		// 4.14 MB/s (MiB): its bytes / 600.01 s; 99th Total 110.148 ms; CPU User 2.61, Kernel 4.75
		expectFromCounts(t.bw_bytes_per_s, t.io_bytes!, 600.01, 4.14, 1048576);
		expect(t).toMatchObject({ lat_p99_ns: 110148000, runtime_s: 600.01, usr_cpu_pct: 2.61, sys_cpu_pct: 4.75 });
	});

	sharedTest('Azure Basic A2: thread 0 and the total', () => {
		const r = parse('diskspd-2.0.1x_text_MBps-label_azure-basic-a2-sql2016.txt');
		// line 49: 0.79 MB/s (496783360 / 600 = 827972.27 B/s = 0.7896 MiB/s), 202.14 I/O per s (121285 / 600 = 202.1417)
		const t0 = run(r, 'run1/thread0', 'mixed');
		expectFromCounts(t0.bw_bytes_per_s, 496783360, 600, 0.79, 1048576);
		expectFromCounts(t0.iops, 121285, 600, 202.14);
		expect(t0).toMatchObject({ source_line: 49, lat_mean_ns: 158146000, lat_stddev_ns: 206111000 });
		// total (line 52): 992047104 bytes, 242199 I/Os, 1.58 MB/s, 403.66 IOPS; 99th Total 824.992 ms
		const t = run(r, 'run1/total', 'mixed');
		expectFromCounts(t.bw_bytes_per_s, 992047104, 600, 1.58, 1048576);
		expectFromCounts(t.iops, 242199, 600, 403.66);
		expect(t).toMatchObject({ source_line: 52, lat_p99_ns: 824992000 });
	});

	sharedTest('Azure DC: two runs in one file get run1/ and run2/ keys', () => {
		const r = parse('diskspd-2.0.1x_text_MBps-label_azure-winserver-dc.txt');
		expect(shape(r)).toEqual({ 'job/read': 4, 'job/write': 4, 'job/mixed': 4, 'total/read': 2, 'total/write': 2, 'total/mixed': 2 });
		const r1 = run(r, 'run1/total', 'mixed');
		expect(r1.source_line).toBe(51);
		// 393.4 I/O per s over 600 s: from the I/Os
		expectFromCounts(r1.iops, r1.total_ios!, 600, 393.4);
		const t = run(r, 'run2/total', 'mixed');
		// 197.05 MB/s (MiB) is below 600: its bytes / 600 s = 206625170.77 B/s (197.053); 50445.24 I/O per s is kept
		expectFromCounts(t.bw_bytes_per_s, t.io_bytes!, 600, 197.05, 1048576);
		expect(t.bw_bytes_per_s).toBeCloseTo(206625170.77, 1);
		expect(t).toMatchObject({ source_line: 139, iops: 50445.24, usr_cpu_pct: 3.93, sys_cpu_pct: 31.85, job_name: 'D:\\testfile.foo' });
		// line 145: thread 1 read, 7558234 I/Os; Write 99th 3.145 ms
		expect(run(r, 'run2/thread1', 'read')).toMatchObject({ source_line: 145, total_ios: 7558234 });
		expect(run(r, 'run2/total', 'write').lat_p99_ns).toBe(3145000);
	});
});
