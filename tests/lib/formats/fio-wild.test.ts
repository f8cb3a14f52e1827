// Real fio output from public repositories (../shared/fixtures/fio-wild, MANIFEST.md there says what is special
// about each file). Most have no licence: they are read in place, never copied, and these tests skip without them.
// Every file is detected as its format and parsed; the values fio rounds, truncates or misprints are checked by
// hand against the raw file, with the arithmetic beside each expectation.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/lib/formats/index.ts';
import { noContext } from '../../../src/lib/formats/format.ts';
import { parseFioLog } from '../../../src/lib/formats/fio-log/reader.ts';
import { parseFioText } from '../../../src/lib/formats/fio-text/parse.ts';
import type { ParsedRun, ParseResult } from '../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../../helpers/fixtures.ts';

const FILES = listFixtures('fio-wild');
const FORMAT_OF_FOLDER: Record<string, string> = { json: 'fio-json', text: 'fio-text', terse: 'fio-text', log: 'fio-log' };
const MIB = 1024 ** 2;

/** Tests on files read in place from ../shared: skipped, saying why, when it is absent. */
function itShared(title: string, fn: () => void): void {
	if (SHARED_PRESENT) it(title, fn);
	else it.skip(`${title} — ${SHARED_SKIP_REASON}`, fn);
}

function text(sub: string, file: string): string {
	const f = FILES.find((x) => x.name === `fio-wild/${sub}/${file}`);
	if (!f) throw new Error(`fixture fio-wild/${sub}/${file} missing`);
	return readFixture(f);
}

/** What the ingest does: detect from the text and the bare file name, then parse. */
function parse(sub: string, file: string): ParseResult {
	const format = detectFormat(text(sub, file), file);
	if (!format) throw new Error(`${file} not detected`);
	return format.parse(text(sub, file), file, { ...noContext(), toolVersion: /^fio([\d.]+)_/.exec(file)?.[1] });
}

function row(r: ParseResult, runKey: string, direction: string): ParsedRun {
	const found = r.runs.find((x) => x.run_key === runKey && x.direction === direction);
	if (!found) throw new Error(`no row ${runKey}/${direction}`);
	return found;
}

const codes = (r: ParseResult) => r.warnings.map((w) => w.code);

describe('every fio-wild file', () => {
	if (!SHARED_PRESENT) it.skip(SHARED_SKIP_REASON, () => {});
	itShared('holds the 22 files of the MANIFEST', () => expect(FILES).toHaveLength(22));

	for (const f of FILES) {
		const [, sub, file] = f.name.split('/') as [string, string, string];
		it(`${f.name}: detected as ${FORMAT_OF_FOLDER[sub]} and parsed`, async () => {
			expect(detectFormat(readFixture(f), file)?.id).toBe(FORMAT_OF_FOLDER[sub]);
			const result = parse(sub, file);
			if (sub !== 'log') {
				expect(result.runs.length).toBeGreaterThan(0);
				await expectGolden(FORMAT_OF_FOLDER[sub]!, f.name, result);
			}
		});
	}
});

describe('json', () => {
	itShared('a stray shell ">" glued to the opening brace (no line starts with "{")', () => {
		const r = parse('json', 'fio3.12_arau_read4k_gt-prefix_noext');
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['job0/read']); // rwmixread=100: no write row
		const read = r.runs[0]!;
		expect(read.tool_version).toBe('3.12');
		expect(read.read_pct).toBe(100);
		expect(read.random_pct).toBe(85); // percentage_random=85
		expect(read.block_size_bytes).toBe(4096);
		expect(read.iodepth).toBe(16);
		expect(read.scope).toBe('group'); // group_reporting=1
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'NON_JSON_PREFIX', line: 1 })]);
	});

	itShared('the same JSON printed twice in a transcript (same timestamp_ms) is one run', () => {
		const r = parse('json', 'fio3.12_arau_write4k_two-json-docs_noext');
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['job0/write']); // rwmixread=0
		expect(r.runs[0]!.total_ios).toBe(1048576); // "total_ios" : 1048576 = 4 GiB / 4 KiB
		expect(r.runs[0]!.started_at).toBe(new Date(1570202019 * 1000).toISOString()); // "timestamp" : 1570202019
		expect(codes(r)).toEqual(['TRAILING_TEXT', 'DUPLICATE_DOCUMENT']);
		expect(r.warnings[1]).toMatchObject({ line: 317 }); // the second "{" (after "# cat out-0")
	});

	itShared('no .json suffix (.fio-0): sniffed, randrw 32k 50/50 with group_reporting', () => {
		const r = parse('json', 'fio3.12_arau_randrw50-32k-grouprep_noext.fio-0');
		const read = row(r, 'job0', 'read');
		expect(read.block_size_bytes).toBe(32768);
		expect(read.read_pct).toBe(50);
		expect(read.total_ios).toBe(65713);
		expect(read.io_bytes).toBe(65713 * 32768); // 2153283584
		expect(row(r, 'job0', 'write').total_ios).toBe(65359);
	});

	itShared('Ceph RBD 4 MiB randrw: clat p99 of writes is 6.0 s', () => {
		const r = parse('json', 'fio3.16_wilkmar_ceph-rbd-randrw4M.json');
		expect(row(r, 'job0', 'write').clat_p99_ns).toBe(6006243328); // "99.000000" : 6006243328 (clat_ns)
		expect(row(r, 'job0', 'read').block_size_bytes).toBe(4 * MIB);
	});

	itShared('48 stonewalled jobs: the file\'s bw_bytes is kept even where it is above iops × bs (ramp)', () => {
		const r = parse('json', 'fio3.28_whitepau_bs-qd-write-sweep-48jobs.json');
		expect(r.runs).toHaveLength(48);
		expect(r.warnings).toEqual([]);
		for (const run of r.runs) {
			expect(run.direction).toBe('write');
			expect(run.bw_bytes_per_s).toBeGreaterThan(0);
		}
		// io_bytes also counts I/Os issued before the ramp ended: r_bs8m_qd256 has "io_bytes" : 11265900544 for
		// "total_ios" : 1087 → 11265900544 / (1087 × 8 MiB) = 1.2355, the largest gap; bw_bytes stays as fio wrote it.
		const ratio = Math.max(...r.runs.map((x) => x.bw_bytes_per_s! / (x.iops! * x.block_size_bytes!)));
		expect(ratio).toBeCloseTo(1.2355, 3);
		const qd256 = r.runs.find((x) => x.job_name === 'r_bs8m_qd256')!;
		expect(qd256.bw_bytes_per_s).toBe(560771555); // "bw_bytes" : 560771555, not 54.106521 IOPS × 8 MiB = 453878395
		expect(qd256.iops).toBe(54.106521);
	});

	itShared('psync without a "global options" object: slat not measured (N=0)', () => {
		const r = parse('json', 'fio3.36_brahiam_randrw128k-psync.json');
		const read = row(r, 'job0', 'read');
		expect(read.slat_mean_ns).toBeNull();
		expect(read.block_size_bytes).toBe(131072);
		expect(read.total_ios).toBe(4011);
		expect(read.iops).toBe(401.019796); // "iops" : 401.019796 = 4011 × 1000 / 10002 ms
	});

	itShared('per-I/O logs without log_avg_msec: the headline iops/bw are fio\'s, not the poisoned window stats', () => {
		const r = parse('json', 'fio3.36_brahiam_seqread128k-2jobs-perio-logs.json');
		expect(r.runs).toHaveLength(1);
		const read = r.runs[0]!;
		expect(read.numjobs).toBe(2);
		expect(read.iops).toBe(3266.695555); // 392010 I/Os × 1000 / 120002 ms = 3266.6956
		expect(read.bw_bytes_per_s).toBe(428172319); // 51381534720 B × 1000 / 120002 ms
	});
});

describe('text: rates computed from the issued I/O count, as fio does before printing', () => {
	itShared('HDD, 64 MiB blocks: IOPS=3 is 3.98, 255MiB/s is 254.7 MiB/s', () => {
		const r = parse('text', 'fio3.7_kangeek_hdd-randread-64MiB-qd1.log');
		const job = row(r, 'run0/job0', 'read');
		expect(job.total_ios).toBe(80); // issued rwts: total=80,0,0,0
		expect(job.block_size_bytes).toBe(64 * MIB); // bs=(R) 64.0MiB-64.0MiB
		expect(job.iops).toBeCloseTo(3.9797, 4); // 80 I/Os × 1000 / 20102 ms = 3.9797 (printed IOPS=3)
		expect(job.io_bytes).toBe(5368709120); // 80 × 67108864 = 5120 MiB (printed 5120MiB)
		expect(job.bw_bytes_per_s).toBeCloseTo(267073381.75, 1); // 5368709120 B × 1000 / 20102 ms (printed 255MiB/s = 267386880)
		const group = row(r, 'run0/group0', 'read');
		expect(group.bw_bytes_per_s).toBeCloseTo(267073381.75, 1); // the group's bytes over run=…-20102msec
		expect(group.io_bytes).toBe(5368709120);
		expect(r.warnings).toEqual([]);
	});

	itShared('fio 3.7 misprints BW=12.0MiB/s (13.6MB/s): the SI figure agrees with the counts, with a warning', () => {
		const r = parse('text', 'fio3.7_kangeek_rbd-4groups-x4jobs.log');
		const job = row(r, 'run0/job0', 'write');
		expect(job.iops).toBeCloseTo(3318.0578, 4); // 99701 I/Os × 1000 / 30048 ms (printed 3318)
		expect(job.io_bytes).toBe(408375296); // 99701 × 4096 = 389.46 MiB (printed 389MiB)
		expect(job.bw_bytes_per_s).toBeCloseTo(13590764.64, 1); // 408375296 × 1000 / 30048 = 12.96 MiB/s = 13.59 MB/s
		expect(row(r, 'run0/group0', 'write').bw_bytes_per_s).toBeCloseTo(13590764.64, 1);
		// 64k reads: 111439 × 65536 B × 1000 / 30028 ms = 243215209.27 B/s (printed 232MiB/s (243MB/s), both fine)
		expect(row(r, 'run0/job3', 'read').bw_bytes_per_s).toBeCloseTo(243215209.27, 1);
		expect(r.warnings).toEqual([
			expect.objectContaining({ code: 'RATE_MISPRINT', line: 13 }), //   write: IOPS=3318, BW=12.0MiB/s (13.6MB/s)
			expect.objectContaining({ code: 'RATE_MISPRINT', line: 104 }), // WRITE: bw=12.0MiB/s (13.6MB/s), …
		]);
		expect(r.warnings[0]!.message).toMatch(/12\.0MiB\/s/);
	});

	itShared('NVMe 3.1: IOPS=47.3k from 2840871 I/Os; "issued rwt:" with 3 counts; usec/nsec clat per direction', () => {
		const r = parse('text', 'fio3.1_chris-sanders_nvme-rw4k.out');
		const read = row(r, 'run0/job0', 'read');
		const write = row(r, 'run0/job0', 'write');
		expect(read.total_ios).toBe(2840871); // issued rwt: total=2840871,2839430,0,
		expect(write.total_ios).toBe(2839430);
		expect(read.iops).toBeCloseTo(47347.06, 2); // 2840871 × 1000 / 60001 ms (printed 47.3k)
		expect(read.bw_bytes_per_s).toBeCloseTo(193933561.37, 1); // 2840871 × 4096 × 1000 / 60001
		expect(read.clat_max_ns).toBe(13002000); // clat (usec): max=13002
		expect(write.clat_max_ns).toBe(7828700); // clat (nsec): max=7828.7k
		expect(write.clat_p99_ns).toBe(371000); // clat percentiles (usec): 99.00th=[  371]
		expect(r.warnings).toEqual([]);
	});

	itShared('macOS M1, 8 jobs group_reporting, no disk stats', () => {
		const r = parse('text', 'fio3.19_74th_macos-m1-randread4k-8jobs.txt');
		expect(r.runs.map((x) => `${x.run_key}/${x.scope}`)).toEqual(['run0/job0/job', 'run0/group0/group']);
		const job = row(r, 'run0/job0', 'read');
		expect(job.numjobs).toBe(8);
		expect(job.iops).toBeCloseTo(59588.24, 2); // 595942 × 1000 / 10001 ms (printed 59.6k)
		expect(job.bw_bytes_per_s).toBeCloseTo(244073435.86, 1); // 595942 × 4096 × 1000 / 10001
		expect(job.clat_max_ns).toBe(11807000); // clat (nsec): max=11807k
		expect(job.lat_max_ns).toBe(11809000); // lat (usec): max=11809
		expect(r.warnings).toEqual([]);
	});

	itShared('4 reports appended with tee -a, same job name: 4 runs; fsync; IO depths 1=200.0% is the syncs', () => {
		const r = parse('text', 'fio3.16_maxhbr_randrw4k-4-appended-runs_noext');
		const jobs = r.runs.filter((x) => x.scope === 'job' && x.direction === 'read');
		expect(jobs.map((x) => x.run_key)).toEqual(['run0/job0', 'run1/job0', 'run2/job0', 'run3/job0']);
		expect(jobs.every((x) => x.job_name === 'TEST')).toBe(true);
		expect(jobs.map((x) => x.total_ios)).toEqual([121459, 124144, 122209, 125149]);
		expect(jobs[0]!.iops).toBeCloseTo(2024.2829, 4); // 121459 × 1000 / 60001 ms (printed 2024)
		expect(jobs[0]!.bw_bytes_per_s).toBeCloseTo(8291462.88, 1); // 121459 × 4096 × 1000 / 60001
		expect(jobs[0]!.clat_min_ns).toBe(1); // clat (nsec): min=1
		expect(jobs[0]!.started_at).toBe('2022-07-29T12:17:32');
		expect(row(r, 'run3/job0', 'write').total_ios).toBe(125044);
		// (121459 + 121320 + 242776 syncs) / (121459 + 121320) = 200.0 %: explained, no warning
		expect(r.warnings).toEqual([]);
	});
});

describe('text: fio ≤ 2.16 (kb_base not printed, bytes or bits)', () => {
	itShared('net engine, rates in bits: 997.40Mbit/s is 2^20-bit Mbit, 2621440 × 4 KiB / 82.135 s', () => {
		const r = parse('text', 'fio2.8_debashis_net-engine-Mbit.log');
		const read = row(r, 'run0/job0', 'read');
		expect(read.job_name).toBe('receiver');
		expect(read.io_bytes).toBe(10737418240); // 2621440 × 4096 = 10240 MiB (printed io=10240MB)
		// 10737418240 × 1000 / 82135 = 130728900.47 B/s; printed 997.40 × 2^20 / 8 = 130731212.8 B/s
		expect(read.bw_bytes_per_s).toBeCloseTo(130728900.47, 1);
		expect(read.iops).toBeCloseTo(31916.24, 2); // 2621440 × 1000 / 82135 (printed 31916)
		expect(row(r, 'run0/job1', 'write').job_name).toBe('sender');
		// aggrb=997.39Mbit/s: the group's 10 GiB over maxt=82135msec
		expect(row(r, 'run0/group0', 'read').bw_bytes_per_s).toBeCloseTo(130728900.47, 1);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'KB_BASE_INFERRED' })]);
		expect(r.warnings[0]!.message).toMatch(/1024/);
	});

	itShared('6 groups × 4 jobs, bytes (B/s) and KB: kb_base 1024 inferred from the counts', () => {
		const r = parse('text', 'fio2.16_chris-sanders_6groups-x4jobs-rw4k-Bps.out');
		expect(r.runs).toHaveLength(24); // 6 job sections × read/write + 6 groups × READ/WRITE
		const read = row(r, 'run0/job0', 'read');
		expect(read.io_bytes).toBe(55447552); // 13537 × 4096 = 54148 KiB (printed io=54148KB)
		expect(read.bw_bytes_per_s).toBeCloseTo(923956.47, 1); // 55447552 × 1000 / 60011 ms (printed 923956B/s)
		expect(read.iops).toBeCloseTo(225.5753, 4); // 13537 × 1000 / 60011 (printed iops=225)
		expect(read.clat_max_ns).toBe(1409900000); // clat (usec): max=1409.9K
		expect(read.clat_p99_ns).toBe(938e6); // clat percentiles (msec): 99.00th=[  938]
		const kern = row(r, 'run0/job3', 'write');
		expect(kern.bw_bytes_per_s).toBeCloseTo(1501959.55, 1); // 22100 × 4096 × 1000 / 60269 (printed 1466.8KB/s)
		expect(row(r, 'run0/group0', 'read').bw_bytes_per_s).toBeCloseTo(923956.47, 1); // aggrb=902KB/s
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'KB_BASE_INFERRED', line: 17 })]);
	});

	itShared('mmap, 4 jobs without group_reporting: iops=3 is 3.78 and 3.54', () => {
		const r = parse('text', 'fio2.2.8_debashis_mmap-randrw-4jobs-nogroup.log');
		expect(r.runs.filter((x) => x.scope === 'job')).toHaveLength(8);
		const read = row(r, 'run0/job0', 'read');
		expect(read.iops).toBeCloseTo(3.7848, 4); // 1058 × 1000 / 279536 ms
		expect(row(r, 'run0/job0', 'write').iops).toBeCloseTo(3.5416, 4); // 990 × 1000 / 279536 ms
		expect(read.bw_bytes_per_s).toBeCloseTo(992174.0, 1); // 1058 × 262144 × 1000 / 279536 (printed 992174B/s)
		const group = row(r, 'run0/group0', 'read');
		expect(group.io_bytes).toBe(4 * 1058 * 262144); // io=1058.0MB
		expect(group.bw_bytes_per_s).toBeCloseTo(3968696.01, 1); // 1109393408 × 1000 / maxt 279536 (aggrb=3875KB/s)
		expect(codes(r)).toEqual(['KB_BASE_INFERRED']);
	});

	itShared('git-describe version 2.6-20-g2caf; percentiles usec for one job, msec for the other', () => {
		const r = parse('text', 'fio2.6-g2caf_debashis_aio-read-2jobs.log');
		const [file1, file2] = [row(r, 'run0/job0', 'read'), row(r, 'run0/job1', 'read')];
		expect(file1.tool_version).toBe('2.6-20-g2caf');
		expect(file1.clat_p99_ns).toBe(292864e3); // clat percentiles (usec): 99.00th=[292864]
		expect(file2.clat_p99_ns).toBe(469e6); // clat percentiles (msec): 99.00th=[  469]
		expect(file1.iops).toBeCloseTo(152.9328, 4); // 4096 × 1000 / 26783 ms (printed 152)
		expect(file2.bw_bytes_per_s).toBeCloseTo(41828664.74, 1); // 4096 × 131072 × 1000 / 12835 (printed 40848KB/s)
		expect(row(r, 'run0/group0', 'read').bw_bytes_per_s).toBeCloseTo(40090423.93, 1); // 1 GiB × 1000 / 26783
		expect(codes(r)).toEqual(['KB_BASE_INFERRED']);
	});
});

describe('terse', () => {
	itShared('v3, 3 groups × 4 jobs: bandwidth from io KiB / runtime, block size derived from bw ÷ IOPS', () => {
		const r = parse('terse', 'fio2.1.2_jtulak_terse-v3-3groups-x4jobs.out');
		expect(r.runs).toHaveLength(30); // 12 lines × read/write + 3 derived totals × read/write
		const read = row(r, 'line1', 'read');
		expect(read.io_bytes).toBe(52392 * 1024);
		expect(read.bw_bytes_per_s).toBeCloseTo(5334003.58, 1); // 52392 KiB × 1024 × 1000 / 10058 ms (printed 5208 KiB/s)
		expect(read.iops).toBe(651); // printed: terse has no I/O count
		// 5334003.58 / 651 = 8193.5 B: 0.02 % from 16 × 512; 5334003.58 / 652 = 8181.0 leaves no other multiple of 512
		expect(read.block_size_bytes).toBe(8192);
		expect(read.value_origin).toBe('measured');
		expect(r.runs.every((x) => x.block_size_bytes === 8192)).toBe(true);
		expect(row(r, 'lines1-4/total', 'read').bw_bytes_per_s).toBeCloseTo(((52392 + 55368 + 54672 + 55384) * 1024) / 10.067, 1);
		expect(codes(r)).toEqual(['BLOCK_SIZE_DERIVED']);
		expect(r.warnings[0]!.message).toMatch(/line1 read/);
	});
});

describe('log (the latency unit given, as the ingest does)', () => {
	const lines = (sub: string, file: string) => text(sub, file).trim().split('\n');

	itShared('fio 3.1 clat log, 4 columns, ns', () => {
		const file = 'fio3.1_chris-sanders_nvme-rw4k-KERNEL_clat.log';
		const rows = parseFioLog(text('log', file), file, { metric: 'clat', latencyUnit: 'ns', windowMs: 250 }).timeseries;
		expect(rows).toHaveLength(lines('log', file).length);
		expect(rows[0]).toMatchObject({ time_ms: 250, direction: 'read', lat_ns: 946773 }); // "250, 946773, 0, 0"
		expect(rows[1]).toMatchObject({ time_ms: 250, direction: 'write', lat_ns: 129402 }); // "250, 129402, 1, 0"
	});

	itShared('fio 3.1 bw log: KiB/s windows whose mean is the text\'s bw avg=189285.14', () => {
		const file = 'fio3.1_chris-sanders_nvme-rw4k-KERNEL_bw.log';
		const rows = parseFioLog(text('log', file), file, { metric: 'bw', windowMs: 250 }).timeseries;
		expect(rows[0]).toMatchObject({ direction: 'read', bw_bytes_per_s: 116176 * 1024 }); // "250, 116176, 0, 0"
		const read = rows.filter((x) => x.direction === 'read').map((x) => x.bw_bytes_per_s! / 1024);
		expect(read.reduce((a, b) => a + b, 0) / read.length).toBeCloseTo(189285.14, 0);
	});

	itShared('fio 2.2.10 clat log, 4 columns, µs', () => {
		const file = 'fio2.2.10_chris-sanders_erasure-rw4k-KERNEL_clat.log';
		const rows = parseFioLog(text('log', file), file, { metric: 'clat', latencyUnit: 'us' }).timeseries;
		expect(rows[0]).toMatchObject({ time_ms: 301, direction: 'read', lat_ns: 89981000 }); // "301, 89981, 0, 0": µs × 1000
	});

	itShared('fio 3.36 per-I/O bw and clat logs (5 columns, bs 131072)', () => {
		const bw = parseFioLog(text('log', 'fio3.36_brahiam_perio_bw_bw.1.log'), 'bw_bw.1.log', { metric: 'bw' }).timeseries;
		// "64, 2042, 0, 131072, 0": per-I/O bw is bytes per ms; 131072 B / 64.165618 ms (the clat log's line 1) = 2042.7
		expect(bw[0]).toMatchObject({ time_ms: 64, bw_bytes_per_s: 2042000, block_size_bytes: 131072, value_kind: 'per_io' });
		const clat = parseFioLog(text('log', 'fio3.36_brahiam_perio_lat_clat.1.log'), 'lat_clat.1.log', {
			metric: 'clat',
			latencyUnit: 'ns',
		}).timeseries;
		expect(clat[0]).toMatchObject({ time_ms: 64, lat_ns: 64165618, block_size_bytes: 131072 });
	});
});

describe('hand-made cases of the same rules, which no wild file shows', () => {
	/** A fio 2.16 report of 1000000 reads of 4 KiB in 10 s, io= and bw= as given. */
	const v216 = (io: string, bw: string) =>
		[
			'job: (g=0): rw=read, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=1',
			'fio-2.16',
			'job: (groupid=0, jobs=1): err= 0: pid=1: Fri Feb  9 12:56:50 2018',
			`  read : io=${io}, bw=${bw}, iops=100000, runt= 10000msec`,
			'     issued    : total=r=1000000/w=0/d=0, short=r=0/w=0/d=0, drop=r=0/w=0/d=0',
			'',
		].join('\n');

	it('fio ≤ 2.16 with kb_base=1000: 4096000000 B printed as io=4096.0MB, bw=409600KB/s', () => {
		// Under 1024 they would be 3906.3MB and 400000KB/s.
		const r = parseFioText(v216('4096.0MB', '409600KB/s'), 'kb1000');
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'KB_BASE_INFERRED', line: 4 })]);
		expect(r.warnings[0]!.message).toMatch(/read as 1000-based/);
		expect(r.runs[0]).toMatchObject({ io_bytes: 4096000000, bw_bytes_per_s: 409600000, iops: 100000 });
	});

	it('fio ≤ 2.16 whose counts fit neither kb_base: warned, read as 1024, io and bw as printed', () => {
		// 5000 MB over 10 s is 512000 KB/s under either base, but 1000000 × 4 KiB is neither 5000 MiB nor 5000 MB.
		const r = parseFioText(v216('5000.0MB', '512000KB/s'), 'neither');
		expect(r.warnings.map((w) => w.code)).toEqual(['KB_BASE_UNKNOWN', 'ISSUED_IO_MISMATCH']);
		expect(r.runs[0]).toMatchObject({ io_bytes: 5000 * MIB, bw_bytes_per_s: 512000 * 1024, iops: 100000 });
	});

	// Built from a wild file: read in place from ../shared.
	itShared('a misprinted form without a fixed block size: the one io= over the runtime agrees with', () => {
		const rbd = text('text', 'fio3.7_kangeek_rbd-4groups-x4jobs.log').replace(
			'4k_randwrite: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B,',
			'4k_randwrite: (g=0): rw=randwrite, bs=(R) 4096B-64.0KiB, (W) 4096B-64.0KiB, (T) 4096B-64.0KiB,',
		);
		const r = parseFioText(rbd, 'bsrange');
		const job = row(r, 'run0/job0', 'write');
		expect(job.block_size_bytes).toBeNull();
		expect(job.bw_bytes_per_s).toBe(13.6e6); // 389 MiB / 30.048 s = 13.57 MB/s: "13.6MB/s" agrees, "12.0MiB/s" does not
		expect(job.io_bytes).toBe(389 * MIB);
		expect(job.iops).toBeCloseTo(3318.0578, 4); // the count needs no block size
		expect(r.warnings.map((w) => [w.code, w.line])).toEqual([
			['RATE_MISPRINT', 13],
			['RATE_MISPRINT', 104],
		]);
	});
});
