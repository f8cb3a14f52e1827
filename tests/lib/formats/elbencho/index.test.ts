// elbencho result text, result CSV and live CSV: every fixture detected by exactly its entry and
// pinned by a golden, values checked by hand against the raw text (arithmetic in the comments), and
// bad input failing with a ParseError naming the line. The real 2.1-0 files (no licence found) are
// read in place from ../shared; the synthetic ones in tests/fixtures/other/ were written for this
// project (rwmix, random, --lat, --base10 and the newer "Elapsed time" / live-CSV latency layouts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formats as cdmFormats } from '../../../../src/lib/formats/crystaldiskmark/index.ts';
import { formats as elbenchoFormats } from '../../../../src/lib/formats/elbencho/index.ts';
import { noContext, type FileFormat } from '../../../../src/lib/formats/format.ts';
import { ParseError, type ParsedRun, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, LOCAL_FIXTURES, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON, OUTPUT_FOLDERS } from '../../../helpers/fixtures.ts';
import { expectGolden } from '../../../helpers/golden.ts';

/** Detection sees at most the first DETECT_BYTES (64 KiB) characters, BOM removed. */
const HEAD = 64 * 1024;
const ALL = [...cdmFormats, ...elbenchoFormats];
const byId = (id: string): FileFormat => elbenchoFormats.find((f) => f.id === id)!;
const TEXT = byId('elbencho-text');
const CSV = byId('elbencho-csv');
const LIVE = byId('elbencho-livecsv');

const FIXTURES = listFixtures('other', (f) => f.includes('elbencho'));
const OTHERS = OUTPUT_FOLDERS.flatMap((d) => listFixtures(d, (f) => !f.includes('elbencho')));
const KLOCKWOOD = 'elbencho-2.1-0_vast-nfs_4hosts-8threads-1MiB-direct-write_klockwood';

const expectedFormat = (file: string) => (file.endsWith('.live.csv') ? 'elbencho-livecsv' : file.endsWith('.csv') ? 'elbencho-csv' : 'elbencho-text');
const head = (text: string) => text.slice(0, HEAD).replace(/^\uFEFF/, '');
const local = (name: string) => readFileSync(join(LOCAL_FIXTURES, 'other', name), 'utf8');
const S_TEXT = local('synthetic-elbencho-3.x-rwmix-base10.out');
const S_CSV = local('synthetic-elbencho-3.x-rwmix.csv');
const S_LIVE = local('synthetic-elbencho-3.x-rwmix.live.csv');

function shared(file: string): ParseResult {
	const f = FIXTURES.find((x) => x.name === `other/${file}`);
	if (!f) throw new Error(`fixture other/${file} is missing`);
	return byId(expectedFormat(file)).parse(readFixture(f), file, noContext());
}

function run(r: ParseResult, key: string, direction: string): ParsedRun {
	const found = r.runs.filter((x) => x.run_key === key && x.direction === direction);
	expect(found, `${key} ${direction}`).toHaveLength(1);
	return found[0]!;
}

function parseError(format: FileFormat, text: string): ParseError {
	try {
		format.parse(text, 'bad', noContext());
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

const codes = (r: ParseResult) => r.warnings.map((w) => `${w.code}@${w.line}`);
const needsShared = (title: string) => (SHARED_PRESENT ? title : `${title} (${SHARED_SKIP_REASON})`);
const lines = (text: string) => text.split('\n').slice(0, -1);
const join_ = (ls: string[]) => ls.join('\n') + '\n';

describe('fixtures: detection and goldens', () => {
	test('the local synthetic fixtures are listed', () => {
		expect(FIXTURES.filter((f) => f.local).map((f) => f.name)).toEqual([
			'other/synthetic-elbencho-3.x-rwmix-base10.out',
			'other/synthetic-elbencho-3.x-rwmix.csv',
			'other/synthetic-elbencho-3.x-rwmix.live.csv',
		]);
	});
	test.skipIf(!SHARED_PRESENT)(needsShared('the three real 2.1-0 files of ../shared are listed'), () => {
		expect(FIXTURES.filter((f) => !f.local)).toHaveLength(3);
	});
	for (const f of FIXTURES) {
		test(`${f.name}: detected by ${expectedFormat(f.name)} alone, parsed, golden`, async () => {
			const text = readFixture(f);
			expect(ALL.filter((x) => x.detect(head(text), f.name)).map((x) => x.id)).toEqual([expectedFormat(f.name)]);
			await expectGolden('elbencho', f.name, byId(expectedFormat(f.name)).parse(text, f.name, noContext()));
		});
	}
	test('no other fixture (fio, Iometer, DiskSpd, Vdbench, CrystalDiskMark…) is claimed', () => {
		const claimed = OTHERS.flatMap((f) => elbenchoFormats.filter((x) => x.detect(head(readFixture(f)), f.name)).map((x) => `${f.name}: ${x.id}`));
		expect(claimed).toEqual([]);
	});
});

describe('real 2.1-0 files: 4 hosts × 8 threads, 1 MiB direct sequential writes (values read off the files by hand)', () => {
	test.skipIf(!SHARED_PRESENT)(needsShared('result text (.out)'), () => {
		const r = shared(`${KLOCKWOOD}.out`);
		// SYNC, MKDIRS, SYNC move no data: only the WRITE phase (the 4th, job_index 3) is a run.
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['WRITE/write']);
		const w = run(r, 'WRITE', 'write');
		expect(w).toMatchObject({
			source_line: 17,
			job_name: 'WRITE',
			job_index: 3,
			scope: 'group',
			value_origin: 'measured',
			tool: 'elbencho',
			// the text does not print the version
			tool_version: null,
			// "Elapsed ms : 45247 45253": LAST DONE 45253 ms
			runtime_s: 45.253,
			// "IOPS : 4792 4831"
			iops: 4831,
			// "Total MiB : 216852 218627": 218,627 × 1,048,576 = 229,247,025,152 bytes
			io_bytes: 229247025152,
			// COMMAND LINE "--block" "1m" → 1,048,576; "--threads" "8" × 4 hosts ("cgpu05,cgpu06,cgpu07,cgpu08,") = 32
			block_size_bytes: 1048576,
			numjobs: 32,
			// hosts are machines, not drives
			device_count: null,
			// no "--iodepth" on the command line: not stated by the text
			iodepth: null,
			// no "--rand": sequential
			access: 'sequential',
			rw: 'write',
			read_pct: 0,
			random_pct: 0,
			// "ISO DATE: 2022-03-09T15:40:28-0800"
			started_at: '2022-03-09T15:40:28-08:00',
			source_format: 'elbencho-text',
			lat_mean_ns: null,
			usr_cpu_pct: null,
			sys_cpu_pct: null,
		});
		// bw: 229,247,025,152 bytes ÷ 45.253 s = 5,065,896,739.49 bytes/s (4831.25 MiB/s); the printed integer
		// "Throughput MiB/s : 4831" would give 4831 × 1,048,576 = 5,065,670,656 (226,083 bytes/s short).
		expect(w.bw_bytes_per_s).toBeCloseTo(5065896739.49, 1);
		expect(Math.floor(w.bw_bytes_per_s! / 1048576)).toBe(4831);
		expect(w.condition).toContain('4 service hosts × 8 threads each');
		expect(w.condition).toContain('direct I/O');
		expect(w.condition).toContain('LAST DONE');
		expect(codes(r)).toEqual(['ELBENCHO_MIBS_TRUNCATED@17', 'ELBENCHO_NON_IO_PHASES@6']);
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('result CSV: same figures as the text, plus version, IO depth and latency'), () => {
		const r = shared(`${KLOCKWOOD}.csv`);
		const w = run(r, 'WRITE', 'write');
		expect(w).toMatchObject({
			source_line: 5,
			job_index: 3,
			tool_version: '2.1-0',
			// "time ms [last]" 45253, "IOPS [last]" 4831, "MiB [last]" 218627 × 1,048,576
			runtime_s: 45.253,
			iops: 4831,
			io_bytes: 229247025152,
			// "block size" 1048576, "threads" 8 × "hosts" 4, "IO depth" 1, "random" 0
			block_size_bytes: 1048576,
			numjobs: 32,
			iodepth: 1,
			access: 'sequential',
			// "IO lat us [min|avg|max]" 2379, 6621, 93525 µs × 1000
			lat_min_ns: 2379000,
			lat_mean_ns: 6621000,
			lat_max_ns: 93525000,
			// "ISO date" of the WRITE row: 2022-03-09T15:41:14-0800
			started_at: '2022-03-09T15:41:14-08:00',
			source_format: 'elbencho-csv',
		});
		expect(w.bw_bytes_per_s).toBeCloseTo(5065896739.49, 1);
		// "CPU% [last]" 0: no usr/sys split in elbencho, kept in words
		expect(w.condition).toContain('CPU util 0 %');
		expect(w.usr_cpu_pct).toBeNull();
		expect(codes(r)).toEqual(['ELBENCHO_MIBS_TRUNCATED@5', 'ELBENCHO_NON_IO_PHASES@2']);
		// The text and the CSV of the same run agree.
		const t = run(shared(`${KLOCKWOOD}.out`), 'WRITE', 'write');
		for (const k of ['bw_bytes_per_s', 'iops', 'io_bytes', 'runtime_s', 'numjobs', 'block_size_bytes'] as const) expect(w[k]).toBe(t[k]);
	});

	test.skipIf(!SHARED_PRESENT)(needsShared('live CSV: 9 intervals of the WRITE phase'), () => {
		const r = shared(`${KLOCKWOOD}.live.csv`);
		expect(r.runs).toEqual([]);
		expect(r.timeseries).toHaveLength(18);
		const iops = r.timeseries.filter((p) => p.metric === 'iops');
		const bw = r.timeseries.filter((p) => p.metric === 'bw');
		expect(iops.map((p) => p.time_ms)).toEqual([5000, 10001, 15000, 20001, 25000, 30001, 35001, 40000, 45000]);
		// line 2: ",WRITE,5000,Total,,0,23938990080,4566,4566,…": 4566 IOPS; 4566 MiB/s × 1,048,576 = 4,787,798,016 B/s
		expect(iops[0]).toMatchObject({ seq: 2, direction: 'write', iops: 4566, value_kind: 'mean', series_key: null });
		expect(bw[0]).toMatchObject({ seq: 2, bw_bytes_per_s: 4787798016 });
		// line 10: ",WRITE,45000,Total,,0,226762948608,4879,4879,…": 4879 × 1,048,576 = 5,116,002,304
		expect(bw[8]).toMatchObject({ seq: 10, time_ms: 45000, bw_bytes_per_s: 5116002304 });
		// the refresh gaps jitter (5001, 4999 ms…): no single window
		expect(new Set(r.timeseries.map((p) => p.window_ms))).toEqual(new Set([null]));
		expect(codes(r)).toEqual(['ELBENCHO_MIBS_TRUNCATED@2']);
	});
});

describe('synthetic files: rwmix, random, latency, --base10', () => {
	test('text: RWMIX70 gives write, read and total rows; a --base10 READ session follows', () => {
		const r = TEXT.parse(S_TEXT, 's.out', noContext());
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['RWMIX70/write', 'RWMIX70/read', 'RWMIX70/mixed', 'READ/read']);
		const w = run(r, 'RWMIX70', 'write');
		expect(w).toMatchObject({
			// "Elapsed time : 9.998s 10.002s" → 10,002 ms
			runtime_s: 10.002,
			// "IOPS write : 29990 30000"; "MiB write : 1171 1172" → 1172 × 1,048,576 = 1,228,931,072 bytes
			iops: 30000,
			io_bytes: 1228931072,
			// "IO wr latency : [ min=12us avg=150us max=2.45ms ]"
			lat_min_ns: 12000,
			lat_mean_ns: 150000,
			lat_max_ns: 2450000,
			// "--block" "4k" "--iodepth" "16" "--threads" "4" "--rand"
			block_size_bytes: 4096,
			iodepth: 16,
			numjobs: 4,
			rw: 'randwrite',
			access: 'random',
			read_pct: 0,
			workload: 'rwmix70-4k',
			started_at: '2024-05-06T07:00:00+02:00',
		});
		// 1,228,931,072 bytes ÷ 10.002 s = 122,868,533.49 B/s (117.18 MiB/s; printed "MiB/s write : 117")
		expect(w.bw_bytes_per_s).toBeCloseTo(122868533.49, 1);
		// "IO rd latency : [ min=9us avg=120us max=1.80ms ]"; "MiB read 2734" → 2,866,806,784 bytes
		expect(run(r, 'RWMIX70', 'read')).toMatchObject({ iops: 70000, io_bytes: 2866806784, lat_mean_ns: 120000, lat_max_ns: 1800000, rw: 'randread', read_pct: 100 });
		// total: "IOPS total 100000"; MiB write + read = 1172 + 2734 = 3906 → 4,095,737,856 bytes; RWMIX70 → 70 % reads
		const t = run(r, 'RWMIX70', 'mixed');
		expect(t).toMatchObject({ iops: 100000, io_bytes: 4095737856, rw: 'randrw', read_pct: 70, lat_mean_ns: null });
		expect(t.bw_bytes_per_s).toBeCloseTo(4095737856 / 10.002, 3);
		expect(t.condition).toContain('CPU util 36 %');
		// --base10: "Throughput MB/s : 2146 2147"; "Total MiB 8192" over "4.000s" = 8192 × 1,048,576 ÷ 4 = 2,147,483,648 B/s
		// (= 2147.48 MB/s, consistent with the printed 2147); "IOs total 8192"; "--threads=2" "-b" "1M"
		expect(run(r, 'READ', 'read')).toMatchObject({
			bw_bytes_per_s: 2147483648,
			iops: 2048,
			total_ios: 8192,
			io_bytes: 8589934592,
			block_size_bytes: 1048576,
			numjobs: 2,
			rw: 'read',
			access: 'sequential',
			workload: 'seqread-base10',
			started_at: '2024-05-06T07:08:09+02:00',
			job_index: 2,
		});
		expect(codes(r)).toEqual(['ELBENCHO_LAT_DETAIL_IGNORED@10', 'ELBENCHO_MIBS_TRUNCATED@10', 'ELBENCHO_NON_IO_PHASES@7']);
	});

	test('a --base10 figure that disagrees with the MiB total is flagged and the printed one kept', () => {
		const r = TEXT.parse(S_TEXT.replace('Throughput MB/s  :       2146       2147', 'Throughput MB/s  :       2146       2000'), 's.out', noContext());
		// 2000 MB/s × 1,000,000
		expect(run(r, 'READ', 'read').bw_bytes_per_s).toBe(2000000000);
		expect(codes(r)).toContain('ELBENCHO_BW_MISMATCH@31');
	});

	test('CSV: the rwmix row gives a write and a read run (the CSV has no total)', () => {
		const r = CSV.parse(S_CSV, 's.csv', noContext());
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['RWMIX70/write', 'RWMIX70/read']);
		// "rwmix read IOPS [last]" 70000, "rwmix read MiB [last]" 2734, "rwmix read IO lat us" 9/120/1800
		expect(run(r, 'RWMIX70', 'read')).toMatchObject({
			iops: 70000,
			io_bytes: 2866806784,
			lat_min_ns: 9000,
			lat_mean_ns: 120000,
			lat_max_ns: 1800000,
			tool_version: '3.0-25',
			iodepth: 16,
			numjobs: 4,
			random_pct: 100,
			// "ISO date" with milliseconds: 2024-05-06T07:00:00.010+0200
			started_at: '2024-05-06T07:00:00.010+02:00',
		});
		// The text and the CSV of the same run agree.
		const t = TEXT.parse(S_TEXT, 's.out', noContext());
		for (const d of ['write', 'read']) {
			const [a, b] = [run(r, 'RWMIX70', d), run(t, 'RWMIX70', d)];
			for (const k of ['bw_bytes_per_s', 'iops', 'io_bytes', 'lat_mean_ns', 'runtime_s'] as const) expect(a[k], `${d} ${k}`).toBe(b[k]);
		}
	});

	test('live CSV: Write/Read pairs, a window of 2000 ms, latency, a second series; per-worker rows skipped', () => {
		const r = LIVE.parse(S_LIVE, 's.live.csv', noContext());
		const keys = [...new Set(r.timeseries.map((p) => p.series_key))];
		expect(keys).toEqual(['RWMIX70', 'READ']);
		const mix = r.timeseries.filter((p) => p.series_key === 'RWMIX70');
		// 4 times × 2 directions × (iops, bw, lat)
		expect(mix).toHaveLength(24);
		expect(new Set(mix.map((p) => p.window_ms))).toEqual(new Set([2000]));
		// line 3: "…,RWMIX70,2000,Total,Read,20,573440000,273,70000,0,0,0,120,…": 273 × 1,048,576 = 286,261,248 B/s; 120 µs
		const at = (seq: number, metric: string) => r.timeseries.find((p) => p.seq === seq && p.metric === metric)!;
		expect(at(3, 'bw')).toMatchObject({ direction: 'read', time_ms: 2000, bw_bytes_per_s: 286261248 });
		expect(at(3, 'lat')).toMatchObject({ direction: 'read', lat_ns: 120000 });
		expect(at(2, 'iops')).toMatchObject({ direction: 'write', iops: 30000 });
		// READ: gaps 1001 and 999 ms → no single window; 2048 MiB/s × 1,048,576 = 2,147,483,648 B/s
		expect(at(12, 'bw')).toMatchObject({ series_key: 'READ', window_ms: null, bw_bytes_per_s: 2147483648, time_ms: 1000 });
		expect(codes(r)).toEqual(['ELBENCHO_MIBS_TRUNCATED@2', 'ELBENCHO_LIVE_WORKER_ROWS@4', 'ELBENCHO_NON_IO_PHASES@15']);
	});

	test('live CSV: the same phase run again starts a new series', () => {
		const ls = lines(S_LIVE);
		const again = join_([...ls.slice(0, 12), ...ls.slice(11, 14)]);
		const r = LIVE.parse(again, 's.live.csv', noContext());
		expect([...new Set(r.timeseries.map((p) => p.series_key))]).toEqual(['RWMIX70', 'READ', 'READ-2']);
	});
});

describe('line endings', () => {
	for (const [name, format, text] of [['text', TEXT, S_TEXT], ['CSV', CSV, S_CSV], ['live CSV', LIVE, S_LIVE]] as const) {
		test(`${name}: CRLF and a UTF-8 BOM give the same rows`, () => {
			const plain = format.parse(text, 'f', noContext());
			expect(format.parse(text.replace(/\n/g, '\r\n'), 'f', noContext())).toEqual(plain);
			expect(format.parse('\uFEFF' + text, 'f', noContext())).toEqual(plain);
		});
	}
});

describe('bad input: a ParseError naming the line', () => {
	test('text: missing header, empty file', () => {
		expect(parseError(TEXT, '')).toMatchObject({ code: 'MISSING_HEADER', line: 1 });
		const ls = lines(S_TEXT).filter((l) => !l.startsWith('OPERATION'));
		expect(parseError(TEXT, join_(ls))).toMatchObject({ code: 'MISSING_HEADER', line: 6 });
	});

	test('text: a file cut inside a phase, a row cut short, a non-number', () => {
		const ls = lines(S_TEXT);
		// cut after "IOPS read" of RWMIX70 (phase starts on line 10)
		expect(parseError(TEXT, join_(ls.slice(0, 12)))).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 10 });
		const cut = [...ls];
		cut[10] = cut[10]!.replace(/\s+30000$/, ''); // "IOPS write : 29990"
		expect(parseError(TEXT, join_(cut))).toMatchObject({ code: 'BAD_ROW', line: 11 });
		expect(parseError(TEXT, S_TEXT.replace('69977      70000', '69977      7OOOO'))).toMatchObject({ code: 'BAD_NUMBER', line: 12, field: 'IOPS read' });
		expect(parseError(TEXT, S_TEXT.replace('avg=150us', 'avg=150xs'))).toMatchObject({ code: 'BAD_NUMBER', line: 20, field: 'IO wr latency' });
		expect(parseError(TEXT, S_TEXT.replace('max=1.80ms ]', 'max=1.8'))).toMatchObject({ code: 'BAD_ROW', line: 22 });
		expect(parseError(TEXT, S_TEXT.replace('9.998s    10.002s', '9.998s    10.002'))).toMatchObject({ code: 'BAD_NUMBER', line: 10 });
		expect(parseError(TEXT, S_TEXT.replace('2024-05-06T07:08:09+0200', 'yesterday'))).toMatchObject({ code: 'BAD_DATE', line: 25 });
	});

	test('CSV: missing header or column, a cut row, a non-number', () => {
		const ls = lines(S_CSV);
		expect(parseError(CSV, join_(ls.slice(1)))).toMatchObject({ code: 'MISSING_HEADER', line: 1 });
		expect(parseError(CSV, '')).toMatchObject({ code: 'MISSING_HEADER', line: 1 });
		expect(parseError(CSV, S_CSV.replace(',time ms [last],', ',time [last],'))).toMatchObject({ code: 'MISSING_COLUMN', line: 1, field: 'time ms [last]' });
		expect(parseError(CSV, join_([ls[0]!, ls[1]!, ls[2]!.slice(0, 200)]))).toMatchObject({ code: 'FIELD_COUNT', line: 3 });
		expect(parseError(CSV, ls.join('\n').slice(0, -20))).toMatchObject({ code: 'TRUNCATED_ROW', line: 3 });
		expect(parseError(CSV, S_CSV.replace(',29990,30000,', ',29990,3e4,'))).toMatchObject({ code: 'BAD_NUMBER', line: 3, field: 'IOPS [last]' });
		expect(parseError(CSV, S_CSV.replace('2024-05-06T07:00:00.010+0200', '2024-05-06 07:00'))).toMatchObject({ code: 'BAD_DATE', line: 3 });
	});

	test('live CSV: missing header, a cut row, a non-number', () => {
		const ls = lines(S_LIVE);
		expect(parseError(LIVE, join_(ls.slice(1)))).toMatchObject({ code: 'MISSING_HEADER', line: 1 });
		expect(parseError(LIVE, join_([...ls.slice(0, 5), ls[5]!.slice(0, 60)]))).toMatchObject({ code: 'FIELD_COUNT', line: 6 });
		expect(parseError(LIVE, ls.slice(0, 6).join('\n'))).toMatchObject({ code: 'TRUNCATED_ROW', line: 6 });
		expect(parseError(LIVE, S_LIVE.replace('Total,Write,20,245760000,117,30000', 'Total,Write,20,245760000,117,3OOOO'))).toMatchObject({
			code: 'BAD_NUMBER',
			line: 2,
			field: 'IOPS',
		});
		expect(parseError(LIVE, join_([ls[0]!, ls[15]!]))).toMatchObject({ code: 'NO_RESULTS' });
	});

	test('every cut of each file parses or fails with a ParseError, never another exception', () => {
		for (const [format, text] of [[TEXT, S_TEXT], [CSV, S_CSV], [LIVE, S_LIVE]] as const) {
			for (let end = 0; end <= text.length; end += 5) {
				try {
					format.parse(text.slice(0, end), 'cut', noContext());
				} catch (e) {
					expect(e, `${format.id} cut at ${end}`).toBeInstanceOf(ParseError);
				}
			}
		}
	});
});
