import { describe, expect, it } from 'vitest';
import { parseFioText } from '../../../../src/lib/formats/fio-text/parse.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import type { ParsedRun, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../../../helpers/fixtures.ts';

const isTextFixture = (name: string) => name.startsWith('text-') || name.startsWith('gen-fio3.33-normal-');

function fixtureText(name: string): string {
	const f = listFixtures('fio').find((x) => x.name === `fio/${name}`);
	if (!f) throw new Error(`fixture ${name} missing`);
	return readFixture(f);
}

/** Tests on files read in place from ../shared: skipped, saying why, when it is absent. */
function itShared(title: string, fn: () => void): void {
	if (SHARED_PRESENT) it(title, fn);
	else it.skip(`${title} — ${SHARED_SKIP_REASON}`, fn);
}

function row(r: ParseResult, runKey: string, direction: string): ParsedRun {
	const found = r.runs.find((x) => x.run_key === runKey && x.direction === direction);
	if (!found) throw new Error(`no row ${runKey}/${direction}`);
	return found;
}

function codes(r: ParseResult): string[] {
	return r.warnings.map((w) => w.code);
}

function parseError(fn: () => unknown): ParseError {
	try {
		fn();
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

describe('parseFioText goldens', () => {
	for (const f of listFixtures('fio', isTextFixture)) {
		it(`${f.name} matches its golden`, async () => {
			await expectGolden('fio-text', f.name, parseFioText(readFixture(f), f.name));
		});
	}
	if (!SHARED_PRESENT) it.skip(`goldens of the text fixtures in ../shared — ${SHARED_SKIP_REASON}`, () => {});
});

describe('fio 2.2.10, 4 groups × 32 threads, group_reporting (≤2.16 units)', () => {
	const name = 'text-fio2.2.10-32jobs-group-reporting.txt';
	const r = () => parseFioText(fixtureText(name), name);

	itShared('reads KB/MB as kb_base (1024) units', () => {
		const job = row(r(), 'run0/job0', 'read');
		// 7638626 issued × 4096 B = 29838.4 MB, not io=29854MB (G12): io and bw stay as printed
		expect(job.bw_bytes_per_s).toBe(260840448); // bw=254727KB/s × 1024
		expect(job.io_bytes).toBe(31304187904); // io=29854MB × 1048576
		expect(job.iops).toBeCloseTo(63647.79, 2); // 7638626 issued × 1000 / 120014 ms (printed iops=63647)
		expect(job.runtime_s).toBe(120.014); // runt=120014msec
		expect(job.total_ios).toBe(7638626); // issued: total=r=7638626
		expect(job.clat_mean_ns).toBe(63834110); // clat (usec) avg=63834.11
		expect(job.clat_p99_ns).toBe(93e6); // clat percentiles (msec): 99.00th=[   93]
		expect(job.numjobs).toBe(32);
		expect(job.started_at).toBe('2018-02-09T12:56:50');
	});

	itShared('takes rw, bs and iodepth from the description lines', () => {
		const job = row(r(), 'run0/job1', 'read');
		expect(job.job_name).toBe('read64k-seq');
		expect(job.rw).toBe('read'); // read64k-seq: (g=1): rw=read, bs=512K-512K/…, iodepth=128
		expect(job.access).toBe('sequential');
		expect(job.block_size_bytes).toBe(524288); // 512K
		expect(job.iodepth).toBe(128);
		expect(job.slat_max_ns).toBe(2029.2e3 * 1e3); // slat (usec) max=2029.2K → 2029200 µs
		expect(job.source_line).toBe(33);
	});

	itShared('group lines: aggrb and maxt', () => {
		const g = row(r(), 'run0/group0', 'read');
		expect(g.scope).toBe('group');
		expect(g.bw_bytes_per_s).toBe(260839424); // aggrb=254726KB/s × 1024
		expect(g.io_bytes).toBe(31304187904); // io=29854MB
		expect(g.runtime_s).toBe(120.014); // maxt=120014msec
		expect(g.numjobs).toBe(32);
		expect(g.value_origin).toBe('measured');
		expect(g.iops).toBeNull(); // not printed for groups
	});

	itShared('warns about the impossible percentages (G12) and keeps parsing', () => {
		const res = r();
		expect(codes(res)).toEqual([
			'KB_BASE_INFERRED',
			...Array(4).fill(['IMPOSSIBLE_PERCENTAGE', 'ISSUED_IO_MISMATCH']).flat(),
		]);
		expect(res.warnings[1]).toMatchObject({ line: 28 }); // IO depths : … >=64=105.0%
		expect(res.warnings[2]).toMatchObject({ line: 13 }); // io=29854MB, but issued r=7638626 × 4 KiB = 29838.4 MB
		expect(res.runs).toHaveLength(8);
	});
});

describe('fio 2.1.11, unified_rw_reporting=1', () => {
	const name = 'text-fio2.1.11-mixed-unified-rw-reporting.txt';

	itShared('mixed job and MIXED group rows', () => {
		const r = parseFioText(fixtureText(name), name);
		const job = row(r, 'run0/job0', 'mixed');
		// 5240177 issued × 4096 B × 1000 / 30026 ms (printed bw=698085KB/s = 714839040)
		expect(job.bw_bytes_per_s).toBeCloseTo(714839305.67, 1);
		expect(job.io_bytes).toBe(21463764992); // 5240177 × 4096 = 20469.4 MB (printed io=20469MB)
		expect(job.total_ios).toBe(5240177); // issued r=5240177/w=0/d=0
		expect(job.clat_max_ns).toBe(375896000); // clat (usec) max=375896
		expect(row(r, 'run0/job1', 'mixed').io_bytes).toBe(10092666880); // 2464030 × 4096 (printed io=9625.2MB)
		// 467157 issued × 8192 B × 1000 / maxt 30014 ms (printed aggrb=124517KB/s = 127505408)
		expect(row(r, 'run0/group9', 'mixed').bw_bytes_per_s).toBeCloseTo(127505502.23, 1);
	});

	itShared('the bogus total latency (lat (msec): min=755174K in a 30 s run) is left empty with a warning', () => {
		const r = parseFioText(fixtureText(name), name);
		const job = row(r, 'run0/job0', 'mixed');
		expect(job.lat_mean_ns).toBeNull();
		expect(job.lat_min_ns).toBeNull();
		expect(job.clat_mean_ns).toBe(23443360); // clat (usec) avg=23443.36 is kept
		expect(r.warnings[1]).toMatchObject({ code: 'IMPOSSIBLE_LATENCY', line: 27 });
		expect(codes(r).filter((c) => c === 'IMPOSSIBLE_LATENCY')).toHaveLength(10);
	});
});

describe('fio 2.14, read + write in one job', () => {
	const name = 'text-fio2.14-seqrw-1h-burnin.txt';

	itShared('both directions of the job and of the group', () => {
		const r = parseFioText(fixtureText(name), name);
		const read = row(r, 'run0/job0', 'read');
		expect(read.job_name).toBe('name=1M_seqrw');
		// 1131207 issued × 1 MiB × 1000 / 3600299 ms (printed bw=321739KB/s = 329460736)
		expect(read.bw_bytes_per_s).toBeCloseTo(329460556.26, 1);
		expect(read.io_bytes).toBe(1186156511232); // 1131207 × 1048576 = 1104.69 GB (printed io=1104.8GB)
		expect(read.slat_mean_ns).toBe(460); // slat (usec) avg= 0.46
		expect(read.block_size_bytes).toBe(1048576); // bs=1M-1M/…
		expect(row(r, 'run0/job0', 'write').total_ios).toBe(1131578); // issued w=1131578
		// 1131578 × 1 MiB × 1000 / maxt 3600299 ms (printed aggrb=321844KB/s = 329568256)
		expect(row(r, 'run0/group0', 'write').bw_bytes_per_s).toBeCloseTo(329568608.87, 1);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'KB_BASE_INFERRED', line: 9 })]);
	});
});

describe('fio 3.1, --status-interval=1, CRLF, five runs', () => {
	const name = 'text-fio3.1-status-interval.txt';

	itShared('keeps only the last report of each run', () => {
		const r = parseFioText(fixtureText(name), name);
		expect(new Set(r.runs.map((x) => x.run_key.split('/')[0])).size).toBe(5);
		const last = row(r, 'run0/job0', 'write');
		expect(last.iops).toBeCloseTo(14379.58, 2); // issued 14509 × 1000 / 1009 ms (IOPS=14.4k, second report)
		expect(last.bw_bytes_per_s).toBeCloseTo(58898775.02, 1); // 14509 × 4096 × 1000 / 1009 (BW=56.2MiB/s)
		expect(last.clat_max_ns).toBe(15745000); // clat (nsec) max=15745k
		expect(last.source_line).toBe(41);
		expect(codes(r)).toEqual(Array(5).fill('STATUS_INTERVAL_REPEATS'));
		expect(row(r, 'run4/job0', 'read').total_ios).toBe(1754); // 4th report of the randrw run
	});

	itShared('the first report alone (file cut before the repeat) is read the same way', () => {
		const lines = fixtureText(name).split('\n');
		const r = parseFioText(lines.slice(0, 40).join('\n'), name);
		const first = row(r, 'run0/job0', 'write');
		expect(first.clat_min_ns).toBe(863); // clat (nsec): min=863
		expect(first.clat_max_ns).toBe(11404000); // max=11404k → 11404 × 1000 ns
		expect(first.iops).toBeCloseTo(15325.19, 2); // issued 13808 × 1000 / 901 ms (IOPS=15.3k)
		expect(first.slat_max_ns).toBe(19286000); // slat (usec) max=19286
		expect(first.clat_p99_99_ns).toBe(2933000); // clat percentiles (usec): 99.99th=[ 2933]
	});

	itShared('KiB/s and kB/s with four digits each: both agree with the counts, which give the figure', () => {
		const r = parseFioText(fixtureText(name), name);
		const read = row(r, 'run1/job0', 'read');
		expect(read.bw_bytes_per_s).toBeCloseTo(2317796.41, 1); // 567 × 4096 × 1000 / 1002 ms (BW=2263KiB/s (2318kB/s))
		expect(read.io_bytes).toBe(2322432); // 567 × 4096 = (2268KiB/1002msec)
		expect(read.clat_p99_ns).toBe(13888); // clat percentiles (nsec): 99.00th=[ 13888]
	});
});

describe('fio 3.28, terse v3 lines before the normal report (hikalium)', () => {
	const name = 'text-fio3.28-microsd-terse-v3-plus-normal.txt';
	const r = parseFioText(fixtureText(name), name);

	it('uses the normal report and skips the duplicate terse lines', () => {
		expect(r.runs.every((x) => x.source_format === 'fio-normal')).toBe(true);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'TERSE_DUPLICATE_SKIPPED', line: 11 })]);
		expect(r.runs.filter((x) => x.scope === 'job')).toHaveLength(8);
	});

	it('Seq1M-Read-Q8: IEC primary figures, per-kind latency units', () => {
		const job = row(r, 'run0/job0', 'read');
		expect(job.bw_bytes_per_s).toBeCloseTo(91002781.93, 1); // 1024 × 1 MiB × 1000 / 11799 ms (BW=86.8MiB/s (91.0MB/s))
		expect(job.io_bytes).toBe(1073741824); // (1024MiB/11799msec)
		expect(job.lat_mean_ns).toBe(91960000); // lat (msec) avg=91.96
		expect(job.clat_mean_ns).toBe(80478510); // clat (usec) avg=80478.51
		expect(job.clat_p99_ns).toBe(85459000); // clat percentiles (usec) 99.00th=[85459]
		expect(job.total_ios).toBe(1024); // issued rwts: total=1024,0,0,0
		expect(job.rw).toBe('read');
		expect(job.block_size_bytes).toBe(1048576); // bs=(R) 1024KiB-1024KiB
		expect(job.iodepth).toBe(8);
		expect(job.tool_version).toBe('3.28');
		expect(job.source_line).toBe(20);
	});

	it('group 5: WRITE bw=2203KiB/s (2256kB/s), io=129MiB (135MB)', () => {
		const g = row(r, 'run0/group5', 'write');
		expect(g.bw_bytes_per_s).toBeCloseTo(2255690.95, 1); // the job's 33044 × 4096 B × 1000 / 60003 ms
		expect(g.io_bytes).toBe(135348224); // 33044 × 4096 = 129.08 MiB
		expect(g.runtime_s).toBe(60.003); // run=60003-60003msec
		expect(g.job_name).toBe('Rand-Write-4K-Q32');
	});
});

describe('fio 3.36, ten runs with script echo lines between them', () => {
	const name = 'text-fio3.36-nfs-smb-multi-run.txt';

	itShared('one run per fio invocation', () => {
		const r = parseFioText(fixtureText(name), name);
		const runsSeen = [...new Set(r.runs.map((x) => x.run_key.split('/')[0]))];
		expect(runsSeen).toEqual(Array.from({ length: 10 }, (_, i) => `run${i}`));
		const seq = row(r, 'run0/job0', 'read');
		expect(seq.bw_bytes_per_s).toBeCloseTo(116149258.91, 1); // 4096 MiB × 1000 / 36978 ms (BW=111MiB/s (116MB/s))
		expect(seq.io_bytes).toBe(4294967296); // 4096MiB
		expect(seq.numjobs).toBe(4);
		expect(row(r, 'run0/group0', 'read').runtime_s).toBe(36.978); // run=36978-36978msec
		expect(row(r, 'run9/job0', 'write').total_ios).toBe(188251); // issued rwts: total=188371,188251,0,0
		expect(r.warnings).toEqual([]);
	});
});

describe('generated fio 3.33, unified_rw_reporting=both, 2 jobs, group_reporting', () => {
	const name = 'generated/gen-fio3.33-normal-unified-both-2jobs-group-reporting.txt';
	const r = parseFioText(fixtureText(name), name);

	it('per-job mixed IOPS/BW of the 3.27–3.38 bug are NULL, not 0', () => {
		const mixed = row(r, 'run0/job0', 'mixed');
		expect(mixed.iops).toBeNull();
		expect(mixed.bw_bytes_per_s).toBeNull();
		expect(mixed.io_bytes).toBeNull();
		expect(mixed.runtime_s).toBe(2.001);
		expect(mixed.total_ios).toBe(1801); // issued rwts: total=1201,600,0,0
		expect(mixed.clat_mean_ns).toBe(86920); // clat (usec) avg=86.92
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'MIXED_BW_IOPS_ZERO', line: 29 })]);
	});

	it('the group MIXED line is right', () => {
		const g = row(r, 'run0/group0', 'mixed');
		expect(g.bw_bytes_per_s).toBe(3686400); // bw=3600KiB/s × 1024
		expect(g.io_bytes).toBe(7376896); // io=7204KiB × 1024
		expect(g.numjobs).toBe(2);
	});

	it('read and write of the job', () => {
		const read = row(r, 'run0/job0', 'read');
		expect(read.bw_bytes_per_s).toBeCloseTo(2458418.79, 1); // 1201 × 4096 × 1000 / 2001 ms (BW=2401KiB/s)
		expect(read.slat_mean_ns).toBeNull(); // psync prints no slat line
		expect(read.clat_p50_ns).toBe(102000); // 50.00th=[  102] usec
		expect(row(r, 'run0/job0', 'write').iops).toBeCloseTo(299.85, 2); // 600 issued × 1000 / 2001 ms (IOPS=299)
		expect(read.rw).toBe('randrw');
		expect(read.access).toBe('random');
	});
});

describe('fio 2.0.x (hand-made in the shape of real 2.0.8 and 2.0.15 output)', () => {
	it('2.0.8, bssplit randrw: a bare version line, no date, "iops=708 ,", "bw=560703 B/s"; block size unknown', () => {
		const name = 'text-fio2.0.8-bssplit-randrw-handmade.txt';
		const r = parseFioText(fixtureText(name), name);
		const read = row(r, 'run0/job0', 'read');
		expect(read.tool_version).toBe('2.0.8');
		expect(read.started_at).toBeNull();
		expect(read.block_size_bytes).toBeNull(); // bs=512-64K/512-64K: bssplit, never a guess
		expect(read.iops).toBeCloseTo(708.7531, 4); // issued r=70000 × 1000 / 98765 ms (printed iops=708)
		expect(read.io_bytes).toBe(216266 * 1024); // io=216266KB
		// io= over the runtime: 221456384 B / 98.765 s; the printed 2189.8KB/s is 2189 KiB/s and a remainder
		expect(read.bw_bytes_per_s).toBeCloseTo(2242255.70, 1);
		expect(read.slat_max_ns).toBe(51230e3); // slat (usec): min=0 , max=51230 ,
		expect(read.clat_max_ns).toBe(2413.5e6); // clat (usec) max=2413.5K
		const write = row(r, 'run0/job0', 'write');
		expect(write.iops).toBeCloseTo(177.1883, 4); // 17500 × 1000 / 98765
		expect(write.bw_bytes_per_s).toBe(560703); // bw=560703 B/s = ⌊55377920 B × 1000 / 98765⌋
		expect(write.clat_mean_ns).toBe(71.04e6); // clat (msec) avg=71.04
		expect(row(r, 'run0/group0', 'write').bw_bytes_per_s).toBeCloseTo(560703.89, 2); // io=54080KB over 98765 ms
		expect(codes(r)).toEqual(['KB_BASE_UNKNOWN']);
	});

	it('2.0.15, fixed 4k: bandwidth from the issued I/Os', () => {
		const name = 'text-fio2.0.15-randread4k-slow-handmade.txt';
		const job = row(parseFioText(fixtureText(name), name), 'run0/job0', 'read');
		expect(job.tool_version).toBe('2.0.15');
		expect(job.started_at).toBe('2013-06-11T09:14:52');
		expect(job.block_size_bytes).toBe(4096);
		expect(job.iops).toBeCloseTo(41.6313, 4); // 2503 × 1000 / 60123 ms (printed iops=41 ,)
		expect(job.bw_bytes_per_s).toBeCloseTo(170521.90, 2); // 2503 × 4096 B × 1000 / 60123 ms (printed 170521 B/s)
		expect(job.io_bytes).toBe(2503 * 4096); // = io=10012KB
	});
});

describe('parseFioText on hand-made variants', () => {
	const gen = fixtureText('generated/gen-fio3.33-normal-unified-both-2jobs-group-reporting.txt');

	it('kb_base=1000 in ≥2.17 output: the primary figure is SI, found by its unit letters', () => {
		const text = gen
			.replace('BW=2401KiB/s (2458kB/s)(4804KiB/2001msec)', 'BW=2458kB/s (2401KiB/s)(4919kB/2001msec)')
			.replace(
				'bw=2401KiB/s (2458kB/s), 2401KiB/s-2401KiB/s (2458kB/s-2458kB/s), io=4804KiB (4919kB)',
				'bw=2458kB/s (2401KiB/s), 2458kB/s-2458kB/s (2401KiB/s-2401KiB/s), io=4919kB (4804KiB)',
			);
		const r = parseFioText(text, 'kb1000');
		// Both forms read right (2458 kB/s × 1000, 2401 KiB/s × 1024) agree with 1201 × 4096 B / 2001 ms: no misprint.
		expect(r.warnings.filter((w) => w.code === 'RATE_MISPRINT')).toEqual([]);
		expect(row(r, 'run0/job0', 'read').bw_bytes_per_s).toBeCloseTo(2458418.79, 1);
		expect(row(r, 'run0/job0', 'read').io_bytes).toBe(4919296); // 1201 × 4096 (4919kB)
		expect(row(r, 'run0/group0', 'read').bw_bytes_per_s).toBeCloseTo(2458418.79, 1);
	});

	it('≤2.16 output with kb_base=1000 shown in the file: KB means 1000 bytes', () => {
		const text = [
			'# fio --kb_base=1000 job.fio',
			'job: (groupid=0, jobs=1): err= 0: pid=1: Fri Feb  9 12:56:50 2018',
			'  read : io=1000KB, bw=500KB/s, iops=125, runt=  2000msec',
			'     issued    : total=r=250/w=0/d=0, short=r=0/w=0/d=0',
			'',
		].join('\n');
		const job = row(parseFioText(text, 'kb1000-2x'), 'run0/job0', 'read');
		expect(job.bw_bytes_per_s).toBe(500000);
		expect(job.io_bytes).toBe(1000000);
	});

	it('a header joined to ETA output by a bare \\r is read', () => {
		const text = gen.replace('genjob: (groupid=0', 'Jobs: 2 (f=2): [m(2)][100.0%][eta 00m:00s]\rgenjob: (groupid=0');
		expect(parseFioText(text, 'eta').runs).toEqual(parseFioText(gen, 'gen').runs);
	});

	it('lat_percentiles=1: the block goes to lat_p*_ns and stat "lat"', () => {
		const block = '\n     |  1.00th=[    4],  5.00th=[    6]';
		const text = gen.replace(`    clat percentiles (usec):${block}`, `     lat percentiles (usec):${block}`);
		const r = parseFioText(text, 'latpct');
		const read = row(r, 'run0/job0', 'read');
		expect(read.lat_p50_ns).toBe(102000);
		expect(read.clat_p50_ns).toBeNull();
		expect(r.percentiles.filter((p) => p.direction === 'read').every((p) => p.stat === 'lat')).toBe(true);
	});

	it('terse lines without a normal report of their jobs are parsed as terse', () => {
		const terse = fixtureText('generated/gen-fio3.33-terse-v5.txt');
		const r = parseFioText(`some banner\n${terse}`, 'mixed-file');
		expect(r.runs.map((x) => [x.run_key, x.source_format, x.direction])).toEqual([
			['line2', 'fio-terse', 'read'],
			['line2', 'fio-terse', 'write'],
		]);
	});

	it('a job error is error_code; 0 is NULL', () => {
		const verror = 'file:io_u.c:1845, func=io_u error, error=No space left on device';
		const text = gen.replace('err= 0: pid=23530', `err=28 (${verror}): pid=23530`);
		expect(row(parseFioText(text, 'err'), 'run0/job0', 'read').error_code).toBe(28);
		expect(row(parseFioText(gen, 'ok'), 'run0/job0', 'read').error_code).toBeNull();
	});
});

describe('parseFioText errors', () => {
	const gen = fixtureText('generated/gen-fio3.33-normal-unified-both-2jobs-group-reporting.txt');
	const lines = gen.split('\n');

	it('no report at all → NO_FIO_REPORT at line 1', () => {
		const e = parseError(() => parseFioText('$ ls\nfoo bar\n', 'empty.txt'));
		expect(e).toMatchObject({ code: 'NO_FIO_REPORT', line: 1, file: 'empty.txt' });
	});

	it('a header with no read/write line → JOB_SECTION_CUT_OFF at the header', () => {
		const e = parseError(() => parseFioText(lines.slice(0, 6).join('\n'), 'cut'));
		expect(e).toMatchObject({ code: 'JOB_SECTION_CUT_OFF', line: 6 });
	});

	it('a section that stops before its issued line → JOB_SECTION_CUT_OFF', () => {
		const e = parseError(() => parseFioText(lines.slice(0, 30).join('\n'), 'cut'));
		expect(e).toMatchObject({ code: 'JOB_SECTION_CUT_OFF', line: 30 });
	});

	it('a numbers line cut short → ParseError at that line', () => {
		const cut = [...lines.slice(0, 8), '    clat (usec): min=2, max=65'].join('\n');
		expect(parseError(() => parseFioText(cut, 'cut'))).toMatchObject({ code: 'BAD_LATENCY_LINE', line: 9 });
		const dir = [...lines.slice(0, 6), '  read: IOPS=600, BW=2401KiB/s (2458kB/s)(4804KiB/20'].join('\n');
		expect(parseError(() => parseFioText(dir, 'cut'))).toMatchObject({ code: 'BAD_DIRECTION_LINE', line: 7 });
		const pct = [...lines.slice(0, 10), '     |  1.00th=[    4],  5.00th=[   '].join('\n');
		expect(parseError(() => parseFioText(pct, 'cut'))).toMatchObject({ code: 'BAD_PERCENTILE_LINE', line: 11 });
	});

	it('a group line cut short → BAD_GROUP_LINE', () => {
		const cut = gen.replace('run=2001-2001msec\n  WRITE', 'run=2001-20\n  WRITE');
		expect(parseError(() => parseFioText(cut, 'cut'))).toMatchObject({ code: 'BAD_GROUP_LINE', line: 51 });
	});

	it('negative or NaN numbers → BAD_NUMBER / line error', () => {
		expect(parseError(() => parseFioText(gen.replace('avg=123.87', 'avg=-123.87'), 'neg')).line).toBe(8);
		expect(parseError(() => parseFioText(gen.replace('stdev=286.77', 'stdev=nan'), 'nan')).line).toBe(8);
	});
});
