// Goldens: the one snapshot convention of the tests. A golden is a file in a `golden/` folder beside the test that
// pins it, compared with Vitest's toMatchFileSnapshot: `npm run test:update` (vitest -u) re-blesses, a missing one is
// written locally and fails under CI. A format's goldens: tests/lib/formats/<format folder>/golden/<input
// file>.expected.json, the parse of that input as JSON with sorted keys and numbers to 12 significant digits.
import { basename, join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './fixtures.ts';

function normalize(value: unknown): unknown {
	if (typeof value === 'bigint') return Number(value);
	if (typeof value === 'number') {
		if (Object.is(value, -0)) return 0;
		if (!Number.isFinite(value)) return String(value);
		return Number(value.toPrecision(12));
	}
	if (Array.isArray(value)) return value.map(normalize);
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const k of Object.keys(value).sort()) out[k] = normalize((value as Record<string, unknown>)[k]);
		return out;
	}
	return value;
}

/** The text of a golden: what `expectGolden` compares. */
export function goldenText(actual: unknown): string {
	return JSON.stringify(normalize(actual), null, 1) + '\n';
}

/** Where the golden of `inputName` (a fixture's name or file name) parsed by the format of folder `format` lives. */
export function goldenPath(format: string, inputName: string): string {
	return join(ROOT, 'tests/lib/formats', format, 'golden', `${basename(inputName)}.expected.json`);
}

export async function expectGolden(format: string, inputName: string, actual: unknown): Promise<void> {
	await expect(goldenText(actual)).toMatchFileSnapshot(goldenPath(format, inputName));
}
