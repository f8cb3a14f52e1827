// Terse output has no block size, and no I/O count: only bandwidth and IOPS, which fio truncates to an integer
// (stat.c show_ddir_status_terse). bw ÷ IOPS gives the block size when it lands within 0.5 % of a multiple of
// 512 B and that multiple is the only one the truncation allows (the true IOPS lies in [IOPS, IOPS + 1)).
import { KIB } from '../../units.ts';
import type { Warning } from '../parse-result.ts';

const SECTOR = 512;
const CLOSE = 0.005;

export interface DerivedBlockSize {
	runKey: string;
	direction: string;
	line: number;
	bytes: number;
}

/** The block size behind `bwBytesPerS` at `iops`, or null when the figures do not pin one down. */
export function blockSizeFromRates(bwBytesPerS: number, iops: number, ioBytes: number, runtimeMs: number): number | null {
	if (!(iops > 0 && bwBytesPerS > 0 && ioBytes > 0 && runtimeMs > 0)) return null;
	const perIo = bwBytesPerS / iops;
	const candidate = Math.round(perIo / SECTOR) * SECTOR;
	if (candidate === 0 || Math.abs(perIo - candidate) > CLOSE * candidate) return null;
	// The bandwidth itself is io (whole KiB) over whole milliseconds.
	const slack = KIB / ioBytes + 1 / runtimeMs;
	const low = (bwBytesPerS / (iops + 1)) * (1 - slack);
	const high = perIo * (1 + slack);
	const multiples = Math.floor(high / SECTOR) - Math.ceil(low / SECTOR) + 1;
	return multiples === 1 && candidate >= low && candidate <= high ? candidate : null;
}

/** One warning naming every row whose block size was derived, grouped by size. */
export function derivedBlockSizeWarning(derived: DerivedBlockSize[]): Warning | null {
	if (derived.length === 0) return null;
	const bySize = new Map<number, string[]>();
	for (const d of derived) bySize.set(d.bytes, [...(bySize.get(d.bytes) ?? []), `${d.runKey} ${d.direction}`]);
	const lists = [...bySize].map(([bytes, rows]) => `${bytes} B for ${rows.join(', ')}`);
	return {
		code: 'BLOCK_SIZE_DERIVED',
		message: `terse output has no block size; derived from bandwidth ÷ IOPS (within 0.5 % of a multiple of 512 B): ${lists.join('; ')}`,
		line: derived[0]!.line,
	};
}
