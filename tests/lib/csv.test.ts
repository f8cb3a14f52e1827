// The one CSV writer: RFC 4180 quoting, and text a spreadsheet would run as a formula kept as text.
import { describe, expect, it } from 'vitest';
import { csvText } from '../../src/lib/csv.ts';

/** The single cell a value becomes (the header row and the rows are written alike). */
const cell = (value: string | number | null) => csvText({ columns: ['x'], rows: [[value]] }).slice('\uFEFFx\r\n'.length, -2);

describe('csv cells', () => {
	it.each<[string | number | null, string]>([
		// Formula prefixes, and the forms that slipped through: full-width, after whitespace or a line break.
		['=1+1', "'=1+1"],
		['+A1', "'+A1"],
		['-2+3', "'-2+3"],
		['@SUM(A1:A9)', "'@SUM(A1:A9)"],
		['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
		['\t=1', "'\t=1"],
		['\tplain', "'\tplain"],
		['\r=1', `"'\r=1"`],
		['\n=1', `"'\n=1"`],
		['\r\n+1', `"'\r\n+1"`],
		[' =1', "' =1"],
		['   @x', "'   @x"],
		['\u3000=1', "'\u3000=1"],
		['\u00a0-x', "'\u00a0-x"],
		['\0=1', "'\0=1"],
		['＝1+1', "'＝1+1"],
		['＋1', "'＋1"],
		['－1', "'－1"],
		['＠x', "'＠x"],
		[' ＝1', "' ＝1"],
		// Numbers stay numbers, written or as text.
		[-1.5, '-1.5'],
		[0, '0'],
		[1e21, '1e+21'],
		['-1.5', '-1.5'],
		['+3', '+3'],
		['-.5', '-.5'],
		['-2E+5', '-2E+5'],
		// Text that is not a formula is written as it is, quoted only where RFC 4180 needs it.
		['a=b', 'a=b'],
		['µs', 'µs'],
		['a, "b"', '"a, ""b"""'],
		['line\nbreak', '"line\nbreak"'],
		[' x', '" x"'],
		['', '""'],
		[null, ''],
	])('%j → %j', (value, expected) => {
		expect(cell(value)).toBe(expected);
	});

	it('guards the header row too, and ends every row with CRLF after a byte-order mark', () => {
		expect(csvText({ columns: ['=cmd', 'b'], rows: [[1, '@x']] })).toBe("\uFEFF'=cmd,b\r\n1,'@x\r\n");
	});
});
