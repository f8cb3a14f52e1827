// Which column is which in a fio log (iolog.c flush_samples(); FIO_FORMATS.md §5.2): the candidates of a column
// count, narrowed by the fio version and by what fio guarantees about every line; and the latency unit.
import { ParseError } from '../parse-result.ts';
import { cmpTag, hasFeature, latencyUnitForFioVersion, type FioVersion, type FioLatencyUnit, type Triple } from '../fio/version.ts';
import type { FioLogOptions, FioLogRole } from './reader.ts';
import { END_COMMA, END_FILE, MAX_FIELDS, newCursor, readField, skipBlankLine } from './tokenizer.ts';


interface Layout {
	roles: FioLogRole[];
	/** First fio tag that can write it; `until` the last. */
	since: Triple;
	until?: Triple;
}

const NO_PRIO_UNTIL: Triple = [3, 17, 99];
const PRIO_SINCE: Triple = [3, 18, 0];
const HEX_PRIO_SINCE: Triple = [3, 28, 0];

// Candidates per column count, most common first (the order breaks ties between layouts that
// fit every line equally well; see chooseLayout).
const LAYOUTS: Record<number, Layout[]> = {
	4: [{ roles: ['time', 'value', 'ddir', 'bs'], since: [0, 0, 0], until: NO_PRIO_UNTIL }],
	5: [
		{ roles: ['time', 'value', 'ddir', 'bs', 'prio'], since: PRIO_SINCE },
		{ roles: ['time', 'value', 'ddir', 'bs', 'offset'], since: [2, 1, 11], until: NO_PRIO_UNTIL },
	],
	6: [
		{ roles: ['time', 'value', 'ddir', 'bs', 'offset', 'prio'], since: PRIO_SINCE },
		{ roles: ['time', 'value', 'value1', 'ddir', 'bs', 'prio'], since: [3, 37, 0] },
	],
	7: [
		{ roles: ['time', 'value', 'ddir', 'bs', 'offset', 'prio', 'issue_time'], since: [3, 38, 0] },
		{ roles: ['time', 'value', 'value1', 'ddir', 'bs', 'offset', 'prio'], since: [3, 37, 0] },
	],
	8: [{ roles: ['time', 'value', 'value1', 'ddir', 'bs', 'offset', 'prio', 'issue_time'], since: [3, 38, 0] }],
};

function layoutPossible(l: Layout, v: FioVersion | undefined, unit: FioLatencyUnit | undefined): boolean {
	if (unit === 'us' && l.roles.includes('prio')) return false; // µs = fio ≤ 2.21, long before prio
	if (!v) return true;
	if (hasFeature(v, l.since) === false) return false;
	return !(l.until && cmpTag(v, l.until) > 0);
}

/** Column positions of one layout, -1 when absent; plus the file-wide facts the first line fixes. */
export interface Plan {
	roles: FioLogRole[];
	n: number;
	iV1: number;
	iDdir: number;
	iBs: number;
	iOff: number;
	iPrio: number;
	iIssue: number;
	perIo: boolean;
	hexPrio: boolean;
	/** bw/iops logs of fio < 2.10 are windowed although bs is set (bwavgtime). */
	windowedByVersion: boolean;
}

export function makePlan(roles: FioLogRole[], first: Float64Array, firstHex: number, windowedByVersion: boolean): Plan {
	const iBs = roles.indexOf('bs');
	const iPrio = roles.indexOf('prio');
	return {
		roles,
		n: roles.length,
		iV1: roles.indexOf('value1'),
		iDdir: roles.indexOf('ddir'),
		iBs,
		iOff: roles.indexOf('offset'),
		iPrio,
		iIssue: roles.indexOf('issue_time'),
		perIo: !windowedByVersion && first[iBs] !== 0,
		hexPrio: iPrio >= 0 && (firstHex & (1 << iPrio)) !== 0,
		windowedByVersion,
	};
}

export interface LineProblem {
	field: string;
	reason: string;
}

/** Everything fio guarantees about one line of this layout; null when the line fits. */
export function checkLine(p: Plan, vals: Float64Array, hexMask: number): LineProblem | null {
	if (hexMask !== 0) {
		const allowed = p.hexPrio ? 1 << p.iPrio : 0;
		if ((hexMask & ~allowed) !== 0) {
			const i = 31 - Math.clz32(hexMask & ~allowed);
			return { field: p.roles[i]!, reason: 'is a hex number; only the prio column of log_prio=1 logs is' };
		}
	}
	const ddir = vals[p.iDdir]!;
	if (ddir > 2) return { field: 'ddir', reason: `is ${ddir}; fio logs only 0 (read), 1 (write) or 2 (trim)` };
	if (p.iPrio >= 0) {
		const prio = vals[p.iPrio]!;
		if (p.hexPrio) {
			if ((hexMask & (1 << p.iPrio)) === 0) return { field: 'prio', reason: 'is decimal while earlier lines print it as 0x%04x' };
			if (prio > 0xffff) return { field: 'prio', reason: `0x${prio.toString(16)} does not fit fio's 16-bit class<<13|level` };
		} else if (prio > 1) {
			return { field: 'prio', reason: `is ${prio}; without log_prio=1 fio prints only 0 or 1 (real-time class)` };
		}
	}
	const bs = vals[p.iBs]!;
	if (p.windowedByVersion) return null;
	if (p.perIo) {
		if (bs === 0) return { field: 'bs', reason: 'is 0 in a per-I/O log (earlier lines carry block sizes)' };
		return null;
	}
	if (bs !== 0) return { field: 'bs', reason: `is ${bs} in a windowed log (earlier lines have bs 0)` };
	if (p.iOff >= 0 && vals[p.iOff] !== 0) return { field: 'offset', reason: 'is not 0 in a windowed log' };
	if (p.iIssue >= 0 && vals[p.iIssue] !== 0) return { field: 'issue_time', reason: 'is not 0 in a windowed log' };
	if (p.iV1 >= 0 && vals[p.iV1]! < vals[1]!) return { field: 'value1', reason: 'the window maximum is below the window mean' };
	return null;
}


const SAMPLE_LINES = 2000;

export interface SampleLine {
	line: number;
	vals: Float64Array;
	hex: number;
}

/**
 * The first lines, for choosing the layout. Stops before the first line that does not read
 * (the main pass then reports it, naming the column by its role) — unless it is the first line.
 * `end`: how far the text was looked at.
 */
export function readSample(text: string, file: string, start: number): { lines: SampleLine[]; nCols: number; end: number } {
	const len = text.length;
	const lines: SampleLine[] = [];
	const c = newCursor(start);
	let nCols = 0;
	let line = 0;
	while (c.pos < len && lines.length < SAMPLE_LINES) {
		line++;
		const next = skipBlankLine(text, len, c.pos);
		if (next >= 0) {
			c.pos = next;
			continue;
		}
		const vals = new Float64Array(MAX_FIELDS);
		let hex = 0;
		let k = 0;
		let end: number;
		do {
			end = readField(text, len, c);
			if (end < 0) {
				if (nCols > 0) return { lines, nCols, end: c.pos };
				const field = k === 0 ? 'time' : k === 1 ? 'value' : `column ${k + 1}`;
				throw new ParseError('LOG_NUMBER', file, { line, field }, c.error);
			}
			if (k < MAX_FIELDS) {
				vals[k] = c.value;
				if (c.hex) hex |= 1 << k;
			}
			k++;
		} while (end === END_COMMA);
		if (end === END_FILE) break; // unterminated: the main pass drops it and warns
		if (nCols === 0) {
			if (k < 4 || k > MAX_FIELDS) {
				throw new ParseError('LOG_COLUMNS', file, { line }, `has ${k} columns; fio logs have 4 to 8 (time, value, ddir, bs…)`);
			}
			nCols = k;
		} else if (k !== nCols) {
			return { lines, nCols, end: c.pos };
		}
		lines.push({ line, vals, hex });
	}
	return { lines, nCols, end: c.pos };
}

export function chooseLayout(
	file: string,
	sample: SampleLine[],
	nCols: number,
	opts: FioLogOptions,
	version: FioVersion | undefined,
): Plan {
	const all = LAYOUTS[nCols]!;
	const possible = all.filter((l) => layoutPossible(l, version, opts.latencyUnit));
	if (possible.length === 0) {
		const who = opts.fioVersion ? `fio ${opts.fioVersion}` : 'a fio writing µs latencies (≤ 2.21)';
		throw new ParseError('LOG_COLUMNS', file, { line: sample[0]!.line }, `has ${nCols} columns, which ${who} never writes`);
	}
	const windowedBwIops = opts.metric === 'bw' || opts.metric === 'iops';
	const bwIopsBefore210 = windowedBwIops && version !== undefined && hasFeature(version, [2, 10, 0]) === false;
	let best: { line: number; field: string; reason: string } | undefined;
	for (const l of possible) {
		const first = sample[0]!;
		const plan = makePlan(l.roles, first.vals, first.hex, bwIopsBefore210);
		if (plan.hexPrio && version && hasFeature(version, HEX_PRIO_SINCE) === false) {
			best ??= { line: first.line, field: 'prio', reason: `is hex (log_prio=1), which fio ${opts.fioVersion} cannot write (3.28+)` };
			continue;
		}
		let failed = false;
		for (const s of sample) {
			const problem = checkLine(plan, s.vals, s.hex);
			if (problem) {
				if (!best || s.line > best.line) best = { line: s.line, ...problem };
				failed = true;
				break;
			}
		}
		if (!failed) return plan;
	}
	const b = best!;
	const roles = possible.length === 1 ? ` (${possible[0]!.roles.join(', ')})` : '';
	throw new ParseError('LOG_VALUE', file, { line: b.line, field: b.field }, `${b.reason}${roles}`);
}

export function latencyUnitFor(
	file: string,
	line: number,
	plan: Plan,
	opts: FioLogOptions,
	version: FioVersion | undefined,
): FioLatencyUnit {
	if (opts.latencyUnit) return opts.latencyUnit;
	const fromVersion = opts.fioVersion !== undefined ? latencyUnitForFioVersion(opts.fioVersion) : undefined;
	if (fromVersion) return fromVersion;
	if (plan.iPrio >= 0) return 'ns'; // the prio column exists from fio 3.18, long after ns latencies (2.99)
	const why = version ? `fio ${opts.fioVersion} is a build between 2.21 (µs) and 2.99 (ns)` : 'the fio version is not known';
	throw new ParseError(
		'LATENCY_UNIT_UNKNOWN',
		file,
		{ line },
		`a ${plan.n}-column ${opts.metric} log holds µs (fio ≤ 2.21) or ns (fio ≥ 2.99) and ${why}: ` +
			'give fio_version in raw/runs.yaml or link the log to its result file (run_of)',
	);
}
