// Row constructors: every column the parser does not set is NULL ("not measured"), never 0.
import { runs } from '../schema.ts';
import { RUN_CONTEXT, type ParsedRun } from './parse-result.ts';

type Required = 'run_key' | 'source_format' | 'scope' | 'direction' | 'value_origin';

export function newRun(fields: Pick<ParsedRun, Required> & Partial<ParsedRun>): ParsedRun {
	const row: Record<string, unknown> = {};
	for (const c of runs.columns) if (!(RUN_CONTEXT as readonly string[]).includes(c.name)) row[c.name] = null;
	return Object.assign(row, fields) as ParsedRun;
}

/** fio's rw= name of a mix given as read and random shares (Iometer, DiskSpd, Vdbench): NULL when it has none. */
export function rwOfMix(readPct: number | null, randomPct: number | null): string | null {
	if (readPct === null || randomPct === null) return null;
	const kind = readPct === 100 ? 'read' : readPct === 0 ? 'write' : 'rw';
	if (randomPct === 100) return `rand${kind}`;
	if (randomPct === 0) return kind;
	return null;
}

/** The columns of a time-series point a parser fills one of (or none): NULL, not measured, until it does. */
export const NO_POINT_VALUES = { iops: null, bw_bytes_per_s: null, lat_ns: null, block_size_bytes: null, offset_bytes: null, prio: null } as const;
