// A fio log on its way into the timeseries staging. It is read in pieces cut at line ends and
// parsed a chunk of rows at a time, each chunk handed to the writer at once: a log of any size never
// exists whole, neither as text nor as columns. In a long log a worker thread (log-worker.ts) parses
// every other piece while this thread parses the one before it, so at most one piece's rows wait
// for their turn. Every piece after the first is parsed with the layout chosen from the log's
// beginning, and FioLogReader adds the pieces up to exactly the rows, warnings and errors of one
// pass. Shared by the ingest (collect.ts) and the ingest benchmark.
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
} from '../../src/lib/formats/fio-log/reader.ts';
import { countLines } from '../../src/lib/formats/fio-log/tokenizer.ts';
import { ParseError, type Warning } from '../../src/lib/formats/parse-result.ts';
import { MAX_TEXT_BYTES } from './files.ts';
import type { SeriesSink } from './write-parquet.ts';

/** Rows per parsed chunk: big enough that per-chunk costs vanish, small enough to stay in cache. */
export const LOG_CHUNK_ROWS = 1 << 16;
/** Bytes read at a time (a piece ends at the last line end in them). 8 MiB pieces, each held as text in both threads
 * until collected, cost 50 MB more at the ingest's peak than 2 MiB ones, and parsed no faster. */
export const PIECE_BYTES = 2 << 20;
/** Logs from this size on are parsed by two threads (below it a worker thread's start costs about what it saves). */
export const SPLIT_BYTES = 64 << 20;
/** fio writes lines of under 200 bytes: a line longer than this is an error, not a buffer without end. */
export const MAX_LINE_BYTES = 8 << 20;
/** What readPieces gives, and then stops, where a line is longer than MAX_LINE_BYTES. */
export const LINE_TOO_LONG = Symbol('line too long');

/** Text as UTF-8; pure ASCII (every fio log) is decoded as Latin-1: the same text, much faster. */
function decode(buf: Buffer): string {
	return buf.toString(isAscii(buf) ? 'latin1' : 'utf8');
}

/**
 * Bytes [start, end) of a file as decoded pieces, each ending at a line end (the last where the
 * range does): a cut after "\n" splits no UTF-8 sequence, and every piece but the first starts a line.
 */
export function* readPieces(fd: number, start: number, end: number, pieceBytes = PIECE_BYTES): Generator<string | typeof LINE_TOO_LONG> {
	let buf = Buffer.allocUnsafe(Math.min(pieceBytes, Math.max(end - start, 1)));
	let pos = start;
	let held = 0; // bytes of an unfinished line kept at the start of buf
	while (pos < end || held > 0) {
		if (pos < end && held === buf.length) {
			if (held >= MAX_LINE_BYTES) {
				yield LINE_TOO_LONG;
				return;
			}
			// A line longer than a piece: make room for more of it.
			const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, MAX_LINE_BYTES));
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

const lineTooLong = (file: string, line: number) =>
	new ParseError('LOG_LINE_TOO_LONG', file, { line }, `is longer than ${MAX_LINE_BYTES >> 20} MiB; fio writes lines of under 200 bytes`);

export interface StagedLog {
	warnings: Warning[];
	meta: FioLogMeta;
	rows: number;
	/** Pieces the log was parsed in (see readPieces), and whether a worker thread parsed some of them. */
	pieces: number;
	worker: boolean;
	/** The first value that is not a finite number ≥ 0, if any; nothing was staged then. */
	invalid?: { seq: number; value: number };
}

/** What the worker gives back for each piece it was sent: its rows (lines counted from the piece's start), or a ParseError. */
export type LogPieceMessage =
	| { columns: FioLogColumns; length: number; tally: FioLogTally; lines: number }
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

	result(reader: FioLogReader, pieces: number, worker: boolean): StagedLog {
		const { rows, invalid } = this;
		return { warnings: reader.warnings, meta: reader.meta, rows, pieces, worker, ...(invalid && { invalid }) };
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

/** A later piece of the log, parsed into `stager` after `linesBefore` lines; returns the lines up to its end. */
function stagePiece(piece: string, file: string, layout: FioLogLayout, stager: Stager, parts: FioLogPart[], linesBefore: number): number {
	const reader = FioLogReader.part(piece, file, layout);
	try {
		stager.drain(reader, linesBefore);
	} catch (err) {
		throw shifted(err, linesBefore);
	}
	parts.push({ tally: reader.tally, linesBefore });
	return linesBefore + reader.linesRead;
}

/** stageFioLog for a file, read in pieces; from `splitBytes` on, a worker thread parses every other piece. */
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
		if (size >= splitBytes) worker = new LogWorker(source);
		const pieces = readPieces(fd, 0, size, pieceBytes);
		// The first text must hold the lines the layout is chosen from: one piece, more if they reach past it.
		let text = '';
		let first: FioLogReader;
		for (let p = pieces.next(); ; p = pieces.next()) {
			if (p.value === LINE_TOO_LONG) throw lineTooLong(source, text ? countLines(text) : 1);
			if (!p.done) text += p.value;
			first = new FioLogReader(text, source, opts, 'first');
			if (first.layout || p.done) break;
			if (text.length >= MAX_TEXT_BYTES) {
				throw new ParseError('LOG_LAYOUT', source, {}, `its first ${MAX_TEXT_BYTES >> 20} MiB hold too few data lines to tell its columns (blank or very long lines)`);
			}
		}
		const { layout } = first;
		const stager = new Stager(sink);
		stager.drain(first, 0);
		let lines = first.linesRead;
		const parts: FioLogPart[] = [];
		if (layout) {
			worker?.start(layout);
			for (let mine = pieces.next(); !mine.done; mine = pieces.next()) {
				if (mine.value === LINE_TOO_LONG) throw lineTooLong(source, lines + 1);
				const theirs = worker ? pieces.next() : undefined;
				if (theirs && typeof theirs.value === 'string') worker!.parse(theirs.value);
				lines = stagePiece(mine.value, source, layout, stager, parts, lines);
				if (theirs?.value === LINE_TOO_LONG) throw lineTooLong(source, lines + 1);
				if (theirs && !theirs.done) lines = await worker!.stage(stager, parts, lines);
			}
		}
		first.closeParts(parts);
		return stager.result(first, 1 + parts.length, (worker?.sent ?? 0) > 0);
	} finally {
		await worker?.stop();
		closeSync(fd);
	}
}

/** The worker thread parsing every other piece of a long log (log-worker.ts), and its answers in the order of the pieces. */
class LogWorker {
	private readonly worker: Worker;
	private readonly file: string;
	private readonly queue: LogPieceMessage[] = [];
	private failure: Error | null = null;
	private wake: (() => void) | null = null;

	constructor(file: string) {
		this.file = file;
		this.worker = new Worker(new URL('./log-worker.ts', import.meta.url), { workerData: file });
		this.worker.on('message', (m: LogPieceMessage) => {
			this.queue.push(m);
			this.wake?.();
		});
		this.worker.on('error', (err) => {
			this.failure ??= err;
			this.wake?.();
		});
		this.worker.on('exit', (code) => {
			this.failure ??= new Error(`log worker exited with code ${code}`);
			this.wake?.();
		});
	}

	/** The layout of the log's first piece, for the pieces that follow. */
	start(layout: FioLogLayout): void {
		this.worker.postMessage(layout);
	}

	/** Pieces sent to be parsed. */
	sent = 0;

	parse(piece: string): void {
		this.worker.postMessage(piece);
		this.sent++;
	}

	/** The rows of the oldest piece sent into `stager`, after `linesBefore` lines of the log; returns the lines up to its end. */
	async stage(stager: Stager, parts: FioLogPart[], linesBefore: number): Promise<number> {
		while (this.queue.length === 0) {
			if (this.failure) throw this.failure;
			await new Promise<void>((resolve) => (this.wake = resolve));
			this.wake = null;
		}
		const m = this.queue.shift()!;
		if ('parseError' in m) {
			const { code, line, field, reason } = m.parseError;
			throw new ParseError(code, this.file, { line: line === undefined ? undefined : line + linesBefore, field }, reason);
		}
		stager.add(m.columns, m.length, linesBefore);
		parts.push({ tally: m.tally, linesBefore });
		return linesBefore + m.lines;
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
