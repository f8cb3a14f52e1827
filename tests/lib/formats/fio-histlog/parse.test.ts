// fio histogram logs (write_hist_log): one golden per fixture, bins worked out by hand from the
// raw lines and fio's bucket scale, coarsened logs, errors and properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fioHistLogFromName, histLogScale, parseFioHistLog } from '../../../../src/lib/formats/fio-histlog/parse.ts';
import { ParseError, type ParsedHistogram } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON, type Fixture } from '../../../helpers/fixtures.ts';

const HISTLOGS = listFixtures('fio', (f) => fioHistLogFromName(f) !== undefined);

function fixture(name: string): Fixture {
	const f = HISTLOGS.find((x) => x.name === name);
	if (!f) throw new Error(`fixture ${name} not found`);
	return f;
}

// The fio versions, from the companion result files (json-fio2.17-pkb-gce-pd-hist-run.json says
// "fio-2.17", gen-fio3.33-jsonplus-randrw-perio-logs.json "fio-3.33").
const unitOf = (name: string) => (name.includes('fio2.') ? 'us' : 'ns');
const V2 = 'fio/histlog-fio2.17-pkb_clat_hist.1.log';
const V2_WRITE = 'fio/histlog-fio2.17-pkb_clat_hist.3.log';
const V3 = 'fio/generated/gen-fio3.33_clat_hist.1.log';

function parse(name: string) {
	return parseFioHistLog(readFixture(fixture(name)), name, { latencyUnit: unitOf(name) });
}

const at = (rows: ParsedHistogram[], time: number) => rows.filter((r) => r.time_ms === time);
const sum = (rows: ParsedHistogram[]) => rows.reduce((a, r) => a + r.count, 0);
const bin = (rows: ParsedHistogram[], time: number, index: number) =>
	rows.find((r) => r.time_ms === time && r.bin_index === index);

function errorOf(fn: () => unknown): ParseError {
	try {
		fn();
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

describe('fio histogram log goldens', () => {
	it('finds the histogram logs', () => {
		expect(HISTLOGS.map((f) => f.name)).toEqual(expect.arrayContaining([V2, V2_WRITE, V3]));
	});
	for (const f of HISTLOGS) {
		it(f.name, async () => {
			await expectGolden('fio-histlog', f.name, parseFioHistLog(readFixture(f), f.name, { latencyUnit: unitOf(f.name) }));
		});
	}
	it.skipIf(SHARED_PRESENT)(`fixtures only in ../shared: ${SHARED_SKIP_REASON}`, () => {});
});

describe('fio 2.17 histogram log (1219 columns = 3 + 1216 µs buckets)', () => {
	const r = parse(V2);
	const rows = r.histograms;
	it('reads every interval of the read job', () => {
		expect(new Set(rows.map((x) => x.time_ms))).toEqual(new Set([1001, 2001, 3001, 4001, 5001, 6001, 7002, 8001, 9001]));
		const kinds = new Set(rows.map((x) => `${x.direction} ${x.stat} ${x.source} ${x.run_key}`));
		expect(kinds).toEqual(new Set(['read clat fio-histlog hist']));
		expect(r.runs).toEqual([]);
		expect(r.warnings).toEqual([]);
	});
	it('keeps the counts of a row (per-interval deltas), only non-zero bins', () => {
		// awk over line 1 ("1001, 0, 16384, …"): columns 4…1219 add up to 8325; line 2 to 7665
		expect(sum(at(rows, 1001))).toBe(8325);
		expect(sum(at(rows, 2001))).toBe(7665);
		expect(rows.every((x) => x.count > 0)).toBe(true);
	});
	it('places bins on fio\'s µs scale, in ns', () => {
		// line 1, column 27 = c23 = 2: buckets below 128 are 1 µs wide → [23, 24) µs
		expect(bin(rows, 1001, 23)).toMatchObject({ count: 2, bin_lower_ns: 23_000, bin_upper_ns: 24_000 });
		// c130 = 66: group 2 (idx 128…191) starts at 128 µs, 2 µs per bucket → 128 + 2×2 = [132, 134) µs
		expect(bin(rows, 1001, 130)).toMatchObject({ count: 66, bin_lower_ns: 132_000, bin_upper_ns: 134_000 });
	});
	it('the write job of the second section (file .3) is ddir 1', () => {
		const w = parse(V2_WRITE).histograms;
		expect(new Set(w.map((x) => x.direction))).toEqual(new Set(['write']));
		// line 1 "1006, 1, 16384, …": its 1216 counts add up to 1842
		expect(sum(at(w, 1006))).toBe(1842);
	});
	it('refuses a caller who says the log is in ns', () => {
		const e = errorOf(() => parseFioHistLog(readFixture(fixture(V2)), V2, { latencyUnit: 'ns' }));
		expect([e.code, e.line]).toEqual(['HISTLOG_UNIT_CONFLICT', 1]);
	});
});

describe('fio 3.33 histogram log (1859 columns = 3 + 1856 ns buckets)', () => {
	const rows = parse(V3).histograms;
	it('reads both directions', () => {
		// line 1 "503, 0, 4096, …" (read) adds up to 152, line 2 "506, 1, 4096, …" (write) to 77
		expect(at(rows, 503).every((x) => x.direction === 'read')).toBe(true);
		expect(sum(at(rows, 503))).toBe(152);
		expect(at(rows, 506).every((x) => x.direction === 'write')).toBe(true);
		expect(sum(at(rows, 506))).toBe(77);
	});
	it('places bins on fio\'s ns scale', () => {
		// line 1, first non-zero count is c708 = 1: group 11 (idx 704…767) starts at 2^16 = 65536 ns,
		// 2^10 = 1024 ns per bucket → 65536 + 4 × 1024 = [69632, 70656) ns
		expect(bin(rows, 503, 708)).toMatchObject({ count: 1, bin_lower_ns: 69_632, bin_upper_ns: 70_656 });
		// last non-zero c842 = 1: group 13 starts at 2^18 = 262144, 4096 per bucket → 262144 + 10 × 4096 = 303104
		expect(bin(rows, 503, 842)).toMatchObject({ count: 1, bin_lower_ns: 303_104, bin_upper_ns: 307_200 });
		expect(Math.min(...at(rows, 503).map((x) => x.bin_index!))).toBe(708);
	});
	it('runs without a latency unit: the column count tells', () => {
		expect(parseFioHistLog(readFixture(fixture(V3)), V3).histograms).toEqual(rows);
	});
});

/** Re-writes a log the way fio does with log_hist_coarseness=c: each 2^c buckets summed. */
function coarsen(text: string, c: number): string {
	return text
		.split('\n')
		.filter((l) => l !== '')
		.map((line) => {
			const f = line.split(', ').map(Number);
			const counts = f.slice(3);
			const merged: number[] = [];
			for (let j = 0; j < counts.length; j += 1 << c) merged.push(counts.slice(j, j + (1 << c)).reduce((a, b) => a + b, 0));
			return [...f.slice(0, 3), ...merged].join(', ');
		})
		.join('\n')
		.concat('\n');
}

describe('log_hist_coarseness', () => {
	it('knows both bucket families for c = 0…6 and nothing else', () => {
		expect([1216, 608, 304, 152, 76, 38, 19].map((n) => histLogScale(n)?.coarseness)).toEqual([0, 1, 2, 3, 4, 5, 6]);
		expect([1856, 928, 464, 232, 116, 58, 29].map((n) => histLogScale(n)?.unit)).toEqual(Array(7).fill('ns'));
		expect([0, 1, 9.5, 1215, 1000, 3712, 14].map((n) => histLogScale(n))).toEqual(Array(7).fill(undefined));
	});
	for (const c of [1, 3, 6]) {
		it(`c = ${c}: merged bins span 2^${c} fio buckets, same counts`, () => {
			const text = coarsen(readFixture(fixture(V3)), c);
			expect(text.split('\n')[0]!.split(',').length).toBe(3 + (1856 >> c));
			const coarse = parseFioHistLog(text, 'coarse.log').histograms;
			const fine = parse(V3).histograms;
			expect(sum(coarse)).toBe(sum(fine));
			for (const b of coarse) {
				expect(b.bin_index! % (1 << c)).toBe(0);
				const first = b.bin_index!;
				const inside = fine.filter((x) => x.time_ms === b.time_ms && x.bin_index! >= first && x.bin_index! < first + (1 << c));
				expect(sum(inside)).toBe(b.count);
				for (const x of inside) {
					expect(x.bin_lower_ns).toBeGreaterThanOrEqual(b.bin_lower_ns);
					expect(x.bin_upper_ns!).toBeLessThanOrEqual(b.bin_upper_ns!);
				}
			}
		});
	}
	it('c = 6 on fio 2.x: 19 bins of one whole group each; the last one is open', () => {
		const line = `1000, 0, 4096, ${Array(18).fill(0).join(', ')}, 5\n`;
		const [b] = parseFioHistLog(line, 'x.log').histograms;
		// bin 18 starts at fio bucket 18 × 64 = 1152, group 18: 2^(18 - 1 + 6) = 8388608 µs, no upper edge
		expect(b).toMatchObject({ bin_index: 1152, bin_lower_ns: 8_388_608_000, bin_upper_ns: null, count: 5 });
	});
	it('the last fio 3.x bucket is open too', () => {
		const line = `1000, 2, 4096, ${Array(1855).fill(0).join(', ')}, 1\n`;
		expect(parseFioHistLog(line, 'x.log').histograms[0]).toMatchObject({ direction: 'trim', bin_index: 1855, bin_upper_ns: null });
	});
});

describe('malformed histogram logs', () => {
	const row = (n: number, ddir = 0) => `1000, ${ddir}, 4096, ${Array(n).fill(1).join(', ')}\n`;
	const cases: [what: string, text: string, code: string, line: number, field: string | undefined][] = [
		['1000 bins', row(1000), 'HISTLOG_COLUMNS', 1, undefined],
		['a plain log line', '1000, 5, 0, 0\n', 'HISTLOG_COLUMNS', 1, undefined],
		['a shorter second line', row(1856) + row(928), 'HISTLOG_COLUMNS', 2, undefined],
		['ddir 5', row(1856) + row(1856, 5), 'HISTLOG_VALUE', 2, 'ddir'],
		['a negative count', row(1856).replace(', 1, 1\n', ', -1, 1\n'), 'HISTLOG_NUMBER', 1, 'c1854'],
		['garbage in time', 'x' + row(1856), 'HISTLOG_NUMBER', 1, 'time'],
		['hex', row(1856).replace('4096', '0x1000'), 'HISTLOG_NUMBER', 1, 'bs'],
	];
	for (const [what, text, code, line, field] of cases) {
		it(`rejects ${what}`, () => {
			const e = errorOf(() => parseFioHistLog(text, 'bad.log'));
			expect([e.code, e.line, e.field]).toEqual([code, line, field]);
		});
	}
	it('an empty log has no bins; an unterminated last line is dropped with a warning', () => {
		expect(parseFioHistLog('', 'x').histograms).toEqual([]);
		const r = parseFioHistLog(row(1856) + row(1856).trimEnd(), 'x');
		expect(sum(r.histograms)).toBe(1856);
		expect(r.warnings.map((w) => [w.code, w.line])).toEqual([['LAST_LINE_UNTERMINATED', 2]]);
	});
	it('reads fio\'s histogram log names', () => {
		expect(fioHistLogFromName('pkb_fio_avg_1506559526.49_clat_hist.3.log')).toEqual({ jobIndex: 3 });
		expect(fioHistLogFromName('dir/job_clat_hist.log')).toEqual({ jobIndex: null });
		expect(fioHistLogFromName('job_clat.1.log')).toBeUndefined();
	});
});

describe('fio histogram log properties', () => {
	const inputs = HISTLOGS.map((f) => ({ name: f.name, text: readFixture(f), unit: unitOf(f.name) }) as const);
	const pick = () => fc.constantFrom(...inputs);
	const key = (h: ParsedHistogram) => `${h.time_ms}/${h.direction}/${h.bin_index}`;

	it('a truncated log gives a ParseError or only bins of the full parse', () => {
		const full = new Map(inputs.map((i) => [i.name, new Map(parseFioHistLog(i.text, i.name).histograms.map((h) => [key(h), h]))]));
		fc.assert(
			fc.property(pick(), fc.double({ min: 0, max: 1, noNaN: true }), (input, where) => {
				let rows: ParsedHistogram[];
				try {
					rows = parseFioHistLog(input.text.slice(0, Math.floor(input.text.length * where)), input.name).histograms;
				} catch (e) {
					if (e instanceof ParseError) return;
					throw e;
				}
				const whole = full.get(input.name)!;
				for (const h of rows) expect(h).toEqual(whole.get(key(h)));
			}),
			{ numRuns: 200 },
		);
	});

	it('garbage anywhere gives a ParseError or a parse, never another exception', () => {
		const garbage = fc.constantFrom('#@!', '\u0000', '{', '-', ',', '\n', '\r', ' ', '0x', '1.5', '\uFEFF');
		fc.assert(
			fc.property(pick(), fc.double({ min: 0, max: 1, noNaN: true }), garbage, (input, where, g) => {
				const pos = Math.floor(input.text.length * where);
				try {
					parseFioHistLog(input.text.slice(0, pos) + g + input.text.slice(pos), input.name, { latencyUnit: input.unit });
				} catch (e) {
					if (!(e instanceof ParseError)) throw e;
				}
			}),
			{ numRuns: 200 },
		);
	});

	it('CRLF and a BOM change nothing', () => {
		fc.assert(
			fc.property(pick(), fc.boolean(), fc.boolean(), (input, crlf, bom) => {
				const variant = (bom ? '\uFEFF' : '') + (crlf ? input.text.replace(/\n/g, '\r\n') : input.text);
				expect(parseFioHistLog(variant, input.name)).toEqual(parseFioHistLog(input.text, input.name));
			}),
			{ numRuns: 200 },
		);
	});
});
