// The four corners a drive is summed up by: 128 KiB sequential read and write, 4 KiB random read and write. Apart
// from the chart (no Plot here), so the comparison can tell which results are corners without loading the chart library.
import type { RunRow } from '../schema.ts';
import { KIB } from '../units.ts';
import { accessOf } from './run-values.ts';

export const CORNERS = [
	{ key: 'seq_read', panel: 'seq', access: 'sequential', blockSize: 128 * KIB, direction: 'read' },
	{ key: 'seq_write', panel: 'seq', access: 'sequential', blockSize: 128 * KIB, direction: 'write' },
	{ key: 'rand_read', panel: 'rand', access: 'random', blockSize: 4 * KIB, direction: 'read' },
	{ key: 'rand_write', panel: 'rand', access: 'random', blockSize: 4 * KIB, direction: 'write' },
] as const;

export type Corner = (typeof CORNERS)[number];

/** The corner a result is, if any. */
export function cornerOf(row: RunRow): Corner | undefined {
	return CORNERS.find(
		(c) => c.direction === row.direction && c.blockSize === row.block_size_bytes && c.access === accessOf(row),
	);
}
