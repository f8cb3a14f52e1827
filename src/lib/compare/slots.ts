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

/** Whether a result fits a slot: its fingerprint is the slot's and its load in range (an unknown load fits no range). */
export function fitsSlot(row: FingerprintRow, slot: Slot): boolean {
	const fp = fingerprintOf(row);
	if (!fp || fp.direction !== slot.direction || fp.access !== slot.access) return false;
	if (fp.read_pct !== pure(slot.direction) || fp.block_size_bytes !== slot.block_size_bytes || fp.rate_limit_iops !== null) return false;
	const range = slot.outstanding;
	if (!range) return true;
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
