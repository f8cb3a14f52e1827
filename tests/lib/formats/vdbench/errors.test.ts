// Bad Vdbench input: a truncated file, a line cut mid-way, a non-number in a column, a missing header, a bad
// parameter, a file-system workload → ParseError naming the line; never any other exception.
import { describe, expect, test } from 'vitest';
import { noContext } from '../../../../src/lib/formats/format.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import { fixtureText, formatById } from './helpers.ts';

const RAMP = 'vdbench50401_iorate-ramp-50-500-5000_2hosts-sdb_vdbconvert_';
const FLAT = fixtureText(`${RAMP}flatfile.html`);
const SUMMARY = fixtureText(`${RAMP}summary.html`);
const TOTALS = fixtureText(`${RAMP}totals.html`);
const PARM = fixtureText(`${RAMP}parmfile.html`);

function errorOf(id: string, text: string, companions: Record<string, string> = {}): ParseError {
	try {
		formatById(id).parse(text, `x_${id.replace('vdbench-', '')}.html`, noContext(companions));
	} catch (err) {
		expect(err).toBeInstanceOf(ParseError);
		return err as ParseError;
	}
	throw new Error(`${id} parsed the bad input`);
}

const lines = (text: string) => text.split('\n');
const firstLines = (text: string, n: number) => lines(text).slice(0, n).join('\n') + '\n';
/** The text with line `n` (1-based) changed. */
const editLine = (text: string, n: number, edit: (l: string) => string) =>
	lines(text)
		.map((l, i) => (i === n - 1 ? edit(l) : l))
		.join('\n');
const dropLines = (text: string, from: number, to: number) =>
	lines(text)
		.filter((_, i) => i + 1 < from || i + 1 > to)
		.join('\n');

describe('flatfile.html', () => {
	test('truncated: the last run has no avg_ row', () => {
		// Line 130 is rd2 interval 28; its avg_2-60 row (line 163) is gone.
		const e = errorOf('vdbench-flatfile', firstLines(FLAT, 130));
		expect([e.code, e.line]).toEqual(['TRUNCATED', 130]);
	});
	test('a row cut mid-way', () => {
		const cut = firstLines(FLAT, 130) + lines(FLAT)[130]!.slice(0, 60);
		const e = errorOf('vdbench-flatfile', cut);
		expect([e.code, e.line]).toEqual(['TRUNCATED_LINE', 131]);
	});
	test('a non-number in a column', () => {
		const e = errorOf('vdbench-flatfile', editLine(FLAT, 42, (l) => l.replace('30.0000', '3O.0000')));
		expect([e.code, e.line, e.field]).toEqual(['BAD_NUMBER', 42, 'rate']);
	});
	test('the column header missing', () => {
		// Line 41 is "tod Run Interval reqrate …": without it, line 41 is the first data row.
		const e = errorOf('vdbench-flatfile', dropLines(FLAT, 41, 41));
		expect([e.code, e.line]).toEqual(['MISSING_HEADER', 41]);
	});
});

describe('summary.html and totals.html', () => {
	test('truncated inside the last run', () => {
		// Line 250 is rd3 interval 31; the file then ends without rd3's average line.
		const e = errorOf('vdbench-summary', firstLines(SUMMARY, 250));
		expect([e.code, e.line]).toEqual(['TRUNCATED', 250]);
	});
	test('a line cut mid-way', () => {
		const cut = firstLines(SUMMARY, 100) + lines(SUMMARY)[100]!.slice(0, 50);
		const e = errorOf('vdbench-summary', cut);
		expect([e.code, e.line]).toEqual(['TRUNCATED_LINE', 101]);
	});
	test('a non-number in a column', () => {
		// Line 77: rd1 interval 1, resp time 3.641.
		const e = errorOf('vdbench-summary', editLine(SUMMARY, 77, (l) => l.replace('3.641', '3.6x1')));
		expect([e.code, e.line, e.field]).toEqual(['BAD_NUMBER', 77, 'resp time']);
	});
	test('the column header missing', () => {
		// Lines 75-76 are the two header lines of rd1; line 77 (now 75) is its first interval.
		const e = errorOf('vdbench-summary', dropLines(SUMMARY, 75, 76));
		expect([e.code, e.line]).toEqual(['MISSING_HEADER', 75]);
	});
	test('a header whose two lines do not pair up', () => {
		const e = errorOf('vdbench-summary', editLine(SUMMARY, 76, (l) => l.replace('stddev', '')));
		expect([e.code, e.line]).toEqual(['BAD_HEADER', 76]);
	});
	test('totals.html truncated before its last average', () => {
		const e = errorOf('vdbench-totals', firstLines(TOTALS, 22));
		expect([e.code, e.line]).toEqual(['TRUNCATED', 22]);
	});
	test('a file-system (FWD) report is refused', () => {
		const fwd = SUMMARY.replace('Starting RD=rd1; I/O rate: 50; elapsed=60;', 'Starting RD=rd1; elapsed=60; fwdrate=max.');
		const e = errorOf('vdbench-summary', fwd);
		expect([e.code, e.line]).toEqual(['UNSUPPORTED_WORKLOAD', 72]);
	});
});

describe('histogram.html', () => {
	const HIST = [
		'<title>Vdbench output/histogram.html</title><pre>',
		'Total response time histogram.',
		'',
		'<a name="_1"></a><i><b>14:40:22.003 Starting RD=rd1; I/O rate: Controlled MAX; elapsed=60; For loops: None</b></i>',
		'',
		'Only writes done for this workload:',
		"  min(ms) <     max(ms)         count       %%    cum%%  '+': Individual%; '+-': Cumulative%",
		'',
		'    0.100 <       0.200        94,258  60.0000  60.0000  +++',
		'    0.200 <       0.400        62,839  40.0000 100.0000  ++++',
		'    0.400 <       0.600             0   0.0000 100.0000  ---',
		'',
	].join('\n');

	test('a well-formed table reads', () => {
		const r = formatById('vdbench-histogram').parse(HIST, 'histogram.html', noContext());
		expect(r.histograms.map((h) => [h.bin_lower_ns, h.bin_upper_ns, h.count])).toEqual([
			[100_000, 200_000, 94_258],
			[200_000, 400_000, 62_839],
		]);
		expect(r.runs).toMatchObject([{ run_key: 'rd1', direction: 'write', total_ios: 94_258 + 62_839, iops: null }]);
	});
	test('truncated inside a table', () => {
		const e = errorOf('vdbench-histogram', firstLines(HIST, 9));
		expect([e.code, e.line]).toEqual(['TRUNCATED', 9]);
	});
	test('a bucket line cut mid-way', () => {
		const e = errorOf('vdbench-histogram', firstLines(HIST, 9) + '    0.200 <       0.400        62,8');
		expect([e.code, e.line]).toEqual(['BAD_BUCKET', 10]);
	});
	test('a non-number count', () => {
		const e = errorOf('vdbench-histogram', HIST.replace('94,258', '94,2x8'));
		expect([e.code, e.line, e.field]).toEqual(['BAD_NUMBER', 9, 'count']);
	});
	test('every cut is parsed or refused with a ParseError naming a line', () => {
		for (let at = 0; at < HIST.length; at += 7) {
			try {
				formatById('vdbench-histogram').parse(HIST.slice(0, at), 'histogram.html', noContext());
			} catch (err) {
				expect(err, `cut at ${at}`).toBeInstanceOf(ParseError);
				if ((err as ParseError).code !== 'NO_RUNS') expect((err as ParseError).line, `cut at ${at}`).toBeGreaterThan(0);
			}
		}
	});
	test('buckets without their title', () => {
		const e = errorOf('vdbench-histogram', HIST.replace('Only writes done for this workload:\n', ''));
		expect([e.code, e.line]).toEqual(['MISSING_HEADER', 6]);
	});
});

describe('parmfile.html', () => {
	test('a parameter that is not a number', () => {
		// Line 63: rd=rd1,wd=wd*,iorate=50,…
		const e = errorOf('vdbench-parmfile', editLine(PARM, 63, (l) => l.replace('iorate=50', 'iorate=fifty')));
		expect([e.code, e.line, e.field]).toEqual(['BAD_PARAMETER', 63, 'iorate']);
	});
	test('as a companion, a bad parameter file costs only its conditions, with a warning', () => {
		const bad = editLine(PARM, 63, (l) => l.replace('iorate=50', 'iorate=fifty'));
		const r = formatById('vdbench-flatfile').parse(FLAT, `${RAMP}flatfile.html`, noContext({ [`${RAMP}parmfile.html`]: bad }));
		expect(r.runs).toHaveLength(9);
		expect(r.warnings.map((w) => w.code)).toEqual(['COMPANION_UNREADABLE']);
		expect(r.runs[0]!.condition).toBeNull();
	});
});

describe('every cut of a real file is parsed or refused with a ParseError', () => {
	const cases: [string, string][] = [
		['vdbench-flatfile', FLAT],
		['vdbench-summary', SUMMARY],
		['vdbench-totals', TOTALS],
		['vdbench-parmfile', PARM],
	];
	for (const [id, text] of cases) {
		test(id, () => {
			for (let at = 0; at < text.length; at += 397) {
				try {
					formatById(id).parse(text.slice(0, at), 'x.html', noContext());
				} catch (err) {
					expect(err, `${id} cut at ${at}`).toBeInstanceOf(ParseError);
					const e = err as ParseError;
					if (e.code !== 'NO_RUNS' && e.code !== 'MISSING_HEADER') expect(e.line, `${id} cut at ${at}: ${e.message}`).toBeGreaterThan(0);
				}
			}
		});
	}
});

describe('a changed character anywhere is parsed or refused with a ParseError', () => {
	const cases: [string, string][] = [
		['vdbench-flatfile', FLAT],
		['vdbench-summary', SUMMARY],
		['vdbench-totals', TOTALS],
		['vdbench-parmfile', PARM],
	];
	const replacements = ['x', '9', '\n', ' ', '<', '.', '-', ';'];
	for (const [id, text] of cases) {
		test(id, () => {
			for (let at = 0, k = 0; at < text.length; at += 211, k++) {
				const changed = text.slice(0, at) + replacements[k % replacements.length] + text.slice(at + 1);
				try {
					formatById(id).parse(changed, 'x.html', noContext());
				} catch (err) {
					expect(err, `${id}: character ${at} changed`).toBeInstanceOf(ParseError);
				}
			}
		});
	}
});
