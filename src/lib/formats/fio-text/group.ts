// "Run status group N (all jobs):" and its per-direction lines (stat.c show_group_stats):
//   ≥2.17: `   READ: bw=111MiB/s (116MB/s), 111MiB/s-111MiB/s (116MB/s-116MB/s), io=4096MiB (4295MB), run=36978-36978msec`
//   ≤2.16: `   READ: io=29854MB, aggrb=254726KB/s, minb=254726KB/s, maxb=254726KB/s, mint=120014msec, maxt=120014msec`
// The group's bandwidth is its bytes over the longest member runtime (maxt / run max).
import type { Direction } from '../../schema.ts';
import { ParseError } from '../parse-result.ts';
import { printedAmount } from './amount.ts';
import type { PrintedAmount } from './amount.ts';
import { plainNumber } from './common.ts';

export const GROUP_HEADER = /^Run status group (\d+) \(all jobs\):\s*$/;
export const GROUP_LINE_PREFIX = /^\s*(READ|WRITE|TRIM|MIXED): (?:bw=|io=)/;
const GROUP_IEC =
	/^\s*(READ|WRITE|TRIM|MIXED): bw=(\S+) \((\S+)\), \S+-\S+ \(\S+-\S+\), io=(\S+) \((\S+)\), run=(\d+)-(\d+)msec$/;
const GROUP_KB_BASE = /^\s*(READ|WRITE|TRIM|MIXED): io=(\S+), aggrb=(\S+), minb=\S+, maxb=\S+, mint=(\d+)msec, maxt=(\d+)msec$/;

export interface GroupDir {
	direction: Direction;
	line: number;
	/** The kb_base form first, then (≥ 2.17) the other one. */
	bw: PrintedAmount[];
	io: PrintedAmount[];
	runtimeMs: number;
}

export function parseGroupLine(text: string, line: number, file: string): GroupDir {
	const amount = (t: string, kind: 'rate' | 'size', explicit: boolean) => printedAmount(t, kind, explicit, file, line);
	let m = GROUP_IEC.exec(text);
	if (m) {
		return {
			direction: m[1]!.toLowerCase() as Direction,
			line,
			bw: [amount(m[2]!, 'rate', true), amount(m[3]!, 'rate', true)],
			io: [amount(m[4]!, 'size', true), amount(m[5]!, 'size', true)],
			runtimeMs: plainNumber(m[7]!, file, line, 'run max msec'),
		};
	}
	m = GROUP_KB_BASE.exec(text);
	if (m) {
		return {
			direction: m[1]!.toLowerCase() as Direction,
			line,
			bw: [amount(m[3]!, 'rate', false)],
			io: [amount(m[2]!, 'size', false)],
			runtimeMs: plainNumber(m[5]!, file, line, 'maxt msec'),
		};
	}
	throw new ParseError('BAD_GROUP_LINE', file, { line }, `group line not understood: "${text.slice(0, 120)}"`);
}
