// The job-description lines fio prints before starting:
//   3.x: `name: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=32`
//   2.x: `name: (g=0): rw=randread, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=128`
// They are the only place the normal output names rw, bs and iodepth.
import type { Direction } from '../../schema.ts';
import { parseBlockSize } from '../../units.ts';

export interface JobDescription {
	name: string;
	rw: string;
	/** Block size per direction (read, write, trim); null when a range (bsrange) or unreadable. */
	blockSize: { read: number | null; write: number | null; trim: number | null };
	iodepth: number | null;
}

export const DESCRIPTION_PREFIX = /^(.+?): \(g=\d+\): rw=/;
const DESCRIPTION = /^(.+?): \(g=\d+\): rw=([a-z]+), bs=(.+?), ioengine=[^,]*, iodepth=(\d+)$/;

/** "4096B-4096B" or "4K-4K" → bytes; a range with different ends → null. A block size is always binary. */
function fixedSize(range: string): number | null {
	const m = /^\s*(\S+)-(\S+)\s*$/.exec(range);
	if (!m) return null;
	const lo = parseBlockSize(m[1]!);
	const hi = parseBlockSize(m[2]!);
	return lo !== undefined && lo === hi ? lo : null;
}

function blockSizes(bs: string): JobDescription['blockSize'] {
	let parts: string[];
	if (bs.startsWith('(R)')) {
		// "(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B"
		parts = bs.split(/,\s*(?=\([WT]\))/).map((p) => p.replace(/^\([RWT]\)\s*/, ''));
	} else {
		parts = bs.split('/');
	}
	const at = (i: number) => (parts[i] === undefined ? null : fixedSize(parts[i]!));
	return { read: at(0), write: at(1), trim: at(2) };
}

/** The description line, or null when the line has the prefix but not the expected fields. */
export function parseDescription(line: string): JobDescription | null {
	const m = DESCRIPTION.exec(line);
	if (!m) return null;
	const iodepth = Number(m[4]);
	return {
		name: m[1]!,
		rw: m[2]!,
		blockSize: blockSizes(m[3]!),
		iodepth: Number.isSafeInteger(iodepth) ? iodepth : null,
	};
}

/** Block size of one direction; `mixed` has one only when reads and writes use the same size. */
export function blockSizeFor(d: JobDescription | undefined, direction: Direction): number | null {
	if (!d) return null;
	if (direction !== 'mixed') return d.blockSize[direction];
	const { read, write } = d.blockSize;
	return read !== null && read === write ? read : null;
}
