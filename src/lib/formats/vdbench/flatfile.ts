// flatfile.html: a comment block (`* Run : Name of run from RD=` …), one line of column names, then one row per
// interval and per run average. Old files (5.0x) are fixed width with a time-of-day `tod`; 5.04 files are single-
// space separated and add `timestamp` (10/09/2019-14:40:23-ICT) and read/write max and stddev. Both split on blanks.
import { emptyMeasure, type Measure, type MeasureField, type Requested, type RunData } from './model.ts';
import { RunKeys } from './run-start.ts';
import { avgRange, isoDate, num, TOD, textLines, todMs } from './text.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

const MEASURES: Record<string, MeasureField> = {
	rate: 'rate',
	'MB/sec': 'mbps',
	'bytes/io': 'bytes',
	'read%': 'readPct',
	resp: 'resp',
	read_resp: 'readResp',
	write_resp: 'writeResp',
	resp_max: 'respMax',
	read_max: 'readMax',
	write_max: 'writeMax',
	resp_std: 'respStd',
	read_std: 'readStd',
	write_std: 'writeStd',
	queue_depth: 'qdepth',
	cpu_user: 'cpuUsr',
	cpu_kernel: 'cpuSys',
};

/** Requested parameters that tell one workload from another (rate and threads are the load, not the workload). */
const WORKLOAD_COLUMNS = ['xfersize', 'rdpct', 'rhpct', 'whpct', 'seekpct', 'lunsize', 'compratio', 'dedupratio'];

/** `reqrate` of iorate=max (5.0x: 999988; 5.04: RD_entry.MAX_RATE 9999988; before 5.00: 99999998) and iorate=curve. */
const MAX_RATES = new Set([999988, 9999988, 99999998]);
const CURVE_RATES = new Set([9999977]);

export interface FlatFile {
	runs: RunData[];
}

const HEADER = /^\s*tod\s+(?:timestamp\s+)?Run\s+Interval\s/;

export function isFlatfileHeader(line: string): boolean {
	return HEADER.test(line);
}

function stampOf(ctx: FileContext, text: string, line: number): string {
	const m = /^(\d\d)\/(\d\d)\/(\d{4})-(\d\d:\d\d:\d\d)(?:-\S+)?$/.exec(text);
	const date = m ? isoDate(m[3]!, Number(m[1]), m[2]!) : undefined;
	if (!date) fail(ctx, 'BAD_TIMESTAMP', { line, field: 'timestamp' }, `"${text.slice(0, 40)}" is not a Vdbench timestamp (MM/dd/yyyy-HH:mm:ss-zone)`);
	return `${date}T${m![4]}`;
}

function versionOf(token: string | undefined): string | null {
	if (token === undefined || token === 'n/a') return null;
	const m = /(\d)\.?(\d\d)\.?(\d\d)/.exec(token);
	return m ? `${m[1]}.${m[2]}.${m[3]}` : token;
}

interface Row {
	line: number;
	run: string;
	interval: number | null;
	label: string;
	cells: Map<string, string>;
	measure: Measure;
}

export function parseFlatfile(text: string, file: string, warnings: FileContext['warnings'] = []): FlatFile {
	const ctx: FileContext = { file, warnings };
	const { lines, terminated } = textLines(text);
	let columns: string[] | null = null;
	let headerLine = 0;
	const rows: Row[] = [];
	for (let i = 0; i < lines.length; i++) {
		const l = lines[i]!;
		const lineNo = i + 1;
		const t = l.trim();
		if (t === '' || t.startsWith('*')) continue;
		if (HEADER.test(l)) {
			if (i === lines.length - 1 && !terminated) fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, 'the column header line is cut short');
			columns = t.split(/\s+/);
			headerLine = lineNo;
			if (!columns.includes('rate') || !columns.includes('resp')) {
				fail(ctx, 'UNSUPPORTED_WORKLOAD', { line: lineNo }, 'flatfile without rate and resp columns (file-system FWD workload?): only raw/SD workloads are supported');
			}
			continue;
		}
		if (!columns) fail(ctx, 'MISSING_HEADER', { line: lineNo }, 'data row before the column header line ("tod Run Interval reqrate rate …")');
		const cells = t.split(/\s+/);
		if (cells.length !== columns.length || (i === lines.length - 1 && !terminated && !l.endsWith(' '))) {
			fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, `row has ${cells.length} values, the header names ${columns.length}: the line was cut short or is not a flatfile row`);
		}
		const byName = new Map(columns.map((c, k) => [c, cells[k]!]));
		const tod = byName.get('tod')!;
		if (!TOD.test(tod)) fail(ctx, 'BAD_TIME', { line: lineNo, field: 'tod' }, `"${tod.slice(0, 40)}" is not a time of day`);
		const label = byName.get('Interval')!;
		const interval = /^\d+$/.test(label) ? Number(label) : null;
		if (interval === null && !avgRange(label)) fail(ctx, 'BAD_INTERVAL', { line: lineNo, field: 'Interval' }, `"${label.slice(0, 40)}" is neither an interval number nor avg_N-M`);
		const ts = byName.get('timestamp');
		const m = emptyMeasure(lineNo, interval, ts === undefined ? null : stampOf(ctx, ts, lineNo), tod, todMs(tod));
		for (const [name, field] of Object.entries(MEASURES)) {
			const v = byName.get(name);
			if (v !== undefined) m[field] = num(ctx, v, lineNo, name);
		}
		// The requested parameters must be numbers (or n/a) too.
		for (const name of ['reqrate', 'xfersize', 'threads', 'rdpct', 'rhpct', 'whpct', 'seekpct', 'lunsize']) {
			const v = byName.get(name);
			if (v !== undefined) num(ctx, v, lineNo, name);
		}
		rows.push({ line: lineNo, run: byName.get('Run')!, interval, label, cells: byName, measure: m });
	}
	if (!columns) fail(ctx, 'MISSING_HEADER', {}, 'no column header line ("tod Run Interval reqrate rate …")');
	if (rows.length === 0) fail(ctx, 'NO_RUNS', { line: headerLine }, 'the column header line is followed by no row: Vdbench was stopped before its first interval?');

	const keys = new RunKeys();
	const runs: RunData[] = [];
	let group: Row[] = [];
	const close = (last: boolean) => {
		if (group.length === 0) return;
		const avgRow = group[group.length - 1]!;
		const range = avgRange(avgRow.label);
		const key = keys.next(group[0]!.run);
		if (!range) {
			if (last) fail(ctx, 'TRUNCATED', { line: avgRow.line }, `run ${key} (line ${group[0]!.line}) has no avg_ row: the file ends early`);
			warn(ctx, 'NO_AVERAGE', { line: group[0]!.line }, `run ${key} has no avg_ row (Vdbench stopped it?); it is left out`);
		} else {
			runs.push({
				key,
				name: group[0]!.run,
				firstLine: group[0]!.line,
				start: null,
				intervals: group.slice(0, -1).map((r) => r.measure),
				avg: avgRow.measure,
				avgFirst: range.first,
				avgLast: range.last,
				requested: requestedOf(avgRow.cells),
				fileSignature: WORKLOAD_COLUMNS.map((c) => `${c}=${avgRow.cells.get(c) ?? ''}`).join(','),
			});
		}
		group = [];
	};
	for (const row of rows) {
		const prev = group[group.length - 1];
		// A new run: another name, an average already seen, or the interval numbers starting over.
		if (prev && (prev.run !== row.run || prev.interval === null || (row.interval !== null && row.interval <= prev.interval))) close(false);
		group.push(row);
	}
	close(true);
	if (runs.length === 0) fail(ctx, 'NO_RUNS', {}, 'no run with an avg_ row');
	return { runs };
}

function requestedOf(cells: Map<string, string>): Requested {
	const n = (name: string) => {
		const v = cells.get(name);
		return v === undefined || v === 'n/a' ? undefined : Number(v);
	};
	const reqrate = n('reqrate');
	return {
		rate: reqrate === undefined ? undefined : MAX_RATES.has(reqrate) || CURVE_RATES.has(reqrate) ? null : reqrate,
		xfersize: n('xfersize'),
		threads: n('threads'),
		rdpct: n('rdpct'),
		seekpct: n('seekpct'),
		rhpct: n('rhpct'),
		whpct: n('whpct'),
		version: versionOf(cells.get('version')),
	};
}
