// Iometer results.csv (2003 → 1.1.0) and the 1.1.0 instantaneous file. The file is appended to,
// one session after another: `'Test Type` … `'Version` … `'Time Stamp` … `'Access specifications`
// … `'Results` blocks … `'End Test` (1.1.0). Format facts: OTHER_FORMATS.md §1.
import { parseAccessSpecBlock, type AccessSpecs } from './access-specs.ts';
import { isMarker } from './common.ts';
import { parseResultsHeader, type ResultsRow } from './header.ts';
import { instantaneousToTimeseries, type InstantaneousClock } from './instantaneous.ts';
import { resultsToRuns } from './runs.ts';
import { parseIometerTime } from './timestamp.ts';
import { emptyResult, fail, splitLines, warn, type FileContext, type Lines, type ParseResult } from '../parse-result.ts';

interface Session {
	index: number;
	description: string | null;
	version: string | null;
	startedAt: string | null;
	tests: number;
	specs: AccessSpecs;
}

const NO_SPECS: AccessSpecs = new Map();

function newSession(index: number): Session {
	return { index, description: null, version: null, startedAt: null, tests: 0, specs: NO_SPECS };
}

/** The line after a marker holds its value; it must exist and not be another marker. */
function valueAfter(ctx: FileContext, doc: Lines, i: number, marker: string): string {
	const value = doc.lines[i + 1];
	if (value === undefined || isMarker(value)) fail(ctx, 'MISSING_VALUE', { line: i + 1 }, `"${marker}" is not followed by its value`);
	return value;
}

/**
 * Rows of a `'Results` block: every line up to the `'Time Stamp` that Iometer writes after each
 * list of results (since 2003.05). A block without it was cut short.
 */
function blockRows(ctx: FileContext, doc: Lines, start: number): { rows: ResultsRow[]; next: number } {
	const rows: ResultsRow[] = [];
	let i = start;
	for (; i < doc.lines.length && !isMarker(doc.lines[i]!); i++) {
		const text = doc.lines[i]!;
		if (text.trim() === '') continue;
		if (i === doc.lines.length - 1 && !doc.terminated) {
			fail(ctx, 'TRUNCATED_ROW', { line: i + 1 }, 'the last result row has no line ending: the file was cut short');
		}
		rows.push({ line: i + 1, cells: text.split(',') });
	}
	if (rows.length === 0) fail(ctx, 'TRUNCATED_BLOCK', { line: start }, 'results header without any result row');
	if (doc.lines[i]?.trim() !== "'Time Stamp") {
		fail(ctx, 'TRUNCATED_BLOCK', { line: Math.min(i + 1, doc.lines.length) }, "results block does not end with its 'Time Stamp line");
	}
	return { rows, next: i };
}

export function parseIometerCsv(text: string, file: string): ParseResult {
	const ctx: FileContext = { file, warnings: [] };
	const out = emptyResult();
	const doc = splitLines(text);
	const clock: InstantaneousClock = { originMs: null };
	let sessions = 0;
	let session: Session | null = null;
	const current = (line: number): Session => {
		if (session) return session;
		warn(ctx, 'NO_SESSION_HEADER', { line }, "section before any 'Test Type line: no description, version or start time");
		session = newSession(++sessions);
		return session;
	};

	let i = 0;
	while (i < doc.lines.length) {
		const line = doc.lines[i]!;
		const marker = line.trim();
		if (marker === '' || marker === "'End Test") {
			i++;
		} else if (marker === "'Test Type,Test Description") {
			const value = valueAfter(ctx, doc, i, marker);
			const comma = value.indexOf(',');
			if (comma < 0 || !/^\d+$/.test(value.slice(0, comma))) {
				fail(ctx, 'BAD_TEST_TYPE', { line: i + 2 }, 'expected "<test type>,<description>"');
			}
			session = newSession(++sessions);
			// The description is free text and may itself contain commas.
			session.description = value.slice(comma + 1) || null;
			i += 2;
		} else if (marker === "'Version") {
			current(i + 1).version = valueAfter(ctx, doc, i, marker).trim() || null;
			i += 2;
		} else if (marker === "'Time Stamp") {
			const value = valueAfter(ctx, doc, i, marker);
			const stamp = parseIometerTime(value);
			if (!stamp) fail(ctx, 'BAD_TIMESTAMP', { line: i + 2 }, `"${value.slice(0, 40)}" is not an Iometer time stamp`);
			const s = current(i + 1);
			// The first stamp of a session is its start; the ones after each 'Results block end a test.
			if (s.startedAt === null && s.tests === 0) s.startedAt = stamp.iso;
			clock.originMs ??= stamp.ms;
			i += 2;
		} else if (marker === "'Access specifications") {
			const block = parseAccessSpecBlock(ctx, doc, i);
			current(i + 1).specs = block.specs;
			i = block.next;
		} else if (marker === "'Results") {
			const s = current(i + 1);
			const headerText = doc.lines[i + 1] ?? '';
			// `'Target Type,…` (results file) or `TimeStamp,'Target Type,…` (instantaneous file)
			if (headerText.trim() === '' || (isMarker(headerText) && !headerText.startsWith("'Target Type,"))) {
				fail(ctx, 'TRUNCATED_BLOCK', { line: i + 1 }, "'Results is not followed by a results header");
			}
			const header = parseResultsHeader(ctx, headerText, i + 2);
			const { rows, next } = blockRows(ctx, doc, i + 2);
			s.tests++;
			if (header.instantaneous) instantaneousToTimeseries(ctx, header, rows, clock, out);
			else {
				resultsToRuns(ctx, header, rows, {
					session: s.index,
					test: s.tests,
					version: s.version,
					startedAt: s.startedAt,
					description: s.description,
					specs: s.specs,
				}, out);
			}
			i = next;
		} else if (isMarker(line)) {
			fail(ctx, 'UNKNOWN_SECTION', { line: i + 1 }, `unknown section "${marker.slice(0, 40)}"`);
		} else {
			fail(ctx, 'UNEXPECTED_LINE', { line: i + 1 }, `line outside any section: "${marker.slice(0, 40)}"`);
		}
	}
	out.warnings = ctx.warnings;
	return out;
}
