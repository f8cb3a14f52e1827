// Every format of the list (src/lib/formats/index.ts), fuzzed on its real fixtures with fast-check: a file cut
// anywhere, garbage written over any part, a line dropped or repeated, must give rows without NaN, Infinity or a
// negative value, or a ParseError — never another exception. In `npm test` each format gets FUZZ_RUNS inputs (200) from
// a fixed seed, the same inputs every run; `npm run bench -- --only fuzz` runs it for FUZZ_SECONDS per format from a
// new seed (the long run). fast-check prints the seed of a failure; an input that ever crashed a parser is kept in
// tests/fixtures/fuzz/<format-id>/ and replayed here.
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileFormat } from '../../../src/lib/formats/format.ts';
import { noContext } from '../../../src/lib/formats/format.ts';
import { FORMATS, detectFormat } from '../../../src/lib/formats/index.ts';
import { ParseError } from '../../../src/lib/formats/parse-result.ts';
import { findInvalidValues } from '../../../src/lib/validate.ts';
import { LOCAL_FIXTURES, ROOT, SHARED_PRESENT, SHARED_SKIP_REASON, listFixtures, readFixture, OUTPUT_FOLDERS } from '../../helpers/fixtures.ts';

/** The long run (the bench): seconds per format, from a new seed; else FUZZ_RUNS inputs per format from a fixed seed. */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);
const RUN: fc.Parameters<unknown> = SECONDS > 0
	? { interruptAfterTimeLimit: SECONDS * 1000, numRuns: Number.MAX_SAFE_INTEGER }
	: { seed: 21, numRuns: Number(process.env.FUZZ_RUNS ?? 200) };
const MAX_FIXTURE_CHARS = 200_000;

/** The published figures of the bundled reviews: the real files of published-csv. */
const publishedFiles = readdirSync(join(ROOT, 'data/reviews'))
	.map((id) => join('data/reviews', id, 'published.csv'))
	.filter((p) => existsSync(join(ROOT, p)))
	.map((p) => ({ name: p, text: readFileSync(join(ROOT, p), 'utf8') }));

/** The real fixtures of each format, smallest first (fuzzing re-parses the file hundreds of times). */
const byFormat = new Map<string, { name: string; text: string }[]>();
for (const f of [...OUTPUT_FOLDERS.flatMap((d) => listFixtures(d)).map((f) => ({ name: f.name, text: readFixture(f) })), ...publishedFiles]) {
	const format = detectFormat(f.text, f.name);
	if (!format || f.text.length > MAX_FIXTURE_CHARS) continue;
	byFormat.set(format.id, [...(byFormat.get(format.id) ?? []), f].sort((a, b) => a.text.length - b.text.length).slice(0, 3));
}

/** Rows, or undefined for a ParseError; anything else thrown fails the property. The name matters to fio logs only. */
function parseOrRefuse(format: FileFormat, text: string, name: string) {
	try {
		return format.parse(text, name, noContext());
	} catch (e) {
		if (e instanceof ParseError) return undefined;
		throw e;
	}
}

const holds = (format: FileFormat) => ([name, text]: readonly [string, string]) => {
	const result = parseOrRefuse(format, text, name);
	if (result) expect(findInvalidValues(result)).toEqual([]);
};

/** A fixture with one change: cut at any place, a span overwritten with arbitrary text, or a line dropped or doubled. */
function mutated(fixtures: { name: string; text: string }[]): fc.Arbitrary<readonly [string, string]> {
	return fc.constantFrom(...fixtures).chain(({ name, text }) => {
		const at = fc.nat({ max: text.length });
		const lines = text.split('\n');
		const line = fc.nat({ max: Math.max(0, lines.length - 1) });
		return fc.tuple(fc.constant(name.slice(name.lastIndexOf('/') + 1)), fc.oneof(
			at.map((i) => text.slice(0, i)),
			fc.tuple(at, fc.nat({ max: 40 }), fc.string({ unit: 'binary', maxLength: 40 })).map(([i, n, s]) => text.slice(0, i) + s + text.slice(i + n)),
			line.map((i) => [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n')),
			line.map((i) => [...lines.slice(0, i + 1), ...lines.slice(i)].join('\n')),
		));
	});
}

describe('fuzz: every format of the list on its real fixtures', () => {
	// fast-check builds its arbitrary-string tables on first use (~2 s here): not inside a format's time box.
	beforeAll(() => void fc.sample(fc.string({ unit: 'binary' }), 1));

	// Some formats' only real files are in ../shared (no licence to copy them here).
	(SHARED_PRESENT ? it : it.skip)(`has real fixtures for every format${SHARED_PRESENT ? '' : ` — ${SHARED_SKIP_REASON}`}`, () => {
		expect(FORMATS.filter((f) => !byFormat.has(f.id)).map((f) => f.id)).toEqual([]);
	});

	it.each(FORMATS.filter((f) => byFormat.has(f.id)).map((f) => [f.id, f] as const))('%s: parses or refuses with a ParseError', (_, format) => {
		fc.assert(fc.property(mutated(byFormat.get(format.id)!), holds(format)), RUN);
	}, SECONDS * 1000 + 60_000);
});

describe('fuzz finds, replayed', () => {
	const dir = join(LOCAL_FIXTURES, 'fuzz');
	const cases = readdirSync(dir, { withFileTypes: true })
		.filter((d) => d.isDirectory())
		.flatMap((d) => readdirSync(join(dir, d.name)).map((f) => [`${d.name}/${f}`, d.name, join(dir, d.name, f)] as const));
	it('are each under the folder of a format of the list', () => {
		for (const [name, id] of cases) expect(FORMATS.some((f) => f.id === id), name).toBe(true);
	});
	it.skipIf(cases.length === 0).each(cases)('%s parses or refuses with a ParseError', (_, id, path) => {
		const format = FORMATS.find((f) => f.id === id)!;
		holds(format)([path.slice(path.lastIndexOf('/') + 1), readFileSync(path, 'latin1')]);
	});
});
