// Shared pieces of the elbencho parsers (result text, result CSV, live CSV): once-per-file warnings,
// phases → directions, strict numbers, dates. Format facts: ../shared/research/OTHER_FORMATS.md §5.1 and
// breuner/elbencho source/Statistics.cpp, source/toolkits/TranslatorTk.cpp, source/toolkits/UnitTk.cpp.
import { fail, warn, type FileContext, type Where } from '../parse-result.ts';

export const TOOL = 'elbencho';

export interface ElbenchoContext extends FileContext {
	/** Warning codes already given once for this file. */
	once: Set<string>;
}

export function newContext(file: string): ElbenchoContext {
	return { file, warnings: [], once: new Set() };
}

/** A warning given at most once per file (at its first occasion). */
export function warnOnce(ctx: ElbenchoContext, code: string, where: Where, message: string): void {
	if (ctx.once.has(code)) return;
	ctx.once.add(code);
	warn(ctx, code, where, message);
}

/** elbencho prints its counters as unsigned integers (uint64 arithmetic, truncated toward zero). */
export function parseCount(ctx: ElbenchoContext, text: string, line: number, field: string): number {
	const t = text.trim();
	if (!/^\d+$/.test(t)) fail(ctx, 'BAD_NUMBER', { line, field }, `"${t.slice(0, 24)}" is not a whole non-negative number`);
	const v = Number(t);
	if (!Number.isSafeInteger(v)) fail(ctx, 'BAD_NUMBER', { line, field }, `"${t.slice(0, 24)}" is too large`);
	return v;
}

/** A count, or null for an empty CSV cell (elbencho leaves cells of values it did not measure empty). */
export function parseOptionalCount(ctx: ElbenchoContext, text: string | undefined, line: number, field: string): number | null {
	if (text === undefined || text.trim() === '') return null;
	return parseCount(ctx, text, line, field);
}

/**
 * `text` (a decimal as printed) × `factor`, computed on the digits so that e.g. 1.23 ms gives exactly
 * 1230000 ns rather than a floating-point neighbour.
 */
export function decimalTimes(text: string, factor: number): number {
	const [whole, fraction = ''] = text.trim().split('.');
	return (Number(whole! + fraction) * factor) / 10 ** fraction.length;
}

export type PhaseKind = 'write' | 'read' | 'mix' | 'other';

/**
 * What a phase did (TranslatorTk::benchPhaseToPhaseName): WRITE (create files / write), READ, RWMIX<pct>
 * (--rwmixpct), MIX-T<n> (--rwmixthr), each with "+s" (stat inline) / "+r" (read inline) suffixes in
 * directory mode. Everything else (SYNC, DROPCACHES, MKDIRS, RMDIRS, RMFILES, STAT, NET, S3 ACL and
 * listing phases…) does no block reads or writes to storage that this schema describes.
 */
export function phaseKind(name: string): PhaseKind {
	if (/^WRITE(\+[sr])*$/.test(name)) return 'write';
	if (/^READ(\+s)?$/.test(name)) return 'read';
	if (/^(RWMIX\d+|MIX-T\d+)(\+[sr])*$/.test(name)) return 'mix';
	return 'other';
}

/** RWMIX70 → 70 (% of reads); MIX-T<n> (separate reader threads) has no fixed share. */
export function mixReadPct(name: string): number | null {
	const m = /^RWMIX(\d+)/.exec(name);
	return m && Number(m[1]) <= 100 ? Number(m[1]) : null;
}

/** Keys of a file's phases: the name, then NAME-2, NAME-3… when a phase repeats. */
export class PhaseKeys {
	private readonly seen = new Map<string, number>();
	next(name: string): string {
		const n = (this.seen.get(name) ?? 0) + 1;
		this.seen.set(name, n);
		return n === 1 ? name : `${name}-${n}`;
	}
}

/**
 * elbencho's `%FT%T%z` local times ("2022-03-09T15:40:29-0800", newer "…T15:40:29.123-0800") as
 * ISO 8601 with a colon in the offset; undefined when the text is not one.
 */
export function isoTime(text: string): string | undefined {
	const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-])(\d{2}):?(\d{2})$/.exec(text.trim());
	if (!m) return undefined;
	return `${m[1]}${m[2]}${m[3]}:${m[4]}`;
}

export const TRUNCATION_NOTE =
	'elbencho prints MiB/s, IOPS, MiB totals and elapsed ms as integers truncated toward zero ' +
	'(Statistics.cpp: numBytesDone / (1024*1024) on uint64)';

/** Where the numbers of a row come from, for `condition`. */
export const LAST_DONE_NOTE =
	'totals of the LAST DONE column: all threads\' work over the slowest thread\'s time (FIRST DONE, the stonewall at the fastest thread, not used)';
