// The page's side of "bring your own result": the dropped file read once and handed, buffer transferred, to a worker
// of its own (own-result-worker.ts), so the page stays responsive; the worker is ended as soon as it has answered, or
// failed, or taken too long. The size cap is checked before a byte is read. Nothing is sent over the network.
import { OWN_FILE_MAX_BYTES, tooLarge, type OwnParse, type OwnParseOptions } from '../own-result/common.ts';
import type { OwnFileMessage } from './own-result-worker.ts';

const failed = (file: string, code: string, message: string): OwnParse => ({ ok: false, error: { file, line: null, field: null, code, message } });

/** The file parsed in a worker; resolves with its rows or one problem, never rejects. */
export async function parseInWorker(file: File, timeoutMs = 30_000, options: OwnParseOptions = {}): Promise<OwnParse> {
	if (file.size > OWN_FILE_MAX_BYTES) return tooLarge(file.name, file.size);
	let buffer: ArrayBuffer;
	try {
		buffer = await file.arrayBuffer();
	} catch (err) {
		return failed(file.name, 'READ_FAILED', `could not be read: ${err instanceof Error ? err.message : String(err)}`);
	}
	let worker: Worker;
	try {
		worker = new Worker(new URL('./own-result-worker.ts', import.meta.url), { type: 'module' });
	} catch (err) {
		return failed(file.name, 'WORKER_FAILED', `the parser could not start: ${err instanceof Error ? err.message : String(err)}`);
	}
	return new Promise<OwnParse>((resolve) => {
		const done = (result: OwnParse) => {
			clearTimeout(timer);
			worker.terminate();
			resolve(result);
		};
		const timer = setTimeout(() => done(failed(file.name, 'TIMEOUT', `took longer than ${Math.round(timeoutMs / 1000)} s to read and was stopped`)), timeoutMs);
		worker.onmessage = (e: MessageEvent<OwnParse>) => done(e.data);
		worker.onerror = (e: ErrorEvent) => {
			e.preventDefault();
			done(failed(file.name, 'WORKER_FAILED', `the parser stopped: ${e.message || 'an error in the worker'}`));
		};
		worker.onmessageerror = () => done(failed(file.name, 'WORKER_FAILED', 'the parser answered with a message that could not be read'));
		const message: OwnFileMessage = { name: file.name, buffer, options };
		worker.postMessage(message, [buffer]);
	});
}
