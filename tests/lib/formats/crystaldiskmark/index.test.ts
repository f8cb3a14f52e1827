// CrystalDiskMark text export: every fixture detected by exactly its entry and pinned by a golden,
// values checked by hand against the raw text (arithmetic in the comments), and bad input that fails
// with a ParseError naming the line. The real files (GPL-3.0) are read in place from ../shared; the
// synthetic ones in tests/fixtures/other/ were written for this project (numbers made up, IOPS
// computed the way CrystalDiskMark does: MB/s × 1,000,000 ÷ block size).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formats as cdmFormats } from '../../../../src/lib/formats/crystaldiskmark/index.ts';
import { formats as elbenchoFormats } from '../../../../src/lib/formats/elbencho/index.ts';
import { noContext } from '../../../../src/lib/formats/format.ts';
import { ParseError, type ParsedRun, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, LOCAL_FIXTURES, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON, OUTPUT_FOLDERS } from '../../../helpers/fixtures.ts';
import { expectGolden } from '../../../helpers/golden.ts';

/** Detection sees at most the first DETECT_BYTES (64 KiB) characters, BOM removed. */
const HEAD = 64 * 1024;
const CDM = cdmFormats[0]!;
const ALL = [...cdmFormats, ...elbenchoFormats];
const FIXTURES = listFixtures('other', (f) => f.includes('crystaldiskmark'));
const OTHERS = OUTPUT_FOLDERS.flatMap((d) =>
	listFixtures(d, (f) => !f.includes('crystaldiskmark')),
);

const head = (text: string) => text.slice(0, HEAD).replace(/^\uFEFF/, '');
const parse = (text: string, file = 'test.txt'): ParseResult => CDM.parse(text, file, noContext());
const local = (name: string) => readFileSync(join(LOCAL_FIXTURES, 'other', name), 'utf8');
const MIX = local('synthetic-crystaldiskmark-8.0.4-mix-crlf.txt');
const V7 = local('synthetic-crystaldiskmark-7.0.0.txt');
const V6 = local('synthetic-crystaldiskmark-6.0.2.txt');

function shared(file: string): ParseResult {
	const f = FIXTURES.find((x) => x.name === `other/${file}`);
	if (!f) throw new Error(`fixture other/${file} is missing`);
	return parse(readFixture(f), file);
}

function run(r: ParseResult, key: string, direction: string): ParsedRun {
	const found = r.runs.filter((x) => x.run_key === key && x.direction === direction);
	expect(found, `${key} ${direction}`).toHaveLength(1);
	return found[0]!;
}

function parseError(text: string): ParseError {
	try {
		parse(text, 'bad.txt');
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

const codes = (r: ParseResult) => r.warnings.map((w) => `${w.code}@${w.line}`);
const needsShared = (title: string) => (SHARED_PRESENT ? title : `${title} (${SHARED_SKIP_REASON})`);
const lf = (text: string) => text.replace(/\r\n/g, '\n');

describe('fixtures: detection and goldens', () => {
	test('the local synthetic fixtures are listed', () => {
		expect(FIXTURES.filter((f) => f.local).map((f) => f.name)).toEqual([
			'other/synthetic-crystaldiskmark-6.0.2.txt',
			'other/synthetic-crystaldiskmark-7.0.0.txt',
			'other/synthetic-crystaldiskmark-8.0.4-mix-crlf.txt',
		]);
	});
	test.skipIf(!SHARED_PRESENT)(needsShared('the five real 8.0.x files of ../shared are listed'), () => {
		expect(FIXTURES.filter((f) => !f.local)).toHaveLength(5);
	});
	for (const f of FIXTURES) {
		test(`${f.name}: detected by crystaldiskmark-text alone, parsed, golden`, async () => {
			const text = readFixture(f);
			expect(ALL.filter((x) => x.detect(head(text), f.name)).map((x) => x.id)).toEqual(['crystaldiskmark-text']);
			await expectGolden('crystaldiskmark', f.name, parse(text, f.name));
		});
	}
	test('no other fixture (fio, Iometer, DiskSpd, Vdbench, elbencho…) is claimed', () => {
		const claimed = OTHERS.filter((f) => CDM.detect(head(readFixture(f)), f.name)).map((f) => f.name);
		expect(claimed).toEqual([]);
	});
	test('look-alikes that name another tool are not claimed', () => {
		const amorphous = MIX.replace('CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo', 'AmorphousDiskMark 4.0.1 (C) 2016-2023 Katsura Shareware');
		expect(CDM.detect(head(amorphous), 'a.txt')).toBe(false);
		const noUnits = MIX.replace('* MB/s = 1,000,000 bytes/s', '* MB/s = fast');
		expect(CDM.detect(head(noUnits), 'a.txt')).toBe(false);
	});
});

describe('real 8.0.x files (values read off the text by hand)', () => {
	test.skipIf(!SHARED_PRESENT)(needsShared('WD Blue 3D 1 TB'), () => {
		const r = shared('crystaldiskmark-8.0.1_20210622162528_WD_Blue_3D_1TB_WDS100T2B0A.txt');
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual([
			'SEQ1M-Q8T1/read', 'SEQ1M-Q1T1/read', 'RND4K-Q32T1/read', 'RND4K-Q1T1/read',
			'SEQ1M-Q8T1/write', 'SEQ1M-Q1T1/write', 'RND4K-Q32T1/write', 'RND4K-Q1T1/write',
		]);
		const seq = run(r, 'SEQ1M-Q8T1', 'read');
		// line 9: "SEQ    1MiB (Q=  8, T= 1):   531.458 MB/s [    506.8 IOPS] < 15726.77 us>"
		// 531.458 MB/s × 1,000,000 = 531,458,000 bytes/s; 1MiB = 1,048,576 bytes; 15726.77 µs × 1000 = 15,726,770 ns
		expect(seq).toMatchObject({
			source_line: 9,
			bw_bytes_per_s: 531458000,
			iops: 506.8,
			lat_mean_ns: 15726770,
			block_size_bytes: 1048576,
			iodepth: 8,
			numjobs: 1,
			access: 'sequential',
			rw: 'read',
			read_pct: 100,
			random_pct: 0,
			scope: 'job',
			value_origin: 'measured',
			tool: 'crystaldiskmark',
			tool_version: '8.0.1',
			job_name: 'SEQ1M Q8T1',
			job_index: 0,
			// "Time: Measure 5 sec": each run lasts 5 s
			runtime_s: 5,
			// "Date: 2021/06/22 17:19:21", local time (the file has no zone)
			started_at: '2021-06-22T17:19:21',
			source_format: 'crystaldiskmark-text',
		});
		// IOPS are CrystalDiskMark's own: 531.458e6 ÷ 1,048,576 = 506.83 → printed 506.8
		expect(seq.condition).toContain('IOPS derived by CrystalDiskMark');
		expect(seq.condition).toContain('Test: 1 GiB (x5) [E: 96% (894/932GiB)]');
		expect(seq.condition).toContain('Comment: WD Blue 3D 1TB');
		expect(seq.condition).toContain('OS: Windows 10 [10.0 Build 19042] (x64)');
		expect(seq.condition).toContain('score = best of 5 runs');
		// line 18: "RND    4KiB (Q=  1, T= 1):    99.900 MB/s [  24389.6 IOPS] <    40.73 us>"
		// 99.9e6 ÷ 4096 = 24389.65 IOPS; 40.73 µs = 40,730 ns
		expect(run(r, 'RND4K-Q1T1', 'write')).toMatchObject({
			source_line: 18,
			bw_bytes_per_s: 99900000,
			iops: 24389.6,
			lat_mean_ns: 40730,
			block_size_bytes: 4096,
			rw: 'randwrite',
			access: 'random',
			read_pct: 0,
			random_pct: 100,
			job_index: 3,
		});
		// Unset columns stay NULL, never 0.
		expect(seq).toMatchObject({ io_bytes: null, total_ios: null, device_count: null, usr_cpu_pct: null, lat_p99_ns: null });
		expect(codes(r)).toEqual(['CDM_IOPS_DERIVED@9']);
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('Samsung 840 EVO (no final line break)'), () => {
		const r = shared('crystaldiskmark-8.0.1_20210622163451_SAMSUNG_840_EVO_120GB.txt');
		// "SEQ 1MiB (Q= 8, T= 1): 534.383 MB/s [ 509.6 IOPS] < 15662.75 us>" → 534,383,000 B/s, 15,662,750 ns
		expect(run(r, 'SEQ1M-Q8T1', 'read')).toMatchObject({ bw_bytes_per_s: 534383000, iops: 509.6, lat_mean_ns: 15662750 });
		// "RND 4KiB (Q= 32, T= 1): 261.929 MB/s [ 63947.5 IOPS] < 484.28 us>" → 261,929,000 B/s, 484,280 ns, Q32 T1
		expect(run(r, 'RND4K-Q32T1', 'read')).toMatchObject({ bw_bytes_per_s: 261929000, iops: 63947.5, lat_mean_ns: 484280, iodepth: 32, numjobs: 1 });
		// "Date: 2021/06/22 16:34:54"; the comment is the file's last line, without a line break
		expect(run(r, 'RND4K-Q1T1', 'write')).toMatchObject({ started_at: '2021-06-22T16:34:54', bw_bytes_per_s: 101729000, lat_mean_ns: 40010 });
		expect(run(r, 'RND4K-Q1T1', 'write').condition).toContain('Comment: Samsung 840 EVO 120GB');
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('x86 edition, 512 MiB × 2, no comment, unpadded hour'), () => {
		const r = shared('crystaldiskmark-8.0.1_20210623000551.txt');
		const rnd = run(r, 'RND4K-Q1T1', 'read');
		// "RND 4KiB (Q= 1, T= 1): 46.627 MB/s [ 11383.5 IOPS] < 87.50 us>" → 46,627,000 B/s, 87,500 ns
		expect(rnd).toMatchObject({ bw_bytes_per_s: 46627000, iops: 11383.5, lat_mean_ns: 87500, tool_version: '8.0.1' });
		// "Date: 2021/06/23 0:05:57" (hour not padded) → 2021-06-23T00:05:57
		expect(rnd.started_at).toBe('2021-06-23T00:05:57');
		expect(rnd.condition).toContain('CrystalDiskMark 8.0.1 x86');
		expect(rnd.condition).toContain('score = best of 2 runs');
		expect(rnd.condition).not.toContain('Comment:');
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('Crucial P2 on H87M'), () => {
		const r = shared('crystaldiskmark-8.0.1_20210626154221_Crucial_P2_2TB_on_H87M.txt');
		// "RND 4KiB (Q= 32, T= 1): 428.648 MB/s [ 104650.4 IOPS] < 295.98 us>": 428.648e6 ÷ 4096 = 104650.39
		expect(run(r, 'RND4K-Q32T1', 'read')).toMatchObject({ bw_bytes_per_s: 428648000, iops: 104650.4, lat_mean_ns: 295980 });
		// "SEQ 1MiB (Q= 1, T= 1): 752.195 MB/s [ 717.3 IOPS] < 1392.83 us>" in [Write]
		expect(run(r, 'SEQ1M-Q1T1', 'write')).toMatchObject({ bw_bytes_per_s: 752195000, iops: 717.3, lat_mean_ns: 1392830, source_line: 16 });
		expect(run(r, 'SEQ1M-Q1T1', 'write').condition).toContain('Comment: Crucial P2 2TB @ PCIe 2.0 x2');
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('Crucial P2 on X370 (NVMe settings: SEQ128K Q32T1, RND4K Q32T16; header says 8.0.2)'), () => {
		const r = shared('crystaldiskmark-8.0.1_20210627172807_Crucial_P2_2TB_on_X370.txt');
		// "SEQ 128KiB (Q= 32, T= 1): 2470.266 MB/s [ 18846.6 IOPS] < 1644.22 us>": 128 × 1024 = 131,072 bytes;
		// 2470.266e6 ÷ 131072 = 18846.6 IOPS
		expect(run(r, 'SEQ128K-Q32T1', 'read')).toMatchObject({
			block_size_bytes: 131072,
			bw_bytes_per_s: 2470266000,
			iops: 18846.6,
			lat_mean_ns: 1644220,
			iodepth: 32,
			numjobs: 1,
			job_name: 'SEQ128K Q32T1',
		});
		// "RND 4KiB (Q= 32, T=16): 1795.237 MB/s [ 438290.3 IOPS] < 1167.29 us>" in [Write]: 16 threads × QD 32
		expect(run(r, 'RND4K-Q32T16', 'write')).toMatchObject({
			bw_bytes_per_s: 1795237000,
			iops: 438290.3,
			lat_mean_ns: 1167290,
			iodepth: 32,
			numjobs: 16,
		});
		// The file name says 8.0.1, its header line "CrystalDiskMark 8.0.2 x64": the file is believed.
		expect(r.runs.every((x) => x.tool_version === '8.0.2')).toBe(true);
	});
});

describe('synthetic layouts', () => {
	test('8.0.4 with a [Mix] section, CRLF', () => {
		const r = parse(MIX, 'mix.txt');
		expect(r.runs).toHaveLength(12);
		// "[Mix] Read 70%/Write 30%", "SEQ 1MiB (Q= 8, T= 1): 2500.000 MB/s [ 2384.2 IOPS] < 6701.02 us>":
		// 2,500,000,000 B/s; 2.5e9 ÷ 1,048,576 = 2384.19 IOPS; 6701.02 µs = 6,701,020 ns
		expect(run(r, 'SEQ1M-Q8T1', 'mixed')).toMatchObject({
			bw_bytes_per_s: 2500000000,
			iops: 2384.2,
			lat_mean_ns: 6701020,
			read_pct: 70,
			rw: 'rw',
			access: 'sequential',
			source_line: 21,
		});
		expect(run(r, 'RND4K-Q32T16', 'mixed')).toMatchObject({ rw: 'randrw', random_pct: 100, iodepth: 32, numjobs: 16, bw_bytes_per_s: 900123000 });
		expect(run(r, 'RND4K-Q32T16', 'mixed').condition).toContain('mix: Read 70%/Write 30%');
		// "Date: 2022/01/09 8:07:06"
		expect(run(r, 'SEQ1M-Q8T1', 'read')).toMatchObject({ started_at: '2022-01-09T08:07:06', bw_bytes_per_s: 3557410000, tool_version: '8.0.4' });
	});

	test('7.0.0: "Sequential 1MiB" / "Random 4KiB" spelled out, no Mode/Time lines', () => {
		const r = parse(V7, 'v7.txt');
		expect(r.runs).toHaveLength(8);
		// "Sequential 1MiB (Q= 8, T= 1): 510.250 MB/s [ 486.6 IOPS] < 15654.10 us>"
		expect(run(r, 'SEQ1M-Q8T1', 'read')).toMatchObject({ bw_bytes_per_s: 510250000, iops: 486.6, lat_mean_ns: 15654100, runtime_s: null, tool_version: '7.0.0' });
		// "Random 4KiB (Q= 32, T=16): 220.375 MB/s [ 53802.5 IOPS] < 37160.91 us>" in [Write]
		expect(run(r, 'RND4K-Q32T16', 'write')).toMatchObject({ bw_bytes_per_s: 220375000, iops: 53802.5, lat_mean_ns: 37160910, numjobs: 16 });
		expect(run(r, 'RND4K-Q32T16', 'write').condition).toContain('Test: 1 GiB (x5) [Interval: 5 sec] <DefaultAffinity=DISABLED>');
	});

	test('6.0.2: one line per test and direction, no latency, sequential block size not printed', () => {
		const r = parse(V6, 'v6.txt');
		expect(r.runs).toHaveLength(8);
		// "Sequential Read (Q= 32,T= 1) : 520.125 MB/s": no IOPS, no block size, no latency
		const seq = run(r, 'SEQ-Q32T1', 'read');
		expect(seq).toMatchObject({ bw_bytes_per_s: 520125000, iops: null, block_size_bytes: null, lat_mean_ns: null, iodepth: 32, numjobs: 1 });
		expect(seq.condition).not.toContain('IOPS derived');
		// "Random Write 4KiB (Q= 8,T= 8) : 330.000 MB/s [ 80566.4 IOPS]": 330e6 ÷ 4096 = 80566.41
		expect(run(r, 'RND4K-Q8T8', 'write')).toMatchObject({ bw_bytes_per_s: 330000000, iops: 80566.4, block_size_bytes: 4096, numjobs: 8 });
		// "Date : 2018/12/15 0:48:36"
		expect(seq.started_at).toBe('2018-12-15T00:48:36');
		expect(seq.condition).toContain('note: synthetic SATA drive');
		expect(codes(r)).toEqual(['CDM_FOOTER_TEXT@20', 'CDM_BLOCK_SIZE_UNSTATED@8', 'CDM_IOPS_DERIVED@10']);
	});

	test('a test that was not run (0 MB/s, 0 IOPS, 0 µs) gives no row', () => {
		const zero = lf(V7).replace(
			'    Random 4KiB (Q=  1, T= 1):    95.500 MB/s [  23315.4 IOPS] <    41.82 us>',
			'    Random 4KiB (Q=  1, T= 1):     0.000 MB/s [      0.0 IOPS] <     0.00 us>',
		);
		const r = parse(zero);
		expect(r.runs).toHaveLength(7);
		expect(codes(r)).toContain('CDM_NOT_RUN@18');
	});
});

describe('line endings and encodings', () => {
	test('CRLF, LF, CR and a UTF-8 BOM give the same rows', () => {
		const crlf = parse(MIX);
		expect(parse(lf(MIX))).toEqual(crlf);
		expect(parse('\uFEFF' + MIX)).toEqual(crlf);
		expect(parse(lf(MIX).replace(/\n/g, '\r'))).toEqual(crlf);
		expect(parse(lf(MIX).trimEnd())).toEqual(crlf);
	});

	test('a UTF-16LE copy, decoded with the encoding the format declares, gives the same rows', () => {
		expect(CDM.encodings).toContain('utf-16le');
		const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(MIX, 'utf16le')]);
		const decoded = new TextDecoder('utf-16le').decode(bytes);
		expect(parse(decoded)).toEqual(parse(MIX));
	});
});

describe('bad input: a ParseError naming the line', () => {
	const lines = lf(MIX).split('\n');
	const join_ = (ls: string[]) => ls.join('\n') + '\n';

	test('empty file and a missing header', () => {
		expect(parseError('')).toMatchObject({ code: 'MISSING_HEADER', line: 1, file: 'bad.txt' });
		expect(parseError(join_(lines.filter((l) => !l.startsWith('CrystalDiskMark'))))).toMatchObject({ code: 'MISSING_HEADER', line: 2 });
	});

	test('a missing or different "* MB/s = 1,000,000 bytes/s" line', () => {
		expect(parseError(join_(lines.filter((l) => !l.startsWith('* MB/s'))))).toMatchObject({ code: 'MISSING_UNITS', line: 7 });
		expect(parseError(MIX.replace('1,000,000 bytes/s [SATA', '1,048,576 bytes/s [SATA'))).toMatchObject({ code: 'UNEXPECTED_UNIT', line: 5 });
	});

	test('a file cut short: in the results, or before its Date line', () => {
		expect(parseError(join_(lines.slice(0, 12)))).toMatchObject({ code: 'TRUNCATED_FILE', line: 12 });
		expect(parseError(join_(lines.slice(0, 29)))).toMatchObject({ code: 'TRUNCATED_FILE', line: 29 });
	});

	test('a result line cut short', () => {
		const cut = [...lines];
		cut[10] = cut[10]!.slice(0, 45); // "  RND    4KiB (Q= 32, T=16):  1450.875 MB/s [ …"
		expect(parseError(join_(cut))).toMatchObject({ code: 'BAD_RESULT_LINE', line: 11 });
		expect(parseError(join_(lines.slice(0, 10)) + lines[10]!.slice(0, 30))).toMatchObject({ code: 'BAD_RESULT_LINE', line: 11 });
	});

	test('a non-number names its field', () => {
		expect(parseError(MIX.replace('3557.410 MB/s', '3557.4l0 MB/s'))).toMatchObject({ code: 'BAD_NUMBER', line: 9, field: 'MB/s' });
		expect(parseError(MIX.replace('[   3392.6 IOPS]', '[   n/a IOPS]'))).toMatchObject({ code: 'BAD_NUMBER', line: 9, field: 'IOPS' });
		expect(parseError(MIX.replace('<  4712.35 us>', '<  -4712.35 us>'))).toMatchObject({ code: 'BAD_NUMBER', line: 9, field: 'us' });
		expect(parseError(MIX.replace('SEQ    1MiB (Q=  8', 'SEQ    1MiB (Q=  x'))).toMatchObject({ code: 'BAD_NUMBER', line: 9, field: 'Q' });
		expect(parseError(MIX.replace('SEQ    1MiB (Q=  8', 'SEQ    1GB (Q=  8'))).toMatchObject({ code: 'BAD_BLOCK_SIZE', line: 9 });
	});

	test('a bad date, an unknown line, a second header', () => {
		expect(parseError(MIX.replace('2022/01/09 8:07:06', '2022/02/30 8:07:06'))).toMatchObject({ code: 'BAD_DATE', line: 30, field: 'Date' });
		expect(parseError(MIX.replace('[Write]', 'Write results:'))).toMatchObject({ code: 'UNEXPECTED_LINE', line: 14 });
		expect(parseError(MIX + MIX)).toMatchObject({ code: 'DUPLICATE_HEADER', line: 34 });
	});

	test('every cut of the file parses or fails with a ParseError, never another exception', () => {
		const text = lf(MIX);
		for (let end = 0; end <= text.length; end += 7) {
			try {
				parse(text.slice(0, end));
			} catch (e) {
				expect(e, `cut at ${end}`).toBeInstanceOf(ParseError);
			}
		}
	});
});
