// Worker thread of log-series.ts: reads the second half of a long fio log in pieces and parses
// them with the layout the main thread chose from the log's beginning, while the main thread
// parses the first half. Lines (seq, errors) count from the start of the half; the main thread
// shifts them. Each piece's rows go back as they are parsed, their buffers handed over.
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { FioLogReader, type FioLogLayout } from '../../src/lib/parsers/fio-log.ts';
import { ParseError } from '../../src/lib/parsers/types.ts';
import { readPieces, type LogHalfMessage, type LogHalfRequest } from './log-series.ts';

const { path, start, end, file, pieceBytes } = workerData as LogHalfRequest;
const port = parentPort!;
const fd = openSync(path, 'r');
const pieces = readPieces(fd, start, end, pieceBytes);
const first = pieces.next(); // read while the main thread chooses the layout

port.once('message', (layout: FioLogLayout) => {
	let lines = 0;
	const send = (m: LogHalfMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
	try {
		for (let piece = first; !piece.done; piece = pieces.next()) {
			const reader = FioLogReader.part(piece.value, file, layout);
			const { columns, length } = reader.readAll();
			const buffers = Object.values(columns).flatMap((a) => (a ? [a.buffer as ArrayBuffer] : []));
			send({ columns, length, tally: reader.tally, linesBefore: lines }, buffers);
			lines += reader.linesRead;
		}
		send({ done: true, lines });
	} catch (err) {
		if (!(err instanceof ParseError)) throw err;
		const line = err.line === undefined ? undefined : err.line + lines;
		send({ parseError: { code: err.code, line, field: err.field, reason: err.reason } });
	} finally {
		closeSync(fd);
	}
});
