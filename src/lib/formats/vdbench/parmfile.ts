// parmfile.html: Vdbench's copy of its parameter file(s). It holds no results; the run definitions (rd=), workload
// definitions (wd=) and storage definitions (sd=) in it say what each run asked for. Keyword matching follows
// Vdbench (RD_entry/WD_entry.readParms): a keyword may be any prefix of its name, tried in Vdbench's order.
import { parseBlockSize } from '../../units.ts';
import { baseRdName } from './run-start.ts';
import { textLines } from './text.ts';
import { wildcardMatch } from '../../glob.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

export interface Statement {
	line: number;
	text: string;
	name: string;
	/** Canonical keyword → values (a later keyword replaces an earlier one, as in Vdbench). */
	params: Map<string, string[]>;
}

export interface Parmfile {
	file: string;
	rds: Map<string, Statement>;
	wds: Statement[];
	sds: Statement[];
	/** "5.04.07" from an install path `vdbench=/root/vdbench50407`, the only place a 5.04 output folder names its version. */
	versionFromPath: string | null;
	versionLine: number | undefined;
}

/** [canonical name, names whose prefixes match (in order), exact-only names]. */
type Keyword = readonly [string, readonly string[], (readonly string[])?];

// RD_entry.readParms, then For_loop.checkForLoop: plain xfersize=/threads=/rdpct=/seekpct= on an RD are for-loops too.
const RD_KEYWORDS: readonly Keyword[] = [
	['wd', [], ['wd']],
	['sd', [], ['sd']],
	['fsd', [], ['fsd']],
	['iorate', ['iorate']],
	['curve', ['curve']],
	['stopcurve', ['stopcurve']],
	['elapsed', ['elapsed']],
	['interval', ['interval']],
	['warmup', ['warmup']],
	['pause', ['pause']],
	['xfersize', ['forxfersize']],
	['threads', ['forthreads']],
	['rdpct', ['forrdpct']],
	['rhpct', ['forrhpct']],
	['whpct', ['forwhpct']],
	['seekpct', ['forseekpct']],
	['hitarea', ['forhitarea']],
	['compratio', ['forcompratio']],
	['xfersize', ['xfersize']],
	['threads', ['threads']],
	['rdpct', ['rdpct']],
	['rhpct', ['rhpct']],
	['whpct', ['whpct']],
	['seekpct', ['seekpct']],
];

const WD_KEYWORDS: readonly Keyword[] = [
	['sd', [], ['sd']],
	['skew', ['skew']],
	['xfersize', ['xfersize']],
	['rdpct', ['readpct', 'rdpct']],
	['wrpct', ['writepct', 'wrpct']],
	['range', ['range']],
	['hotband', ['hotband']],
	['seekpct', ['seekpct']],
	['stride', ['stride']],
	['priority', ['priority']],
	['iorate', ['iorate']],
	['rhpct', ['rhpct']],
	['whpct', ['whpct']],
	['host', ['host'], ['hd']],
];

const SD_KEYWORDS: readonly Keyword[] = [['threads', ['threads']]];

function canonical(keyword: string, table: readonly Keyword[]): string {
	const k = keyword.toLowerCase();
	for (const [name, prefixOf, exact] of table) {
		if (exact?.includes(k) || prefixOf.some((p) => p.startsWith(k))) return name;
	}
	return k;
}

/** Splits `a=1,b=(x,y),c='q,r'` on the commas outside parentheses and quotes. */
function splitTop(text: string): string[] {
	const out: string[] = [];
	let depth = 0;
	let quote = '';
	let start = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text[i]!;
		if (quote) {
			if (c === quote) quote = '';
		} else if (c === '"' || c === "'") quote = c;
		else if (c === '(') depth++;
		else if (c === ')') depth = Math.max(0, depth - 1);
		else if (c === ',' && depth === 0) {
			out.push(text.slice(start, i));
			start = i + 1;
		}
	}
	out.push(text.slice(start));
	return out.map((s) => s.trim()).filter(Boolean);
}

function values(text: string): string[] {
	const inner = /^\((.*)\)$/.exec(text.trim());
	const list = inner ? splitTop(inner[1]!) : [text.trim()];
	return list.map((v) => v.replace(/^(["'])(.*)\1$/, '$2'));
}

const COMMENT = /^[*#/]/;

/** Statements (hd=, sd=, wd=, rd=, …), a line starting with a comma continuing the one before. */
function statements(text: string): { kind: string; line: number; text: string }[] {
	const out: { kind: string; line: number; text: string }[] = [];
	const { lines } = textLines(text);
	for (let i = 0; i < lines.length; i++) {
		const l = lines[i]!.trim();
		if (l === '' || COMMENT.test(l)) continue;
		const last = out[out.length - 1];
		if (l.startsWith(',') && last) {
			last.text += l;
			continue;
		}
		const m = /^([A-Za-z_]+)\s*=/.exec(l);
		if (!m) continue;
		out.push({ kind: m[1]!.toLowerCase(), line: i + 1, text: l });
	}
	return out;
}

function toStatement(raw: { line: number; text: string }, table: readonly Keyword[], defaults: Map<string, string[]>): Statement {
	const params = new Map(defaults);
	const parts = splitTop(raw.text);
	const name = values(parts[0]!.slice(parts[0]!.indexOf('=') + 1))[0] ?? '';
	for (const part of parts.slice(1)) {
		const eq = part.indexOf('=');
		if (eq <= 0) continue;
		params.set(canonical(part.slice(0, eq).trim(), table), values(part.slice(eq + 1)));
	}
	return { line: raw.line, text: raw.text, name, params };
}

/** The parameters read later must be what Vdbench accepts, so a bad one is the parameter file's error. */
function validate(ctx: FileContext, kind: 'rd' | 'wd' | 'sd', st: Statement): void {
	const each = (key: string, check: (v: string) => unknown) => {
		for (const v of st.params.get(key) ?? []) check(v);
	};
	const number = (key: string) => each(key, (v) => numberOf(ctx, v, st.line, key));
	const size = (key: string) => each(key, (v) => sizeOf(ctx, v, st.line, key));
	if (kind === 'sd') return number('threads');
	if (kind === 'rd') {
		each('iorate', (v) => /^(max|curve)$/i.test(v) || numberOf(ctx, v, st.line, 'iorate'));
		['threads', 'elapsed', 'interval', 'warmup', 'rdpct'].forEach(number);
	} else ['rdpct', 'wrpct'].forEach(number);
	size('xfersize');
	seekOf(ctx, st.params.get('seekpct') ?? [], st.line);
}

export function parseParmfile(text: string, file: string): Parmfile {
	const rds = new Map<string, Statement>();
	const wds: Statement[] = [];
	const sds: Statement[] = [];
	const defaults = { rd: new Map<string, string[]>(), wd: new Map<string, string[]>(), sd: new Map<string, string[]>() };
	let versionFromPath: string | null = null;
	let versionLine: number | undefined;
	const ctx: FileContext = { file, warnings: [] };
	for (const raw of statements(text)) {
		if (raw.kind === 'hd') {
			const v = /vdbench=[^,]*?vdbench(\d)(\d\d)(\d\d)(?!\d)/i.exec(raw.text);
			if (v && versionFromPath === null) {
				versionFromPath = `${v[1]}.${v[2]}.${v[3]}`;
				versionLine = raw.line;
			}
			continue;
		}
		if (raw.kind !== 'rd' && raw.kind !== 'wd' && raw.kind !== 'sd') continue;
		const table = raw.kind === 'rd' ? RD_KEYWORDS : raw.kind === 'wd' ? WD_KEYWORDS : SD_KEYWORDS;
		const st = toStatement(raw, table, defaults[raw.kind]);
		validate(ctx, raw.kind, st);
		if (st.name === 'default') {
			for (const [k, v] of st.params) defaults[raw.kind].set(k, v);
		} else if (raw.kind === 'rd') rds.set(st.name, st);
		else (raw.kind === 'wd' ? wds : sds).push(st);
	}
	return { file, rds, wds, sds, versionFromPath, versionLine };
}


function matching(patterns: readonly string[], list: readonly Statement[]): Statement[] {
	return list.filter((s) => patterns.some((p) => wildcardMatch(p, s.name)));
}

/** One value for every statement, 'mixed' when they differ, undefined when the RD loops over several. */
export type ParmValue = number | 'mixed' | undefined;

export interface RdParams {
	rd: Statement;
	/** What the run asked for; undefined when a for-loop of the RD gives each run its own value. */
	xfersize: ParmValue;
	rdpct: ParmValue;
	seekpct: ParmValue;
	threads: ParmValue;
	/** `iorate=`: a number, null for max and curve, undefined when absent or a list (each run has one of them). */
	rate: number | null | undefined;
	/** `interval=` of the RD, seconds. */
	intervalS: number | null;
	/** Everything that makes the workload, without its rate, load (threads) and duration: equal for the steps of a ramp. */
	signature: string;
	/** rd= line and the sd= lines it uses, for runs.condition. */
	condition: string;
}

function numberOf(ctx: FileContext, v: string, line: number, field: string): number {
	if (v.startsWith('$')) return NaN;
	const n = /^\d+(?:\.\d+)?$/.test(v) ? Number(v) : undefined;
	if (n === undefined) fail(ctx, 'BAD_PARAMETER', { line, field }, `"${v.slice(0, 40)}" is not a number`);
	return n;
}

function sizeOf(ctx: FileContext, v: string, line: number, field: string): number {
	if (v.startsWith('$')) return NaN;
	const n = parseBlockSize(v);
	if (n === undefined) fail(ctx, 'BAD_PARAMETER', { line, field }, `"${v.slice(0, 40)}" is not a size`);
	return n;
}

/** seekpct= takes a number or a word (WD_entry.parseSeekpct): sequential and eof are 0 % random. */
function seekOf(ctx: FileContext, vs: readonly string[], line: number): number {
	let pct = 100;
	for (const v of vs) {
		const w = v.toLowerCase();
		if ('sequential'.startsWith(w) || w === 'eof') pct = 0;
		else if ('random'.startsWith(w) || 'poisson'.startsWith(w)) pct = 100;
		else pct = numberOf(ctx, v, line, 'seekpct');
	}
	return pct;
}

/** One value when every element gives the same, else 'mixed'; NaN ($variables) makes it unknown. */
function common(list: readonly number[]): ParmValue {
	if (list.some((v) => Number.isNaN(v))) return undefined;
	return list.length > 0 && list.every((v) => v === list[0]) ? list[0] : 'mixed';
}

/** An RD-level for-loop: its one value, or undefined when it has several (each run has one of them). */
function loop(rd: Statement, key: string, parse: (v: string) => number): ParmValue | null {
	const vs = rd.params.get(key);
	if (!vs) return null;
	if (vs.length !== 1) return undefined;
	const v = parse(vs[0]!);
	return Number.isNaN(v) ? undefined : v;
}

const orElse = (value: ParmValue | null, other: () => ParmValue): ParmValue => (value === null ? other() : value);

const NOT_WORKLOAD = new Set(['iorate', 'threads', 'elapsed', 'interval', 'warmup', 'pause', 'curve', 'stopcurve', 'wd', 'sd']);

/** What the parameter file says about the RD of a run (`rd1_(50%)` is a curve point of `rd1`). */
export function rdParams(pf: Parmfile, runName: string, ctx: FileContext): RdParams | undefined {
	const rd = pf.rds.get(baseRdName(runName)) ?? pf.rds.get(runName);
	if (!rd) return undefined;
	const pctx: FileContext = { file: pf.file, warnings: ctx.warnings };
	const wds = matching(rd.params.get('wd') ?? [], pf.wds);
	const sdPatterns = rd.params.get('sd') ?? wds.flatMap((w) => w.params.get('sd') ?? []);
	const sds = matching(sdPatterns, pf.sds);

	const xfersize = orElse(loop(rd, 'xfersize', (v) => sizeOf(pctx, v, rd.line, 'xfersize')), () =>
		common(
			wds.flatMap((w) => {
				const xs = w.params.get('xfersize') ?? ['4k'];
				// A distribution (size,%,size,%…) or a (min,max,align) range is several sizes.
				return xs.length === 1 ? [sizeOf(pctx, xs[0]!, w.line, 'xfersize')] : [-1, -2];
			}),
		),
	);
	const rdpct = orElse(loop(rd, 'rdpct', (v) => numberOf(pctx, v, rd.line, 'rdpct')), () =>
		common(
			wds.map((w) => {
				const r = w.params.get('rdpct');
				const wr = w.params.get('wrpct');
				if (r) return numberOf(pctx, r[0]!, w.line, 'rdpct');
				if (wr) return 100 - numberOf(pctx, wr[0]!, w.line, 'wrpct');
				return 100;
			}),
		),
	);
	const seekpct = orElse(loop(rd, 'seekpct', (v) => seekOf(pctx, [v], rd.line)), () =>
		common(wds.map((w) => seekOf(pctx, w.params.get('seekpct') ?? ['100'], w.line))),
	);
	// SD_entry's default: 8 threads per SD.
	const threads = orElse(loop(rd, 'threads', (v) => numberOf(pctx, v, rd.line, 'threads')), () =>
		common(sds.map((s) => numberOf(pctx, (s.params.get('threads') ?? ['8'])[0]!, s.line, 'threads'))),
	);
	const iorate = rd.params.get('iorate');
	let rate: number | null | undefined;
	if (iorate?.length === 1) {
		const v = iorate[0]!.toLowerCase();
		rate = v === 'max' || v === 'curve' ? null : numberOf(pctx, v, rd.line, 'iorate');
		if (Number.isNaN(rate)) rate = undefined;
	}
	const interval = rd.params.get('interval')?.[0];
	const intervalS = interval === undefined ? null : numberOf(pctx, interval, rd.line, 'interval');

	if (wds.length === 0) warn(ctx, 'PARMFILE_NO_WD', {}, `${pf.file}:${rd.line}: no wd= matches the wd= of rd=${rd.name}`);
	else if (sds.length === 0) warn(ctx, 'PARMFILE_NO_SD', {}, `${pf.file}:${rd.line}: no sd= matches the sd= of rd=${rd.name} or its wd= (Vdbench would not have run it)`);
	const own = [...rd.params].filter(([k]) => !NOT_WORKLOAD.has(k)).map(([k, v]) => `${k}=${v.join(',')}`);
	const workloads = wds.map((w) => [...w.params].map(([k, v]) => `${k}=${v.join(',')}`).join(','));
	return {
		rd,
		xfersize,
		rdpct,
		seekpct,
		threads,
		rate,
		intervalS: Number.isNaN(intervalS) ? null : intervalS,
		signature: [own.sort().join(','), ...workloads, ...sds.map((s) => s.name)].join(' | '),
		condition: [rd.text, ...sds.map((s) => s.text)].join(' | '),
	};
}
