import { describe, expect, it } from 'vitest';
import { parseFioText } from '../../src/lib/formats/fio-text/parse.ts';
import { ParseError } from '../../src/lib/parsers/types.ts';
import type { ParsedRun, ParseResult } from '../../src/lib/parsers/types.ts';
import { expectGolden } from '../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../helpers/fixtures.ts';

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
		it(`${f.name} matches its golden`, () => {
			expectGolden(f.name, parseFioText(readFixture(f), f.name));
		});
	}
	if (!SHARED_PRESENT) it.skip(`goldens of the text fixtures in ../shared — ${SHARED_SKIP_REASON}`, () => {});
});

describe('fio 2.2.10, 4 groups × 32 threads, group_reporting (≤2.16 units)', () => {
	const name = 'text-fio2.2.10-32jobs-group-reporting.txt';
	const r = () => parseFioText(fixtureText(name), name);

	itShared('reads KB/MB as kb_base (1024) units', () => {
		const job = row(r(), 'run0/job0', 'read');
		expect(job.bw_bytes_per_s).toBe(260840448); // bw=254727KB/s × 1024
		expect(job.io_bytes).toBe(31304187904); // io=29854MB × 1048576
		expect(job.iops).toBe(63647);
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
		expect(codes(res)).toEqual(Array(4).fill('IMPOSSIBLE_PERCENTAGE'));
		expect(res.warnings[0]).toMatchObject({ line: 28 }); // IO depths : … >=64=105.0%
		expect(res.runs).toHaveLength(8);
	});
});

describe('fio 2.1.11, unified_rw_reporting=1', () => {
	const name = 'text-fio2.1.11-mixed-unified-rw-reporting.txt';

	itShared('mixed job and MIXED group rows', () => {
		const r = parseFioText(fixtureText(name), name);
		const job = row(r, 'run0/job0', 'mixed');
		expect(job.bw_bytes_per_s).toBe(714839040); // bw=698085KB/s × 1024
		expect(job.io_bytes).toBe(21463302144); // io=20469MB × 1048576
		expect(job.total_ios).toBe(5240177); // issued r=5240177/w=0/d=0
		expect(job.clat_max_ns).toBe(375896000); // clat (usec) max=375896
		expect(row(r, 'run0/job1', 'mixed').io_bytes).toBe(10092753715); // io=9625.2MB × 1048576 = 10092753715.2
		expect(row(r, 'run0/group9', 'mixed').bw_bytes_per_s).toBe(127505408); // aggrb=124517KB/s × 1024
	});

	itShared('the bogus total latency (lat (msec): min=755174K in a 30 s run) is left empty with a warning', () => {
		const r = parseFioText(fixtureText(name), name);
		const job = row(r, 'run0/job0', 'mixed');
		expect(job.lat_mean_ns).toBeNull();
		expect(job.lat_min_ns).toBeNull();
		expect(job.clat_mean_ns).toBe(23443360); // clat (usec) avg=23443.36 is kept
		expect(r.warnings[0]).toMatchObject({ code: 'IMPOSSIBLE_LATENCY', line: 27 });
		expect(codes(r).filter((c) => c === 'IMPOSSIBLE_LATENCY')).toHaveLength(10);
	});
});

describe('fio 2.14, read + write in one job', () => {
	const name = 'text-fio2.14-seqrw-1h-burnin.txt';

	itShared('both directions of the job and of the group', () => {
		const r = parseFioText(fixtureText(name), name);
		const read = row(r, 'run0/job0', 'read');
		expect(read.job_name).toBe('name=1M_seqrw');
		expect(read.bw_bytes_per_s).toBe(329460736); // bw=321739KB/s × 1024
		expect(read.io_bytes).toBe(1186269967155); // io=1104.8GB × 1024³ = 1186269967155.2
		expect(read.slat_mean_ns).toBe(460); // slat (usec) avg= 0.46
		expect(read.block_size_bytes).toBe(1048576); // bs=1M-1M/…
		expect(row(r, 'run0/job0', 'write').total_ios).toBe(1131578); // issued w=1131578
		expect(row(r, 'run0/group0', 'write').bw_bytes_per_s).toBe(329568256); // aggrb=321844KB/s × 1024
		expect(r.warnings).toEqual([]);
	});
});

describe('fio 3.1, --status-interval=1, CRLF, five runs', () => {
	const name = 'text-fio3.1-status-interval.txt';

	itShared('keeps only the last report of each run', () => {
		const r = parseFioText(fixtureText(name), name);
		expect(new Set(r.runs.map((x) => x.run_key.split('/')[0])).size).toBe(5);
		const last = row(r, 'run0/job0', 'write');
		expect(last.iops).toBe(14400); // IOPS=14.4k (second report)
		expect(last.bw_bytes_per_s).toBeCloseTo(58929971.2, 3); // BW=56.2MiB/s × 1048576
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
		expect(first.iops).toBe(15300); // IOPS=15.3k
		expect(first.slat_max_ns).toBe(19286000); // slat (usec) max=19286
		expect(first.clat_p99_99_ns).toBe(2933000); // clat percentiles (usec): 99.99th=[ 2933]
	});

	itShared('KiB/s and kB/s with four digits each: the primary figure wins', () => {
		const r = parseFioText(fixtureText(name), name);
		const read = row(r, 'run1/job0', 'read');
		expect(read.bw_bytes_per_s).toBe(2317312); // BW=2263KiB/s (2318kB/s): 2263 × 1024
		expect(read.io_bytes).toBe(2322432); // (2268KiB/1002msec)
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
		expect(job.bw_bytes_per_s).toBeCloseTo(91016396.8, 3); // BW=86.8MiB/s (91.0MB/s): 86.8 × 1048576
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
		expect(g.bw_bytes_per_s).toBe(2255872); // 2203 × 1024
		expect(g.io_bytes).toBe(135266304); // 129 × 1048576
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
		expect(seq.bw_bytes_per_s).toBe(116391936); // BW=111MiB/s (116MB/s): 111 × 1048576
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
		expect(read.bw_bytes_per_s).toBe(2458624); // BW=2401KiB/s × 1024
		expect(read.slat_mean_ns).toBeNull(); // psync prints no slat line
		expect(read.clat_p50_ns).toBe(102000); // 50.00th=[  102] usec
		expect(row(r, 'run0/job0', 'write').iops).toBe(299);
		expect(read.rw).toBe('randrw');
		expect(read.access).toBe('random');
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
		expect(row(r, 'run0/job0', 'read').bw_bytes_per_s).toBe(2458000); // 2458 kB/s × 1000
		expect(row(r, 'run0/job0', 'read').io_bytes).toBe(4919000);
		expect(row(r, 'run0/group0', 'read').bw_bytes_per_s).toBe(2458000);
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
