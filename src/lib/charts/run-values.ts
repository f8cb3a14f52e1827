// Reading the plotted quantities out of a `runs` row, in display units, with the documented fallbacks.
import type { RunRow } from '../schema.ts';
import { bandwidthFromBytesPerS, latencyFromNs } from './display-units.ts';
import type { LatencyStatistic, LatencyUnit, RateUnit } from './options.ts';

type LatencyColumn = {
	[K in keyof RunRow]: K extends `${'lat' | 'clat'}_${string}_ns` ? K : never;
}[keyof RunRow];

/**
 * Columns tried in order for each statistic. The mean is total latency first (what Iometer and published
 * figures report); percentiles are completion latency first (what fio reports unless lat_percentiles=1).
 */
export const STAT_COLUMNS: Record<LatencyStatistic, readonly [LatencyColumn, LatencyColumn]> = {
	mean: ['lat_mean_ns', 'clat_mean_ns'],
	p50: ['clat_p50_ns', 'lat_p50_ns'],
	p99: ['clat_p99_ns', 'lat_p99_ns'],
	p99_9: ['clat_p99_9_ns', 'lat_p99_9_ns'],
	p99_99: ['clat_p99_99_ns', 'lat_p99_99_ns'],
};

export interface LatencyValue {
	value: number;
	column: LatencyColumn;
}

/** The chosen latency statistic of a run in `unit`, and the column it came from; null when not measured. */
export function latencyOf(row: RunRow, stat: LatencyStatistic, unit: LatencyUnit): LatencyValue | null {
	for (const column of STAT_COLUMNS[stat]) {
		const ns = row[column];
		if (ns !== null) return { value: latencyFromNs(ns, unit), column };
	}
	return null;
}

/**
 * IOPS or bandwidth of a run. Each falls back to the other through the block size when only one was
 * recorded (published figures often give one of the two).
 */
export function rateOf(row: RunRow, unit: RateUnit): number | null {
	const bs = row.block_size_bytes;
	if (unit === 'iops') {
		if (row.iops !== null) return row.iops;
		return row.bw_bytes_per_s !== null && bs ? row.bw_bytes_per_s / bs : null;
	}
	const bytesPerS = row.bw_bytes_per_s ?? (row.iops !== null && bs !== null ? row.iops * bs : null);
	return bytesPerS === null ? null : bandwidthFromBytesPerS(bytesPerS, unit);
}

/** Outstanding I/Os: iodepth × numjobs (a missing factor counts as 1); null when neither is known. */
export function outstandingOf(row: RunRow): number | null {
	if (row.iodepth === null && row.numjobs === null) return null;
	return (row.iodepth ?? 1) * (row.numjobs ?? 1);
}

/** Sort key by load: rate-stepped runs by their target rate, then unthrottled runs by outstanding I/Os. */
export function compareByLoad(a: RunRow, b: RunRow): number {
	const ka = loadKey(a);
	const kb = loadKey(b);
	return ka[0] - kb[0] || ka[1] - kb[1] || (a.run_id < b.run_id ? -1 : a.run_id > b.run_id ? 1 : 0);
}

function loadKey(row: RunRow): [number, number] {
	if (row.rate_limit_iops !== null) return [0, row.rate_limit_iops];
	const outstanding = outstandingOf(row);
	return outstanding === null ? [2, 0] : [1, outstanding];
}

export interface Candidate {
	published: boolean;
	value: number;
	run_id: string;
}

/** Which of two results one bar shows: measured before published, then the higher value, then the lower run id. */
export function preferResult<T extends Candidate>(a: T, b: T): T {
	if (a.published !== b.published) return a.published ? b : a;
	if (a.value !== b.value) return a.value > b.value ? a : b;
	return a.run_id <= b.run_id ? a : b;
}

/** The best candidate per key (see preferResult), in order of first appearance. */
export function bestPerKey<T extends Candidate>(items: readonly T[], keyOf: (item: T) => string): T[] {
	const best = new Map<string, T>();
	for (const item of items) {
		const k = keyOf(item);
		const current = best.get(k);
		best.set(k, current ? preferResult(current, item) : item);
	}
	return [...best.values()];
}

/** random / sequential from `access`, or from fio's rw= when access is not recorded. */
export function accessOf(row: Pick<RunRow, 'access' | 'rw'>): string | null {
	if (row.access !== null) return row.access;
	if (row.rw === null) return null;
	if (/^rand/.test(row.rw)) return 'random';
	if (['read', 'write', 'rw', 'readwrite', 'trim'].includes(row.rw)) return 'sequential';
	return null;
}
