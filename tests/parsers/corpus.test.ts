// Every real fio and Iometer file we have: detected as the right format, parsed, and pinned by a golden file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/lib/parsers/index.ts';
import { ROOT, SHARED_PRESENT, SHARED_SKIP_REASON, listFixtures, readFixture } from '../helpers/fixtures.ts';

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
		expect(detectFormat(readFixture(f)), name).toBe(expected);
		expect(existsSync(join(ROOT, 'tests/golden', `${name}.expected.json`)), `golden for ${name}`).toBe(true);
	});
});
