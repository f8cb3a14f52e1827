// Every real file we have: detected as the right format and pinned by a golden file whose content is that file's parse;
// every golden is the golden of a real file; and every format of the list (src/lib/formats/index.ts) is met by real
// files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noContext } from '../../../src/lib/formats/format.ts';
import { FORMATS, detectFormat } from '../../../src/lib/formats/index.ts';
import { goldenPath, goldenText } from '../../helpers/golden.ts';
import { ROOT, SHARED_PRESENT, SHARED_SKIP_REASON, listFixtures, readFixture, OUTPUT_FOLDERS } from '../../helpers/fixtures.ts';

const EXPECTED_FORMAT: [RegExp, string][] = [
	[/^(json|gen)-.*\.json$/, 'fio-json'],
	[/^histlog-|_clat_hist\.\d+\.log$/, 'fio-histlog'],
	[/\.log$/, 'fio-log'],
	[/^(text|gen)-.*\.txt$/, 'fio-text'],
	[/\.csv$/, 'iometer-csv'],
];

const files = [...listFixtures('fio'), ...listFixtures('iometer')];

describe('fixture corpus', () => {
	it.skipIf(!SHARED_PRESENT)('covers every file of ../shared/fixtures/fio and iometer', () => {
		expect(files.filter((f) => !f.local).length).toBeGreaterThan(0);
		expect(files.length).toBeGreaterThanOrEqual(42);
	});
	if (!SHARED_PRESENT) it.skip(SHARED_SKIP_REASON, () => {});

	it.each(files.map((f) => [f.name, f] as const))('%s is detected and has a golden output', (name, f) => {
		const file = name.split('/').pop()!;
		const expected = EXPECTED_FORMAT.find(([re]) => re.test(file))?.[1];
		expect(detectFormat(readFixture(f), file)?.id, name).toBe(expected);
		expect(existsSync(goldenPath(expected!, name)), `golden for ${name}`).toBe(true);
	});

	it.skipIf(!SHARED_PRESENT)('meets every format of the list in real files', () => {
		const real = [...OUTPUT_FOLDERS.flatMap((d) => listFixtures(d)).map((f) => [f.path, readFixture(f)]), ...publishedFiles()];
		const met = new Set(real.map(([path, text]) => detectFormat(text!, path!)?.id));
		expect(FORMATS.map((f) => f.id).filter((id) => !met.has(id))).toEqual([]);
	});
});

/** The published figures of the bundled reviews (data/reviews/<id>/published.csv). */
function publishedFiles(): [string, string][] {
	const dir = join(ROOT, 'data/reviews');
	return readdirSync(dir)
		.map((id) => join(dir, id, 'published.csv'))
		.filter((p) => existsSync(p))
		.map((p) => [p, readFileSync(p, 'utf8')]);
}

/** Formats whose goldens are made with more than the file alone, and compared in their own tests: fio logs with their
 * meta and the unit options their fio version implies (fio-log/index.test.ts), Vdbench files read in their folder
 * (vdbench/index.test.ts). */
const PARSED_WITH_CONTEXT = new Set(['fio-log', 'vdbench']);
/** The catalog's device ids, which published figures name (data/devices/<id>.yaml). */
const CONTEXT = { ...noContext(), knownDevices: new Set(readdirSync(join(ROOT, 'data/devices')).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -'.yaml'.length))) };
const FORMATS_DIR = join(ROOT, 'tests/lib/formats');
const goldens = readdirSync(FORMATS_DIR, { withFileTypes: true })
	.filter((d) => d.isDirectory() && existsSync(join(FORMATS_DIR, d.name, 'golden')))
	.flatMap((d) => readdirSync(join(FORMATS_DIR, d.name, 'golden')).map((g) => ({ format: d.name, golden: g, path: join(FORMATS_DIR, d.name, 'golden', g) })));
const inputs = OUTPUT_FOLDERS.flatMap((d) => listFixtures(d));

/** The input a golden pins: a fixture of that file name, or a bundled review's published.csv; undefined if absent. */
function inputOf(golden: string): { name: string; text: string } | undefined {
	const file = golden.replace(/(\.alone)?\.expected\.json$/, '');
	const fixture = inputs.find((f) => f.name.split('/').pop() === file);
	if (fixture) return { name: file, text: readFixture(fixture) };
	const published = join(ROOT, 'data/reviews', file, 'published.csv');
	if (existsSync(published)) return { name: `data/reviews/${file}/published.csv`, text: readFileSync(published, 'utf8') };
	return undefined;
}

describe('goldens', () => {
	it('sit in the folder of a format of the list (src/lib/formats/<format>/)', () => {
		for (const { format, golden } of goldens) expect(existsSync(join(ROOT, 'src/lib/formats', format, 'index.ts')), `${format}/${golden}`).toBe(true);
		expect(goldens.length).toBeGreaterThanOrEqual(100);
	});

	it.each(goldens.map((g) => [`${g.format}/${g.golden}`, g] as const))('%s is the parse of its input', (_, { format, golden, path }) => {
		const input = inputOf(golden);
		if (!input) {
			// Its input is one of ../shared's files, which this checkout lacks.
			expect(SHARED_PRESENT, `no input for ${golden}`).toBe(false);
			return;
		}
		const text = readFileSync(path, 'utf8');
		expect(Object.keys(JSON.parse(text) as object).length, golden).toBeGreaterThan(0);
		if (PARSED_WITH_CONTEXT.has(format)) return;
		const detected = detectFormat(input.text, input.name);
		expect(detected?.id === format || detected?.id.startsWith(`${format}-`), `${golden}: detected as ${detected?.id}`).toBe(true);
		expect(goldenText(detected!.parse(input.text, input.name, CONTEXT))).toBe(text);
	});
});
