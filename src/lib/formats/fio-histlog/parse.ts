// fio completion-latency histogram logs (write_hist_log + log_hist_msec, iolog.c
// flush_hist_samples()): `time_ms, ddir, bs, c0 … cN-1`, the counts of fio's latency buckets
// since the previous line of that direction. N is fio's bucket count (1216 in 2.x, µs; 1856 in
// 3.x, ns) divided by 2^log_hist_coarseness; the two families never share a length.
import { bucketEdges, GROUPS_V2, GROUPS_V3, PLAT_VAL } from '../fio/histogram-bins.ts';
import { NS_PER_US } from '../../units.ts';
import type { FioLatencyUnit } from '../fio/version.ts';
import { IO_DIRECTIONS } from '../fio/options.ts';
import { newCursor, readField, skipBlankLine, textStart, unterminatedWarning } from '../fio-log/tokenizer.ts';
import { ParseError, emptyResult, type ParseResult, type ParsedHistogram } from '../parse-result.ts';

export interface FioHistLogOptions {
	/** Cross-check only: the column count already tells µs (fio 2.x) from ns (3.x). */
	latencyUnit?: FioLatencyUnit;
}

const MAX_COARSENESS = 6;

interface Scale {
	/** Buckets fio keeps (un-coarsened). */
	buckets: number;
	coarseness: number;
	unit: FioLatencyUnit;
}

/** The fio bucket scale a line of `bins` counts belongs to, or undefined. */
export function histLogScale(bins: number): Scale | undefined {
	for (const [groups, unit] of [
		[GROUPS_V2, 'us'],
		[GROUPS_V3, 'ns'],
	] as const) {
		const buckets = groups * PLAT_VAL;
		for (let c = 0; c <= MAX_COARSENESS; c++) if (buckets >> c === bins) return { buckets, coarseness: c, unit };
	}
	return undefined;
}

const HIST_NAME = /^(.+)_clat_hist(?:\.(\d+))?\.log$/;

/** fio's histogram log naming, `<prefix>_clat_hist[.N].log`; jobIndex = N as written (1-based). */
export function fioHistLogFromName(fileName: string): { jobIndex: number | null } | undefined {
	const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
	const m = HIST_NAME.exec(base);
	if (!m) return undefined;
	return { jobIndex: m[2] === undefined ? null : Number(m[2]) };
}

const FIELD_NAMES = ['time', 'ddir', 'bs'];

/** fio histogram log → histogram rows (only non-empty bins), run_key 'hist'. */
export function parseFioHistLog(text: string, file: string, opts: FioHistLogOptions = {}): ParseResult {
	const result = emptyResult();
	const out: ParsedHistogram[] = [];
	const len = text.length;
	const c = newCursor(textStart(text));
	let counts: Float64Array = new Float64Array(0);
	let nCols = 0;
	let scale: Scale | undefined;
	let edges: { index: number; lower: number; upper: number | null }[] = [];
	let line = 0;
	// fio appends a job's histogram lines in time order: a line that goes back is a joined or damaged log.
	let lastTime = -1;
	let backwards = 0;
	let back: { line: number; from: number; to: number } | null = null;
	while (c.pos < len) {
		line++;
		const next = skipBlankLine(text, len, c.pos);
		if (next >= 0) {
			c.pos = next;
			continue;
		}
		let time = 0;
		let ddir = 0;
		let k = 0;
		let end: number;
		do {
			end = readField(text, len, c);
			const field = k < 3 ? FIELD_NAMES[k]! : `c${k - 3}`;
			if (end < 0) throw new ParseError('HISTLOG_NUMBER', file, { line, field }, c.error);
			if (c.hex) throw new ParseError('HISTLOG_NUMBER', file, { line, field }, 'is a hex number; histogram logs hold decimals only');
			if (k === 0) time = c.value;
			else if (k === 1) ddir = c.value;
			else if (k >= 3) {
				if (k - 3 >= counts.length) counts = grow(counts);
				counts[k - 3] = c.value;
			}
			k++;
		} while (end === 0);
		if (end === 2) {
			result.warnings.push(unterminatedWarning(line));
			break;
		}
		if (!scale) {
			scale = histLogScale(k - 3);
			if (!scale) {
				throw new ParseError(
					'HISTLOG_COLUMNS',
					file,
					{ line },
					`has ${k} columns: time, ddir, bs and ${Math.max(k - 3, 0)} bins, which is neither fio 2.x (1216 >> c) ` +
						'nor 3.x (1856 >> c) for log_hist_coarseness c = 0…6',
				);
			}
			if (opts.latencyUnit && opts.latencyUnit !== scale.unit) {
				const family = (unit: FioLatencyUnit) => (unit === 'us' ? 'fio 2.x (µs)' : 'fio 3.x (ns)');
				const reason =
					`${k - 3} bins are ${family(scale.unit)} buckets, but the fio version of its run writes ${family(opts.latencyUnit)} ones: ` +
					'a log of another run, or a wrong fio_version in raw/runs.yaml?';
				throw new ParseError('HISTLOG_UNIT_CONFLICT', file, { line }, reason);
			}
			nCols = k;
			edges = mergedBucketEdges(scale);
		} else if (k !== nCols) {
			throw new ParseError('HISTLOG_COLUMNS', file, { line }, `has ${k} columns where the first line has ${nCols}`);
		}
		if (ddir > 2) {
			throw new ParseError('HISTLOG_VALUE', file, { line, field: 'ddir' }, `is ${ddir}; fio logs only 0 (read), 1 (write) or 2 (trim)`);
		}
		if (time < lastTime) {
			backwards++;
			back ??= { line, from: lastTime, to: time };
		}
		lastTime = time;
		const direction = IO_DIRECTIONS[ddir]!;
		for (let j = 0; j < edges.length; j++) {
			const count = counts[j]!;
			if (count === 0) continue;
			const e = edges[j]!;
			out.push({
				run_key: 'hist',
				direction,
				stat: 'clat',
				source: 'fio-histlog',
				time_ms: time,
				bin_index: e.index,
				bin_lower_ns: e.lower,
				bin_upper_ns: e.upper,
				count,
			});
		}
	}
	if (back) {
		const more = backwards > 1 ? ` (${backwards} lines go back in all)` : '';
		const message = `time goes back from ${back.from} to ${back.to} ms${more}: fio writes a job's histogram log in time order, so this looks like logs joined together or a damaged file`;
		result.warnings.push({ code: 'LOG_TIME_BACKWARDS', message, line: back.line });
	}
	result.histograms = out;
	return result;
}

function grow(a: Float64Array): Float64Array {
	const b = new Float64Array(Math.max(64, a.length * 2));
	b.set(a);
	return b;
}

/**
 * Edges, in ns, of each merged bucket: it starts at fio bucket j·2^c and spans 2^c buckets.
 * fio's last bucket also takes every larger value (plat_val_to_idx clamps), so it has no upper edge.
 */
function mergedBucketEdges(s: Scale): { index: number; lower: number; upper: number | null }[] {
	const stride = 1 << s.coarseness;
	const toNs = s.unit === 'us' ? NS_PER_US : 1;
	const out = [];
	for (let first = 0; first < s.buckets; first += stride) {
		const last = first + stride - 1;
		out.push({
			index: first,
			lower: bucketEdges(first).lower * toNs,
			upper: last === s.buckets - 1 ? null : bucketEdges(last).upper * toNs,
		});
	}
	return out;
}
