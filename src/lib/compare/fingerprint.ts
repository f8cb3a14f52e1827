// A workload's fingerprint: what must be equal for two results, from any reviews, to be the same test. Results
// with every part known match exactly; a published figure that leaves a part out (no block size, no queue depth)
// matches only loosely, and the parts it lacks are named.
import type { Direction, RunRow } from '../schema.ts';
import { outstandingOf } from '../charts/run-values.ts';

export type Access = 'random' | 'sequential' | 'mixed';

export interface Fingerprint {
	/** random, sequential, or mixed (partly random); null when unknown. */
	access: Access | null;
	direction: Direction;
	/** Share of reads in the workload (100 for pure reads, 0 for pure writes, 70 for a 70/30 mix); null when unknown. */
	read_pct: number | null;
	block_size_bytes: number | null;
	/** I/Os in flight: queue depth × jobs; null when unknown. */
	outstanding: number | null;
	/** The rate step of a rate-limited run; null when the run was not throttled (a value, not an unknown). */
	rate_limit_iops: number | null;
}

/** The parts that may be unknown, in the order they are named. */
export const FINGERPRINT_PARTS = ['access', 'read_pct', 'block_size_bytes', 'outstanding'] as const;
export type FingerprintPart = (typeof FINGERPRINT_PARTS)[number];

export type FingerprintRow = Pick<
	RunRow,
	'access' | 'direction' | 'rw' | 'read_pct' | 'random_pct' | 'block_size_bytes' | 'iodepth' | 'numjobs' | 'rate_limit_iops'
>;

const RANDOM_RW = new Set(['randread', 'randwrite', 'randrw', 'randtrim', 'randtrimwrite']);
const SEQUENTIAL_RW = new Set(['read', 'write', 'rw', 'readwrite', 'trim', 'trimwrite']);
const READ_ONLY_RW = new Set(['read', 'randread']);
const WRITE_ONLY_RW = new Set(['write', 'randwrite']);

function accessOf(run: FingerprintRow): Access | null {
	// fio's rw= says it best; published rows and other tools give access or random_pct.
	if (run.rw && RANDOM_RW.has(run.rw)) return 'random';
	if (run.rw && SEQUENTIAL_RW.has(run.rw)) return 'sequential';
	if (run.random_pct !== null) return run.random_pct >= 100 ? 'random' : run.random_pct <= 0 ? 'sequential' : 'mixed';
	return run.access === 'random' || run.access === 'sequential' || run.access === 'mixed' ? run.access : null;
}

function readPctOf(run: FingerprintRow): number | null {
	if (run.read_pct !== null) return Math.round(run.read_pct);
	if (run.rw && READ_ONLY_RW.has(run.rw)) return 100;
	if (run.rw && WRITE_ONLY_RW.has(run.rw)) return 0;
	return null;
}

/** The fingerprint of a result row; null for what no fingerprint describes (application profiles such as "file server"). */
export function fingerprintOf(run: FingerprintRow): Fingerprint | null {
	if (run.access === 'application') return null;
	return {
		access: accessOf(run),
		direction: run.direction as Direction,
		read_pct: readPctOf(run),
		block_size_bytes: run.block_size_bytes,
		outstanding: outstandingOf(run as RunRow),
		rate_limit_iops: run.rate_limit_iops === null ? null : Math.round(run.rate_limit_iops),
	};
}

/** The parts of a fingerprint that are not known. */
export function unknownParts(fp: Fingerprint): FingerprintPart[] {
	return FINGERPRINT_PARTS.filter((part) => fp[part] === null);
}

const keyPart = (v: string | number | null) => (v === null ? '?' : String(v));

/** A text key equal for equal fingerprints (unknown parts as "?", no rate limit as "-"), usable in URLs and as a map key. */
export function fingerprintKey(fp: Fingerprint): string {
	const parts = [fp.access, fp.direction, fp.read_pct, fp.block_size_bytes, fp.outstanding].map(keyPart);
	return [...parts, fp.rate_limit_iops ?? '-'].join('/');
}

export type MatchKind = 'exact' | 'loose';

/**
 * Whether two results are the same workload: exact when every part is known and equal; loose when the parts
 * known on both sides are equal but one side lacks some; null when a part known on both sides differs, or
 * when the access pattern is unknown on either side (the rest would then match nearly anything).
 */
export function matchOf(a: Fingerprint, b: Fingerprint): MatchKind | null {
	if (a.direction !== b.direction || a.rate_limit_iops !== b.rate_limit_iops) return null;
	if (a.access === null || b.access === null || a.access !== b.access) return null;
	let loose = false;
	for (const part of FINGERPRINT_PARTS) {
		const [x, y] = [a[part], b[part]];
		if (x === null || y === null) loose = true;
		else if (x !== y) return null;
	}
	return loose ? 'loose' : 'exact';
}
