// Published-figures CSV: goldens for every data/reviews/*/published.csv, values checked by hand
// against the raw lines, the strict CSV reader, and every error the parser can raise.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readCsv } from '../../../../src/lib/formats/published-csv/reader.ts';
import { parsePublishedCsv } from '../../../../src/lib/formats/published-csv/parse.ts';
import { PUBLISHED_COLUMNS } from '../../../../src/lib/formats/published-csv/fields.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { ROOT } from '../../../helpers/fixtures.ts';

const REVIEWS_DIR = join(ROOT, 'data/reviews');
const knownDevices = new Set(
	readdirSync(join(ROOT, 'data/devices'))
		.filter((f) => f.endsWith('.yaml'))
		.map((f) => f.slice(0, -'.yaml'.length)),
);
const publishedFiles = readdirSync(REVIEWS_DIR)
	.filter((id) => existsSync(join(REVIEWS_DIR, id, 'published.csv')))
	.sort();

function parseReview(id: string, devices: ReadonlySet<string> | undefined = knownDevices): ParseResult {
	const text = readFileSync(join(REVIEWS_DIR, id, 'published.csv'), 'utf8');
	return parsePublishedCsv(text, `data/reviews/${id}/published.csv`, devices);
}

function at(result: ParseResult, line: number) {
	const figure = result.figures.find((f) => f.source_line === line);
	if (!figure) throw new Error(`no figure on line ${line}`);
	const run = result.runs.find((r) => r.run_key === figure.run_key) ?? null;
	const comparison = result.comparisons.find((c) => c.source_line === line) ?? null;
	const percentiles = result.percentiles.filter((p) => p.run_key === figure.run_key);
	return { figure, run, comparison, percentiles };
}

describe('goldens: data/reviews/*/published.csv', () => {
	test('the five seed reviews are there', () => {
		expect(publishedFiles.length).toBeGreaterThanOrEqual(5);
	});
	for (const id of publishedFiles) {
		test(`published/${id}`, async () => {
			const result = parseReview(id);
			expect(result.warnings).toEqual([]);
			expect(result.figures.length).toBe(
				readFileSync(join(REVIEWS_DIR, id, 'published.csv'), 'utf8')
					.trimEnd()
					.split('\n').length - 1,
			);
			await expectGolden('published-csv', id, result);
		});
	}
});

describe('values checked by hand against the raw lines', () => {
	test('zdnet-2013-intel-dc-s3500', () => {
		const r = parseReview('zdnet-2013-intel-dc-s3500');
		// line 10: "546,MiB/s,Iometer 1.1.0rc1" → 546 × 1,048,576 = 572,522,496 B/s; block 1MiB = 1,048,576 B
		const bw = at(r, 10);
		expect(bw.figure).toMatchObject({
			value_printed: '546',
			unit_printed: 'MiB/s',
			value: 572_522_496,
			base_unit: 'bytes/s',
			run_key: 'line10',
		});
		expect(bw.run).toMatchObject({
			bw_bytes_per_s: 572_522_496,
			block_size_bytes: 1_048_576,
			tool: 'iometer',
			tool_version: '1.1.0rc1',
			direction: 'read',
			rw: 'read',
			scope: 'figure',
			value_origin: 'published',
			source_format: 'published-csv',
			review_id: 'zdnet-2013-intel-dc-s3500',
			device_id: 'intel-dc-s3500-480gb',
			job_name: '1m-seq-read',
			iops: null,
		});
		// line 19: "42.8,%" with "ratio vs intel-ssd-520:" → a ratio of 42.8 / 100 = 0.428; 520 has no rows of its own
		expect(at(r, 19).comparison).toMatchObject({
			kind: 'ratio',
			ratio: 0.428,
			delta_pct: null,
			basis: 'intel-ssd-520',
			basis_device_id: 'intel-ssd-520',
			iodepth: 256,
			quantity: 'latency',
		});
		expect(at(parseReview('zdnet-2013-intel-dc-s3500', new Set()), 19).comparison?.basis_device_id).toBeNull();
		// line 32: "1,倍" with "delta vs intel-ssd-710:" (提升1倍) → +1 × 100 = +100 %
		expect(at(r, 32).comparison).toMatchObject({
			kind: 'delta',
			delta_pct: 100,
			ratio: null,
			basis_device_id: 'intel-ssd-710',
			quantity: null,
		});
		expect(at(r, 32).figure.run_key).toBeNull();
		// line 34: "33.29,V" → a figure only, in volts
		expect(at(r, 34)).toMatchObject({
			figure: { value: 33.29, base_unit: 'V', run_key: null, metric: 'other' },
			run: null,
			comparison: null,
		});
	});

	test('anon-2022-solidigm-d7-p5520', () => {
		const r = parseReview('anon-2022-solidigm-d7-p5520');
		// line 2: "128KB,…,7.46,GB/s" → 7.46 × 10^9 B/s; a block size "128KB" is 128 × 1,024 = 131,072 B
		expect(at(r, 2).run).toMatchObject({
			bw_bytes_per_s: 7.46e9,
			block_size_bytes: 131_072,
			tool: null,
			tool_version: null,
			rw: 'read',
		});
		// line 11: "70,,,,1,lat_p99_99,461,us" → 461 × 1,000 = 461,000 ns total latency at QD1, and a percentile row
		const p = at(r, 11);
		expect(p.run).toMatchObject({ lat_p99_99_ns: 461_000, iodepth: 1, direction: 'mixed', rw: 'randrw', read_pct: 70 });
		expect(p.percentiles).toEqual([{ run_key: 'line11', direction: 'mixed', stat: 'lat', percentile: 99.99, value_ns: 461_000 }]);
		// line 9: read_iops of the 70/30 mix → the read direction of a randrw job
		expect(at(r, 9).run).toMatchObject({ iops: 300_000, direction: 'read', rw: 'randrw' });
		// line 14: "80,%" with "ratio vs PM0:" → 0.8, basis is not a device
		expect(at(r, 14).comparison).toMatchObject({
			kind: 'ratio',
			ratio: 0.8,
			basis: 'PM0',
			basis_device_id: null,
			quantity: null,
		});
	});

	test('storagereview-2021-intel-p5510-vs-samsung-pm9a3', () => {
		const r = parseReview('storagereview-2021-intel-p5510-vs-samsung-pm9a3');
		// line 37: "8,sysbench 16VM,application,,,32,,lat_avg,13.18,ms" → 13.18 × 10^6 = 13,180,000 ns
		expect(at(r, 37).run).toMatchObject({
			lat_mean_ns: 13_180_000,
			numjobs: 32,
			iodepth: null,
			device_count: 8,
			access: 'application',
			rw: null,
			direction: 'mixed',
			tool: 'sysbench',
		});
		// line 13: "lat_p99,469,us" printed swapped in the MT → 469,000 ns with its correction note; drive count empty → NULL
		const swapped = at(r, 13);
		expect(swapped.run).toMatchObject({ lat_p99_ns: 469_000, device_count: null });
		expect(swapped.figure.correction).toMatch(/^swap corrected: MT attached the values/);
		expect(swapped.run?.correction).toBe(swapped.figure.correction);
		// line 33: "tps,38838,TPS" → 38,838 transactions/s
		expect(at(r, 33).run).toMatchObject({ tps: 38_838, iops: null });
		expect(at(r, 33).figure.correction).toMatch(/^swap corrected: MT reads/);
	});

	test('shujuyukeji-2024-ymtc-pe321', () => {
		const r = parseReview('shujuyukeji-2024-ymtc-pe321');
		// line 5: "4KB,,512,bandwidth,7259,MB/s,FIO v3.35" → 7,259 × 10^6 B/s; block 4 × 1,024 = 4,096 B
		expect(at(r, 5).run).toMatchObject({
			bw_bytes_per_s: 7.259e9,
			block_size_bytes: 4096,
			iodepth: 512,
			tool: 'fio',
			tool_version: '3.35',
			rw: 'randread',
		});
		// line 13: "lat_p99_99,2.6,ms" → 2.6 × 10^6 = 2,600,000 ns
		expect(at(r, 13).run?.lat_p99_99_ns).toBeCloseTo(2_600_000, 6);
		// line 14: "66.7,1.5KB,…,tps,900000,TPS,Aerospike ACT v6.5" → 1.5 × 1,024 = 1,536 B; tool and version split (src/lib/vocabulary.ts)
		expect(at(r, 14).run).toMatchObject({
			tps: 900_000,
			block_size_bytes: 1536,
			read_pct: 66.7,
			tool: 'aerospike-act',
			tool_version: '6.5',
		});
		// line 15: "pct_over_1ms,3.03,%" → a figure only
		expect(at(r, 15)).toMatchObject({ figure: { value: 3.03, base_unit: '%', run_key: null }, run: null });
	});

	test('storagereview-2021-intel-storage-windows-server', () => {
		const r = parseReview('storagereview-2021-intel-storage-windows-server');
		// line 18: "lat_avg,1.147,ms" → 1.147 × 10^6 = 1,147,000 ns
		expect(at(r, 18).run?.lat_mean_ns).toBeCloseTo(1_147_000, 6);
		// line 7: "8,…,4K,16,16,iops,4800000,IOPS" — the 万-as-M figure, stored corrected, with its note
		const corrected = at(r, 7);
		expect(corrected.run).toMatchObject({
			iops: 4_800_000,
			numjobs: 16,
			iodepth: 16,
			device_count: 8,
			block_size_bytes: 4096,
			tool: 'fio',
		});
		expect(corrected.figure.correction).toMatch(/^unit corrected: MT rendered 'M'/);
		// line 2: "delta vs intel-optane-p5800x-800gb (x2):" → basis kept whole, the device id beside it
		expect(at(r, 2).comparison).toMatchObject({
			kind: 'delta',
			delta_pct: 100,
			basis: 'intel-optane-p5800x-800gb (x2)',
			basis_device_id: 'intel-optane-p5800x-800gb',
			iodepth: 1,
		});
		// line 28: "2,倍" with "ratio vs intel-optane-pmem-200-128gb:" → 2
		expect(at(r, 28).comparison).toMatchObject({ kind: 'ratio', ratio: 2, quantity: 'latency' });
	});
});

// Synthetic files for the reader and the errors: one valid row, changed one column at a time.
type Fields = Record<(typeof PUBLISHED_COLUMNS)[number], string>;
const BASE: Fields = {
	review_id: 'some-review',
	device_id: 'some-ssd',
	device_count: '1',
	workload: '4k-random-read',
	access: 'random',
	read_pct: '100',
	block_size: '4KiB',
	threads: '1',
	queue_depth: '32',
	metric: 'iops',
	value: '84.3K',
	unit: 'IOPS',
	tool: 'FIO v3.35',
	condition: '',
	quote: '84.3K IOPS',
};
const HEADER = PUBLISHED_COLUMNS.join(',');
const quoteField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const rowOf = (change: Partial<Fields> = {}) => PUBLISHED_COLUMNS.map((c) => quoteField({ ...BASE, ...change }[c])).join(',');
const csvOf = (...changes: Partial<Fields>[]) => `${[HEADER, ...changes.map(rowOf)].join('\n')}\n`;

function errorOf(text: string): ParseError {
	try {
		parsePublishedCsv(text, 'x.csv');
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('no ParseError');
}

describe('the CSV reader', () => {
	test('quoted fields keep commas, line breaks and doubled quotes; records keep their first line', () => {
		const text = 'a,b\n"x, y","line1\nline2"\n"say ""hi""",\n';
		expect(readCsv(text, 'x.csv')).toEqual({
			records: [
				{ line: 1, fields: ['a', 'b'] },
				{ line: 2, fields: ['x, y', 'line1\nline2'] },
				{ line: 4, fields: ['say "hi"', ''] },
			],
			blankLines: [],
		});
	});

	test('CRLF, also inside a quoted field, reads as LF; a BOM is skipped', () => {
		const lf = readCsv('a,b\n"1\n2",3\n', 'x.csv');
		expect(readCsv('\uFEFFa,b\r\n"1\r\n2",3\r\n', 'x.csv')).toEqual(lf);
	});

	test('a multi-line quote shifts the line numbers of the records after it', () => {
		const r = parsePublishedCsv(csvOf({ condition: 'one\ntwo\nthree' }, {}), 'x.csv');
		expect(r.figures.map((f) => [f.source_line, f.run_key])).toEqual([
			[2, 'line2'],
			[5, 'line5'],
		]);
		expect(r.figures[0]!.condition).toBe('one\ntwo\nthree');
	});

	test('empty lines are skipped with a warning', () => {
		const r = parsePublishedCsv(`${HEADER}\n\n${rowOf()}\n\n`, 'x.csv');
		expect(r.figures.map((f) => f.source_line)).toEqual([3]);
		expect(r.warnings.map((w) => [w.code, w.line])).toEqual([
			['BLANK_LINE', 2],
			['BLANK_LINE', 4],
		]);
	});
});

describe('errors name the line and the field', () => {
	const cases: [string, string, string, number, string | undefined][] = [
		[
			'unterminated quote',
			`${HEADER}\n${rowOf()}\n${rowOf().replace('84.3K IOPS', '"84.3K IOPS')}\n`,
			'UNTERMINATED_QUOTE',
			3,
			undefined,
		],
		['text after a closing quote', `${HEADER}\n${rowOf().replace('84.3K IOPS', '"84.3K" IOPS')}\n`, 'BAD_QUOTE', 2, undefined],
		[
			'a quote inside an unquoted field',
			`${HEADER}\n${rowOf({ quote: 'say "hi"' }).replace('"say ""hi"""', 'say "hi"')}\n`,
			'BAD_QUOTE',
			2,
			undefined,
		],
		['too few fields', `${HEADER}\n${rowOf()}\n${rowOf().split(',').slice(0, 14).join(',')}\n`, 'FIELD_COUNT', 3, undefined],
		['too many fields', `${HEADER}\n${rowOf()},extra\n`, 'FIELD_COUNT', 2, undefined],
		['a control character', csvOf({ quote: 'a\u0000b' }), 'CONTROL_CHARACTER', 2, undefined],
		['no final line break', csvOf({}).trimEnd(), 'MISSING_FINAL_NEWLINE', 2, undefined],
		['an empty file', '', 'EMPTY_FILE', 1, undefined],
		['a wrong header', csvOf({}).replace('read_pct', 'read_percent'), 'BAD_HEADER', 1, 'read_pct'],
		['an unknown unit', csvOf({}, { unit: 'IOPS/s' }), 'UNKNOWN_UNIT', 3, 'unit'],
		['an unknown metric', csvOf({ metric: 'iops_max' }), 'UNKNOWN_METRIC', 2, 'metric'],
		['a unit that does not fit the metric', csvOf({ unit: 'MB/s' }), 'UNIT_MISMATCH', 2, 'unit'],
		['a value that is not a number', csvOf({ value: 'about 84K' }), 'BAD_NUMBER', 2, 'value'],
		['NaN', csvOf({ value: 'NaN' }), 'BAD_NUMBER', 2, 'value'],
		['Infinity', csvOf({ value: 'Infinity' }), 'BAD_NUMBER', 2, 'value'],
		['an overflowing exponent', csvOf({ value: '1e999' }), 'BAD_NUMBER', 2, 'value'],
		['a negative IOPS', csvOf({ value: '-84.3K' }), 'NEGATIVE_VALUE', 2, 'value'],
		[
			'a negative ratio',
			csvOf({ metric: 'relative_change', value: '-2', unit: '倍', condition: 'ratio vs x: y' }),
			'NEGATIVE_VALUE',
			2,
			'value',
		],
		[
			'a relative change without delta/ratio',
			csvOf({ metric: 'relative_change', value: '5', unit: '%', condition: 'higher by 5%' }),
			'BAD_COMPARISON',
			2,
			'condition',
		],
		[
			'a relative change in seconds',
			csvOf({ metric: 'relative_change', value: '5', unit: 's', condition: 'delta vs x: y' }),
			'UNIT_MISMATCH',
			2,
			'unit',
		],
		['a read share over 100', csvOf({ read_pct: '101' }), 'BAD_NUMBER', 2, 'read_pct'],
		['a zero queue depth', csvOf({ queue_depth: '0' }), 'BAD_NUMBER', 2, 'queue_depth'],
		['a fractional thread count', csvOf({ threads: '1.5' }), 'BAD_NUMBER', 2, 'threads'],
		['an unknown access', csvOf({ access: 'randomish' }), 'BAD_VALUE', 2, 'access'],
		['a bad block size', csvOf({ block_size: '4 pages' }), 'BAD_BLOCK_SIZE', 2, 'block_size'],
		['an upper-case device id', csvOf({ device_id: 'Intel-S3500' }), 'BAD_ID', 2, 'device_id'],
		['an empty review id', csvOf({ review_id: '' }), 'BAD_ID', 2, 'review_id'],
		['a tool not in the vocabulary', csvOf({ tool: 'Vdbenchmark' }), 'UNKNOWN_TOOL', 2, 'tool'],
		['a tool with more than a version after it', csvOf({ tool: 'fio on Linux' }), 'UNKNOWN_TOOL', 2, 'tool'],
	];
	for (const [name, text, code, line, field] of cases) {
		test(`${name} → ${code}`, () => {
			const e = errorOf(text);
			expect(e.code).toBe(code);
			expect(e.file).toBe('x.csv');
			expect(e.line).toBe(line);
			expect(e.field).toBe(field);
		});
	}
});

describe('small rules', () => {
	const one = (change: Partial<Fields>, devices?: ReadonlySet<string>) => parsePublishedCsv(csvOf(change), 'x.csv', devices);

	test('tool names: any spelling of a tool of the vocabulary becomes its id, a version after it is split off', () => {
		const tool = (t: string) => {
			const run = one({ tool: t }).runs[0]!;
			return [run.tool, run.tool_version];
		};
		expect(tool('FIO v3.35')).toEqual(['fio', '3.35']);
		expect(tool('FIO')).toEqual(['fio', null]);
		expect(tool('Iometer 1.1.0rc1')).toEqual(['iometer', '1.1.0rc1']);
		expect(tool('IOmeter')).toEqual(['iometer', null]);
		// The pair: a published "VDbench" and the format's Vdbench are one tool.
		expect(tool('VDbench')).toEqual(['vdbench', null]);
		expect(tool('Vdbench 5.04.01')).toEqual(['vdbench', '5.04.01']);
		expect(tool('Percona Sysbench')).toEqual(['sysbench', null]);
		expect(tool('Aerospike ACT v6.5')).toEqual(['aerospike-act', '6.5']);
		expect(tool('')).toEqual([null, null]);
	});

	test('direction and rw follow read_pct, then the workload label', () => {
		const dir = (change: Partial<Fields>) => {
			const run = one(change).runs[0]!;
			return [run.direction, run.rw, run.random_pct];
		};
		expect(dir({ read_pct: '0', workload: 'w' })).toEqual(['write', 'randwrite', 100]);
		expect(dir({ read_pct: '70', access: 'mixed' })).toEqual(['mixed', 'randrw', null]);
		expect(dir({ read_pct: '', access: 'sequential', workload: 'seq-write' })).toEqual(['write', 'write', 0]);
		expect(dir({ read_pct: '', access: 'application', workload: 'file server' })).toEqual(['mixed', null, null]);
		expect(dir({ metric: 'write_iops', read_pct: '70', access: 'mixed' })).toEqual(['write', 'randrw', null]);
	});

	test('block sizes are binary whatever the letters', () => {
		const size = (b: string) => one({ block_size: b }).runs[0]!.block_size_bytes;
		expect([size('4KiB'), size('4KB'), size('4K'), size('1.5KB'), size('128K'), size('1MiB'), size('')]).toEqual([
			4096,
			4096,
			4096,
			1536,
			131_072,
			1_048_576,
			null,
		]);
	});

	test('percentiles without a runs column still get a percentile row', () => {
		const r = one({ metric: 'lat_p95', value: '80', unit: 'us' });
		expect(r.percentiles).toEqual([{ run_key: 'line2', direction: 'read', stat: 'lat', percentile: 95, value_ns: 80_000 }]);
		expect(r.runs[0]).toMatchObject({ lat_p99_ns: null, lat_p90_ns: null, lat_mean_ns: null });
		expect(one({ metric: 'lat_p50', value: '70', unit: 'us' }).runs[0]!.lat_p50_ns).toBe(70_000);
	});

	test('the correction is the condition from its "unit corrected:" / "swap corrected:" clause on', () => {
		expect(one({ condition: 'swap corrected: a; b' }).figures[0]!.correction).toBe('swap corrected: a; b');
		expect(one({ condition: '2 drives; unit corrected: x' }).figures[0]!.correction).toBe('unit corrected: x');
		expect(one({ condition: 'notes on a unit corrected: elsewhere' }).figures[0]!.correction).toBeNull();
		expect(one({ condition: '' }).figures[0]!.correction).toBeNull();
	});

	test('comparison basis: a device of the file, a known device, or a named reference', () => {
		const cmp = (condition: string, devices?: ReadonlySet<string>) =>
			one({ metric: 'relative_change', value: '-27', unit: '%', condition }, devices).comparisons[0]!;
		expect(cmp('delta vs some-ssd: read latency lower')).toMatchObject({
			basis: 'some-ssd',
			basis_device_id: 'some-ssd',
			quantity: 'latency',
			delta_pct: -27,
		});
		expect(cmp('delta vs other-ssd: x').basis_device_id).toBeNull();
		expect(cmp('delta vs other-ssd (x8): x', new Set(['other-ssd'])).basis_device_id).toBe('other-ssd');
		expect(cmp('delta vs spec (11K IOPS): x')).toMatchObject({ basis_device_id: null, quantity: 'iops' });
		expect(cmp('delta vs default OP: 延迟').quantity).toBe('latency');
	});
});
