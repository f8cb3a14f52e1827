// Slots: a named workload that a figure must fit to stand in it — a catalog column ("4K random read, per drive,
// QD ≥ 32"), a corner of the four-corners chart, a "Your drive" corner. A result fits when its fingerprint is the
// slot's (access, pure direction, block size) and its load is in the slot's range; a 65/35 mix is no random read.
import type { RunRow } from '../schema.ts';
import { KIB } from '../units.ts';
import { fingerprintOf, type Access, type FingerprintRow } from './fingerprint.ts';

export interface Slot {
	key: string;
	access: Exclude<Access, 'mixed'>;
	direction: 'read' | 'write';
	block_size_bytes: number;
	/** Outstanding I/Os (QD × jobs, per drive) the result must be at: a range, bounds included; absent: any load. */
	outstanding?: { min?: number; max?: number };
}

const pure = (direction: Slot['direction']) => (direction === 'read' ? 100 : 0);

/** Whether a result fits a slot: its fingerprint is the slot's and its load in range (an unknown load, or a rate step, fits no range). */
export function fitsSlot(row: FingerprintRow, slot: Slot): boolean {
	const fp = fingerprintOf(row);
	if (!fp || fp.direction !== slot.direction || fp.access !== slot.access) return false;
	if (fp.read_pct !== pure(slot.direction) || fp.block_size_bytes !== slot.block_size_bytes) return false;
	const range = slot.outstanding;
	// A slot of any load takes a rate step too (a ramp's steps are loads); a slot of a load range takes unthrottled runs.
	if (!range) return true;
	if (fp.rate_limit_iops !== null) return false;
	if (fp.outstanding === null) return false;
	return (range.min === undefined || fp.outstanding >= range.min) && (range.max === undefined || fp.outstanding <= range.max);
}

/** The four corners a drive is summed up by: 128 KiB sequential read and write, 4 KiB random read and write, any load. */
export const CORNER_SLOTS = [
	{ key: 'seq_read', access: 'sequential', direction: 'read', block_size_bytes: 128 * KIB },
	{ key: 'seq_write', access: 'sequential', direction: 'write', block_size_bytes: 128 * KIB },
	{ key: 'rand_read', access: 'random', direction: 'read', block_size_bytes: 4 * KIB },
	{ key: 'rand_write', access: 'random', direction: 'write', block_size_bytes: 4 * KIB },
] as const satisfies readonly Slot[];

/** The slot of the list a result fits, if any. */
export function slotOf<S extends Slot>(row: Pick<RunRow, keyof FingerprintRow>, slots: readonly S[]): S | undefined {
	return slots.find((s) => fitsSlot(row, s));
}

/** A catalog column: a slot, the quantity it shows and which end of it is best (the default sort: best first). */
export interface ColumnSlot extends Slot {
	quantity: 'iops' | 'bandwidth' | 'latency';
	unit: 'IOPS' | 'bytes/s' | 'ns';
	best: 'max' | 'min';
}

/**
 * The catalog's columns, and the drive page's headline figures: IOPS and bandwidth per drive, latency as measured.
 * Random IOPS at 32 outstanding I/Os or more (a spec sheet's load; CrystalDiskMark's 16 × QD32 counts as 512), the
 * mean latency at exactly one.
 */
export const CATALOG_SLOTS = [
	{ key: 'rand_read_4k_iops', access: 'random', direction: 'read', block_size_bytes: 4 * KIB, outstanding: { min: 32 }, quantity: 'iops', unit: 'IOPS', best: 'max' },
	{ key: 'rand_write_4k_iops', access: 'random', direction: 'write', block_size_bytes: 4 * KIB, outstanding: { min: 32 }, quantity: 'iops', unit: 'IOPS', best: 'max' },
	{ key: 'seq_read_128k_bw', access: 'sequential', direction: 'read', block_size_bytes: 128 * KIB, quantity: 'bandwidth', unit: 'bytes/s', best: 'max' },
	{ key: 'seq_write_128k_bw', access: 'sequential', direction: 'write', block_size_bytes: 128 * KIB, quantity: 'bandwidth', unit: 'bytes/s', best: 'max' },
	{ key: 'qd1_rand_read_lat_ns', access: 'random', direction: 'read', block_size_bytes: 4 * KIB, outstanding: { min: 1, max: 1 }, quantity: 'latency', unit: 'ns', best: 'min' },
] as const satisfies readonly ColumnSlot[];

export type CatalogSlotKey = (typeof CATALOG_SLOTS)[number]['key'];
