import { describe, expect, it } from 'vitest';
import { parseFioTerse } from '../../../../src/lib/formats/fio-text/terse.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import type { ParsedRun, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { listFixtures, readFixture } from '../../../helpers/fixtures.ts';

const V5 = 'fio/generated/gen-fio3.33-terse-v5.txt';
const HIKALIUM = 'fio/text-fio3.28-microsd-terse-v3-plus-normal.txt';

function fixtureText(name: string): string {
	const f = listFixtures('fio').find((x) => x.name === name);
	if (!f) throw new Error(`fixture ${name} missing`);
	return readFixture(f);
}

function row(r: ParseResult, runKey: string, direction: string): ParsedRun {
	const found = r.runs.find((x) => x.run_key === runKey && x.direction === direction);
	if (!found) throw new Error(`no row ${runKey}/${direction}`);
	return found;
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

/** v5 → v4: each 47-field direction block loses its 6 trailing sample fields (bw samples, iops stats). */
function v5ToV4(line: string): string {
	const f = line.split(';');
	const blocks = [0, 1, 2].map((b) => f.slice(5 + b * 47, 5 + b * 47 + 41));
	return ['4', ...f.slice(1, 5), ...blocks.flat(), ...f.slice(146)].join(';');
}

/** v4 → v2: no version-string field, no disk util. */
function v4ToV2(line: string): string {
	const f = line.split(';');
	return ['2', ...f.slice(2, 162)].join(';');
}

describe('parseFioTerse goldens', () => {
	for (const f of listFixtures('fio', (name) => /-terse-v\d+\.txt$/.test(name))) {
		it(`${f.name} matches its golden`, async () => {
			await expectGolden('fio-text', f.name, parseFioTerse(readFixture(f), f.name));
		});
	}
});

describe('parseFioTerse v5 (generated fio 3.33, 189 fields)', () => {
	const r = parseFioTerse(fixtureText(V5), V5);

	it('emits the active read and write blocks only (the trim block is all zeros)', () => {
		expect(r.runs.map((x) => `${x.run_key}/${x.direction}`)).toEqual(['line1/read', 'line1/write']);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'BLOCK_SIZE_DERIVED', line: 1 })]);
	});

	it('reads the read block at fields 6–52 in KiB, KiB/s, ms and µs', () => {
		const read = row(r, 'line1', 'read');
		expect(read.tool_version).toBe('3.33'); // field 2 "fio-3.33"
		expect(read.job_name).toBe('genjob');
		expect(read.io_bytes).toBe(2457600); // field 6: 2400 KiB × 1024
		expect(read.bw_bytes_per_s).toBeCloseTo(1228185.91, 1); // field 6 over field 9: 2400 KiB × 1024 × 1000 / 2001 ms (field 7: 1199 KiB/s)
		expect(read.iops).toBe(299); // field 8
		expect(read.runtime_s).toBe(2.001); // field 9: 2001 ms
		expect(read.slat_mean_ns).toBeNull(); // fields 10–13 all 0: psync has no submission latency
		expect(read.clat_min_ns).toBe(67000); // field 14: 67 µs
		expect(read.clat_mean_ns).toBeCloseTo(144570.665, 3); // field 16: 144.570665 µs
		expect(read.clat_p50_ns).toBe(136000); // field 24 "50.000000%=136"
		expect(read.clat_p99_9_ns).toBe(700000); // field 32 "99.900000%=700"
		expect(read.lat_max_ns).toBe(701000); // field 39: 701 µs
		expect(read.usr_cpu_pct).toBe(1.35); // field 147 "1.350000%"
		expect(read.error_code).toBeNull(); // field 5: 0
		expect(read.rw).toBeNull();
		// 1228185.91 B/s / 299 IOPS = 4107.6 B: 0.28 % from 8 × 512, and / 300 = 4094.0 leaves no other multiple of 512
		expect(read.block_size_bytes).toBe(4096);
		expect(read.iodepth).toBeNull();
	});

	it('reads the write block at fields 53–99', () => {
		const write = row(r, 'line1', 'write');
		expect(write.io_bytes).toBe(1228800); // field 53: 1200 KiB × 1024
		expect(write.bw_bytes_per_s).toBeCloseTo(614092.95, 1); // 1200 KiB × 1024 × 1000 / 2001 ms (field 54: 599 KiB/s)
		expect(write.iops).toBe(149); // field 55
		expect(write.block_size_bytes).toBeNull(); // 614092.95 / 149 = 4121.4 B: 0.62 % from 4096, beyond 0.5 %
		expect(write.clat_max_ns).toBe(64000); // field 62: 64 µs
		expect(write.lat_mean_ns).toBeCloseTo(17159.79, 3); // field 87: 17.159790 µs
	});

	it('lists every non-empty percentile slot, skipping the "0%=0" fillers', () => {
		const read = r.percentiles.filter((p) => p.direction === 'read');
		expect(read).toHaveLength(17); // fields 18–34 used, 35–37 are "0%=0"
		expect(read.every((p) => p.stat === 'clat')).toBe(true);
		expect(read.find((p) => p.percentile === 99.99)?.value_ns).toBe(700000);
	});
});

describe('parseFioTerse v3 (hikalium fio 3.28, 130 fields, normal output around it)', () => {
	const r = parseFioTerse(fixtureText(HIKALIUM), HIKALIUM);

	it('reads the 8 terse lines and ignores the normal report with one warning', () => {
		expect(new Set(r.runs.map((x) => x.run_key)).size).toBe(8);
		expect(r.runs).toHaveLength(8); // read-only jobs have an all-zero write block and vice versa
		expect(r.warnings).toEqual([
			expect.objectContaining({ code: 'BLOCK_SIZE_DERIVED', line: 15 }),
			expect.objectContaining({ code: 'TERSE_EXTRA_LINES', line: 1 }),
		]);
		// The 4k jobs (≥ 539 IOPS) pin 4096 B down; at 86 IOPS bw ÷ 86 and bw ÷ 87 are 12 KiB apart: no block size.
		expect(r.warnings[0]!.message).toMatch(/4096 B for line15 read, line16 write, line17 read, line18 write$/);
		expect(row(r, 'line11', 'read').block_size_bytes).toBeNull();
	});

	it('matches the numbers of the normal report of the same job', () => {
		const seq = row(r, 'line11', 'read');
		expect(seq.job_name).toBe('Seq1M-Read-Q8');
		expect(seq.io_bytes).toBe(1073741824); // 1048576 KiB × 1024 = 1024 MiB, as "(1024MiB/11799msec)"
		expect(seq.bw_bytes_per_s).toBeCloseTo(91002781.93, 1); // 1048576 KiB × 1024 × 1000 / 11799 ms ≈ "86.8MiB/s"
		expect(seq.runtime_s).toBe(11.799);
		expect(seq.clat_mean_ns).toBeCloseTo(80478507.799, 3); // 80478.507799 µs ≈ "avg=80478.51" (usec)
		expect(seq.slat_max_ns).toBe(23524000); // 23524 µs = "max=23524" (usec)
		const write = row(r, 'line12', 'write');
		expect(write.job_name).toBe('Seq1M-Write-Q8');
		expect(write.iops).toBe(37);
	});
});

describe('parseFioTerse layouts', () => {
	const v5 = fixtureText(V5).trim();
	const base = parseFioTerse(v5, 'v5');

	it('v4 (41-field blocks, TRIM block, 162 core fields) gives the v5 values', () => {
		const v4 = parseFioTerse(v5ToV4(v5), 'v4');
		expect(v4.runs.map((x) => ({ ...x, tool_version: null }))).toEqual(base.runs.map((x) => ({ ...x, tool_version: null })));
		expect(v4.percentiles).toEqual(base.percentiles);
	});

	it('v2 (no version field, no disk util) gives the v5 values and no tool_version', () => {
		const v2 = parseFioTerse(v4ToV2(v5ToV4(v5)), 'v2');
		expect(v2.runs).toEqual(base.runs.map((x) => ({ ...x, tool_version: null })));
	});

	it('unified_rw_reporting=1: one block is the mixed direction', () => {
		// v4 line with only the read block left: positions after it shift by two blocks.
		const f = v5ToV4(v5).split(';');
		const unified = [...f.slice(0, 46), ...f.slice(128)].join(';');
		const r = parseFioTerse(unified, 'unified');
		expect(r.runs.map((x) => x.direction)).toEqual(['mixed']);
		expect(r.runs[0]!.io_bytes).toBe(2457600);
		expect(r.runs[0]!.usr_cpu_pct).toBe(1.35); // the CPU fields are found after the single block
	});

	it('unified_rw_reporting=both (3.27+): a mixed block after TRIM', () => {
		const f = v5.split(';');
		const mixed = f.slice(5, 52).map((x, i) => (i === 0 ? '3600' : x)); // io 3600 KiB
		const both = [...f.slice(0, 146), ...mixed, ...f.slice(146)].join(';');
		const r = parseFioTerse(both, 'both');
		expect(r.runs.map((x) => x.direction)).toEqual(['read', 'write', 'mixed']);
		expect(r.runs[2]!.io_bytes).toBe(3600 * 1024);
	});

	it('consecutive jobs of one group get derived totals (numjobs without group_reporting)', () => {
		const other = v5.replace(/^5;fio-3.33;genjob;0;0;2400;1199;299;2001;/, '5;fio-3.33;genjob;0;0;1200;600;150;1000;');
		const r = parseFioTerse(`${v5}\n${other}\n`, 'two');
		const total = r.runs.find((x) => x.scope === 'total' && x.direction === 'read')!;
		expect(total.run_key).toBe('lines1-2/total');
		expect(total.value_origin).toBe('derived');
		expect(total.io_bytes).toBe((2400 + 1200) * 1024);
		expect(total.runtime_s).toBe(2.001); // longest member
		expect(total.bw_bytes_per_s).toBeCloseTo((3600 * 1024) / 2.001, 6); // Σ io / max runtime
		expect(total.iops).toBe(299 + 150); // terse has no I/O counts: the IOPS are summed
		expect(total.clat_p99_ns).toBeNull(); // percentiles are never recomputed
	});

	it('jobs of different groups get no total', () => {
		const other = v5.replace(/^5;fio-3.33;genjob;0;/, '5;fio-3.33;genjob;1;');
		const r = parseFioTerse(`${v5}\n${other}`, 'two');
		expect(r.runs.filter((x) => x.scope === 'total')).toEqual([]);
	});

	it('CRLF, BOM and blank lines do not matter', () => {
		expect(parseFioTerse(`\uFEFF\r\n${v5}\r\n\r\n`, 'crlf').runs).toEqual(
			base.runs.map((x) => ({ ...x, run_key: 'line2', source_line: 2 })),
		);
	});
});

describe('parseFioTerse errors', () => {
	const v5 = fixtureText(V5).trim();

	it('no terse line → NO_TERSE_LINES at line 1', () => {
		const e = parseError(() => parseFioTerse('hello\nworld\n', 'x.txt'));
		expect(e.code).toBe('NO_TERSE_LINES');
		expect(e.line).toBe(1);
		expect(e.file).toBe('x.txt');
	});

	it('a line cut short → BAD_TERSE_LINE with its line', () => {
		const e = parseError(() => parseFioTerse(`\n${v5.slice(0, 400)}\n`, 'cut.txt'));
		expect(e.code).toBe('BAD_TERSE_LINE');
		expect(e.line).toBe(2);
	});

	it('a negative or NaN number in a used field → BAD_NUMBER', () => {
		expect(parseError(() => parseFioTerse(v5.replace(';2400;1199;', ';-2400;1199;'), 'neg')).code).toBe('BAD_NUMBER');
		expect(parseError(() => parseFioTerse(v5.replace(';45.154461;', ';-nan;'), 'nan')).code).toBe('BAD_NUMBER');
	});
});
