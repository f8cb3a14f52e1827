// A fio log on its way into the timeseries staging. It is read in pieces cut at line ends and
// parsed a chunk of rows at a time, each chunk handed to the writer at once: a log of millions of
// lines never exists whole, neither as text nor as columns. A long log is also cut in two halves
// read and parsed at once, the second by a worker thread (log-worker.ts). Every piece after the
// first is parsed with the layout chosen from the log's beginning, and FioLogReader adds the
// pieces up to exactly the rows, warnings and errors of one pass. Shared by the ingest
// (collect.ts) and the ingest benchmark.
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import {
	FioLogReader,
	type FioLogColumns,
	type FioLogLayout,
	type FioLogMeta,
	type FioLogOptions,
	type FioLogPart,
	type FioLogTally,
} from '../../src/lib/parsers/fio-log.ts';
import { ParseError, type Warning } from '../../src/lib/parsers/types.ts';
import type { SeriesSink } from './write-parquet.ts';

/** Rows per parsed chunk: big enough that per-chunk costs vanish, small enough to stay in cache. */
export const LOG_CHUNK_ROWS = 1 << 16;
/** Bytes read at a time (a piece ends at the last line end in them). */
export const PIECE_BYTES = 8 << 20;
/** Logs from this size on are parsed in two halves at once (below it a worker thread's start costs about what it saves). */
export const SPLIT_BYTES = 64 << 20;

/** Text as UTF-8; pure ASCII (every fio log) is decoded as Latin-1: the same text, much faster. */
function decode(buf: Buffer): string {
	return buf.toString(isAscii(buf) ? 'latin1' : 'utf8');
}

/**
 * Bytes [start, end) of a file as decoded pieces, each ending at a line end (the last where the
 * range does): a cut after "\n" splits no UTF-8 sequence, and every piece but the first starts a line.
 */
export function* readPieces(fd: number, start: number, end: number, pieceBytes = PIECE_BYTES): Generator<string> {
	let buf = Buffer.allocUnsafe(Math.min(pieceBytes, Math.max(end - start, 1)));
	let pos = start;
	let held = 0; // bytes of an unfinished line kept at the start of buf
	while (pos < end || held > 0) {
		if (pos < end && held === buf.length) {
			// A line longer than a piece: make room for more of it.
			const bigger = Buffer.allocUnsafe(buf.length * 2);
			buf.copy(bigger, 0, 0, held);
			buf = bigger;
		}
		if (pos < end) {
			const n = readSync(fd, buf, held, Math.min(buf.length - held, end - pos), pos);
			if (n === 0) throw new Error('file shrank while read');
			pos += n;
			held += n;
		}
		const cut = pos < end ? buf.lastIndexOf(10, held - 1) + 1 : held;
		if (cut === 0) continue;
		yield decode(buf.subarray(0, cut));
		buf.copy(buf, 0, cut, held);
		held -= cut;
	}
}

export interface StagedLog {
	warnings: Warning[];
	meta: FioLogMeta;
	rows: number;
	/** Pieces the log was parsed in (see readPieces), and whether a worker parsed its second half. */
	pieces: number;
	halves: boolean;
	/** The first value that is not a finite number ≥ 0, if any; nothing was staged then. */
	invalid?: { seq: number; value: number };
}

/** What the main thread asks of the worker: the log's bytes from `start` (a line start) to `end`. */
export interface LogHalfRequest {
	path: string;
	start: number;
	end: number;
	file: string;
	pieceBytes: number;
}

/** The worker's messages: its pieces in order (lines counted from the start of its half), then done or a ParseError. */
export type LogHalfMessage =
	| { columns: FioLogColumns; length: number; tally: FioLogTally; linesBefore: number }
	| { done: true; lines: number }
	| { parseError: { code: string; line?: number; field?: string; reason: string } };

/** Rows into the sink, with seq shifted to count from the log's first line, until a value is invalid. */
class Stager {
	private readonly sink: SeriesSink | null;
	rows = 0;
	invalid: StagedLog['invalid'];

	constructor(sink: SeriesSink | null) {
		this.sink = sink;
	}

	add(c: FioLogColumns, length: number, linesBefore: number): void {
		if (!this.invalid) {
			if (linesBefore !== 0) for (let i = 0; i < length; i++) c.seq[i]! += linesBefore;
			const i = findInvalid(c.value, length);
			if (i >= 0) this.invalid = { seq: c.seq[i]!, value: c.value[i]! };
			else this.sink?.append({ ...c, length });
		}
		this.rows += length;
	}

	/** All rows of `reader`, whose lines follow `linesBefore` lines of the log. */
	drain(reader: FioLogReader, linesBefore: number): void {
		for (let chunk = reader.next(LOG_CHUNK_ROWS); chunk; chunk = reader.next(LOG_CHUNK_ROWS)) {
			this.add(chunk.columns, chunk.length, linesBefore);
		}
	}

	result(reader: FioLogReader, pieces: number, halves: boolean): StagedLog {
		const { rows, invalid } = this;
		return { warnings: reader.warnings, meta: reader.meta, rows, pieces, halves, ...(invalid && { invalid }) };
	}
}

/** A ParseError of a later piece, whose lines were counted from the piece's start. */
function shifted(err: unknown, linesBefore: number): unknown {
	if (!(err instanceof ParseError) || err.line === undefined) return err;
	return new ParseError(err.code, err.file, { line: err.line + linesBefore, field: err.field }, err.reason);
}

/**
 * Parses a fio log's text into `sink` (or only checks it, without a sink). Throws ParseError as
 * the parser does; the caller aborts the sink then. When a value is invalid, the sink gets no
 * more rows but the log is still read to its end, so that a parse error further down wins, as
 * it would in a one-shot parse.
 */
export function stageFioLog(text: string, source: string, opts: FioLogOptions, sink: SeriesSink | null): StagedLog {
	const reader = new FioLogReader(text, source, opts);
	const stager = new Stager(sink);
	stager.drain(reader, 0);
	return stager.result(reader, 1, false);
}

/** Pieces of the log after the first, parsed into `stager`; returns their parts and the lines up to their end. */
function stagePieces(
	pieces: Iterable<string>,
	file: string,
	layout: FioLogLayout,
	stager: Stager,
	linesBefore: number,
): { parts: FioLogPart[]; lines: number } {
	const parts: FioLogPart[] = [];
	let lines = linesBefore;
	for (const piece of pieces) {
		const reader = FioLogReader.part(piece, file, layout);
		try {
			stager.drain(reader, lines);
		} catch (err) {
			throw shifted(err, lines);
		}
		parts.push({ tally: reader.tally, linesBefore: lines });
		lines += reader.linesRead;
	}
	return { parts, lines };
}

/** stageFioLog for a file, read in pieces; from `splitBytes` on, its second half is read and parsed by a worker at once. */
export async function stageFioLogFile(
	path: string,
	source: string,
	opts: FioLogOptions,
	sink: SeriesSink | null,
	splitBytes = SPLIT_BYTES,
	pieceBytes = PIECE_BYTES,
): Promise<StagedLog> {
	const fd = openSync(path, 'r');
	let worker: LogWorker | undefined;
	try {
		const size = fstatSync(fd).size;
		const half = size >= splitBytes ? secondHalf(fd, size, { path, file: source, pieceBytes }) : undefined;
		if (half) worker = new LogWorker(half);
		const pieces = readPieces(fd, 0, half ? half.start : size, pieceBytes);
		const first = pieces.next();
		const second = pieces.next();
		const text = first.done ? '' : first.value;
		if (second.done && !worker) return stageFioLog(text, source, opts, sink); // one piece: the whole log
		const reader = new FioLogReader(text, source, opts, 'first');
		const layout = reader.layout;
		if (!layout) {
			// The lines the layout is chosen from reach past the first piece (huge or blank lines): one pass.
			return stageFioLog(decode(readRange(fd, 0, size)), source, opts, sink);
		}
		worker?.start(layout);
		const stager = new Stager(sink);
		stager.drain(reader, 0);
		const rest = second.done ? [] : andThen(second.value, pieces);
		const { parts, lines } = stagePieces(rest, source, layout, stager, reader.linesRead);
		if (worker) parts.push(...(await worker.stage(stager, lines)));
		reader.closeParts(parts);
		return stager.result(reader, 1 + parts.length, worker !== undefined);
	} finally {
		await worker?.stop();
		closeSync(fd);
	}
}

/** `first`, then the rest of `it`, lazily (an array of pieces would hold the whole log). */
function* andThen<T>(first: T, it: Iterator<T>): Generator<T> {
	yield first;
	for (let r = it.next(); !r.done; r = it.next()) yield r.value;
}

/** The second half of a log of `size` bytes, from the first line start after the middle; undefined without one. */
function secondHalf(fd: number, size: number, of: Omit<LogHalfRequest, 'start' | 'end'>): LogHalfRequest | undefined {
	const middle = Math.floor(size / 2);
	const probe = readRange(fd, middle, Math.min(size, middle + (1 << 16)));
	const nl = probe.indexOf(10);
	if (nl < 0 || middle + nl + 1 >= size) return undefined;
	return { ...of, start: middle + nl + 1, end: size };
}

function readRange(fd: number, start: number, end: number): Buffer {
	const buf = Buffer.allocUnsafe(end - start);
	let done = 0;
	while (done < buf.length) {
		const n = readSync(fd, buf, done, buf.length - done, start + done);
		if (n === 0) throw new Error('file shrank while read');
		done += n;
	}
	return buf;
}

/** The worker thread parsing a log's second half (log-worker.ts), and its messages as they come. */
class LogWorker {
	private readonly worker: Worker;
	private readonly file: string;
	private readonly queue: LogHalfMessage[] = [];
	private failure: Error | null = null;
	private finished = false;
	private wake: (() => void) | null = null;

	constructor(half: LogHalfRequest) {
		this.file = half.file;
		this.worker = new Worker(new URL('./log-worker.ts', import.meta.url), { workerData: half });
		this.worker.on('message', (m: LogHalfMessage) => {
			if (!('columns' in m)) this.finished = true;
			this.queue.push(m);
			this.wake?.();
		});
		this.worker.on('error', (err) => {
			this.failure ??= err;
			this.wake?.();
		});
		this.worker.on('exit', (code) => {
			if (!this.finished) this.failure ??= new Error(`log worker exited with code ${code} before it was done`);
			this.wake?.();
		});
	}

	/** The layout of the log's first piece: the worker starts parsing. */
	start(layout: FioLogLayout): void {
		this.worker.postMessage(layout);
	}

	/** The worker's rows into `stager` (its lines follow `linesBefore` lines of the log); returns its parts. */
	async stage(stager: Stager, linesBefore: number): Promise<FioLogPart[]> {
		const parts: FioLogPart[] = [];
		for (;;) {
			const m = await this.next();
			if ('parseError' in m) {
				const { code, line, field, reason } = m.parseError;
				throw new ParseError(code, this.file, { line: line === undefined ? undefined : line + linesBefore, field }, reason);
			}
			if ('done' in m) return parts;
			stager.add(m.columns, m.length, linesBefore + m.linesBefore);
			parts.push({ tally: m.tally, linesBefore: linesBefore + m.linesBefore });
		}
	}

	private async next(): Promise<LogHalfMessage> {
		while (this.queue.length === 0) {
			if (this.failure) throw this.failure;
			await new Promise<void>((resolve) => (this.wake = resolve));
			this.wake = null;
		}
		return this.queue.shift()!;
	}

	async stop(): Promise<void> {
		await this.worker.terminate();
	}
}

function findInvalid(values: Float64Array, n: number): number {
	for (let i = 0; i < n; i++) {
		const v = values[i]!;
		if (!(v >= 0) || v === Infinity) return i;
	}
	return -1;
}
