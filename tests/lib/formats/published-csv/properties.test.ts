// Properties of the published-figures parser over every data/reviews/*/published.csv plus a
// file with multi-line quoted fields: truncation never yields a wrong row, garbage only ever
// raises ParseError, and CRLF / BOM do not change the result.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parsePublishedCsv } from '../../../../src/lib/formats/published-csv/parse.ts';
import { PUBLISHED_COLUMNS } from '../../../../src/lib/formats/published-csv/fields.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { ROOT } from '../../../helpers/fixtures.ts';

const REVIEWS_DIR = join(ROOT, 'data/reviews');
// Passing the device ids makes a comparison's basis_device_id independent of which rows precede it.
const knownDevices = new Set(
	readdirSync(join(ROOT, 'data/devices'))
		.filter((f) => f.endsWith('.yaml'))
		.map((f) => f.slice(0, -'.yaml'.length)),
);
const MULTILINE =
	[
		PUBLISHED_COLUMNS.join(','),
		'r-1,d-1,1,4k-random-read,random,100,4KiB,1,32,iops,84.3K,IOPS,FIO v3.35,"first, with a comma\nand a ""quoted"" word",q1',
		'r-1,d-1,,w,sequential,0,128K,,,bandwidth,7.36,GB/s,,,"quote over\ntwo lines"',
		'r-1,d-2,2,w,random,0,4K,16,16,lat_p99_9,652,us,fio,,q3',
		// The basis is a device with rows of its own earlier in the file (not in data/devices).
		'r-1,d-2,,w,random,0,4K,,,relative_change,-47.2,%,,"delta vs d-1: latency",q4',
	].join('\n') + '\n';

const files: { name: string; text: string }[] = [
	...readdirSync(REVIEWS_DIR)
		.filter((id) => existsSync(join(REVIEWS_DIR, id, 'published.csv')))
		.sort()
		.map((id) => ({ name: id, text: readFileSync(join(REVIEWS_DIR, id, 'published.csv'), 'utf8') })),
	{ name: 'multi-line', text: MULTILINE },
];

const parse = (text: string): ParseResult => parsePublishedCsv(text, 'published.csv', knownDevices);
const RUNS = { numRuns: 200 };

/** Every row of `part` deep-equals a row of `full`, table by table. */
function rowsAreFromFull(part: ParseResult, full: ParseResult): void {
	for (const table of ['runs', 'percentiles', 'figures', 'comparisons'] as const) {
		const whole = full[table].map((row) => JSON.stringify(row));
		for (const row of part[table]) expect(whole, `${table} row not in the full parse`).toContain(JSON.stringify(row));
	}
}

describe('published-csv properties', () => {
	test('every file parses', () => {
		for (const f of files) expect(parse(f.text).figures.length, f.name).toBeGreaterThan(0);
	});

	test('a truncated file gives ParseError or rows that are rows of the full parse', () => {
		const fulls = files.map((f) => parse(f.text));
		fc.assert(
			fc.property(fc.nat(files.length - 1), fc.double({ min: 0, max: 1, noNaN: true }), (k, at) => {
				const text = files[k]!.text;
				const cut = text.slice(0, Math.floor(at * text.length));
				let part: ParseResult;
				try {
					part = parse(cut);
				} catch (e) {
					expect(e).toBeInstanceOf(ParseError);
					return;
				}
				rowsAreFromFull(part, fulls[k]!);
			}),
			RUNS,
		);
	});

	test('a file cut at a record boundary gives exactly the first records', () => {
		for (const f of files) {
			const full = parse(f.text);
			const ends = [...f.text.matchAll(/\n/g)].map((m) => m.index + 1);
			for (const end of ends) {
				let part: ParseResult;
				try {
					part = parse(f.text.slice(0, end));
				} catch (e) {
					// Only a cut inside a quoted field fails, and then as an unterminated quote.
					expect((e as ParseError).code, `${f.name} cut at ${end}`).toBe('UNTERMINATED_QUOTE');
					continue;
				}
				expect(part.figures, `${f.name} cut at ${end}`).toEqual(full.figures.slice(0, part.figures.length));
				rowsAreFromFull(part, full);
			}
		}
	});

	test('garbage inserted anywhere raises ParseError or nothing', () => {
		const garbage = fc.constantFrom('#@!', '\u0000', '{', '"', ',', '\n', '\r', '\uFEFF', 'NaN', '-', '万', '""');
		fc.assert(
			fc.property(fc.nat(files.length - 1), fc.double({ min: 0, max: 1, noNaN: true }), garbage, (k, at, junk) => {
				const text = files[k]!.text;
				const pos = Math.floor(at * text.length);
				try {
					parse(text.slice(0, pos) + junk + text.slice(pos));
				} catch (e) {
					expect(e).toBeInstanceOf(ParseError);
				}
			}),
			RUNS,
		);
	});

	test('CRLF and LF, with or without a BOM, give identical results', () => {
		fc.assert(
			fc.property(fc.nat(files.length - 1), fc.boolean(), fc.boolean(), (k, crlf, bom) => {
				const lf = files[k]!.text.replace(/\r\n/g, '\n');
				const variant = (bom ? '\uFEFF' : '') + (crlf ? lf.replace(/\n/g, '\r\n') : lf);
				expect(parse(variant)).toEqual(parse(lf));
			}),
			RUNS,
		);
	});
});
