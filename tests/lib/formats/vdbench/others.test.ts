// The other formats of the list never claim a Vdbench file (the Vdbench formats' own tests check the converse).
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FORMATS } from '../../../../src/lib/formats/index.ts';
import { FIXTURES, head } from './helpers.ts';

test('no other format detects a Vdbench fixture', () => {
	const others = FORMATS.filter((f) => !f.id.startsWith('vdbench-'));
	expect(others.length).toBeGreaterThan(0);
	for (const f of FIXTURES) {
		const text = readFileSync(f.path, 'utf8');
		expect(others.filter((x) => x.detect(head(text), f.name)).map((x) => x.id), f.name).toEqual([]);
	}
});
