// Every real file we have: detected as the right format and pinned by a golden file; and every format of the list
// (src/lib/formats/index.ts) is met by real files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS, detectFormat } from '../../../src/lib/formats/index.ts';
import { goldenPath } from '../../helpers/golden.ts';
import { ROOT, SHARED_PRESENT, SHARED_SKIP_REASON, listFixtures, readFixture } from '../../helpers/fixtures.ts';

const EXPECTED_FORMAT: [RegExp, string][] = [
	[/^(json|gen)-.*\.json$/, 'fio-json'],
	[/^histlog-|_clat_hist\.\d+\.log$/, 'fio-histlog'],
	[/\.log$/, 'fio-log'],
	[/^(text|gen)-.*\.txt$/, 'fio-text'],
	[/\.csv$/, 'iometer-csv'],
];

/** The folders of ../shared/fixtures (and their copies in tests/fixtures) that hold benchmark output. */
const FIXTURE_FOLDERS = ['fio', 'iometer', 'diskspd', 'other', 'vdbench'];
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
		const real = [...FIXTURE_FOLDERS.flatMap((d) => listFixtures(d)).map((f) => [f.path, readFixture(f)]), ...publishedFiles()];
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
