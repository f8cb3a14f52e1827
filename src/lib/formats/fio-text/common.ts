// Helpers shared by the fio normal-text and terse parsers: line splitting, strict numbers,
// and the run columns that both fill the same way.
import { PERCENTILE_COLUMNS } from '../../schema.ts';
import type { LatStat } from '../../schema.ts';
import { parseSiSuffixed } from '../../units.ts';
import { ParseError, stripBom } from '../parse-result.ts';
import type { ParsedPercentile, ParsedRun } from '../parse-result.ts';

/**
 * Lines of a fio capture, without BOM or line terminators. A bare `\r` inside a line is a
 * terminal overwrite (fio's ETA line): only the last non-empty segment was visible, so keep that.
 */
export function splitFioLines(text: string): string[] {
	return stripBom(text).split('\n').map((raw) => {
		const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
		if (!line.includes('\r')) return line;
		const segments = line.split('\r').filter((s) => s.trim() !== '');
		return segments.length ? segments[segments.length - 1]! : '';
	});
}

/** A plain non-negative decimal ("863", "80478.507799"); anything else is a ParseError. */
export function plainNumber(text: string, file: string, line: number, what: string): number {
	const value = Number(text);
	if (!/^\d+(?:\.\d+)?$/.test(text) || !Number.isFinite(value)) {
		throw new ParseError('BAD_NUMBER', file, { line }, `${what}: "${text}" is not a non-negative number`);
	}
	return value;
}

/** fio num2str output with an optional SI suffix ("11404k", "2029.2K", "15.3k"): decimal multiples. */
export function siNumber(text: string, file: string, line: number, what: string): number {
	const value = /^\d+(?:\.\d+)?[kKMGTP]?$/.test(text) ? parseSiSuffixed(text) : undefined;
	if (value === undefined || !Number.isFinite(value)) {
		throw new ParseError('BAD_NUMBER', file, { line }, `${what}: "${text}" is not a non-negative number`);
	}
	return value;
}

/** "fio-3.28" → "3.28" (the schema keeps the version as printed, without the tool prefix). */
export function fioVersion(text: string): string {
	return text.startsWith('fio-') ? text.slice(4) : text;
}

/**
 * value × unit in ns, rounded to 1/1000 ns: fio prints at most 2 decimals in ns/µs/ms (6 in terse µs),
 * so this only removes binary floating-point noise (261.41 ms → 261410000, not 261410000.00000003).
 */
export function toNs(value: number, nsPerUnit: number): number {
	return Math.round(value * nsPerUnit * 1000) / 1000;
}

/** min/max/mean/stddev of one latency kind, in ns. */
export interface LatSummary {
	min: number;
	max: number;
	mean: number;
	stddev: number;
}

/** The run columns of one latency kind; slat has no min/stddev column. */
export function latColumns(stat: LatStat, s: LatSummary | null): Partial<ParsedRun> {
	if (stat === 'slat') return { slat_mean_ns: s?.mean ?? null, slat_max_ns: s?.max ?? null };
	return {
		[`${stat}_mean_ns`]: s?.mean ?? null,
		[`${stat}_stddev_ns`]: s?.stddev ?? null,
		[`${stat}_min_ns`]: s?.min ?? null,
		[`${stat}_max_ns`]: s?.max ?? null,
	};
}

/** clat_p50_ns… / lat_p50_ns… from the percentile rows of one run × direction (slat has no columns). */
export function percentileColumns(rows: ParsedPercentile[]): Partial<ParsedRun> {
	const out: Record<string, number> = {};
	for (const r of rows) {
		if (r.stat === 'slat') continue;
		const col = PERCENTILE_COLUMNS.find(([p]) => p === r.percentile);
		if (col) out[`${r.stat}_${col[1]}_ns`] = r.value_ns;
	}
	return out as Partial<ParsedRun>;
}

/** fio rw= → the schema's access pattern. */
export function accessOf(rw: string | null): string | null {
	if (rw === null) return null;
	if (/^rand(read|write|rw|trim)$/.test(rw) || rw === 'randtrimwrite') return 'random';
	if (/^(read|write|rw|readwrite|trim|trimwrite)$/.test(rw)) return 'sequential';
	return null;
}

/** A terse line: "3;fio-3.28;name;groupid;error;…" (v3–v5) or "2;name;groupid;error;…" (v2). */
export const TERSE_LINE = /^(?:[3-5];fio-[^;]*;[^;]*|2;[^;]*);\d+;\d+;/;
