// The four corners a drive is summed up by: 128 KiB sequential read and write, 4 KiB random read and write. Apart
// from the chart (no Plot here), so the comparison can tell which results are corners without loading the chart library.
// A result stands in a corner only when its fingerprint fits the corner's slot (compare/slots.ts): pure reads or
// writes at that block size and access, so a 65/35 mix is in no corner.
import type { RunRow } from '../schema.ts';
import { CORNER_SLOTS, slotOf } from '../compare/slots.ts';

export const CORNERS = CORNER_SLOTS.map((s) => ({ ...s, panel: s.access === 'sequential' ? 'seq' : 'rand', blockSize: s.block_size_bytes }) as const);

export type Corner = (typeof CORNERS)[number];

/** The corner a result is, if any. */
export function cornerOf(row: RunRow): Corner | undefined {
	const slot = slotOf(row, CORNER_SLOTS);
	return slot && CORNERS.find((c) => c.key === slot.key);
}
