// What every parser returns. A parser is a pure function from text to rows:
// no fs, no console, no exit — the same code runs in Node and in the browser.
import type {
	ComparisonRow,
	FigureRow,
	HistogramRow,
	LogMetric,
	PercentileRow,
	RunRow,
	TimeseriesRow,
} from '../schema.ts';

/** Columns the ingest step fills in from the sidecar and the file's place. */
export const RUN_CONTEXT = ['review_id', 'device_id', 'run_id', 'source_file', 'host'] as const;
type RunContext = (typeof RUN_CONTEXT)[number];

/** A run as a parser sees it; `run_key` is unique within one file ("job0", "group0", "total"). */
export type ParsedRun = Omit<RunRow, RunContext> & {
	run_key: string;
	/** Only formats that carry their own metadata (published CSV) set these. */
	review_id?: string;
	device_id?: string;
};
export type ParsedPercentile = Omit<PercentileRow, 'run_id'> & { run_key: string };
export type ParsedHistogram = Omit<HistogramRow, 'run_id'> & { run_key: string };
export type ParsedTimeseries = Omit<TimeseriesRow, 'series_id'> & {
	metric: LogMetric;
	window_ms: number | null;
	/** Tells several series of one file apart (e.g. an Iometer worker); NULL for one series per metric. */
	series_key?: string | null;
	/** The run of the same file the series belongs to (its series then links to that run); NULL when none is. */
	run_key?: string | null;
};
export type ParsedFigure = Omit<FigureRow, 'source_file' | 'run_id'> & { run_key: string | null };
export type ParsedComparison = Omit<ComparisonRow, 'source_file'>;

export interface Warning {
	/** UPPER_SNAKE code, e.g. BW_IOPS_MISMATCH. */
	code: string;
	message: string;
	line?: number;
	field?: string;
}

export interface ParseResult {
	runs: ParsedRun[];
	percentiles: ParsedPercentile[];
	histograms: ParsedHistogram[];
	timeseries: ParsedTimeseries[];
	figures: ParsedFigure[];
	comparisons: ParsedComparison[];
	warnings: Warning[];
}

export function emptyResult(): ParseResult {
	return { runs: [], percentiles: [], histograms: [], timeseries: [], figures: [], comparisons: [], warnings: [] };
}

/**
 * The one error a parser may throw. `file` is the name the caller passed in; `line`
 * (1-based) or `field` (a JSON path or column name) says where.
 */
export class ParseError extends Error {
	readonly code: string;
	readonly file: string;
	readonly line?: number;
	readonly field?: string;
	readonly reason: string;

	constructor(code: string, file: string, where: { line?: number; field?: string }, reason: string) {
		const place = where.line !== undefined ? `:${where.line}` : '';
		const field = where.field !== undefined ? ` [${where.field}]` : '';
		super(`${file}${place}: ${code}${field} ${reason}`);
		this.name = 'ParseError';
		this.code = code;
		this.file = file;
		this.line = where.line;
		this.field = where.field;
		this.reason = reason;
	}
}

export type Parser = (text: string, file: string) => ParseResult;

/** What a parser carries through one file; formats that need more extend it. */
export interface FileContext {
	file: string;
	warnings: Warning[];
}

/** Where in the file an error or warning is: a 1-based line, a field, both or neither. */
export interface Where {
	line?: number;
	field?: string;
}

/** A place from parts that may be unknown; unknown ones are left out, not set to undefined. */
export function at(line?: number | null, field?: string): Where {
	const where: Where = {};
	if (line !== undefined && line !== null) where.line = line;
	if (field !== undefined) where.field = field;
	return where;
}

export function fail(ctx: FileContext, code: string, where: Where, reason: string): never {
	throw new ParseError(code, ctx.file, where, reason);
}

export function warn(ctx: FileContext, code: string, where: Where, message: string): void {
	ctx.warnings.push({ code, message, ...at(where.line, where.field) });
}

export function stripBom(text: string): string {
	return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export interface Lines {
	/** Index 0 = line 1, without line terminators. */
	lines: string[];
	/** false when the file does not end with a line break: its last line may be cut short. */
	terminated: boolean;
}

/** The file's lines, BOM and CR/LF removed; `loneCr` also breaks at a CR on its own (old Mac endings). */
export function splitLines(text: string, options: { loneCr?: boolean } = {}): Lines {
	const lines = stripBom(text).split(options.loneCr ? /\r\n|\r|\n/ : /\r?\n/);
	const terminated = lines[lines.length - 1] === '';
	if (terminated) lines.pop();
	return { lines, terminated };
}
