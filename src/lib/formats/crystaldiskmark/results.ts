// One result line of a CrystalDiskMark text → its test (pattern, block size, queues, threads) and
// its three numbers. Two layouts (OTHER_FORMATS.md §4, DiskMarkDlg.cpp `GetResultString`):
//   7.x/8.x  `  SEQ    1MiB (Q=  8, T= 1):   534.383 MB/s [    509.6 IOPS] < 15662.75 us>`
//            (7.0 spells the pattern `Sequential` / `Random`), under a `[Read]`, `[Write]` or `[Mix]` heading;
//   5.x/6.x  `   Sequential Read (Q= 32,T= 1) :   560.345 MB/s` and
//            `  Random Read 4KiB (Q=  8,T= 8) :     7.892 MB/s [   1926.8 IOPS]` (no latency, no headings;
//            5.x also writes `Sequential Read (T= 1)` without a queue depth).
import { KIB, MB, MIB, NS_PER_US } from '../../units.ts';
import { decimalTimes, parseDecimal } from './common.ts';
import { fail, type FileContext } from '../parse-result.ts';

export type Section = 'read' | 'write' | 'mix';

export interface ResultLine {
	line: number;
	section: Section;
	access: 'sequential' | 'random';
	/** null when the line does not print it (5.x/6.x sequential lines). */
	blockBytes: number | null;
	/** CrystalDiskMark's own test name, e.g. "SEQ1M Q8T1", "RND4K Q32T16", "SEQ Q32T1". */
	name: string;
	queues: number | null;
	threads: number;
	/** Decimal MB/s as printed. */
	mbPerS: number;
	/** The same in bytes/s (MB/s × 1,000,000). */
	bwBytesPerS: number;
	iops: number | null;
	/** Latency as printed (µs) and in ns. */
	latencyUs: number | null;
	latencyNs: number | null;
}

/** A printed decimal and its value in base units. */
function scaled(ctx: FileContext, text: string, line: number, field: string, factor: number): { value: number; base: number } {
	const value = parseDecimal(ctx, text, line, field);
	return { value, base: decimalTimes(text, factor) };
}

/** Lines that claim to be results: anything else that starts this way is a cut or garbled result line. */
export const RESULT_START = /^\s*(?:SEQ|RND|Sequential|Random)\b/;

const MODERN = /^\s*(SEQ|RND|Sequential|Random)\s+(\S+)\s*\(Q=\s*([^,]*),\s*T=\s*([^)]*)\)\s*:\s*(\S+)\s+MB\/s\s*\[\s*(\S+)\s+IOPS\s*\]\s*<\s*(\S+)\s+us\s*>\s*$/;
const LEGACY =
	/^\s*(Sequential|Random)\s+(Read|Write)(?:\s+(\S+))?\s*\((?:Q=\s*([^,]*),\s*)?T=\s*([^)]*)\)\s*:\s*(\S+)\s+MB\/s(?:\s*\[\s*(\S+)\s+IOPS\s*\])?\s*$/;

/** Block sizes are binary whatever the letters (KiB/MiB since 5.x; "4KB" meant 4096 bytes before). */
const BLOCK = /^(\d+)(KiB|MiB|KB|MB)$/;

function blockOf(ctx: FileContext, text: string, line: number): { bytes: number; label: string } {
	const m = BLOCK.exec(text);
	if (!m) fail(ctx, 'BAD_BLOCK_SIZE', { line, field: 'block size' }, `"${text.slice(0, 20)}" is not a block size (e.g. 4KiB, 1MiB)`);
	const mebi = m[2]!.startsWith('M');
	return { bytes: Number(m[1]) * (mebi ? MIB : KIB), label: `${m[1]}${mebi ? 'M' : 'K'}` };
}

function count(ctx: FileContext, text: string, line: number, field: string): number {
	const t = text.trim();
	if (!/^\d+$/.test(t) || Number(t) === 0) fail(ctx, 'BAD_NUMBER', { line, field }, `"${t.slice(0, 20)}" is not a positive whole number`);
	return Number(t);
}

function nameOf(access: 'sequential' | 'random', block: string | null, queues: number | null, threads: number): string {
	return `${access === 'sequential' ? 'SEQ' : 'RND'}${block ?? ''} ${queues === null ? '' : `Q${queues}`}T${threads}`;
}

/** The line as a result, or undefined when it is not one; a line that starts like one but does not parse throws. */
export function parseResultLine(ctx: FileContext, text: string, line: number, section: Section | null): ResultLine | undefined {
	if (!RESULT_START.test(text)) return undefined;
	const modern = MODERN.exec(text);
	if (modern) {
		if (section === null) fail(ctx, 'UNEXPECTED_LINE', { line }, 'result line before any [Read], [Write] or [Mix] heading');
		const access = modern[1] === 'SEQ' || modern[1] === 'Sequential' ? 'sequential' : 'random';
		const block = blockOf(ctx, modern[2]!, line);
		const queues = count(ctx, modern[3]!, line, 'Q');
		const threads = count(ctx, modern[4]!, line, 'T');
		const bw = scaled(ctx, modern[5]!, line, 'MB/s', MB);
		const lat = scaled(ctx, modern[7]!, line, 'us', NS_PER_US);
		return {
			line,
			section,
			access,
			blockBytes: block.bytes,
			name: nameOf(access, block.label, queues, threads),
			queues,
			threads,
			mbPerS: bw.value,
			bwBytesPerS: bw.base,
			iops: parseDecimal(ctx, modern[6]!, line, 'IOPS'),
			latencyUs: lat.value,
			latencyNs: lat.base,
		};
	}
	const legacy = LEGACY.exec(text);
	if (legacy) {
		const access = legacy[1] === 'Sequential' ? 'sequential' : 'random';
		const block = legacy[3] === undefined ? null : blockOf(ctx, legacy[3], line);
		const queues = legacy[4] === undefined ? null : count(ctx, legacy[4], line, 'Q');
		const threads = count(ctx, legacy[5]!, line, 'T');
		const bw = scaled(ctx, legacy[6]!, line, 'MB/s', MB);
		return {
			line,
			section: legacy[2] === 'Read' ? 'read' : 'write',
			access,
			blockBytes: block?.bytes ?? null,
			name: nameOf(access, block?.label ?? null, queues, threads),
			queues,
			threads,
			mbPerS: bw.value,
			bwBytesPerS: bw.base,
			iops: legacy[7] === undefined ? null : parseDecimal(ctx, legacy[7], line, 'IOPS'),
			latencyUs: null,
			latencyNs: null,
		};
	}
	return fail(ctx, 'BAD_RESULT_LINE', { line }, `result line is cut short or garbled: "${text.trim().slice(0, 60)}"`);
}
