// `'Access specifications` blocks: the only place that says what a test did (block size, read %,
// random %). Spec names are free text and may lie (OTHER_FORMATS.md §1.1), so they are never parsed.
import { isMarker } from './common.ts';
import { rwOfMix } from '../rows.ts';
import { fail, warn, type FileContext, type Lines } from '../parse-result.ts';

export interface AccessSpecLine {
	sizeBytes: number;
	/** `% of size`: share of I/Os using this line. */
	sharePct: number;
	readPct: number;
	randomPct: number;
}

export interface AccessSpec {
	name: string;
	line: number;
	lines: AccessSpecLine[];
	summary: SpecSummary;
}

export type AccessSpecs = ReadonlyMap<string, AccessSpec>;

export interface SpecSummary {
	block_size_bytes: number | null;
	read_pct: number | null;
	random_pct: number | null;
	access: string | null;
	rw: string | null;
}

/** What is known without a matching access specification: nothing. */
export const NO_SPEC: SpecSummary = Object.freeze({
	block_size_bytes: null,
	read_pct: null,
	random_pct: null,
	access: null,
	rw: null,
});

const NAME_HEADER = "'Access specification name,default assignment";
const LINE_HEADER = "'size,% of size,% reads,% random,delay,burst,align,reply";
const END = "'End access specifications";

function parseSpecLine(ctx: FileContext, text: string, line: number): AccessSpecLine {
	const cells = text.split(',');
	// 1.1.0 ends every line with a comma (9 fields, the last empty); older versions write 8.
	if (cells.length === 9 && cells[8]!.trim() === '') cells.pop();
	if (cells.length !== 8) fail(ctx, 'BAD_ACCESS_SPEC', { line }, `access specification line has ${cells.length} fields, expected 8`);
	const names = ['size', '% of size', '% reads', '% random', 'delay', 'burst', 'align', 'reply'];
	const values = cells.map((c, i) => {
		const t = c.trim();
		if (!/^\d+$/.test(t)) fail(ctx, 'BAD_ACCESS_SPEC', { line, field: names[i] }, `"${t}" is not a non-negative integer`);
		return Number(t);
	});
	const [sizeBytes, sharePct, readPct, randomPct] = values as [number, number, number, number];
	if (sizeBytes === 0) fail(ctx, 'BAD_ACCESS_SPEC', { line, field: 'size' }, 'transfer size is 0');
	for (const [i, v] of [sharePct, readPct, randomPct].entries()) {
		if (v > 100) fail(ctx, 'BAD_ACCESS_SPEC', { line, field: names[i + 1] }, `${v} is not a percentage`);
	}
	return { sizeBytes, sharePct, readPct, randomPct };
}

/** Parses the block starting at `start` (the `'Access specifications` line); returns the specs and the next line index. */
export function parseAccessSpecBlock(ctx: FileContext, doc: Lines, start: number): { specs: AccessSpecs; next: number } {
	const text = doc.lines;
	const specs = new Map<string, AccessSpec>();
	let i = start + 1;
	for (;;) {
		if (i >= text.length) fail(ctx, 'TRUNCATED_BLOCK', { line: start + 1 }, `access specification block has no "${END}" line`);
		const l = text[i]!.trim();
		if (l === END) return { specs, next: i + 1 };
		if (l === '') {
			i++;
			continue;
		}
		if (l !== NAME_HEADER) fail(ctx, 'UNEXPECTED_LINE', { line: i + 1 }, `unexpected line in access specifications: "${l.slice(0, 40)}"`);
		const nameText = text[i + 1];
		if (nameText === undefined || isMarker(nameText)) fail(ctx, 'BAD_ACCESS_SPEC', { line: i + 2 }, 'access specification name is missing');
		const comma = nameText.lastIndexOf(',');
		if (comma < 0) fail(ctx, 'BAD_ACCESS_SPEC', { line: i + 2 }, 'access specification name line has no default assignment');
		const spec: AccessSpec = { name: nameText.slice(0, comma), line: i + 2, lines: [], summary: NO_SPEC };
		if (text[i + 2]?.trim() !== LINE_HEADER) fail(ctx, 'BAD_ACCESS_SPEC', { line: i + 3 }, `expected "${LINE_HEADER}"`);
		i += 3;
		for (; i < text.length && !isMarker(text[i]!); i++) {
			if (text[i]!.trim() !== '') spec.lines.push(parseSpecLine(ctx, text[i]!, i + 1));
		}
		spec.summary = summarizeSpec(ctx, spec);
		if (specs.has(spec.name)) {
			warn(ctx, 'ACCESS_SPEC_DUPLICATE', { line: spec.line }, `access specification "${spec.name}" is defined twice; the first one is used`);
		} else specs.set(spec.name, spec);
	}
}


/**
 * One line: its size, read % and random %. Several lines: `% of size`-weighted read and random
 * shares, and a block size only when every line has the same size.
 */
function summarizeSpec(ctx: FileContext, spec: AccessSpec): SpecSummary {
	if (spec.lines.length === 0) return NO_SPEC;
	const sizes = new Set(spec.lines.map((l) => l.sizeBytes));
	const block_size_bytes = sizes.size === 1 ? spec.lines[0]!.sizeBytes : null;
	const shares = spec.lines.reduce((s, l) => s + l.sharePct, 0);
	if (shares === 0) {
		warn(ctx, 'ACCESS_SPEC_SHARES', { line: spec.line }, `access specification "${spec.name}": every line has a 0 % share`);
		return { ...NO_SPEC, block_size_bytes };
	}
	if (spec.lines.length > 1 && shares !== 100) {
		warn(ctx, 'ACCESS_SPEC_SHARES', { line: spec.line }, `access specification "${spec.name}": shares add up to ${shares} %, not 100 %`);
	}
	const weighted = (f: (l: AccessSpecLine) => number) => spec.lines.reduce((s, l) => s + l.sharePct * f(l), 0) / shares;
	const read_pct = weighted((l) => l.readPct);
	const random_pct = weighted((l) => l.randomPct);
	const access = random_pct === 100 ? 'random' : random_pct === 0 ? 'sequential' : 'mixed';
	return { block_size_bytes, read_pct, random_pct, access, rw: rwOfMix(read_pct, random_pct) };
}
