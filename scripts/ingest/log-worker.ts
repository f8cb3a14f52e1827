// Worker thread of log-series.ts: parses the pieces of a long fio log it is sent, with the layout
// the main thread chose from the log's beginning, while the main thread parses the piece before
// each. Lines (seq, errors) count from the start of each piece; the main thread shifts them. Each
// piece's rows go back as soon as they are parsed, their buffers handed over.
import { parentPort, workerData } from 'node:worker_threads';
import { FioLogReader, type FioLogLayout } from '../../src/lib/formats/fio-log/reader.ts';
import { ParseError } from '../../src/lib/formats/parse-result.ts';
import type { LogPieceMessage } from './log-series.ts';

const file = workerData as string;
const port = parentPort!;
let layout: FioLogLayout;

port.on('message', (m: FioLogLayout | string) => {
	if (typeof m !== 'string') {
		layout = m;
		return;
	}
	const send = (msg: LogPieceMessage, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);
	try {
		const reader = FioLogReader.part(m, file, layout);
		const { columns, length } = reader.readAll();
		const buffers = Object.values(columns).flatMap((a) => (a ? [a.buffer as ArrayBuffer] : []));
		send({ columns, length, tally: reader.tally, lines: reader.linesRead }, buffers);
	} catch (err) {
		if (!(err instanceof ParseError)) throw err;
		send({ parseError: { code: err.code, line: err.line, field: err.field, reason: err.reason } });
	}
});
