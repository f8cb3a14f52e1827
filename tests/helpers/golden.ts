// Golden expected outputs: tests/golden/<fixture name>.expected.json. A missing file is
// written locally and fails under CI=true; a mismatch writes <name>.changed.json beside it.
// UPDATE_GOLDEN=1 re-blesses.
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

export function expectGolden(fixtureName: string, actual: unknown): void {
	const path = join(ROOT, 'tests/golden', `${fixtureName}.expected.json`);
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
