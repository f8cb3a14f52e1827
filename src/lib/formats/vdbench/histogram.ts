// histogram.html: "Total response time histogram." then, per run, its "Starting RD=" line and one table of
// response-time buckets (Histogram.printHistogram), or three for a mix of reads and writes (SdStats.printHistograms):
//   Only writes done for this workload:            → write
//   Reads and writes: / Reads: / Writes:           → mixed, read, write
//     min(ms) <     max(ms)         count       %%    cum%%
//       0.100 <       0.200        94,258   6.0314   6.0314  +++
//    2000.000 <         max             0   0.0000 100.0000
import type { Direction } from '../../schema.ts';
import { NS_PER_MS } from '../../units.ts';
import { isRunStart, parseRunStart, RunKeys, type RunStart } from './run-start.ts';
import { textLines } from './text.ts';
import { fail, type FileContext } from '../parse-result.ts';

export interface Bin {
	line: number;
	lowerNs: number;
	/** null for the open last bucket ("max"). */
	upperNs: number | null;
	count: number;
}

export interface HistogramTable {
	line: number;
	direction: Extract<Direction, 'read' | 'write' | 'mixed'>;
	bins: Bin[];
}

export interface HistogramRun {
	key: string;
	start: RunStart;
	tables: HistogramTable[];
}

const TITLES: Record<string, HistogramTable['direction']> = {
	'Only reads done for this workload:': 'read',
	'Only writes done for this workload:': 'write',
	'Reads and writes:': 'mixed',
	'Reads:': 'read',
	'Writes:': 'write',
};

const BIN = /^\s*(\d+(?:\.\d*)?)\s+<\s+(\d+(?:\.\d*)?|max)\s+(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)(?:\s+[-+]*)?\s*$/;
const TOD_PREFIX = /^\d\d:\d\d:\d\d\.\d{3}\s/;
/** Counts are printed with DecimalFormat("#,###"): grouping commas (or the locale's dots or spaces). */
const COUNT = /^\d{1,3}(?:[,.\u00a0\u202f']\d{3})*$|^\d+$/;

export function parseHistogramFile(text: string, file: string, warnings: FileContext['warnings'] = []): HistogramRun[] {
	const ctx: FileContext = { file, warnings };
	const { lines, terminated } = textLines(text);
	const keys = new RunKeys();
	const runs: HistogramRun[] = [];
	let table: HistogramTable | null = null;
	let lastCum = 0;

	const endTable = (line: number) => {
		// The last bucket printed is the last non-empty one or the one after it: its cumulative % is 100.
		if (table && (table.bins.length === 0 || lastCum < 99.99)) {
			fail(ctx, 'TRUNCATED', { line }, `histogram table of line ${table.line} ends at ${lastCum} % cumulative: the file ends early or a bucket line is missing`);
		}
		table = null;
	};

	for (let i = 0; i < lines.length; i++) {
		const l = lines[i]!;
		const lineNo = i + 1;
		const t = l.trim();
		if (isRunStart(t)) {
			if (i === lines.length - 1 && !terminated) fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, 'the run start line is cut short');
			endTable(lineNo);
			const start = parseRunStart(ctx, t, lineNo)!;
			runs.push({ key: keys.next(start.name), start, tables: [] });
			continue;
		}
		const direction = TITLES[t];
		if (direction) {
			endTable(lineNo);
			const run = runs[runs.length - 1];
			if (!run) fail(ctx, 'NO_RUN_START', { line: lineNo }, 'histogram before any "Starting RD=" line');
			table = { line: lineNo, direction, bins: [] };
			run.tables.push(table);
			lastCum = 0;
			continue;
		}
		if (t.startsWith('min(ms)')) {
			if (!table) fail(ctx, 'MISSING_HEADER', { line: lineNo }, 'bucket header without a title ("Only reads done for this workload:" …) before it');
			continue;
		}
		if (!/^\d/.test(t) || TOD_PREFIX.test(t)) {
			if (t !== '') endTable(lineNo);
			continue;
		}
		if (!table) fail(ctx, 'MISSING_HEADER', { line: lineNo }, 'bucket line outside a histogram table');
		const m = BIN.exec(l);
		if (!m || (i === lines.length - 1 && !terminated)) {
			fail(ctx, 'BAD_BUCKET', { line: lineNo }, `"${t.slice(0, 60)}" is not a complete bucket line (min < max count % cum%)`);
		}
		if (!COUNT.test(m[3]!)) fail(ctx, 'BAD_NUMBER', { line: lineNo, field: 'count' }, `"${m[3]!.slice(0, 40)}" is not a count`);
		const count = Number(m[3]!.replace(/\D/g, ''));
		lastCum = Number(m[5]);
		if (count > 0) {
			table.bins.push({
				line: lineNo,
				lowerNs: Number(m[1]) * NS_PER_MS,
				upperNs: m[2] === 'max' ? null : Number(m[2]) * NS_PER_MS,
				count,
			});
		} else if (table.bins.length === 0 && lastCum > 0) {
			fail(ctx, 'BAD_BUCKET', { line: lineNo }, 'cumulative % above 0 before any counted bucket');
		}
	}
	endTable(lines.length);
	if (runs.length === 0) fail(ctx, 'NO_RUNS', {}, 'no "Starting RD=" line: no run in the file');
	return runs;
}
