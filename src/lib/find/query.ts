// What a reader asks the finder: a workload (access, read share, block size), a load (outstanding I/Os, or a target
// rate) and optional latency bounds. All of it lives in the URL (?access=random&read=70&bs=4096&rate=100000&p99=1000),
// so an answer is shared by its link. Pure and browser-safe.
import type { Access } from '../compare/fingerprint.ts';

export const BOUND_STATS = ['mean', 'p99', 'p99_9', 'p99_99'] as const;
export type BoundStat = (typeof BOUND_STATS)[number];

export interface FinderQuery {
	access: Exclude<Access, 'mixed'>;
	/** Share of reads, 0–100. */
	read_pct: number;
	block_size_bytes: number;
	/** Outstanding I/Os (QD × jobs) per drive; or null when a target rate is asked. */
	outstanding: number | null;
	/** Target rate per drive in IOPS (a MB/s target is converted through the block size); null for a QD question. */
	rate_iops: number | null;
	/** Upper bounds on latency, in µs. */
	bounds: Partial<Record<BoundStat, number>>;
}

/** The block sizes offered (bytes). */
export const FINDER_BLOCK_SIZES = [512, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 1048576] as const;

/** The family a query reads: its fingerprint without the load, as a file name ("random-70-4096"). */
export const familyFileKey = (f: Pick<FinderQuery, 'access' | 'read_pct' | 'block_size_bytes'>): string => `${f.access}-${f.read_pct}-${f.block_size_bytes}`;

const num = (v: string | null): number | null => {
	if (v === null || v.trim() === '') return null;
	const n = Number(v);
	return Number.isFinite(n) && n > 0 ? n : null;
};

/** The query of a finder URL; null when its workload is not fully stated (the page then shows the empty form). */
export function queryOf(params: URLSearchParams): FinderQuery | null {
	const access = params.get('access');
	if (access !== 'random' && access !== 'sequential') return null;
	const read = Number(params.get('read'));
	if (params.get('read') === null || !Number.isInteger(read) || read < 0 || read > 100) return null;
	const bs = num(params.get('bs'));
	if (bs === null || !Number.isInteger(bs)) return null;
	const qd = num(params.get('qd'));
	const iops = num(params.get('rate'));
	const mbps = num(params.get('mbps'));
	const rate = iops ?? (mbps === null ? null : (mbps * 1_000_000) / bs);
	const bounds: FinderQuery['bounds'] = {};
	for (const stat of BOUND_STATS) {
		const v = num(params.get(stat));
		if (v !== null) bounds[stat] = v;
	}
	// A target rate answers "at what latency"; without one, a QD (1 by default) answers "how fast".
	return { access, read_pct: read, block_size_bytes: bs, outstanding: rate === null ? Math.max(1, Math.round(qd ?? 1)) : null, rate_iops: rate, bounds };
}

/** The URL query of a finder question (the inverse of queryOf). */
export function paramsOf(q: FinderQuery): URLSearchParams {
	const p = new URLSearchParams({ access: q.access, read: String(q.read_pct), bs: String(q.block_size_bytes) });
	if (q.rate_iops !== null) p.set('rate', String(Math.round(q.rate_iops)));
	else if (q.outstanding !== null) p.set('qd', String(q.outstanding));
	for (const stat of BOUND_STATS) if (q.bounds[stat] !== undefined) p.set(stat, String(q.bounds[stat]));
	return p;
}

/** How many of each part of an answer a page shows, and how many more "Show more" adds (the first few up front). */
export const SHOWN_STEP = { ranked: 20, apart: 5, loose: 5, near: 5, notDrives: 5 } as const;
export type ShownPart = keyof typeof SHOWN_STEP;
export const SHOWN_PARTS = Object.keys(SHOWN_STEP) as ShownPart[];
/** The URL parameter of each part's count (absent: the first step). */
export const SHOWN_PARAMS: Record<ShownPart, string> = { ranked: 'top', apart: 'apart', loose: 'loose', near: 'near', notDrives: 'other' };

/** How many of each part a finder URL shows. */
export function shownOf(params: URLSearchParams): Record<ShownPart, number> {
	const shown = { ...SHOWN_STEP } as Record<ShownPart, number>;
	for (const part of SHOWN_PARTS) {
		const n = num(params.get(SHOWN_PARAMS[part]));
		if (n !== null && Number.isInteger(n)) shown[part] = Math.max(SHOWN_STEP[part], n);
	}
	return shown;
}

/** A finder URL's query with one part showing `n` (the first step is not written). */
export function withShown(params: URLSearchParams, part: ShownPart, n: number): URLSearchParams {
	const p = new URLSearchParams(params);
	if (n <= SHOWN_STEP[part]) p.delete(SHOWN_PARAMS[part]);
	else p.set(SHOWN_PARAMS[part], String(n));
	return p;
}
