// Vdbench output folders: every fixture is detected by exactly its own format, parses alone and with the files of
// its folder, and is pinned by golden files; a folder gives each run once; and a handful of values per fixture are
// checked by hand against the raw text (the arithmetic is in the comments), so the goldens are not merely the
// parser's word. The iorate ramp is the point: its steps must come out as one workload ordered by offered load.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formats } from '../../../../src/lib/formats/vdbench/index.ts';
import { listFixtures, SHARED_PRESENT, SHARED_SKIP_REASON, outputFoldersExcept } from '../../../helpers/fixtures.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { codes, detected, FIXTURES, formatById, goldenOf, hasFixture, head, parse, run, shape, textOf } from './helpers.ts';

const RAMP = 'vdbench50401_iorate-ramp-50-500-5000_2hosts-sdb_vdbconvert_';
const OCEAN = 'vdbench50407_oceanstor-blocksize-sweep-multihost_20191009_';
const RW7 = 'vdbench50407_random-write-controlled-max-7hosts_vdb_';
const KSTAT = 'vdbench-5.0x_flatfile_solaris-kstat_max-runs_vdbenchexplorer.html';
const MIB = 1024 * 1024;

const kindOf = (file: string) => /(flatfile|summary|totals|histogram|parmfile)\.html$/.exec(file)?.[1] ?? 'flatfile';
const folderOf = (file: string) => file.replace(/(flatfile|summary|totals|histogram|parmfile)\.html$/, '');
const sharedTest = (title: string, fn: () => void) => (SHARED_PRESENT ? test(title, fn) : test.skip(`${title} (${SHARED_SKIP_REASON})`, fn));

describe('fixtures: detection and golden outputs', () => {
	test('the MIT-licensed ramp folder is copied locally', () => {
		for (const k of ['flatfile', 'parmfile', 'summary', 'totals']) {
			expect(FIXTURES.find((f) => f.name === `vdbench/${RAMP}${k}.html`)?.local, k).toBe(true);
		}
	});
	sharedTest('every file of ../shared/fixtures/vdbench is listed', () => {
		expect(FIXTURES.length).toBeGreaterThanOrEqual(14);
	});

	for (const f of FIXTURES) {
		const file = f.name.replace(/^vdbench\//, '');
		const id = `vdbench-${kindOf(file)}`;
		test(`${file} is detected by ${id} only, and parses alone and in its folder as its goldens`, async () => {
			expect(detected(textOf(f), file).map((x) => x.id)).toEqual([id]);
			await expectGolden('vdbench', f.name, goldenOf(parse(file, true)));
			await expectGolden('vdbench', `${f.name}.alone`, goldenOf(parse(file, false), true));
		});
	}

	test('a folder gives each run once: one file gives the runs, series and bins, the others nothing', () => {
		const folders = [...new Set(FIXTURES.map((f) => folderOf(f.name.replace(/^vdbench\//, ''))))];
		for (const folder of folders) {
			const files = FIXTURES.map((f) => f.name.replace(/^vdbench\//, '')).filter((n) => folderOf(n) === folder);
			const giving = files.filter((n) => {
				const r = parse(n, true);
				return r.runs.length + r.timeseries.length + r.histograms.length > 0;
			});
			expect(giving, folder).toHaveLength(1);
			const primary = parse(giving[0]!, true);
			const keys = new Set(primary.runs.map((r) => r.run_key));
			for (const h of primary.histograms) expect(keys.has(h.run_key), h.run_key).toBe(true);
			for (const t of primary.timeseries) expect(keys.has(t.series_key!), String(t.series_key)).toBe(true);
		}
	});

	test('every run key is unique per direction, and the same in every file of a folder', () => {
		for (const f of FIXTURES) {
			const file = f.name.replace(/^vdbench\//, '');
			if (kindOf(file) === 'parmfile') continue;
			const r = parse(file, false);
			const ids = r.runs.map((x) => `${x.run_key}/${x.direction}`);
			expect(new Set(ids).size, file).toBe(ids.length);
			const flat = `${folderOf(file)}flatfile.html`;
			if (file !== flat && hasFixture(flat)) {
				expect([...new Set(r.runs.map((x) => x.run_key))], file).toEqual([...new Set(parse(flat, false).runs.map((x) => x.run_key))]);
			}
		}
	});

	test("no other tool's fixture is claimed by a Vdbench format", () => {
		const others = [...outputFoldersExcept('vdbench'), 'bad'].flatMap((d) => listFixtures(d, (f) => !f.startsWith('vdbench-')));
		expect(others.length).toBeGreaterThan(0);
		for (const f of others) {
			const text = readFileSync(f.path, 'utf8');
			expect(formats.filter((x) => x.detect(head(text), f.name)).map((x) => x.id), f.name).toEqual([]);
		}
	});

	test('the file name alone never decides', () => {
		for (const x of formats) {
			expect(x.detect('just some text\n', 'summary.html'), x.id).toBe(false);
			expect(x.detect('<pre>\nhello\n', 'flatfile.html'), x.id).toBe(false);
		}
	});

	test('companions are the sibling files of the same output folder', () => {
		expect(formatById('vdbench-flatfile').companions!('flatfile.html')).toEqual(['summary.html', 'parmfile.html', 'histogram.html']);
		expect(formatById('vdbench-summary').companions!('out/summary.html')).toEqual(['flatfile.html', 'parmfile.html', 'histogram.html']);
		expect(formatById('vdbench-totals').companions!(`${RAMP}totals.html`)).toEqual([
			`${RAMP}flatfile.html`,
			`${RAMP}summary.html`,
			`${RAMP}parmfile.html`,
			`${RAMP}histogram.html`,
		]);
		expect(formatById('vdbench-histogram').companions!('histogram.htm')).toEqual(['flatfile.htm', 'summary.htm', 'totals.htm', 'parmfile.htm']);
		expect(formatById('vdbench-parmfile').companions!('parmfile.html')).toEqual([]);
		expect(formatById('vdbench-flatfile').companions!('results.txt')).toEqual([]);
	});
});

describe('iorate ramp 50/500/5000 (vdbconvert, Vdbench 5.04.01): a latency-vs-IOPS curve', () => {
	const r = parse(`${RAMP}flatfile.html`);

	test('three runs × mixed/read/write, all totals, one workload ordered by offered load', () => {
		expect(shape(r)).toEqual({ 'total/mixed': 3, 'total/read': 3, 'total/write': 3 });
		expect(r.warnings).toEqual([]);
		const mixed = r.runs.filter((x) => x.direction === 'mixed');
		// rd=rd1,…,iorate=50 / rd2 iorate=500 / rd3 iorate=5000 (parmfile lines 63-65; flatfile reqrate column).
		expect(mixed.map((x) => x.rate_limit_iops)).toEqual([50, 500, 5000]);
		expect(mixed.map((x) => x.job_name)).toEqual(['rd1', 'rd2', 'rd3']);
		// One workload: the RDs differ only in iorate, so the chart draws them as one curve.
		expect(new Set(r.runs.map((x) => x.workload))).toEqual(new Set(['rd1–rd3']));
		const rates = mixed.map((x) => x.rate_limit_iops!);
		for (let i = 1; i < rates.length; i++) expect(rates[i]).toBeGreaterThan(rates[i - 1]!);
		// The offered load is not reached at 500 and 5000: the achieved IOPS still rise, the curve's x axis.
		expect(mixed.map((x) => x.iops)).toEqual([50.0169, 212.4237, 310.0508]);
		// resp (ms) of the avg_2-60 rows, lines 102, 163, 224: 5.3952, 9.4001, 6.4390 ms → ns.
		expect(mixed.map((x) => x.lat_mean_ns)).toEqual([5_395_200, 9_400_100, 6_439_000]);
	});

	test('rd1 by hand (flatfile line 102, avg_2-60)', () => {
		const m = run(r, 'rd1', 'mixed');
		expect(m.source_line).toBe(42); // its first interval row
		expect(m.bw_bytes_per_s).toBeCloseTo(0.1954 * MIB, 4); // MB/sec 0.1954 × 1024² = 204 891.7504 B/s
		expect(m.lat_max_ns).toBe(96_066_000); // resp_max 96.0660 ms
		expect(m.lat_stddev_ns).toBe(10_096_600); // resp_std 10.0966 ms
		expect(m.runtime_s).toBe(59); // intervals 2…60 of 1 s (elapsed=60 ÷ 60 intervals)
		expect(m.block_size_bytes).toBe(4096); // xfersize=4k in all 51 WDs; bytes/io 4096
		expect(m.read_pct).toBe(75); // rdpct=75 requested
		expect(m.random_pct).toBe(100); // seekpct=100
		expect(m.access).toBe('random');
		expect(m.iodepth).toBe(2); // threads=2 (rd=…,threads=2; flatfile threads 2.0000)
		expect(m.numjobs).toBeNull();
		expect(m.usr_cpu_pct).toBe(0.9819); // cpu_user
		expect(m.sys_cpu_pct).toBe(0.1785); // cpu_kernel
		// Date from summary.html's header "Apr 08, 2016", time from the flatfile's avg row tod 13:50:00.278.
		expect(m.started_at).toBe('2016-04-08T13:50:00.278');
		expect(m.tool_version).toBeNull(); // vdbench=/VDbench/: no version anywhere in this folder
		expect(m.condition).toContain('rd=rd1,wd=wd*,iorate=50,format=yes,threads=2,elapsed=60,interval=1');
		expect(m.condition).toContain('sd=sd1,host=hd*,lun=/dev/sdb,openflags=o_direct');
		expect(m.total_ios).toBeNull(); // no histogram.html in this folder

		const rd = run(r, 'rd1', 'read');
		expect(rd.iops).toBeCloseTo((50.0169 * 75.9065) / 100, 9); // rate × read% = 37.9661 IOPS
		expect(rd.lat_mean_ns).toBe(6_943_800); // read_resp 6.9438 ms
		expect(rd.lat_max_ns).toBeNull(); // 5.04.01 has no read_max column
		expect(rd.bw_bytes_per_s).toBeCloseTo((0.1954 * MIB * 75.9065) / 100, 4); // one block size: bw splits like IOPS
		const wr = run(r, 'rd1', 'write');
		expect(wr.iops).toBeCloseTo((50.0169 * (100 - 75.9065)) / 100, 9); // 12.0508 IOPS
		expect(wr.lat_mean_ns).toBe(516_300); // write_resp 0.5163 ms
	});

	test('interval rows are time series of each run', () => {
		expect(r.timeseries).toHaveLength(3 * 60 * 3); // 3 runs × 60 intervals × iops, bw, lat
		const first = r.timeseries.filter((t) => t.series_key === 'rd1' && t.seq === 42);
		// Line 42: rd1 interval 1: rate 30, MB/sec 0.1172, resp 3.6405 ms; time = 1 × 1 s.
		expect(first.map((t) => [t.metric, t.time_ms, t.window_ms, t.direction])).toEqual([
			['iops', 1000, 1000, 'mixed'],
			['bw', 1000, 1000, 'mixed'],
			['lat', 1000, 1000, 'mixed'],
		]);
		expect(first[0]!.iops).toBe(30);
		expect(first[1]!.bw_bytes_per_s).toBeCloseTo(0.1172 * MIB, 4);
		expect(first[2]!.lat_ns).toBe(3_640_500);
		const last = r.timeseries.filter((t) => t.series_key === 'rd3' && t.metric === 'iops').at(-1)!;
		expect([last.seq, last.time_ms, last.iops]).toEqual([223, 60_000, 305]); // rd3 interval 60
	});

	test('summary.html alone: the same runs at its precision, the ramp joined from what it measured', () => {
		const s = parse(`${RAMP}summary.html`, false);
		const mixed = s.runs.filter((x) => x.direction === 'mixed');
		expect(mixed.map((x) => x.rate_limit_iops)).toEqual([50, 500, 5000]); // "I/O rate: 50" …
		expect(mixed.map((x) => x.iops)).toEqual([50.02, 212.42, 310.05]);
		expect(mixed[0]!.lat_mean_ns).toBe(5_395_000); // resp time 5.395 ms
		expect(mixed[0]!.bw_bytes_per_s).toBeCloseTo(0.2 * MIB, 6); // 0.20 × 1024² (header: 1024**2)
		expect(mixed[0]!.read_pct).toBe(75.91); // no parmfile: the observed read pct
		expect(mixed[0]!.iodepth).toBe(2); // For loops: threads=2
		expect(mixed[0]!.usr_cpu_pct).toBe(1); // cpu% sys+u 1.2 − sys 0.2
		expect(mixed[0]!.started_at).toBe('2016-04-08T13:50:00.270');
		expect(new Set(s.runs.map((x) => x.workload))).toEqual(new Set(['rd1–rd3']));
		expect(codes(s)).toEqual(['RAMP_INFERRED']);
		expect(s.timeseries).toHaveLength(3 * 60 * 3);
		// With parmfile.html (and no flatfile) the ramp needs no inference, and read % is the requested 75.
		const text = readFileSync(FIXTURES.find((f) => f.name === `vdbench/${RAMP}summary.html`)!.path, 'utf8');
		const parm = readFileSync(FIXTURES.find((f) => f.name === `vdbench/${RAMP}parmfile.html`)!.path, 'utf8');
		const withParm = formatById('vdbench-summary').parse(text, `${RAMP}summary.html`, {
			companions: { [`${RAMP}parmfile.html`]: parm },
			knownDevices: new Set(),
		});
		expect(codes(withParm)).toEqual([]);
		expect(new Set(withParm.runs.map((x) => x.workload))).toEqual(new Set(['rd1–rd3']));
		expect(withParm.runs[0]!.read_pct).toBe(75);
	});

	test('totals.html alone: averages only, no series', () => {
		const t = parse(`${RAMP}totals.html`, false);
		expect(shape(t)).toEqual({ 'total/mixed': 3, 'total/read': 3, 'total/write': 3 });
		expect(t.timeseries).toEqual([]);
		expect(run(t, 'rd3', 'mixed').lat_max_ns).toBe(217_978_000); // resp max 217.978 ms
		expect(run(t, 'rd3', 'mixed').runtime_s).toBe(59);
	});

	test('parmfile.html gives nothing of its own', () => {
		const p = parse(`${RAMP}parmfile.html`, false);
		expect(p.runs.length + p.timeseries.length + p.histograms.length + p.warnings.length).toBe(0);
	});
});

describe('OceanStor block-size sweep (Vdbench 5.04.07, 44 hosts, 38 RDs)', () => {
	const load = () => parse(`${OCEAN}flatfile.html`);

	sharedTest('38 runs, each one direction, with histograms and 1 s series', () => {
		const r = load();
		// ran_write_various + 9 ran_write_* + 9 seq_write_* = 19 writes; the same for reads.
		expect(shape(r)).toEqual({ 'total/write': 19, 'total/read': 19 });
		expect(r.histograms).toHaveLength(433); // the non-empty buckets of the 38 tables
		// 38 runs × 60 intervals × iops, bw, lat, less the latency of the 38 intervals of the sequential reads that
		// completed no I/O (rate 0: seq_read_32k 2, 64k 8, 128k 7, 512k 5, 1m 10, 2m 6).
		expect(r.timeseries).toHaveLength(38 * 60 * 3 - 38);
		expect(codes(r)).toEqual(['VERSION_FROM_PATH']);
	});

	sharedTest('ran_write_various by hand (flatfile line 106; histogram lines 47-75)', () => {
		const w = run(load(), 'ran_write_various', 'write');
		expect(w.iops).toBe(26487.7966);
		expect(w.bw_bytes_per_s).toBeCloseTo(197.8512 * MIB, 3); // 207 462 019.89 B/s
		expect(w.lat_mean_ns).toBe(298_300); // resp 0.2983 ms
		expect(w.lat_max_ns).toBe(11_703_000); // resp_max 11.703 ms
		expect(w.lat_stddev_ns).toBe(175_900); // resp_std 0.1759 ms
		// xfersize=(512,4,1k,1,…) distribution: bytes/io 7832 is not the flatfile's first size 512 → no single block size.
		expect(w.block_size_bytes).toBeNull();
		expect(w.rate_limit_iops).toBeNull(); // iorate=max (reqrate 9999988)
		expect(w.iodepth).toBe(8); // SD default threads=8
		expect(w.read_pct).toBe(0);
		// The histogram counts the averaged intervals: 26487.7966 IOPS × 59 s = 1 562 780.0 I/Os.
		expect(w.total_ios).toBe(1_562_780);
		expect(26487.7966 * 59).toBeCloseTo(1_562_780, 2);
		expect(w.tool_version).toBe('5.04.07'); // hd=default,vdbench=/root/vdbench50407
		// timestamp 10/09/2019-14:41:22-ICT; summary: "created 14:39:59 … ICT (07:39:59 … UTC)" → +07:00.
		expect(w.started_at).toBe('2019-10-09T14:41:22+07:00');
		expect(w.condition).toContain('I/O rate: Controlled MAX');
	});

	sharedTest('block sizes, sequential runs and the open last bucket', () => {
		const r = load();
		const w4 = run(r, 'ran_write_4k', 'write');
		expect(w4.block_size_bytes).toBe(4096);
		// MB/sec × 1024² agrees with IOPS × 4 KiB: 117.7557 × 1048576 ≈ 30145.4576 × 4096.
		expect(w4.bw_bytes_per_s! / (w4.iops! * 4096)).toBeCloseTo(1, 5);
		const s2m = run(r, 'seq_read_2m', 'read');
		expect([s2m.block_size_bytes, s2m.random_pct, s2m.access, s2m.rw]).toEqual([2 * MIB, 0, 'sequential', 'read']);
		expect(s2m.lat_mean_ns).toBe(52_508_200); // resp 52.5082 ms
		expect(s2m.lat_max_ns).toBe(2_036_111_000); // resp_max 2036.111 ms
		const bins = r.histograms.filter((h) => h.run_key === 'seq_read_2m');
		// Last line of histogram.html: "2000.000 <  max  8": an open bucket from 2 s.
		expect(bins.at(-1)).toMatchObject({ direction: 'read', stat: 'lat', source: 'vdbench-histogram', bin_lower_ns: 2e9, bin_upper_ns: null, count: 8 });
		const first = r.histograms.find((h) => h.run_key === 'ran_write_various')!;
		// "0.100 <  0.200  94,258": the first non-empty bucket, ms → ns.
		expect(first).toMatchObject({ direction: 'write', bin_lower_ns: 100_000, bin_upper_ns: 200_000, count: 94_258 });
	});

	sharedTest('summary, totals and histogram alone give the same 38 runs', () => {
		const s = parse(`${OCEAN}summary.html`, false);
		expect(shape(s)).toEqual({ 'total/write': 19, 'total/read': 19 });
		// summary line 175: avg_2-60 26487.8 IOPS, 197.85 MB/sec, resp 0.298 ms.
		expect(run(s, 'ran_write_various', 'write')).toMatchObject({ iops: 26487.8, lat_mean_ns: 298_000 });
		expect(run(s, 'ran_write_various', 'write').started_at).toBe('2019-10-09T14:41:22.017+07:00');
		const t = parse(`${OCEAN}totals.html`, false);
		expect(shape(t)).toEqual({ 'total/write': 19, 'total/read': 19 });
		const h = parse(`${OCEAN}histogram.html`, false);
		expect(shape(h)).toEqual({ 'total/write': 19, 'total/read': 19 });
		expect(run(h, 'ran_write_various', 'write')).toMatchObject({ total_ios: 1_562_780, iops: null, lat_mean_ns: null });
		expect(h.histograms).toHaveLength(433);
	});
});

describe('random write, 7 hosts, 2 SDs (Vdbench 5.04.07)', () => {
	sharedTest('one Controlled MAX write run, by hand (flatfile avg row, line 106)', () => {
		const r = parse(`${RW7}flatfile.html`);
		expect(shape(r)).toEqual({ 'total/write': 1 });
		const w = run(r, 'random_write', 'write');
		expect(w.iops).toBe(15773.1017);
		expect(w.bw_bytes_per_s).toBeCloseTo(117.5485 * MIB, 3); // 123 258 535.9 B/s
		expect(w.lat_mean_ns).toBe(1_009_300); // 1.0093 ms
		expect(w.lat_max_ns).toBe(860_022_000); // 860.022 ms
		expect(w.lat_stddev_ns).toBe(4_030_300);
		expect(w.block_size_bytes).toBeNull(); // bytes/io 7814 ≠ xfersize 512: a distribution
		expect(w.iodepth).toBe(8); // per SD; queue_depth 15.9 = 2 SDs × 8
		expect(w.condition).toContain('sd=sd_var,host=*,lun=/dev/vda3');
		expect(w.condition).toContain('sd=sd_varlog,host=*,lun=/dev/vda6');
		expect(w.started_at).toBe('2019-03-08T18:12:38+07:00');
		expect(r.timeseries).toHaveLength(60 * 3);
	});

	sharedTest('summary alone: 5.04.07 columns read max / write max', () => {
		const w = run(parse(`${RW7}summary.html`, false), 'random_write', 'write');
		expect(w.lat_max_ns).toBe(860_020_000); // write max 860.02 ms (no resp max column in 5.04.07)
		expect(w.lat_mean_ns).toBe(1_009_000);
	});
});

describe('old fixed-width flatfile with kstat columns (Vdbench 5.0x)', () => {
	sharedTest('eight max runs, no date, interval length from the time of day', () => {
		const r = parse(KSTAT);
		expect(shape(r)).toEqual({ 'total/write': 4, 'total/read': 4 });
		const w = run(r, 'random_write_max_4k', 'write');
		expect(w.iops).toBe(327.4444);
		expect(w.bw_bytes_per_s).toBeCloseTo(1.2791 * MIB, 4);
		expect(w.lat_mean_ns).toBe(23_908_900); // 23.9089 ms
		expect(w.lat_max_ns).toBe(1_514_975_000);
		expect(w.runtime_s).toBe(9); // avg_2-10, rows ~1 s apart
		expect(w.rate_limit_iops).toBeNull(); // reqrate 999988: the old iorate=max
		expect(w.started_at).toBeNull(); // tod only
		expect([w.usr_cpu_pct, w.sys_cpu_pct]).toEqual([0.2084, 0.3682]);
		expect(run(r, 'sequential_read_max_8k', 'read')).toMatchObject({ access: 'sequential', block_size_bytes: 8192, rw: 'read' });
		expect(r.timeseries).toHaveLength(8 * 10 * 3);
	});
});
