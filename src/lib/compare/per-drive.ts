// Per-drive figures. A result of several drives loaded at once (8 drives in one server, results summed) is compared
// per drive: IOPS and bandwidth divided by the drives that carried them, marked as derived, the total still shown.
// Latency is never divided. A host-bound aggregate (the host, not the drives, set the total) is not divided: it is
// marked and left out of wins.
import type { RunRow } from '../schema.ts';

export type DriveRow = Pick<RunRow, 'device_count' | 'value_origin' | 'condition'>;

/**
 * How many drives carried a result: the row's device_count; a result read from a tool's own output without one ran
 * on one device; a published figure that does not say is unknown (null).
 */
export function drivesOf(row: DriveRow): number | null {
	if (row.device_count !== null) return row.device_count;
	return row.value_origin === 'published' ? null : 1;
}

// Words a review uses for a total the host limited: "CPU-saturated", "host-bound", "platform bottleneck".
const HOST_BOUND = /saturat|host[- ]bound|cpu[- ]bound|bottleneck|platform[- ]limit|limited by the (host|platform|cpu)/i;

/** A total the host, not the drives, set (said so in its condition): dividing it by the drives would mislead. */
export function hostBound(row: DriveRow): boolean {
	return (drivesOf(row) ?? 1) > 1 && row.condition !== null && HOST_BOUND.test(row.condition);
}

export interface PerDriveValue {
	/** The figure per drive (the total when not divided). */
	value: number;
	/** The figure as measured or published: the sum over the drives. */
	total: number;
	/** Drives that carried it; null when the source does not say. */
	drives: number | null;
	/** Divided here by the drives (a derived figure). */
	divided: boolean;
	/** A host-bound total of several drives: not divided, left out of wins. */
	hostBound: boolean;
}

/** A rate (IOPS, bandwidth, TPS) per drive. */
export function perDriveRate(row: DriveRow, total: number): PerDriveValue {
	const drives = drivesOf(row);
	const bound = hostBound(row);
	const divided = drives !== null && drives > 1 && !bound;
	return { value: divided ? total / drives : total, total, drives, divided, hostBound: bound };
}

/** A result with its rates per drive (IOPS, bandwidth, TPS divided as perDriveRate divides them), for charts of drives. */
export function perDriveRow<R extends DriveRow & Pick<RunRow, 'iops' | 'bw_bytes_per_s' | 'tps'>>(row: R): R {
	const per = (v: number | null) => (v === null ? null : perDriveRate(row, v).value);
	const drives = drivesOf(row);
	if (drives === null || drives <= 1 || hostBound(row)) return row;
	return { ...row, iops: per(row.iops), bw_bytes_per_s: per(row.bw_bytes_per_s), tps: per(row.tps) };
}
