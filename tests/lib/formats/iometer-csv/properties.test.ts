// Properties of the Iometer parser over every fixture (local synthetic ones, and the real ones in
// ../shared when present): truncation never yields a wrong row, garbage never yields anything but
// a ParseError, and line endings / BOM change nothing.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseIometerCsv } from '../../../../src/lib/formats/iometer-csv/parse.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { findInvalidValues } from '../../../../src/lib/validate.ts';
import { listFixtures, readFixture } from '../../../helpers/fixtures.ts';

const FIXTURES = listFixtures('iometer', (f) => f.endsWith('.csv')).map((f) => {
	const text = readFixture(f);
	return { name: f.name, text, full: parseIometerCsv(text, f.name) };
});
const fixture = fc.constantFrom(...FIXTURES);
const TABLES = ['runs', 'histograms', 'timeseries'] as const;

/** Parses, returning undefined for a ParseError and rethrowing anything else. */
function tryParse(text: string): ParseResult | undefined {
	try {
		return parseIometerCsv(text, 'p.csv');
	} catch (e) {
		if (e instanceof ParseError) return undefined;
		throw e;
	}
}

const rowSets = new Map(
	FIXTURES.map((f) => [f.name, Object.fromEntries(TABLES.map((t) => [t, new Set(f.full[t].map((r) => JSON.stringify(r)))]))]),
);

describe('iometer-csv properties', () => {
	test('fixtures parse cleanly (no NaN, Infinity or negative value)', () => {
		for (const f of FIXTURES) expect(findInvalidValues(f.full), f.name).toEqual([]);
	});

	test('a truncated file gives a ParseError or only rows of the full parse', () => {
		const cut = fixture.chain((f) => {
			const lineEnds = [...f.text.matchAll(/\n/g)].map((m) => m.index + 1);
			return fc.record({
				f: fc.constant(f),
				at: fc.oneof(fc.integer({ min: 0, max: f.text.length - 1 }), fc.constantFrom(...lineEnds.slice(0, -1))),
			});
		});
		fc.assert(
			fc.property(cut, ({ f, at }) => {
				const r = tryParse(f.text.slice(0, at));
				if (!r) return;
				const sets = rowSets.get(f.name)!;
				for (const t of TABLES) {
					for (const row of r[t]) expect(sets[t]!.has(JSON.stringify(row)), `${f.name} cut at ${at}: ${t} row`).toBe(true);
				}
			}),
			{ numRuns: 200 },
		);
	});

	test('garbage inserted anywhere gives a ParseError or valid rows, never another exception', () => {
		const junk = ['#@!', '\u0000', '{', ',', "'", '"', '-', '-1', 'NaN', '\r\n', '\n', "'Results\r\n", ',,,', 'e+9'];
		const garbage = fc.constantFrom(...junk);
		const input = fixture.chain((f) =>
			fc.record({ f: fc.constant(f), at: fc.integer({ min: 0, max: f.text.length }), junk: garbage }),
		);
		fc.assert(
			fc.property(input, ({ f, at, junk }) => {
				const r = tryParse(f.text.slice(0, at) + junk + f.text.slice(at));
				if (r) expect(findInvalidValues(r)).toEqual([]);
			}),
			{ numRuns: 200 },
		);
	});

	test('CRLF or LF, with or without a BOM: identical results', () => {
		fc.assert(
			fc.property(fixture, fc.boolean(), fc.boolean(), (f, lf, bom) => {
				const unix = f.text.replace(/\r\n/g, '\n');
				const text = (bom ? '\uFEFF' : '') + (lf ? unix : unix.replace(/\n/g, '\r\n'));
				expect(parseIometerCsv(text, f.name)).toEqual(f.full);
			}),
			{ numRuns: 50 },
		);
	});
});
