// What the page, the worker and the parsing share about a reader's own result, without a parser in it: the ids it is
// shown under, the size cap, the answer's shape and its CSV. The page imports this module and never the parsers
// (index.ts), which only the worker loads, so a comparison page does not carry every format's code until a file is
// dropped.
import { csvText, type CsvValue } from '../csv.ts';
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import type { HistogramRow, PercentileRow, RunRow } from '../schema.ts';
import { runs as runsTable } from '../schema.ts';

export const OWN_DEVICE_ID = 'your-drive';
export const OWN_REVIEW_ID = 'your-result';

/**
 * The largest file read (32 MiB). The browser holds a dropped file whole, several times over while it is parsed: its
 * bytes, its text, and the parsed rows (a fio log's columns take about 1.5 times its bytes). 32 MiB is far above any
 * result file (a json+ with every histogram is a few MiB) and holds a per-I/O fio log of about a million samples,
 * while the peak stays a few hundred MB, which a phone's tab survives. Bigger files go through the ingest, which reads
 * logs of any size in pieces (`npm run ingest -- <file>`).
 */
export const OWN_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** A problem with a dropped file: where (1-based line, field) when the parser knows. */
export interface OwnProblem {
	file: string;
	line: number | null;
	field: string | null;
	code: string;
	message: string;
}

export interface OwnRows {
	runs: RunRow[];
	percentiles: PercentileRow[];
	histograms: HistogramRow[];
	/** Downsampled as the time-series chart's query downsamples (src/lib/queries/timeseries.ts). */
	timeseries: TimeseriesBucketRow[];
	warnings: OwnProblem[];
}

/** `format`: the format detected (FileFormat.id, as the manifest's inputs name it); runs.source_format tells variants. */
export type OwnParse = ({ ok: true; format: string } & OwnRows) | { ok: false; error: OwnProblem };

export interface OwnParseOptions {
	/**
	 * The fio version that wrote a log (the ingest takes it from raw/runs.yaml or the log's result file): a lat, clat
	 * or slat log of fio before 3.18 holds µs or ns, and only the version tells which.
	 */
	fioVersion?: string;
}

export const problem = (file: string, code: string, message: string, line?: number | null, field?: string | null): OwnProblem => ({
	file,
	line: line ?? null,
	field: field ?? null,
	code,
	message,
});

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The answer for a file over OWN_FILE_MAX_BYTES (the page gives it before reading a byte). */
export function tooLarge(name: string, bytes: number): OwnParse {
	const message = `is ${mib(bytes)}; this page reads files of up to ${OWN_FILE_MAX_BYTES / 1024 / 1024} MiB (larger ones go through the ingest: npm run ingest -- <file>)`;
	return { ok: false, error: problem(name, 'TOO_LARGE', message) };
}

const cell = (v: unknown): CsvValue => (typeof v === 'boolean' ? String(v) : typeof v === 'number' || typeof v === 'string' ? v : null);

/** The normalized runs as a CSV with the columns of the published runs table (the one CSV writer, src/lib/csv.ts). */
export function ownResultCsv(p: Pick<OwnRows, 'runs'>): string {
	const columns = runsTable.columns.map((c) => c.name);
	return csvText({ columns, rows: p.runs.map((r) => columns.map((c) => cell(r[c as keyof typeof r]))) });
}
