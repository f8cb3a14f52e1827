// Golden expected outputs, one folder per format beside that format's tests:
// tests/lib/formats/<format id folder>/golden/<input file name>.expected.json. A missing file is
// written locally and fails under CI=true; a mismatch writes <name>.changed.json beside it.
// UPDATE_GOLDEN=1 re-blesses.
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

/** Where the golden of `inputName` (a fixture's name or file name) parsed by the format of folder `format` lives. */
export function goldenPath(format: string, inputName: string): string {
	return join(ROOT, 'tests/lib/formats', format, 'golden', `${basename(inputName)}.expected.json`);
}

export function expectGolden(format: string, inputName: string, actual: unknown): void {
	const path = goldenPath(format, inputName);
	const changed = path.replace(/\.expected\.json$/, '.changed.json');
	const text = JSON.stringify(normalize(actual), null, 1) + '\n';
	if (process.env.UPDATE_GOLDEN || !existsSync(path)) {
		if (process.env.CI && !process.env.UPDATE_GOLDEN) throw new Error(`missing golden file ${path}`);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, text);
		return;
	}
	const expected = readFileSync(path, 'utf8');
	if (expected !== text) writeFileSync(changed, text);
	else if (existsSync(changed)) rmSync(changed);
	expect(JSON.parse(text)).toEqual(JSON.parse(expected));
}
