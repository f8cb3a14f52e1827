// fio's latency histogram buckets (stat.h / stat.c: plat_idx_to_val, plat_val_to_idx).
// 64 buckets per group; 19 groups (1216 buckets, µs) in fio 2.x, 29 groups (1856, ns) in 3.x.

export const PLAT_BITS = 6;
export const PLAT_VAL = 1 << PLAT_BITS;
export const GROUPS_V2 = 19;
export const GROUPS_V3 = 29;

/** Lower (inclusive) and upper (exclusive) edge of bucket `idx`, in the histogram's own unit. */
export function bucketEdges(idx: number): { lower: number; upper: number } {
	if (idx < PLAT_VAL * 2) return { lower: idx, upper: idx + 1 };
	const errorBits = Math.floor(idx / PLAT_VAL) - 1;
	const base = 2 ** (errorBits + PLAT_BITS);
	const k = idx % PLAT_VAL;
	const width = 2 ** errorBits;
	return { lower: base + k * width, upper: base + (k + 1) * width };
}

/** fio's representative value of bucket `idx` (the key of json+ `bins`). */
export function bucketValue(idx: number): number {
	if (idx < PLAT_VAL * 2) return idx;
	const errorBits = Math.floor(idx / PLAT_VAL) - 1;
	const base = 2 ** (errorBits + PLAT_BITS);
	const k = idx % PLAT_VAL;
	return Math.floor(base + (k + 0.5) * 2 ** errorBits);
}

/** Bucket index of a latency value (json+ keys from fio ≥ 2.20 are bucket values). */
export function bucketIndex(value: number, groups: number = GROUPS_V3): number {
	const v = Math.floor(value);
	const nr = groups * PLAT_VAL;
	const msb = v <= 0 ? 0 : v.toString(2).length - 1;
	if (msb <= PLAT_BITS) return v;
	const errorBits = msb - PLAT_BITS;
	const base = (errorBits + 1) << PLAT_BITS;
	const offset = (PLAT_VAL - 1) & Math.floor(v / 2 ** errorBits);
	return Math.min(base + offset, nr - 1);
}
