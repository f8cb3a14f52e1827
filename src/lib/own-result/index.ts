// "Bring your own result": a reader drops a benchmark file on a comparison page and sees it beside the published
// drives as "your drive". It is read in the reader's browser by the very format modules the ingest uses, and turned
// into rows by the ingest's own steps, so a dropped file and the same file published give the same numbers; nothing
// leaves the browser. Pure (no fs, no console, no network) and never throws: every failure, the parser's or ours,
// comes back as one problem that names the file and, when known, its line or field. Node runs it in the tests; in
// the browser only the worker loads it (the page needs only common.ts).
import { ParseError } from '../formats/parse-result.ts';
import { OWN_FILE_MAX_BYTES, problem, tooLarge, type OwnParse, type OwnParseOptions } from './common.ts';
import { decodeOwnFile } from './decode.ts';
import { logRows, resultRows } from './rows.ts';

export * from './common.ts';

/** A dropped file, parsed as the ingest parses it, its rows in the review OWN_REVIEW_ID and the device OWN_DEVICE_ID. */
export function parseOwnFile(name: string, bytes: Uint8Array, options: OwnParseOptions = {}): OwnParse {
	if (bytes.length > OWN_FILE_MAX_BYTES) return tooLarge(name, bytes.length);
	try {
		const decoded = decodeOwnFile(name, bytes);
		if (!decoded.ok) return { ok: false, error: problem(name, decoded.code, decoded.message) };
		const { format, text } = decoded;
		const rows = format.streamed ? logRows(name, text, format, options) : resultRows(name, text, format, options);
		return 'code' in rows ? { ok: false, error: rows } : { ok: true, format: format.id, ...rows };
	} catch (err) {
		if (err instanceof ParseError) return { ok: false, error: problem(err.file, err.code, err.reason, err.line, err.field) };
		const why = err instanceof Error ? err.message : String(err);
		return { ok: false, error: problem(name, 'PARSE_FAILED', `could not be read: ${why}`) };
	}
}
