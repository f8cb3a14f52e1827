// Property tests of the fio normal-text and terse parsers on every fixture they read:
// (a) a file cut anywhere gives a ParseError or rows that are rows of a complete parse;
// (b) garbage inserted anywhere gives rows or a ParseError, never another exception;
// (c) LF/CRLF and a BOM change nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFioTerse } from '../../../../src/lib/formats/fio-text/terse.ts';
import { parseFioText } from '../../../../src/lib/formats/fio-text/parse.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import type { Parser, ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON } from '../../../helpers/fixtures.ts';

const NUM_RUNS = 200;

const suites: { parser: Parser; label: string; fixtures: ReturnType<typeof listFixtures> }[] = [
	{
		parser: parseFioText,
		label: 'parseFioText',
		fixtures: listFixtures('fio', (f) => f.startsWith('text-') || f.startsWith('gen-fio3.33-normal-')),
	},
	{
		parser: parseFioTerse,
		label: 'parseFioTerse',
		fixtures: listFixtures('fio', (f) => /-terse-v\d+\.txt$/.test(f) || f === 'text-fio3.28-microsd-terse-v3-plus-normal.txt'),
	},
];

type Outcome = { ok: ParseResult } | { error: ParseError };

function attempt(parser: Parser, text: string): Outcome {
	try {
		return { ok: parser(text, 'f.txt') };
	} catch (e) {
		if (e instanceof ParseError) return { error: e };
		throw e;
	}
}

const rowKeys = (r: ParseResult) => [...r.runs, ...r.percentiles].map((x) => JSON.stringify(x));

/** Outcome without line numbers that shift when text moves: used to compare LF with CRLF. */
function summary(o: Outcome): unknown {
	if ('error' in o) return { code: o.error.code, line: o.error.line };
	return { runs: o.ok.runs, percentiles: o.ok.percentiles, warnings: o.ok.warnings };
}

for (const { parser, label, fixtures } of suites) {
	describe(`${label} properties`, () => {
		if (!SHARED_PRESENT) it.skip(`properties on the fixtures in ../shared — ${SHARED_SKIP_REASON}`, () => {});
		for (const f of fixtures) {
			const text = readFixture(f).replace(/\r\n/g, '\n');
			const full = parser(text, f.name);
			const fullRows = new Set(rowKeys(full));
			// A cut file can legitimately show an earlier --status-interval report, or terse lines whose
			// normal report has not come yet: those rows are the rows of the file cut just before a job
			// header (a report boundary). Nothing else may appear.
			const known = new Set(fullRows);
			for (const m of text.matchAll(/^.*: \(groupid=\d+, jobs=\d+\): err=/gm)) {
				const o = attempt(parser, text.slice(0, m.index));
				if ('ok' in o) for (const k of rowKeys(o.ok)) known.add(k);
			}
			const strict = !full.warnings.some((w) => w.code === 'STATUS_INTERVAL_REPEATS' || w.code === 'TERSE_DUPLICATE_SKIPPED');

			it(`${f.name}: a cut file gives a ParseError or only rows of a complete parse`, () => {
				fc.assert(
					fc.property(fc.integer({ min: 0, max: text.length }), (cut) => {
						const o = attempt(parser, text.slice(0, cut));
						if ('error' in o) return;
						for (const k of rowKeys(o.ok)) {
							expect(known.has(k)).toBe(true);
							if (strict) expect(fullRows.has(k)).toBe(true);
						}
					}),
					{ numRuns: NUM_RUNS },
				);
			});

			it(`${f.name}: inserted garbage gives rows or a ParseError`, () => {
				fc.assert(
					fc.property(
						fc.integer({ min: 0, max: text.length }),
						fc.constantFrom('#@!', '\u0000', '{', '\n', ';', '\r', '99999999999999999999', '-1', '%', 'k', '|'),
						(at, junk) => {
							attempt(parser, text.slice(0, at) + junk + text.slice(at));
						},
					),
					{ numRuns: NUM_RUNS },
				);
			});

			it(`${f.name}: CRLF and a BOM give the same result as LF`, () => {
				fc.assert(
					fc.property(fc.integer({ min: 0, max: text.length }), fc.boolean(), (cut, bom) => {
						const lf = text.slice(0, cut);
						const crlf = (bom ? '\uFEFF' : '') + lf.replace(/\n/g, '\r\n');
						expect(summary(attempt(parser, crlf))).toEqual(summary(attempt(parser, lf)));
					}),
					{ numRuns: NUM_RUNS, examples: [[text.length, true]] },
				);
			});
		}
	});
}
