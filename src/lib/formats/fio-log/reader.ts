// fio bw/iops/lat/clat/slat logs (`write_*_log`, iolog.c flush_samples()): one line per sample,
// `time, value[, value1], ddir, bs[, offset], prio[, issue_time]` — which optional columns a file
// has depends on the fio version and options, so the layout is read from the column count and
// checked against every line. Built for very large per-I/O logs: one pass over the characters,
// numbers parsed by hand into typed arrays; the row API is a thin wrapper over the columns.
import type { LogMetric } from '../../schema.ts';
import { KIB, MS_PER_S, NS_PER_US } from '../../units.ts';
import { ParseError, emptyResult, type ParseResult, type ParsedTimeseries, type Warning } from '../parse-result.ts';
import { parseFioVersion, type FioLatencyUnit } from '../fio/version.ts';
import { checkLine, chooseLayout, latencyUnitFor, readSample, type Plan } from './layout.ts';
import { IO_DIRECTIONS } from '../fio/options.ts';
import { END_COMMA, END_FILE, END_LINE, MAX_FIELDS, isBlank, countLines, newCursor, readField, skipBlankLine, textStart, unterminatedWarning } from './tokenizer.ts';


export interface FioLogOptions {
	metric: LogMetric;
	/** Unit of lat/clat/slat values: µs up to fio 2.21, ns from 2.99. */
	latencyUnit?: FioLatencyUnit;
	/** log_avg_msec the log was written with; window_ms stays NULL when not given (never guessed) or 0. */
	windowMs?: number | null;
	/** fio version that wrote the log: rules out layouts it cannot write and gives the latency unit. */
	fioVersion?: string;
	/** What a windowed value is: fio's log_window_value (log_max_value=1 → 'max'); default 'mean'. */
	windowValue?: 'mean' | 'max';
}

/** value_kind codes of the columnar output. */
export const FIO_LOG_VALUE_KINDS = ['mean', 'max', 'per_io'] as const;
export type FioLogValueKind = (typeof FIO_LOG_VALUE_KINDS)[number];
const KIND_MEAN = 0;
const KIND_MAX = 1;
const KIND_PER_IO = 2;
/** Where each ddir sorts among direction names (read < trim < write). */
const DIRECTION_RANK = [0, 2, 1];

export type FioLogRole = 'time' | 'value' | 'value1' | 'ddir' | 'bs' | 'offset' | 'prio' | 'issue_time';

export interface FioLogColumns {
	seq: Float64Array;
	time_ms: Float64Array;
	/** Codes into IO_DIRECTIONS: fio's ddir 0, 1, 2 (the writer also knows 3 = mixed). */
	direction: Uint8Array;
	/** Codes into FIO_LOG_VALUE_KINDS. */
	value_kind: Uint8Array;
	/** In the metric's base unit: IOPS, bytes/s or ns (see meta.valueColumn). */
	value: Float64Array;
	/** null when the log has no block sizes (windowed logs write 0). */
	block_size_bytes: Float64Array | null;
	/** null when the log has no offsets (no log_offset, or windowed). */
	offset_bytes: Float64Array | null;
	/** null when the log has no priority column (fio < 3.18) or is windowed (fio writes 0 there). */
	prio: Float64Array | null;
}

export interface FioLogMeta {
	metric: LogMetric;
	valueColumn: 'iops' | 'bw_bytes_per_s' | 'lat_ns';
	/** Kind of the first value column; with log_window_value=both every line also gives a 'max' row. */
	valueKind: FioLogValueKind;
	perIo: boolean;
	windowMs: number | null;
	/** Column roles in file order. */
	layout: FioLogRole[];
	/** Unit the latency values were read in; null for bw/iops logs (and for empty logs). */
	latencyUnit: FioLatencyUnit | null;
	/** prio printed as 0x%04x (log_prio=1, fio 3.28+) rather than the 0/1 real-time flag. */
	hexPrio: boolean;
	/** Data lines read (each gives one row, two with log_window_value=both). */
	lines: number;
	/**
	 * Rows already come in the timeseries key order (time_ms, direction name, seq). fio writes in
	 * completion order, so a write can precede a read of the same millisecond: then false.
	 */
	keyOrdered: boolean;
}

export interface FioLogColumnsResult {
	columns: FioLogColumns;
	/** Number of rows in the columns (the arrays are exactly this long). */
	length: number;
	warnings: Warning[];
	meta: FioLogMeta;
}

// ---------------------------------------------------------------------------------------------
// The parser

function checkWindowMs(file: string, w: number | null | undefined): number | null {
	if (w === undefined || w === null || w === 0) return null;
	if (!Number.isInteger(w) || w < 0 || w > 2 ** 31 - 1) {
		throw new ParseError('BAD_OPTION', file, { field: 'windowMs' }, `${w} is not a whole number of milliseconds`);
	}
	return w;
}

const VALUE_COLUMN = { bw: 'bw_bytes_per_s', iops: 'iops', lat: 'lat_ns', clat: 'lat_ns', slat: 'lat_ns' } as const;

/** Rows of a log in columns, at most some capacity (the arrays may be longer than the rows in them). */
interface RowBuffers {
	seq: Float64Array;
	time: Float64Array;
	dir: Uint8Array;
	kinds: Uint8Array;
	value: Float64Array;
	bs: Float64Array | null;
	off: Float64Array | null;
	prio: Float64Array | null;
}

/** Rows parsed by one FioLogReader.next() call. */
export interface FioLogChunk {
	/** Exactly `length` long; views of buffers the reader reuses on its next call. */
	columns: FioLogColumns;
	length: number;
}

/** What the lines of a log, or of a part of it, add up to: the closing warnings and meta come from it. */
export interface FioLogTally {
	/** Data lines. */
	lines: number;
	/** Lines of a per-I/O iops log whose value is not 1. */
	notOne: number;
	/** Window entries with a non-zero prio. */
	windowPrio: number;
	/** The data lines are in key order among themselves. */
	ordered: boolean;
	/** time_ms and direction rank of the first (and its line) and of the last data line. */
	first: [number, number, number] | null;
	last: [number, number] | null;
	/** Data lines whose time is before the previous line's; the first of them: its line, its time and the time before. */
	backwards: number;
	back: [number, number, number] | null;
	/** Line of an unterminated (dropped) last line, counted within the part. */
	unterminated: number | null;
}

/** The layout a reader chose from the first lines: what a later part of the same log is parsed with. Plain data. */
export interface FioLogLayout {
	plan: Plan;
	scale: number;
	kind: number;
	both: boolean;
	metric: LogMetric;
}

/** Which text a reader has: the whole log, the first of its parts, or a later part (with the first part's layout). */
export type FioLogTextPart = 'whole' | 'first' | { later: FioLogLayout };

/** A later part of a log, parsed on its own (e.g. by another thread), with line numbers counted from its start. */
export interface FioLogPart {
	tally: FioLogTally;
	/** Lines of the log before the part. */
	linesBefore: number;
}

const newTally = (): FioLogTally => ({
	lines: 0,
	notOne: 0,
	windowPrio: 0,
	ordered: true,
	first: null,
	backwards: 0,
	back: null,
	last: null,
	unterminated: null,
});

/**
 * A fio log parsed a chunk of rows at a time, so that a log of millions of lines never has to
 * be held as whole columns; a long log can also be cut at line ends and its parts parsed apart
 * (a 'first' reader, FioLogReader.part() for the others, then closeParts()). The rows, warnings and errors are exactly
 * parseFioLogColumns's, which is this reader run in one chunk. Throws ParseError (from the
 * constructor or next()) on anything fio would not write; rows read before are then not to be used.
 */
export class FioLogReader {
	/** Complete once next() has returned null (for a log in parts: once closeParts() ran). */
	readonly meta: FioLogMeta;
	/** Complete once next() has returned null (for a log in parts: once closeParts() ran). */
	readonly warnings: Warning[] = [];
	readonly tally: FioLogTally = newTally();
	private readonly text: string;
	private readonly file: string;
	private readonly lay: FioLogLayout | null;
	/** Parses only part of the log: the closing warnings and meta wait for closeParts(). */
	private readonly partial: boolean;
	/** Lines after the ones the layout was chosen from exist in this text (see `layout`). */
	private shareable = false;
	private buffers: RowBuffers | null = null;
	private pos: number;
	private line = 0;
	private done = false;

	/**
	 * `text` is the whole log or, as the 'first' part, its beginning up to a line end (holding more
	 * than the lines the layout is chosen from: see `layout`); later parts: FioLogReader.part().
	 */
	constructor(text: string, file: string, opts: FioLogOptions, part: FioLogTextPart = 'whole') {
		this.text = text;
		this.file = file;
		this.partial = part !== 'whole';
		if (typeof part === 'object') {
			// The layout comes from the log's beginning; no BOM can start a later part.
			this.lay = part.later;
			this.pos = 0;
			this.meta = emptyMeta(part.later.metric, null);
			return;
		}
		const { metric } = opts;
		if (!Object.hasOwn(VALUE_COLUMN, metric)) {
			throw new ParseError('BAD_OPTION', file, { field: 'metric' }, `"${String(metric)}" is not bw, iops, lat, clat or slat`);
		}
		const windowOpt = checkWindowMs(file, opts.windowMs);
		const version = opts.fioVersion !== undefined ? parseFioVersion(opts.fioVersion) : undefined;
		const start = textStart(text);
		this.pos = start;
		const sample = readSample(text, file, start);
		this.meta = emptyMeta(metric, windowOpt);
		if (sample.lines.length === 0) {
			if (skipBlankLine(text, text.length, start) < 0 && readsUnterminated(text, start)) this.warnings.push(unterminatedWarning(1));
			this.lay = null;
			this.done = true;
			return;
		}
		const plan = chooseLayout(file, sample.lines, sample.nCols, opts, version);
		const isLat = metric === 'lat' || metric === 'clat' || metric === 'slat';
		const unit = isLat ? latencyUnitFor(file, sample.lines[0]!.line, plan, opts, version) : null;

		// Scale from the file's unit to the base unit of the value column.
		let scale = 1;
		if (isLat) scale = unit === 'us' ? NS_PER_US : 1;
		else if (metric === 'bw') scale = plan.perIo ? MS_PER_S : KIB; // per-I/O: bytes per ms; windowed: KiB/s
		const kind = plan.perIo ? KIND_PER_IO : opts.windowValue === 'max' ? KIND_MAX : KIND_MEAN;
		this.lay = { plan, scale, kind, both: plan.iV1 >= 0 && !plan.perIo, metric };
		// The sample must have stopped before the end of the text for a later part to share its layout.
		this.shareable = sample.end < text.length;
		this.meta.valueKind = FIO_LOG_VALUE_KINDS[kind];
		this.meta.perIo = plan.perIo;
		this.meta.windowMs = plan.perIo ? null : windowOpt;
		this.meta.layout = plan.roles;
		this.meta.latencyUnit = unit;
		this.meta.hexPrio = plan.hexPrio;
		if (plan.perIo && windowOpt !== null) {
			this.warnings.push({ code: 'WINDOW_IGNORED', message: `windowMs ${windowOpt} was given but the log is per-I/O (block sizes set)` });
		}
	}

	/** A reader for a later part of the log, cut at line ends, with the layout of the reader over its beginning. */
	static part(text: string, file: string, layout: FioLogLayout): FioLogReader {
		return new FioLogReader(text, file, { metric: layout.metric }, { later: layout });
	}

	/**
	 * The layout chosen, for the readers of later parts; undefined when the lines it was chosen
	 * from reach the end of this text (a later part could have changed the choice).
	 */
	get layout(): FioLogLayout | undefined {
		return this.shareable ? this.lay! : undefined;
	}

	/** No rows at all (an empty log, or one whose first line does not end). */
	get empty(): boolean {
		return this.lay === null;
	}

	/** Lines of the text read so far (blank ones too). */
	get linesRead(): number {
		return this.line;
	}

	/** The next rows, at most maxRows (at least 2) of them; null once the text is read. */
	next(maxRows: number): FioLogChunk | null {
		if (this.done || this.lay === null) return null;
		const cap = Math.max(2, maxRows);
		if (!this.buffers || this.buffers.seq.length < cap) this.buffers = this.allocate(cap);
		const rows = this.fill(this.buffers, cap);
		if (rows === 0) return null;
		return { columns: columnsOf(this.buffers, rows), length: rows };
	}

	/** Every row at once, in buffers of exactly the right size (their own: not reused). */
	readAll(): FioLogColumnsResult {
		if (this.lay === null) return { columns: emptyColumns(), length: 0, warnings: this.warnings, meta: this.meta };
		const cap = countLines(this.text) * (this.lay.both ? 2 : 1);
		const buffers = this.allocate(cap);
		const rows = this.fill(buffers, cap);
		return { columns: columnsOf(buffers, rows), length: rows, warnings: this.warnings, meta: this.meta };
	}

	/** For the first part: the log's closing warnings and meta, once this reader and those of the later parts are done. */
	closeParts(later: readonly FioLogPart[]): void {
		if (!this.done) throw new Error('closeParts() before the first part was read');
		closeLog(this.meta, this.warnings, [{ tally: this.tally, linesBefore: 0 }, ...later]);
	}

	private allocate(cap: number): RowBuffers {
		const { plan } = this.lay!;
		// fio writes prio 0 (and offset 0) on every window entry: not a measurement, so NULL.
		return {
			seq: new Float64Array(cap),
			time: new Float64Array(cap),
			dir: new Uint8Array(cap),
			kinds: new Uint8Array(cap),
			value: new Float64Array(cap),
			bs: plan.perIo ? new Float64Array(cap) : null,
			off: plan.perIo && plan.iOff >= 0 ? new Float64Array(cap) : null,
			prio: plan.perIo && plan.iPrio >= 0 ? new Float64Array(cap) : null,
		};
	}

	/** Parses lines into `out` until it holds `capacity` rows or the text ends; returns the rows. */
	private fill(out: RowBuffers, capacity: number): number {
		const { text, file, tally } = this;
		const { plan, scale, kind, both, metric } = this.lay!;
		const { seq, time, dir, kinds, value, bs: bsCol, off: offCol, prio: prioCol } = out;
		const { n, iDdir, iBs, iOff, iPrio, iV1, perIo } = plan;
		const len = text.length;
		// Up to the last newline every field scan stops at a newline at the latest, so the fast path
		// below reads no character past `lastLine` and needs no bounds checks.
		const lastLine = text.lastIndexOf('\n') + 1;
		const perLine = both ? 2 : 1;
		const countNotOne = metric === 'iops' && perIo;
		// What every line of a per-I/O log looks like; a line that differs gets the full check.
		const quickCheck = perIo && !plan.windowedByVersion;
		const hexExpected = plan.hexPrio ? 1 << iPrio : 0;
		const prioMax = plan.hexPrio ? 0xffff : 1;
		const vals = new Float64Array(MAX_FIELDS);
		const c = newCursor(0);
		let { pos, line } = this;
		let { lines, notOne, windowPrio, ordered, backwards } = tally;
		let prevTime = tally.last ? tally.last[0] : -1;
		let prevRank = tally.last ? tally.last[1] : -1;
		let rows = 0;
		let ended = true;
		while (pos < len) {
			if (rows + perLine > capacity) {
				ended = false;
				break;
			}
			line++;
			const first = text.charCodeAt(pos);
			if (first === 10 || isBlank(first)) {
				const next = skipBlankLine(text, len, pos);
				if (next >= 0) {
					pos = next;
					continue;
				}
			}
			let k = 0;
			let hex = 0;
			let end: number;
			do {
				// Fast path for what fio writes (", "-separated decimals); anything else takes readField().
				let i = pos;
				let v = 0;
				let isHex = false;
				let d0 = i;
				let ch = -1;
				if (pos < lastLine) {
					ch = text.charCodeAt(i);
					while (ch === 32) ch = text.charCodeAt(++i);
					d0 = i;
					while (ch >= 48 && ch <= 57) {
						v = v * 10 + (ch - 48);
						ch = text.charCodeAt(++i);
					}
					if (ch === 120 && i - d0 === 1 && v === 0) {
						isHex = true;
						ch = text.charCodeAt(++i);
						while ((ch >= 48 && ch <= 57) || (ch >= 97 && ch <= 102)) {
							v = v * 16 + (ch <= 57 ? ch - 48 : ch - 87);
							ch = text.charCodeAt(++i);
						}
					}
				}
				if ((ch === 44 || ch === 10) && i > d0 + (isHex ? 2 : 0) && i - d0 < 16 && k < MAX_FIELDS) {
					vals[k] = v;
					if (isHex) hex |= 1 << k;
					pos = i + 1;
					end = ch === 44 ? END_COMMA : END_LINE;
				} else {
					c.pos = pos;
					end = readField(text, len, c);
					if (end < 0) throw new ParseError('LOG_NUMBER', file, { line, field: plan.roles[k] ?? `column ${k + 1}` }, c.error);
					pos = c.pos;
					if (k < MAX_FIELDS) {
						vals[k] = c.value;
						if (c.hex) hex |= 1 << k;
					}
				}
				k++;
			} while (end === END_COMMA);
			if (end === END_FILE) {
				tally.unterminated = line;
				pos = len;
				break;
			}
			if (k !== n) throw new ParseError('LOG_COLUMNS', file, { line }, `has ${k} columns where the first line has ${n}`);
			const ddir = vals[iDdir]!;
			if (!quickCheck || hex !== hexExpected || ddir > 2 || (iPrio >= 0 && vals[iPrio]! > prioMax) || vals[iBs] === 0) {
				const problem = checkLine(plan, vals, hex);
				if (problem) throw new ParseError('LOG_VALUE', file, { line, field: problem.field }, problem.reason);
			}
			const t = vals[0]!;
			const rank = DIRECTION_RANK[ddir]!;
			if (lines === 0) tally.first = [t, rank, line];
			lines++;
			if (t < prevTime) {
				ordered = false;
				if (backwards++ === 0) tally.back = [line, t, prevTime];
			} else if (t === prevTime && rank < prevRank) ordered = false;
			prevTime = t;
			prevRank = rank;
			const v = vals[1]!;
			if (countNotOne && v !== 1) notOne++;
			if (!perIo && iPrio >= 0 && vals[iPrio] !== 0) windowPrio++;
			seq[rows] = line;
			time[rows] = t;
			dir[rows] = ddir;
			kinds[rows] = kind;
			value[rows] = v * scale;
			if (bsCol) bsCol[rows] = vals[iBs]!;
			if (offCol) offCol[rows] = vals[iOff]!;
			if (prioCol) prioCol[rows] = vals[iPrio]!;
			rows++;
			if (both) {
				seq[rows] = line;
				time[rows] = t;
				dir[rows] = ddir;
				kinds[rows] = KIND_MAX;
				value[rows] = vals[iV1]! * scale;
				rows++;
			}
		}
		this.pos = pos;
		this.line = line;
		Object.assign(tally, { lines, notOne, windowPrio, ordered, backwards, last: lines > 0 ? [prevTime, prevRank] : null });
		if (ended) {
			this.done = true;
			if (!this.partial) this.closeParts([]);
		}
		return rows;
	}
}

function emptyMeta(metric: LogMetric, windowMs: number | null): FioLogMeta {
	return {
		metric,
		valueColumn: VALUE_COLUMN[metric],
		valueKind: 'mean',
		perIo: false,
		windowMs,
		layout: [],
		latencyUnit: null,
		hexPrio: false,
		lines: 0,
		keyOrdered: true,
	};
}

/** The warnings and meta a log's parts add up to, in file order (the first at line 0). */
function closeLog(meta: FioLogMeta, warnings: Warning[], parts: readonly FioLogPart[]): void {
	let lines = 0;
	let notOne = 0;
	let windowPrio = 0;
	let ordered = true;
	let last: [number, number] | null = null;
	let unterminated: number | null = null;
	let backwards = 0;
	let back: [number, number, number] | null = null;
	for (const { tally: t, linesBefore } of parts) {
		lines += t.lines;
		notOne += t.notOne;
		windowPrio += t.windowPrio;
		if (!t.ordered) ordered = false;
		if (last && t.first && (t.first[0] < last[0] || (t.first[0] === last[0] && t.first[1] < last[1]))) ordered = false;
		if (last && t.first && t.first[0] < last[0]) {
			backwards++;
			back ??= [linesBefore + t.first[2], t.first[0], last[0]];
		}
		if (t.back) back ??= [linesBefore + t.back[0], t.back[1], t.back[2]];
		backwards += t.backwards;
		last = t.last ?? last;
		if (t.unterminated !== null) unterminated = linesBefore + t.unterminated;
	}
	if (unterminated !== null) warnings.push(unterminatedWarning(unterminated));
	if (back) {
		const more = backwards > 1 ? ` (${backwards} lines go back in all)` : '';
		const message = `time goes back from ${back[2]} to ${back[1]} ms${more}: fio writes a job's log in time order, so this looks like logs joined together or a damaged file`;
		warnings.push({ code: 'LOG_TIME_BACKWARDS', message, line: back[0] });
	}
	if (windowPrio > 0) {
		const message = `${windowPrio} window entries have a non-zero prio, which fio does not write for windows; it was not kept`;
		warnings.push({ code: 'WINDOW_PRIO_DROPPED', message });
	}
	if (notOne > 0) {
		warnings.push({ code: 'IOPS_PER_IO_NOT_ONE', message: `${notOne} lines of a per-I/O iops log are not 1 (fio logs 1 per I/O)` });
	}
	meta.lines = lines;
	meta.keyOrdered = ordered;
}

function columnsOf(b: RowBuffers, rows: number): FioLogColumns {
	const cut = <T extends Float64Array | Uint8Array>(a: T): T => (a.length === rows ? a : (a.subarray(0, rows) as T));
	return {
		seq: cut(b.seq),
		time_ms: cut(b.time),
		direction: cut(b.dir),
		value_kind: cut(b.kinds),
		value: cut(b.value),
		block_size_bytes: b.bs && cut(b.bs),
		offset_bytes: b.off && cut(b.off),
		prio: b.prio && cut(b.prio),
	};
}

/** Columnar parse of a fio log, values in base units. Throws ParseError on anything fio would not write. */
export function parseFioLogColumns(text: string, file: string, opts: FioLogOptions): FioLogColumnsResult {
	return new FioLogReader(text, file, opts).readAll();
}

function readsUnterminated(text: string, start: number): boolean {
	return text.length > start && text.indexOf('\n', start) === -1;
}

function emptyColumns(): FioLogColumns {
	return {
		seq: new Float64Array(0),
		time_ms: new Float64Array(0),
		direction: new Uint8Array(0),
		value_kind: new Uint8Array(0),
		value: new Float64Array(0),
		block_size_bytes: null,
		offset_bytes: null,
		prio: null,
	};
}

/** fio log → timeseries rows (review/device/run/series/source_file are left to ingest). */
export function parseFioLog(text: string, file: string, opts: FioLogOptions): ParseResult {
	const { columns: c, length, warnings, meta } = parseFioLogColumns(text, file, opts);
	const result = emptyResult();
	result.warnings = warnings;
	const out = result.timeseries;
	const col = meta.valueColumn;
	for (let i = 0; i < length; i++) {
		const row: ParsedTimeseries = {
			seq: c.seq[i]!,
			metric: meta.metric,
			direction: IO_DIRECTIONS[c.direction[i]!]!,
			time_ms: c.time_ms[i]!,
			window_ms: meta.windowMs,
			value_kind: FIO_LOG_VALUE_KINDS[c.value_kind[i]!]!,
			iops: null,
			bw_bytes_per_s: null,
			lat_ns: null,
			block_size_bytes: c.block_size_bytes ? c.block_size_bytes[i]! : null,
			offset_bytes: c.offset_bytes ? c.offset_bytes[i]! : null,
			prio: c.prio ? c.prio[i]! : null,
		};
		row[col] = c.value[i]!;
		out.push(row);
	}
	return result;
}
