// summary.html and totals.html: per run a "Starting RD=" line, a two-line column header (reprinted every 30
// intervals) and one line per interval plus the `avg_2-60` line; totals.html keeps only the average lines.
// Columns are named by their two header lines, so 5.04.01 (resp max) and 5.04.07 (read max, write max) both read.
import { MB, MIB } from '../../units.ts';
import { emptyMeasure, type Measure, type MeasureField, type RunData } from './model.ts';
import { isRunStart, loopNumber, loopSize, parseRunStart, RunKeys, type RunStart } from './run-start.ts';
import { avgRange, isoDate, LocalClock, minutesBetween, num, TOD, textLines, todMs } from './text.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

export interface ReportFile {
	runs: RunData[];
	/** Bytes per "MB" of the MB/sec column: the header's second line says 1024**2 or 1000**2 (`-mb`). */
	mb: number | null;
	/** Minutes east of UTC, when summary.html's "created" line gives the UTC time too (5.04.07). */
	utcOffsetMin: number | null;
	/** Local date of the "created" line: the date of the runs when a header's date is not in English. */
	createdDate: string | null;
}

const COLUMNS: Record<string, MeasureField | 'cpuTotal'> = {
	'i/o rate': 'rate',
	'MB/sec 1024**2': 'mbps',
	'MB/sec 1000**2': 'mbps',
	'bytes i/o': 'bytes',
	'read pct': 'readPct',
	'resp time': 'resp',
	'read resp': 'readResp',
	'write resp': 'writeResp',
	'read max': 'readMax',
	'write max': 'writeMax',
	'resp max': 'respMax',
	'resp stddev': 'respStd',
	'queue depth': 'qdepth',
	'cpu% sys+u': 'cpuTotal',
	'cpu% sys': 'cpuSys',
};

interface OpenRun {
	start: RunStart;
	key: string;
	intervals: Measure[];
	avg: Measure | null;
	label: string;
}

interface Header {
	line: number;
	columns: string[];
	date: string | null;
}

const HEADER1 = /^(.*?)\s*\binterval\s+(.+)$/;
const DATA = /^(\d\d:\d\d:\d\d\.\d{3})\s+(\d+|avg_\d+-\d+)(?:\s+(.*))?$/;
/** Standard deviation and maximum lines some versions print under the average. */
const OTHER_STAT = /^\d\d:\d\d:\d\d\.\d{3}\s+(?:std|max)_\d+-\d+\s/;
const CREATED = /created (\d\d):(\d\d):\d\d (\w{3}) (\d\d) (\d{4})(?: \S+)?(?: \((\d\d):(\d\d):\d\d (\w{3}) (\d\d) (\d{4}) UTC\))?/;

function parseHeader(ctx: FileContext, first: string, second: string | undefined, line: number): Header {
	const m = HEADER1.exec(first.trim())!;
	const top = m[2]!.split(/\s+/);
	const bottom = (second ?? '').trim().split(/\s+/).filter(Boolean);
	if (top.includes('ReqstdOps')) {
		fail(ctx, 'UNSUPPORTED_WORKLOAD', { line }, 'file-system (FWD) report: only raw/SD workload reports are supported');
	}
	if (top.length !== bottom.length) {
		fail(ctx, 'BAD_HEADER', { line: line + 1 }, `column header lines do not pair up (${top.length} names above, ${bottom.length} below)`);
	}
	const columns = top.map((t, i) => `${t} ${bottom[i]}`);
	for (const need of ['i/o rate', 'resp time']) {
		if (!columns.includes(need)) fail(ctx, 'MISSING_COLUMN', { line, field: need }, `column header has no "${need}" column`);
	}
	const d = /^(\w{3}) (\d\d), (\d{4})$/.exec(m[1]!.trim());
	return { line, columns, date: d ? (isoDate(d[3]!, d[1]!, d[2]!) ?? null) : null };
}

/** "created 14:39:59 Oct 09 2019 ICT (07:39:59 Oct 09 2019 UTC)": local − UTC. */
function utcOffset(m: RegExpExecArray): number | null {
	const local = isoDate(m[5]!, m[3]!, m[4]!);
	const utc = m[6] ? isoDate(m[10]!, m[8]!, m[9]!) : undefined;
	if (!local || !utc) return null;
	return minutesBetween(`${local}T${m[1]}:${m[2]}`, `${utc}T${m[6]}:${m[7]}`);
}

function measure(ctx: FileContext, header: Header, tokens: string[], line: number, interval: number | null, stamp: string | null, tod: string): Measure {
	const m = emptyMeasure(line, interval, stamp, tod, todMs(tod));
	let cpuTotal: number | null = null;
	header.columns.forEach((name, i) => {
		const field = COLUMNS[name];
		if (field === undefined) return;
		const v = num(ctx, tokens[i]!, line, name);
		if (field === 'cpuTotal') cpuTotal = v;
		else m[field] = v;
	});
	// cpu% sys+u and cpu% sys: user = the difference, to the one decimal printed; both come from one counter set, so
	// system time above the total is a damaged line.
	if (cpuTotal !== null && m.cpuSys !== null) {
		if (m.cpuSys > cpuTotal) fail(ctx, 'BAD_VALUE', { line, field: 'cpu% sys' }, `cpu% sys ${m.cpuSys} is above cpu% sys+u ${cpuTotal}`);
		m.cpuUsr = Number((cpuTotal - m.cpuSys).toFixed(1));
	}
	return m;
}

export function parseReport(text: string, file: string, warnings: FileContext['warnings'] = []): ReportFile {
	const ctx: FileContext = { file, warnings };
	const { lines, terminated } = textLines(text);
	const keys = new RunKeys();
	const clock = new LocalClock();
	const out: ReportFile = { runs: [], mb: null, utcOffsetMin: null, createdDate: null };
	let header: Header | null = null;
	let extraWarned = false;
	let current: OpenRun | null = null;
	const open: OpenRun[] = [];

	for (let i = 0; i < lines.length; i++) {
		const l = lines[i]!;
		const lineNo = i + 1;
		const created = CREATED.exec(l);
		if (created && out.createdDate === null && /Vdbench summary report/.test(l)) {
			out.createdDate = isoDate(created[5]!, created[3]!, created[4]!) ?? null;
			out.utcOffsetMin = utcOffset(created);
			continue;
		}
		const cut = i === lines.length - 1 && !terminated;
		if (isRunStart(l.trim())) {
			if (cut) fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, 'the run start line has no line ending: the file was cut short');
			const start = parseRunStart(ctx, l, lineNo)!;
			current = { start, key: keys.next(start.name), intervals: [], avg: null, label: '' };
			open.push(current);
			continue;
		}
		if (HEADER1.test(l) && /\bi\/o\b|ReqstdOps/.test(l) && !TOD.test(l.trim().split(/\s+/)[0] ?? '')) {
			if (i + 1 >= lines.length - 1 && !terminated) fail(ctx, 'TRUNCATED_LINE', { line: lineNo + 1 }, 'the column header is cut short');
			header = parseHeader(ctx, l, lines[i + 1], lineNo);
			clock.setDate(header.date ?? out.createdDate);
			const mbLine = lines[i + 1] ?? '';
			const mb = /\b1000\*\*2\b/.test(mbLine) ? MB : /\b1024\*\*2\b/.test(mbLine) ? MIB : null;
			if (mb !== null) out.mb = mb;
			i++;
			continue;
		}
		if (OTHER_STAT.test(l)) continue;
		const d = DATA.exec(l.trim());
		if (!d) continue;
		if (!header) fail(ctx, 'MISSING_HEADER', { line: lineNo }, 'data line before any column header');
		if (!current) fail(ctx, 'NO_RUN_START', { line: lineNo }, 'data line before any "Starting RD=" line');
		const tokens = (d[3] ?? '').split(/\s+/).filter(Boolean);
		if (tokens.length < header.columns.length) {
			fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, `data line has ${tokens.length} of the header's ${header.columns.length} values: the line was cut short`);
		}
		// All its values, but no line ending: its last value may still be cut.
		if (cut) fail(ctx, 'TRUNCATED_LINE', { line: lineNo }, 'the last data line has no line ending: the file was cut short');
		if (tokens.length > header.columns.length && !extraWarned) {
			extraWarned = true;
			warn(ctx, 'EXTRA_COLUMNS', { line: lineNo }, `data line has ${tokens.length} values, the header names ${header.columns.length}; the extra ones are ignored`);
		}
		const stamp = clock.stamp(d[1]!);
		const isAvg = d[2]!.startsWith('avg_');
		const m = measure(ctx, header, tokens, lineNo, isAvg ? null : Number(d[2]), stamp, d[1]!);
		if (!isAvg) current.intervals.push(m);
		else if (current.avg) fail(ctx, 'DUPLICATE_AVERAGE', { line: lineNo }, `run ${current.key} has a second average line`);
		else {
			current.avg = m;
			current.label = d[2]!;
		}
	}

	for (const [n, r] of open.entries()) {
		const range = avgRange(r.label);
		if (!r.avg || !range) {
			if (n === open.length - 1) {
				fail(ctx, 'TRUNCATED', { line: lines.length }, `run ${r.key} (line ${r.start.line}) has no average line: the file ends early`);
			}
			warn(ctx, 'NO_AVERAGE', { line: r.start.line }, `run ${r.key} has no average line (Vdbench stopped it?); it is left out`);
			continue;
		}
		out.runs.push({
			key: r.key,
			name: r.start.name,
			firstLine: r.start.line,
			start: r.start,
			intervals: r.intervals,
			avg: r.avg,
			avgFirst: range.first,
			avgLast: range.last,
			requested: {
				rate: r.start.rateKind === 'fixed' ? r.start.rate : r.start.rateKind === 'max' || r.start.rateKind === 'curve' ? null : undefined,
				xfersize: loopSize(r.start, 'xfersize'),
				threads: loopNumber(r.start, 'threads'),
				rdpct: loopNumber(r.start, 'rdpct'),
				seekpct: loopNumber(r.start, 'seekpct'),
				rhpct: loopNumber(r.start, 'rhpct'),
				whpct: loopNumber(r.start, 'whpct'),
			},
			fileSignature: null,
		});
	}
	if (out.runs.length === 0) {
		if (!header) fail(ctx, 'MISSING_HEADER', {}, 'no column header ("interval  i/o  MB/sec …") in the file');
		fail(ctx, 'NO_RUNS', {}, 'no run with an average line');
	}
	return out;
}
