// The text output's `Input parameters:` block (one `timespan:` after another, each with its
// `path:` targets) and the `System information:` block after it (2.0.18+). Both are indented
// lines; the block ends at the first non-blank line that is not indented. Lines not listed here
// (cache flags, think time, priority…) say nothing the schema keeps.
import { count, decimal, diskSpdTime } from './common.ts';
import type { TargetConfig, TimeSpanConfig } from './model.ts';
import { KIB, MIB, GIB, TIB } from '../../units.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

export interface Profile {
	timespans: TimeSpanConfig[];
	startedAt: string | null;
}

const SIZE_UNITS: Record<string, number> = { '': 1, B: 1, KiB: KIB, MiB: MIB, GiB: GIB, TiB: TIB, PiB: TIB * KIB };

/**
 * `block size:` is bytes up to 2.1 ("4096") and Util::GetSizeKMGT from 2.2 on: "4KiB", or
 * "%.2f" of a unit ("1.50KiB") when not a whole number of it, which may not give the bytes back.
 */
function blockSize(ctx: FileContext, text: string, line: number): number | null {
	const m = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB|PiB)?$/.exec(text);
	if (!m) fail(ctx, 'BAD_PARAMETER', { line, field: 'block size' }, `"${text.slice(0, 40)}" is not a block size`);
	const bytes = Number(m[1]) * SIZE_UNITS[m[2] ?? '']!;
	if (!Number.isInteger(bytes) || (m[1]!.includes('.') && m[2])) {
		warn(ctx, 'BLOCK_SIZE_ROUNDED', { line, field: 'block size' }, `block size "${text}" is rounded by DiskSpd; the exact bytes are unknown`);
		return null;
	}
	return bytes;
}

function newTarget(path: string): TargetConfig {
	return { path, blockSizeBytes: null, writePct: null, randomPct: null, requestCount: null, rateLimitIops: null };
}

const isBlockLine = (text: string) => text === '' || /^\s/.test(text);

/** Reads from the line after `Input parameters:`; returns the profile and the first line after both blocks. */
export function parseParameters(ctx: FileContext, lines: string[], start: number): { profile: Profile; next: number } {
	const profile: Profile = { timespans: [], startedAt: null };
	let span: TimeSpanConfig | null = null;
	let target: TargetConfig | null = null;
	const currentSpan = (): TimeSpanConfig => {
		if (!span) {
			span = { threadPool: null, requestsPerThread: null, targets: [] };
			profile.timespans.push(span);
		}
		return span;
	};
	const currentTarget = (line: number, what: string): TargetConfig => {
		if (!target) fail(ctx, 'UNEXPECTED_LINE', { line }, `"${what}" before any "path:" line`);
		return target;
	};

	let i = start;
	for (; i < lines.length; i++) {
		const raw = lines[i]!;
		const line = i + 1;
		if (!isBlockLine(raw)) {
			if (raw.trim() === 'System information:') continue;
			break;
		}
		const t = raw.trim();
		let m: RegExpExecArray | null;
		if ((m = /^timespan:\s*(.*)$/.exec(t))) {
			count(ctx, m[1]!, { line, field: 'timespan' });
			span = null;
			target = null;
			currentSpan();
		} else if ((m = /^path: (?:template target )?'(.*)'$/.exec(t))) {
			target = newTarget(m[1]!);
			currentSpan().targets.push(target);
		} else if ((m = /^thread pool with (.*) threads$/.exec(t))) {
			currentSpan().threadPool = count(ctx, m[1]!, { line, field: 'thread pool' });
		} else if ((m = /^number of outstanding I\/O operations(?: per thread)?: (.*)$/.exec(t))) {
			const n = count(ctx, m[1]!, { line, field: 'outstanding I/O operations' });
			// Before any path it is the thread pool's -O; after a path, that target's -o.
			if (target) target.requestCount = n;
			else currentSpan().requestsPerThread = n;
		} else if ((m = /^performing (read|write) test$/.exec(t))) {
			currentTarget(line, t).writePct = m[1] === 'write' ? 100 : 0;
		} else if ((m = /^performing mix test \(read\/write ratio: (.*)\/(.*)\)$/.exec(t))) {
			const read = count(ctx, m[1]!, { line, field: 'read/write ratio' });
			const write = count(ctx, m[2]!, { line, field: 'read/write ratio' });
			if (read + write !== 100) fail(ctx, 'BAD_PARAMETER', { line, field: 'read/write ratio' }, `ratio ${read}/${write} does not add up to 100`);
			currentTarget(line, t).writePct = write;
		} else if ((m = /^block size: (.*)$/.exec(t))) {
			currentTarget(line, t).blockSizeBytes = blockSize(ctx, m[1]!.trim(), line);
		} else if (/^using (?:interlocked )?sequential I\/O \(stride: .*\)$/.test(t)) {
			currentTarget(line, t).randomPct = 0;
		} else if (/^using random I\/O \(alignment: .*\)$/.test(t)) {
			currentTarget(line, t).randomPct = 100;
		} else if ((m = /^using mixed random\/sequential I\/O \((.*)% random\)/.exec(t))) {
			currentTarget(line, t).randomPct = decimal(ctx, m[1]!, { line, field: 'random %' });
		} else if ((m = /^throughput rate-limited to (.*) IOPS$/.exec(t))) {
			currentTarget(line, t).rateLimitIops = count(ctx, m[1]!, { line, field: 'throughput' });
		} else if ((m = /^start time: (.*)$/.exec(t))) {
			const iso = diskSpdTime(m[1]!);
			if (iso) profile.startedAt = iso;
			else warn(ctx, 'BAD_START_TIME', { line, field: 'start time' }, `"${m[1]!.slice(0, 40)}" is not a DiskSpd time stamp; start time unknown`);
		}
	}
	return { profile, next: i };
}
