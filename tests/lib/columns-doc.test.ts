import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderColumnsMarkdown, withFormatTable } from '../../src/lib/columns-doc.ts';
import { TABLES } from '../../src/lib/schema.ts';
import { ROOT } from '../helpers/fixtures.ts';

describe('column dictionary', () => {
	it('data/COLUMNS.md is up to date with the schema module (run `npm run columns`)', () => {
		expect(readFileSync(join(ROOT, 'data/COLUMNS.md'), 'utf8')).toBe(renderColumnsMarkdown());
	});

	it("README.md's format table is the format list's (run `npm run columns`)", () => {
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		expect(readme).toBe(withFormatTable(readme));
	});

	it('documents every column of every table, and the README links it', () => {
		const doc = renderColumnsMarkdown();
		for (const t of TABLES) for (const c of t.columns) expect(doc).toContain(`| \`${c.name}\` |`);
		expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(data/COLUMNS.md)');
	});

	it('puts a unit in the name of every measured number', () => {
		const unitSuffix = /_(ns|bytes|bytes_per_s|pct|s|ms|dwpd|pbw|years|iops)$|^(iops|tps|percentile|count|seq|ratio|total_ios|value|points|iodepth|numjobs|device_count|drive_count|year|job_index|source_line|bin_index|error_code|prio)$/;
		for (const t of TABLES) {
			for (const c of t.columns) {
				if (c.type === 'DOUBLE' || c.type === 'BIGINT') expect(c.name, `${t.name}.${c.name}`).toMatch(unitSuffix);
			}
		}
	});
});
