// Property tests on the fio JSON fixtures: truncation never yields a wrong row, garbage never
// raises anything but ParseError, line endings and a BOM change nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFioJson } from '../../../../src/lib/formats/fio-json/parse.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, readFixture } from '../../../helpers/fixtures.ts';

const FIXTURES = listFixtures('fio', (f) => f.endsWith('.json')).map((f) => ({ name: f.name, text: readFixture(f) }));
const FULL = new Map(FIXTURES.map((f) => [f.name, parseFioJson(f.text, f.name)]));

function tryParse(text: string, name: string): ParseResult | ParseError {
	try {
		return parseFioJson(text, name);
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
}

const fixture = fc.constantFrom(...FIXTURES);
const rowsOf = (r: ParseResult) => ({ runs: r.runs, percentiles: r.percentiles, histograms: r.histograms });

describe('fio JSON properties', () => {
	it('a truncated fixture gives a ParseError or only rows of the full parse', () => {
		fc.assert(
			fc.property(fixture, fc.double({ min: 0, max: 1, noNaN: true }), (f, at) => {
				const cut = f.text.slice(0, Math.floor(f.text.length * at));
				const r = tryParse(cut, f.name);
				if (r instanceof ParseError) return;
				const full = FULL.get(f.name)!;
				for (const row of r.runs) expect(full.runs).toContainEqual(row);
				for (const p of r.percentiles) expect(full.percentiles).toContainEqual(p);
				for (const h of r.histograms) expect(full.histograms).toContainEqual(h);
			}),
			{ numRuns: 200 },
		);
	});

	it('garbage inserted anywhere raises nothing but ParseError', () => {
		const garbage = fc.constantFrom('#@!', '\u0000', '{', '}', '[', '"', ',', ':', '-nan', '1e999', '-1', '\n{\n', '\\');
		fc.assert(
			fc.property(fixture, fc.double({ min: 0, max: 1, noNaN: true }), garbage, (f, at, junk) => {
				const i = Math.floor(f.text.length * at);
				tryParse(f.text.slice(0, i) + junk + f.text.slice(i), f.name);
			}),
			{ numRuns: 200 },
		);
	});

	it('CRLF or LF, with or without a BOM: the same result', () => {
		fc.assert(
			fc.property(fixture, fc.boolean(), fc.boolean(), (f, crlf, bom) => {
				const lf = f.text.replace(/\r\n/g, '\n');
				const variant = (bom ? '\uFEFF' : '') + (crlf ? lf.replace(/\n/g, '\r\n') : lf);
				const r = parseFioJson(variant, f.name);
				const full = FULL.get(f.name)!;
				expect(rowsOf(r)).toEqual(rowsOf(full));
				expect(r.warnings).toEqual(full.warnings);
			}),
			{ numRuns: 200 },
		);
	});
});
