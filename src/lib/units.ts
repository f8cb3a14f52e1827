// The one place that knows what a unit means. Every conversion to base units
// (bytes, bytes/s, ns, counts) goes through here; no unit constant lives elsewhere.

export const KIB = 1024;
export const MIB = 1024 ** 2;
export const GIB = 1024 ** 3;
export const TIB = 1024 ** 4;
export const KB = 1000;
export const MB = 1000 ** 2;
export const GB = 1000 ** 3;
export const TB = 1000 ** 4;

export const NS_PER_US = 1e3;
export const NS_PER_MS = 1e6;
export const NS_PER_S = 1e9;
export const MS_PER_S = 1e3;

/** fio's `kb_base`: what K/M/G mean in sizes and in its normal output. */
export type KbBase = 1000 | 1024;

/** Time units as tools and reviews print them, to nanoseconds. */
const TIME_UNITS: Record<string, number> = {
	ns: 1,
	nsec: 1,
	us: NS_PER_US,
	usec: NS_PER_US,
	µs: NS_PER_US,
	μs: NS_PER_US,
	微秒: NS_PER_US,
	ms: NS_PER_MS,
	msec: NS_PER_MS,
	毫秒: NS_PER_MS,
	s: NS_PER_S,
	sec: NS_PER_S,
	秒: NS_PER_S,
};

/** Nanoseconds per one `unit` (e.g. "usec", "µs", "毫秒"), or undefined for an unknown unit. */
export function nsPerTimeUnit(unit: string): number | undefined {
	return TIME_UNITS[unit.trim()];
}

/**
 * A unit as the site prints it: the ASCII and Greek-letter spellings of the microsecond that tools and transcriptions
 * use ("us", "usec", "μs") are printed "µs", as every other latency on the site; any other unit stays as written.
 */
export function displayUnit(unit: string): string {
	const u = unit.trim();
	return TIME_UNITS[u] === NS_PER_US && /^[uμ]/.test(u) ? 'µs' : unit;
}

/** Bytes per one size unit. Bare K/M/G and KB/MB/GB follow `kbBase`; KiB/MiB/GiB are always binary. */
export function bytesPerSizeUnit(unit: string, kbBase: KbBase = 1024): number | undefined {
	const u = unit.trim();
	if (u === '' || u === 'B' || u === 'b') return 1;
	const m = /^([kKmMgGtTpP])(i?)[bB]?$/.exec(u);
	if (!m) return undefined;
	const power = 'kmgtp'.indexOf(m[1]!.toLowerCase()) + 1;
	return (m[2] ? 1024 : kbBase) ** power;
}

/**
 * fio size strings ("4k", "128KiB", "1m", "4096"). fio's own trap: with the default
 * kb_base=1024, "4k" and "4KB" are 4096 but "4KiB" is 4000; kb_base=1000 reverses it
 * (HOWTO `bs`, axboe/fio#1396).
 */
export function parseFioSize(text: string, kbBase: KbBase = 1024): number | undefined {
	const m = /^\s*(\d+(?:\.\d+)?)\s*([kKmMgGtTpP]?)(i?)([bB]?)\s*$/.exec(text);
	if (!m) return undefined;
	const value = Number(m[1]);
	if (!m[2]) return value;
	const power = 'kmgtp'.indexOf(m[2].toLowerCase()) + 1;
	const iec = m[3] === 'i';
	const base = iec ? (kbBase === 1024 ? 1000 : 1024) : kbBase;
	return Math.round(value * base ** power);
}

/**
 * Block sizes as written in reviews: "4KiB", "4KB", "4K", "128K", "1MiB", "1.5KB".
 * A block size is always binary, whatever the letters (CHECKS C-02).
 */
export function parseBlockSize(text: string): number | undefined {
	const m = /^\s*(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:i?[bB])?\s*$/.exec(text);
	if (!m) return undefined;
	const power = m[2] ? 'kmg'.indexOf(m[2].toLowerCase()) + 1 : 0;
	return Math.round(Number(m[1]) * 1024 ** power);
}

/** fio's num2str suffixes on counts and latencies ("11404k", "1805.8K", "15.3k", "2M"): decimal. */
export function parseSiSuffixed(text: string): number | undefined {
	const m = /^\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*([kKmMgGtTpP]?)\s*$/.exec(text);
	if (!m) return undefined;
	const power = m[2] ? 'kmgtp'.indexOf(m[2].toLowerCase()) + 1 : 0;
	return Number(m[1]) * 1000 ** power;
}

/** Count multipliers in published figures: "92.8K", "1.91M", "177万", "百万". */
const COUNT_MULTIPLIERS: Record<string, number> = {
	'': 1,
	K: 1e3,
	k: 1e3,
	M: 1e6,
	万: 1e4,
	百万: 1e6,
	亿: 1e8,
};

/** Throughput units, to bytes per second. fio 2.x "KB/s" is NOT here: it depends on kb_base. */
const RATE_UNITS: Record<string, number> = {
	'B/s': 1,
	'KiB/s': KIB,
	'MiB/s': MIB,
	'GiB/s': GIB,
	'kB/s': KB,
	'KB/s': KB,
	'MB/s': MB,
	'GB/s': GB,
	'TB/s': TB,
	MBps: MB,
	MiBps: MIB,
};

/** Bytes/s per one unit of a throughput as printed in a review ("MiB/s", "MB/s", "GB/s"). */
export function bytesPerSecPerRateUnit(unit: string): number | undefined {
	return RATE_UNITS[unit.trim()];
}

/**
 * fio normal-output rates. fio ≤ 2.16 prints "KB/s", "MB/s" meaning kb_base units; fio ≥ 2.17
 * (`explicitPrefixes`) prints IEC "KiB/s" for 1024 and SI "kB/s", "MB/s" for 1000.
 */
export function fioRateToBytesPerSec(value: number, unit: string, kbBase: KbBase, explicitPrefixes = false): number | undefined {
	const m = /^([kKmMgGtT]?)(i?)B\/s$/.exec(unit.trim());
	if (!m) return undefined;
	if (!m[1]) return value;
	const power = 'kmgt'.indexOf(m[1].toLowerCase()) + 1;
	const base = m[2] ? 1024 : explicitPrefixes || m[1] === 'k' ? 1000 : kbBase;
	return value * base ** power;
}

/** fio normal-output sizes like "29854MB" (≤2.16, kb_base units) or "1024MiB"/"4295MB" (≥2.17). */
export function fioSizeToBytes(value: number, unit: string, kbBase: KbBase, explicitPrefixes: boolean): number | undefined {
	const m = /^([kKmMgGtTpP]?)(i?)B$/.exec(unit.trim());
	if (!m) return undefined;
	if (!m[1]) return value;
	const power = 'kmgtp'.indexOf(m[1].toLowerCase()) + 1;
	const base = m[2] ? 1024 : explicitPrefixes ? 1000 : kbBase;
	return value * base ** power;
}

export type PublishedQuantity = 'count' | 'rate' | 'time' | 'ratio' | 'percent' | 'size' | 'other';

export interface PublishedValue {
	/** The value in base units: count, bytes/s, ns, bytes, a plain ratio, or percent. */
	value: number;
	quantity: PublishedQuantity;
	/** Base unit name of `value`. */
	base_unit: 'count' | 'count/s' | 'bytes/s' | 'ns' | 'bytes' | 'ratio' | '%' | string;
}

const SIZE_UNITS_PUBLISHED: Record<string, number> = {
	B: 1,
	KiB: KIB,
	MiB: MIB,
	GiB: GIB,
	TiB: TIB,
	KB: KB,
	MB: MB,
	GB: GB,
	TB: TB,
};

/**
 * A published figure: the number and the unit exactly as printed in a review
 * (results.csv of the seed reviews). Returns undefined when the unit is not known.
 * `value` may carry a count multiplier ("84.3K", "177万").
 */
export function normalizePublished(valueText: string, unitText: string): PublishedValue | undefined {
	const num = parseCount(valueText);
	if (num === undefined) return undefined;
	const unit = unitText.trim();
	const perSecond = /^(IOPS|IOps|iops|TPS|tps|QPS)$/.exec(unit);
	if (perSecond) return { value: num, quantity: 'count', base_unit: 'count/s' };
	const rate = bytesPerSecPerRateUnit(unit);
	if (rate !== undefined) return { value: num * rate, quantity: 'rate', base_unit: 'bytes/s' };
	const ns = nsPerTimeUnit(unit);
	if (ns !== undefined) return { value: num * ns, quantity: 'time', base_unit: 'ns' };
	const size = SIZE_UNITS_PUBLISHED[unit];
	if (size !== undefined) return { value: num * size, quantity: 'size', base_unit: 'bytes' };
	if (unit === '%') return { value: num, quantity: 'percent', base_unit: '%' };
	if (unit === '倍' || unit === 'x' || unit === '×') return { value: num, quantity: 'ratio', base_unit: 'ratio' };
	if (unit === 'V' || unit === 'W' || unit === 'A' || unit === 'h') return { value: num, quantity: 'other', base_unit: unit };
	return undefined;
}

/** "84.3K" → 84300, "177万" → 1770000, "1.91M" → 1910000, "-47.2" → -47.2. */
export function parseCount(text: string): number | undefined {
	const m = /^\s*([-+]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(K|k|M|万|百万|亿)?\s*$/.exec(text);
	if (!m) return undefined;
	return Number(m[1]) * COUNT_MULTIPLIERS[m[2] ?? '']!;
}

/** Drive capacity as printed ("480GB", "7.68TB", "528GiB"): GB/TB decimal as vendors use them, GiB/TiB binary. */
export function parseCapacityBytes(text: string | number): number | undefined {
	if (typeof text === 'number') return text;
	const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB|PB|KiB|MiB|GiB|TiB)\s*$/i.exec(text);
	if (!m) return undefined;
	const unit = m[2]!;
	const binary = /i/.test(unit);
	const power = 'BKMGTP'.indexOf(unit[0]!.toUpperCase());
	return Math.round(Number(m[1]) * (binary ? 1024 : 1000) ** power);
}
