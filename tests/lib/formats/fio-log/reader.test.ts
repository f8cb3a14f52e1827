// FioLogReader: a fio log read a chunk at a time, or cut at a line end into parts parsed apart
// (the ingest parses the halves of a long log at once), must give exactly what one pass gives —
// the same rows, warnings, meta, and the same ParseError (code, line, field, reason).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	FioLogReader,
	parseFioLogColumns,
	type FioLogColumns,
	type FioLogOptions,
} from '../../../../src/lib/formats/fio-log/reader.ts';
import { fioLogMetricFromName } from '../../../../src/lib/formats/fio-log/naming.ts';
import { ParseError } from '../../../../src/lib/formats/parse-result.ts';
import { listFixtures, readFixture } from '../../../helpers/fixtures.ts';

const LOGS = listFixtures('fio').filter((f) => fioLogMetricFromName(f.name) !== undefined);

/** Every fixture log, once as it is and once repeated far past the lines the layout is chosen from (2000). */
const INPUTS = LOGS.flatMap((f) => {
	const text = readFixture(f);
	const lines = text.split('\n').length;
	const times = Math.ceil(12000 / lines);
	return [
		{ name: f.name, text },
		{ name: `${f.name} ×${times}`, text: text.endsWith('\n') ? text.repeat(times) : text },
	];
});

type Parsed = { rows: Record<string, number[] | null>; length: number; warnings: unknown; meta: unknown };
type Outcome = Parsed | { error: string };

const plainColumns = (c: FioLogColumns): Record<string, number[] | null> =>
	Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v ? Array.from(v as ArrayLike<number>) : null]));

/** A ParseError's code, place and reason; any other exception goes on. */
function failure(e: unknown): Outcome {
	if (!(e instanceof ParseError)) throw e;
	return { error: `${e.code} ${e.file}:${e.line} [${e.field}] ${e.reason}` };
}

function outcome(run: () => Parsed): Outcome {
	try {
		return run();
	} catch (e) {
		return failure(e);
	}
}

function onePass(text: string, file: string, opts: FioLogOptions): Outcome {
	return outcome(() => {
		const r = parseFioLogColumns(text, file, opts);
		return { rows: plainColumns(r.columns), length: r.length, warnings: r.warnings, meta: r.meta };
	});
}

/** Concatenates chunks; `seqShift` is added to seq (a later part counts its lines from its start). */
class Rows {
	cols: Record<string, number[] | null> | null = null;
	length = 0;

	add(c: FioLogColumns, length: number, seqShift = 0): void {
		const plain = plainColumns(c);
		if (seqShift) plain.seq = plain.seq!.map((s) => s + seqShift);
		if (!this.cols) this.cols = plain;
		else for (const [k, v] of Object.entries(plain)) if (v) this.cols[k]!.push(...v);
		this.length += length;
	}

	drain(reader: FioLogReader, maxRows: number, seqShift = 0): void {
		for (let c = reader.next(maxRows); c; c = reader.next(maxRows)) this.add(c.columns, c.length, seqShift);
	}
}

const EMPTY = plainColumns(parseFioLogColumns('', 'empty', { metric: 'clat', latencyUnit: 'ns' }).columns);

function chunked(text: string, file: string, opts: FioLogOptions, maxRows: number): Outcome {
	return outcome(() => {
		const reader = new FioLogReader(text, file, opts);
		const rows = new Rows();
		rows.drain(reader, maxRows);
		return { rows: rows.cols ?? emptyLike(reader), length: rows.length, warnings: reader.warnings, meta: reader.meta };
	});
}

/** No rows: the same (empty or null) columns a one-pass parse of the layout gives. */
function emptyLike(reader: FioLogReader): Record<string, number[] | null> {
	if (reader.empty) return EMPTY;
	const { perIo, layout } = reader.meta;
	return {
		...EMPTY,
		block_size_bytes: perIo ? [] : null,
		offset_bytes: perIo && layout.includes('offset') ? [] : null,
		prio: perIo && layout.includes('prio') ? [] : null,
	};
}

/** Cut after the line ends at or after each of `at`; parts as the ingest parses them (log-series.ts), in one thread. */
function inParts(text: string, file: string, opts: FioLogOptions, at: number | number[], maxRows: number): Outcome | 'not cut' {
	const lineEnds = (Array.isArray(at) ? at : [at]).map((p) => text.indexOf('\n', p) + 1).filter((c) => c > 0);
	const cuts = [...new Set(lineEnds)].sort((x, y) => x - y);
	if (cuts.length === 0) return 'not cut';
	const pieces = [0, ...cuts].map((c, i) => text.slice(c, cuts[i] ?? text.length));
	let first: FioLogReader;
	try {
		first = new FioLogReader(pieces[0]!, file, opts, 'first');
	} catch (e) {
		return failure(e);
	}
	const layout = first.layout;
	if (!layout) return 'not cut';
	return outcome(() => {
		const rows = new Rows();
		rows.drain(first, maxRows);
		let linesBefore = first.linesRead;
		const parts = [];
		for (const piece of pieces.slice(1)) {
			const later = FioLogReader.part(piece, file, layout);
			try {
				rows.drain(later, maxRows, linesBefore);
			} catch (e) {
				if (!(e instanceof ParseError) || e.line === undefined) throw e;
				throw new ParseError(e.code, e.file, { line: e.line + linesBefore, field: e.field }, e.reason);
			}
			parts.push({ tally: later.tally, linesBefore });
			linesBefore += later.linesRead;
		}
		first.closeParts(parts);
		return { rows: rows.cols ?? emptyLike(first), length: rows.length, warnings: first.warnings, meta: first.meta };
	});
}

const optsFor = (name: string, latencyUnit: 'us' | 'ns' | undefined, windowMs: number | null): FioLogOptions => ({
	metric: fioLogMetricFromName(name.split(' ')[0]!)!.metric,
	...(latencyUnit && { latencyUnit }),
	windowMs,
});

describe('fio log read in chunks or parts', () => {
	it.each(INPUTS.map((i) => [i.name, i] as const))('%s: chunks of any size give the one-pass rows', (_, input) => {
		const opts = optsFor(input.name, 'ns', 500);
		const whole = onePass(input.text, input.name, opts);
		for (const maxRows of [2, 3, 100, 65536]) expect(chunked(input.text, input.name, opts, maxRows)).toEqual(whole);
	});

	it('the parts of a long log give the one-pass rows, wherever it is cut, in two parts or more', () => {
		const long = INPUTS.filter((i) => i.name.includes('×'));
		fc.assert(
			fc.property(
				fc.constantFrom(...long),
				fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
				fc.constantFrom(2, 7, 4096),
				(input, at, maxRows) => {
					const opts = optsFor(input.name, 'ns', 1000);
					const parts = inParts(input.text, input.name, opts, at.map((a) => Math.floor(input.text.length * a)), maxRows);
					if (parts !== 'not cut') expect(parts).toEqual(onePass(input.text, input.name, opts));
				},
			),
			{ numRuns: 200 },
		);
	});

	it('damaged logs give the same rows or the same ParseError in chunks and in parts', () => {
		const damage = fc.oneof(
			fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
			fc.record({
				kind: fc.constant('insert' as const),
				at: fc.double({ min: 0, max: 1, noNaN: true }),
				what: fc.constantFrom('#@!', '\u0000', '{', '-', '0x', ',', '\n', '\n\n', ' ', '1e5', '\uFEFF', '\u00e9', '9999999999999999', ', 7'),
			}),
		);
		fc.assert(
			fc.property(
				fc.constantFrom(...INPUTS),
				damage,
				fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
				fc.constantFrom(undefined, 'us' as const, 'ns' as const),
				fc.constantFrom(null, 1000),
				(input, d, cutAt, unit, windowMs) => {
					const pos = Math.floor(input.text.length * d.at);
					const text = d.kind === 'cut' ? input.text.slice(0, pos) : input.text.slice(0, pos) + d.what + input.text.slice(pos);
					const opts = optsFor(input.name, unit, windowMs);
					const whole = onePass(text, input.name, opts);
					expect(chunked(text, input.name, opts, 3)).toEqual(whole);
					const parts = inParts(text, input.name, opts, cutAt.map((a) => Math.floor(text.length * a)), 4096);
					if (parts !== 'not cut') expect(parts).toEqual(whole);
				},
			),
			{ numRuns: 200 },
		);
	});

	it('numbers the lines of a later part from the start of the log', () => {
		// 3000 lines "t, 100, 0, 4096, 0" (time t = line number), a bad ddir on line 2500, cut after line 2100.
		const lines = Array.from({ length: 3000 }, (_, i) => `${i + 1}, 100, ${i === 2499 ? 7 : 0}, 4096, 0\n`);
		const text = lines.join('');
		const opts: FioLogOptions = { metric: 'clat', latencyUnit: 'ns' };
		const cut = lines.slice(0, 2100).join('').length - 1; // the newline ending line 2100
		expect(inParts(text, 'x_clat.log', opts, cut, 4096)).toEqual({
			error: 'LOG_VALUE x_clat.log:2500 [ddir] is 7; fio logs only 0 (read), 1 (write) or 2 (trim)',
		});
		// Without the bad line, seq of the first row of the later part is 2101, and an unterminated
		// last line (3001, no newline) is reported as line 3001.
		const good = text.replace('2500, 100, 7,', '2500, 100, 0,') + '3001, 100, 0, 4096';
		const parts = inParts(good, 'x_clat.log', opts, cut, 4096);
		if (parts === 'not cut' || 'error' in parts) throw new Error('expected rows');
		expect(parts.rows.seq![2100]).toBe(2101);
		expect(parts.length).toBe(3000);
		expect(parts.warnings).toEqual([expect.objectContaining({ code: 'LAST_LINE_UNTERMINATED', line: 3001 })]);
	});

	it('sees rows out of key order across the cut', () => {
		// Times 1…3000, except that line 2101 (the first of the later part) goes back to time 5.
		const lines = Array.from({ length: 3000 }, (_, i) => `${i === 2100 ? 5 : i + 1}, 100, 0, 4096, 0\n`);
		const text = lines.join('');
		const opts: FioLogOptions = { metric: 'clat', latencyUnit: 'ns' };
		const cut = lines.slice(0, 2100).join('').length - 1;
		const whole = onePass(text, 'x_clat.log', opts);
		expect(whole).toMatchObject({ meta: { keyOrdered: false } });
		expect(inParts(text, 'x_clat.log', opts, cut, 4096)).toEqual(whole);
		const ordered = Array.from({ length: 3000 }, (_, i) => `${i + 1}, 100, 0, 4096, 0\n`).join('');
		expect(inParts(ordered, 'x_clat.log', opts, cut, 4096)).toMatchObject({ meta: { keyOrdered: true } });
	});

	it('warns of the first line whose time goes back, counting them all, in one pass, in chunks and across cuts', () => {
		// Line 2101 goes back to time 5, line 2601 to time 7: two logs joined, or a damaged one.
		const lines = Array.from({ length: 3000 }, (_, i) => `${i === 2100 ? 5 : i === 2600 ? 7 : i + 1}, 100, 0, 4096, 0\n`);
		const text = lines.join('');
		const opts: FioLogOptions = { metric: 'clat', latencyUnit: 'ns' };
		const whole = onePass(text, 'x_clat.log', opts);
		const message = "time goes back from 2100 to 5 ms (2 lines go back in all): fio writes a job's log in time order, so this looks like logs joined together or a damaged file";
		expect(whole).toMatchObject({ warnings: [{ code: 'LOG_TIME_BACKWARDS', line: 2101, message }] });
		expect(chunked(text, 'x_clat.log', opts, 100)).toEqual(whole);
		const at = (line: number) => lines.slice(0, line).join('').length - 1; // a cut after that line
		for (const cuts of [[at(2100)], [at(2100), at(2600)], [at(2050), at(2300)]]) expect(inParts(text, 'x_clat.log', opts, cuts, 4096)).toEqual(whole);
		const once = text.replace('\n2600, 100, 0, 4096, 0\n7,', '\n2600, 100, 0, 4096, 0\n2601,');
		expect(onePass(once, 'x_clat.log', opts)).toMatchObject({ warnings: [{ line: 2101, message: expect.stringMatching(/^time goes back from 2100 to 5 ms: /) }] });
	});

	it('does not hand out a layout chosen from lines that reach the end of the text', () => {
		const text = Array.from({ length: 100 }, (_, i) => `${i}, 100, 0, 4096, 0\n`).join('');
		expect(new FioLogReader(text, 'x_clat.log', { metric: 'clat', latencyUnit: 'ns' }, 'first').layout).toBeUndefined();
		const long = text.repeat(30); // 3000 lines: the layout comes from the first 2000
		expect(new FioLogReader(long, 'x_clat.log', { metric: 'clat', latencyUnit: 'ns' }, 'first').layout).toBeDefined();
	});
});
