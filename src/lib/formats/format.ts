// What a file format is to the rest of the code: one folder under src/lib/formats/ exports the file kinds of one
// tool, each a FileFormat, and src/lib/formats/index.ts lists them once. Detection, the sidecar's `format:` choice,
// the ingest's dispatch, the schema's description of source_format and the README's format table all come from that
// list. Everything here is pure (no fs, console or exit): the same modules parse in Node and in the browser.
import type { ParseResult } from './parse-result.ts';
import type { ToolId } from '../vocabulary.ts';

/** What the caller knows besides the file's text. */
export interface ParseContext {
	/**
	 * Files of the same folder this one is read with (see FileFormat.companions), by name, as text; a companion
	 * that is absent is not in the record.
	 */
	companions: Readonly<Record<string, string>>;
	/** Device ids of the catalog (formats that name their own device check them). */
	knownDevices: ReadonlySet<string>;
	/**
	 * For a log: the version of the tool that wrote the result file it belongs to, when known (a fio log's latency
	 * unit is the fio version's).
	 */
	toolVersion?: string;
}

export interface FileFormat {
	/** Stored in runs.source_format and accepted as `format:` in raw/runs.yaml, e.g. "diskspd-text". */
	id: string;
	/** Other source_format values its parser writes for variants of the format (e.g. fio-jsonplus), also accepted in raw/runs.yaml. */
	aliases?: readonly string[];
	/**
	 * 'result' (the default): runs and what belongs to them. 'log': a time series or histogram log that belongs to a
	 * run of a result file, read after the result files and linked to its run (raw/runs.yaml `run_of`, or the name).
	 */
	kind?: 'result' | 'log';
	/** Read in pieces by the ingest, of any size (the others are read whole, up to a limit); `parse` reads a whole text. */
	streamed?: boolean;
	/** runs.tool of what it parses, a tool id of src/lib/vocabulary.ts (e.g. "diskspd"); null when each row names its own (published figures). */
	tool: ToolId | null;
	/** One line for the README's format table: which files, which versions. */
	describe: string;
	/**
	 * Whether a file is of this format, from its beginning (at most DETECT_BYTES characters, BOM removed) and its
	 * name (the name alone never decides). Formats are tried in the list's order; the first that says yes parses.
	 */
	detect(head: string, fileName: string): boolean;
	/**
	 * Text encodings besides UTF-8 its files come in (WHATWG names, e.g. "windows-1251"): a file that is not UTF-8
	 * is decoded with these before detection.
	 */
	encodings?: readonly string[];
	/**
	 * A file of it may give no rows and not be wrong: it is only read with others (a parameter file), or another file of
	 * its folder gives the same runs. Otherwise a file that gives nothing is an error (NO_RUNS).
	 */
	mayBeEmpty?: boolean;
	/** Names of other files, in the same folder, that this one is parsed with (e.g. a run's parameter file). */
	companions?(fileName: string): string[];
	/** Whole-text parser: throws only ParseError (naming file and line or field) for bad input. */
	parse(text: string, file: string, context: ParseContext): ParseResult;
}

/** A context with nothing besides the text: for tests and for files parsed alone. */
export const noContext = (companions: Record<string, string> = {}): ParseContext => ({ companions, knownDevices: new Set() });
