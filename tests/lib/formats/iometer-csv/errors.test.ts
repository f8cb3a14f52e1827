// Malformed Iometer files: every problem is a ParseError naming the line (and the field where one
// is at fault), never a TypeError and never half-parsed rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseIometerCsv } from '../../../../src/lib/formats/iometer-csv/parse.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import { LOCAL_FIXTURES } from '../../../helpers/fixtures.ts';

const read = (name: string) => readFileSync(join(LOCAL_FIXTURES, 'iometer', name), 'utf8');
const OLD = read('synthetic-2006.07.27-56col.csv');
const NEW = read('synthetic-1.1.0-80col.csv');
const INST = read('synthetic-1.1.0-instantaneous.csv');
const lines = (text: string) => text.split('\r\n');
const join_ = (ls: string[]) => ls.join('\r\n');

function parseError(text: string): ParseError {
	try {
		parseIometerCsv(text, 'bad.csv');
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

/** Replaces one cell (by 0-based index) of a 1-based line. */
function setCell(text: string, line: number, cell: number, value: string): string {
	const ls = lines(text);
	const cells = ls[line - 1]!.split(',');
	cells[cell] = value;
	ls[line - 1] = cells.join(',');
	return join_(ls);
}

describe('structure', () => {
	test('a data row with a missing field names both counts', () => {
		const ls = lines(OLD);
		ls[14] = ls[14]!.replace(/,[^,]*$/, ''); // ALL row (line 15) loses its last field
		const e = parseError(join_(ls));
		expect([e.code, e.line, e.file]).toEqual(['FIELD_COUNT', 15, 'bad.csv']);
		expect(e.reason).toContain('55 fields');
		expect(e.reason).toContain('has 56');
	});

	test('a 1.1.0 PROCESSOR row may omit the 21 bin columns, other rows may not', () => {
		expect(() => parseIometerCsv(NEW, 'ok.csv')).not.toThrow();
		const ls = lines(NEW);
		ls[27] = ls[27]!.split(',').slice(0, 59).join(','); // ALL row (line 28) cut to 59 fields
		expect(parseError(join_(ls))).toMatchObject({ code: 'FIELD_COUNT', line: 28 });
	});

	test('a results header without rows is a truncated block', () => {
		const ls = lines(OLD).slice(0, 14); // up to the header of the first 'Results
		expect(parseError(join_(ls) + '\r\n')).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 14 });
		expect(parseError(join_([...ls, "'Time Stamp", '2007-03-04 05:06:17:100']))).toMatchObject({ code: 'TRUNCATED_BLOCK' });
		expect(parseError(join_(lines(OLD).slice(0, 13)) + '\r\n')).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 13 });
	});

	test('a last row without its line ending was cut short', () => {
		const ls = lines(OLD).slice(0, 15);
		expect(parseError(join_(ls))).toMatchObject({ code: 'TRUNCATED_ROW', line: 15 });
	});

	test("a results block must end with its 'Time Stamp (Iometer writes one after every list of results)", () => {
		const ls = lines(OLD).slice(0, 15);
		expect(parseError(join_(ls) + '\r\n')).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 15 });
		expect(parseError(join_([...ls, "'Results"]) + '\r\n')).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 16 });
		const closed = join_([...ls, "'Time Stamp", '2007-03-04 05:06:17:100']) + '\r\n';
		expect(parseIometerCsv(closed, 'ok.csv').runs.map((r) => r.run_key)).toEqual(['s1/t1/all1']);
	});

	test('an access specification block that never ends, or holds a bad line', () => {
		expect(parseError(join_(lines(OLD).slice(0, 11)) + '\r\n')).toMatchObject({ code: 'TRUNCATED_BLOCK', line: 7 });
		expect(parseError(OLD.replace('4096,100,100,100,0,1,0,0', '4096,100,100,101,0,1,0,0'))).toMatchObject({
			code: 'BAD_ACCESS_SPEC',
			line: 11,
			field: '% random',
		});
		expect(parseError(OLD.replace('4096,100,100,100,0,1,0,0', '4096,100,100'))).toMatchObject({ code: 'BAD_ACCESS_SPEC', line: 11 });
	});

	test('unknown sections, stray lines and unknown row types', () => {
		expect(parseError(OLD.replace("'Version", "'Versoin"))).toMatchObject({ code: 'UNKNOWN_SECTION', line: 3 });
		expect(parseError('hello\r\n' + OLD)).toMatchObject({ code: 'UNEXPECTED_LINE', line: 1 });
		expect(parseError(setCell(OLD, 18, 0, 'GPU'))).toMatchObject({ code: 'UNKNOWN_ROW_TYPE', line: 18, field: 'Target Type' });
	});

	test('a header missing a needed column', () => {
		expect(parseError(OLD.replace(',Queue Depth,', ',Queue Size,'))).toMatchObject({
			code: 'MISSING_COLUMN',
			line: 14,
			field: 'Queue Depth',
		});
		const noBinary = OLD.replaceAll(',MBps,Read MBps,', ',MB/s,Read MBps,');
		expect(parseError(noBinary)).toMatchObject({ code: 'MISSING_COLUMN', field: 'MBps' });
	});

	test('bad time stamps', () => {
		expect(parseError(OLD.replace('2007-03-04 05:06:07:089', '2007-02-30 05:06:07:089'))).toMatchObject({
			code: 'BAD_TIMESTAMP',
			line: 6,
		});
		expect(parseError(INST.replace('2024-01-31 23:59:59:502,', '2024-01-31 23:59:59.502,'))).toMatchObject({
			code: 'BAD_TIMESTAMP',
			line: 16,
			field: 'TimeStamp',
		});
		expect(parseError(INST.replace('2024-02-01 00:00:00:500,', '2024-01-31 23:59:59:000,'))).toMatchObject({
			code: 'TIME_BACKWARDS',
			line: 17,
		});
	});
});

describe('numbers', () => {
	// ALL row of the first test is line 15; column 6 is IOps, 29 Read I/Os, 44 Queue Depth
	test.each([
		['-1.5', 'NEGATIVE_VALUE', 'IOps', 6],
		['NaN', 'BAD_NUMBER', 'IOps', 6],
		['Infinity', 'BAD_NUMBER', 'IOps', 6],
		['1e999', 'NOT_FINITE', 'IOps', 6],
		['12.5', 'BAD_COUNT', 'Read I/Os', 29],
		['-2', 'NEGATIVE_VALUE', 'Queue Depth', 44],
	])('%s → %s', (value, code, field, cell) => {
		expect(parseError(setCell(OLD, 15, cell, value))).toMatchObject({ code, line: 15, field });
	});

	test('Queue Depth -1 (differs across workers) is null, not an error', () => {
		const r = parseIometerCsv(setCell(OLD, 15, 44, '-1'), 'x.csv');
		expect(r.runs.find((x) => x.run_key === 's1/t1/all1')!.iodepth).toBeNull();
	});
});

describe('warnings', () => {
	test('a spec name that is not in the preceding access specifications block', () => {
		const r = parseIometerCsv(setCell(OLD, 15, 2, 'Unknown spec'), 'x.csv');
		expect(r.warnings.map((w) => [w.code, w.line])).toEqual([['ACCESS_SPEC_NOT_FOUND', 15]]);
		expect(r.runs.find((x) => x.run_key === 's1/t1/all1')).toMatchObject({ job_name: 'Unknown spec', block_size_bytes: null });
	});

	test('results without a session header still parse, with a warning', () => {
		const body = join_(lines(OLD).slice(6));
		const r = parseIometerCsv(body, 'x.csv');
		expect(r.warnings.map((w) => w.code)).toEqual(['NO_SESSION_HEADER']);
		expect(r.runs[0]).toMatchObject({ run_key: 's1/t1/all1', tool_version: null, started_at: null, condition: null });
	});

	test('an access spec defined twice keeps the first and warns', () => {
		const dup = [
			"'Access specification name,default assignment",
			'4K random read,0',
			"'size,% of size,% reads,% random,delay,burst,align,reply",
			'8192,100,0,0,0,1,0,0',
		];
		const ls = lines(OLD);
		ls.splice(11, 0, ...dup);
		const r = parseIometerCsv(join_(ls), 'x.csv');
		expect(r.warnings.map((w) => [w.code, w.line])).toEqual([['ACCESS_SPEC_DUPLICATE', 13]]);
		expect(r.runs[0]!.block_size_bytes).toBe(4096);
	});
});
