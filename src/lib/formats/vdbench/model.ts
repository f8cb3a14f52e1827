// What summary, totals and flatfile lines have in common once read: one measurement per interval or average line,
// in Vdbench's own units (I/O per second, MB per second, milliseconds, percent).
import type { RunStart } from './run-start.ts';

export const MEASURE_FIELDS = [
	'rate',
	'mbps',
	'bytes',
	'readPct',
	'resp',
	'readResp',
	'writeResp',
	'respMax',
	'readMax',
	'writeMax',
	'respStd',
	'readStd',
	'writeStd',
	'qdepth',
	'cpuUsr',
	'cpuSys',
] as const;
export type MeasureField = (typeof MEASURE_FIELDS)[number];

export interface Measure extends Record<MeasureField, number | null> {
	line: number;
	/** Interval number, null for the average line. */
	interval: number | null;
	/** Local time stamp "YYYY-MM-DDTHH:MM:SS[.mmm]" (no zone), null when the file gives no date. */
	stamp: string | null;
	/** Time of day "HH:MM:SS.mmm". */
	tod: string;
	/** Time of day, ms: the interval length when nothing else says it. */
	todMs: number;
}

/** What a run asked for, as far as the file itself says (flatfile columns; For loops of a run start). */
export interface Requested {
	/** Requested I/O rate; null for max/curve; undefined when the file does not say. */
	rate?: number | null;
	xfersize?: number | null;
	threads?: number | null;
	rdpct?: number | null;
	seekpct?: number | null;
	rhpct?: number | null;
	whpct?: number | null;
	version?: string | null;
}

export interface RunData {
	key: string;
	/** RD name as Vdbench prints it (`rd1`, `rd1_(50%)`). */
	name: string;
	firstLine: number;
	start: RunStart | null;
	intervals: Measure[];
	avg: Measure;
	/** Intervals the average covers (`avg_2-60`). */
	avgFirst: number;
	avgLast: number;
	requested: Requested;
	/** The workload as the file itself describes it without rate and threads (flatfile columns), null when it does not. */
	fileSignature: string | null;
}

export function emptyMeasure(line: number, interval: number | null, stamp: string | null, tod: string, todMs: number): Measure {
	const m = { line, interval, stamp, tod, todMs } as Measure;
	for (const f of MEASURE_FIELDS) m[f] = null;
	return m;
}
