// One Vdbench output folder, read through any of its files. Which file gives the runs (see index.ts): flatfile.html,
// else summary.html, else totals.html, else histogram.html; the others then return nothing, but each still reads
// (and so checks) its own text. Companions that do not parse only lose what they would add, with a warning.
import { MB, MIB } from '../../units.ts';
import type { ParseContext } from '../format.ts';
import { emptyResult, ParseError, warn, type FileContext, type ParseResult, type Warning } from '../parse-result.ts';
import { buildFolder, type FolderParts } from './build.ts';
import { parseFlatfile } from './flatfile.ts';
import { parseHistogramFile, type HistogramRun } from './histogram.ts';
import { emptyMeasure, type RunData } from './model.ts';
import { parseParmfile } from './parmfile.ts';
import { parseReport, type ReportFile } from './report.ts';
import type { RunStart } from './run-start.ts';

export const FILE_KINDS = ['flatfile', 'summary', 'totals', 'histogram', 'parmfile'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const NAME = /^(.*?)(flatfile|summary|totals|histogram|parmfile)(\.html?)$/i;

/** The name a sibling of `fileName` has in the same folder ("summary.html" → "parmfile.html"; a common prefix is kept). */
export function siblingName(fileName: string, kind: FileKind): string | undefined {
	const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
	const m = NAME.exec(base);
	return m ? `${m[1]}${kind}${m[3]}` : undefined;
}

/** The files a kind is read with: the better sources of runs (whose presence silences it) and what adds to it. */
export const COMPANIONS: Record<FileKind, readonly FileKind[]> = {
	flatfile: ['summary', 'parmfile', 'histogram'],
	summary: ['flatfile', 'parmfile', 'histogram'],
	totals: ['flatfile', 'summary', 'parmfile', 'histogram'],
	histogram: ['flatfile', 'summary', 'totals', 'parmfile'],
	parmfile: [],
};

/** Earlier kinds give the runs when present. */
const PRIMARY_ORDER: readonly FileKind[] = ['flatfile', 'summary', 'totals', 'histogram'];

interface Companion<T> {
	name: string;
	value: T | null;
}

function companion<T>(ctx: FileContext, file: string, kind: FileKind, context: ParseContext, read: (text: string, name: string) => T): Companion<T> | null {
	const name = siblingName(file, kind);
	const text = name === undefined ? undefined : context.companions[name];
	if (name === undefined || text === undefined) return null;
	try {
		return { name, value: read(text, name) };
	} catch (err) {
		if (!(err instanceof ParseError)) throw err;
		warn(ctx, 'COMPANION_UNREADABLE', {}, `${err.message}; what ${name} adds (${kind}) is left out`);
		return { name, value: null };
	}
}

/**
 * MB of a flatfile's MB/sec: its column note always says 1024*1024, even when `-mb` made it 1000*1000. A summary
 * header says which; without one, rate × bytes/io of the averages tells, and decimal MB is warned about.
 */
function flatfileMb(ctx: FileContext, runs: readonly RunData[], summary: ReportFile | null): number {
	if (summary?.mb) return summary.mb;
	let binary = 0;
	let decimal = 0;
	for (const { avg } of runs) {
		if (!avg.rate || !avg.bytes || !avg.mbps || avg.mbps < 1) continue;
		const bytesPerMb = (avg.rate * avg.bytes) / avg.mbps;
		if (Math.abs(bytesPerMb / MIB - 1) < 0.01) binary++;
		else if (Math.abs(bytesPerMb / MB - 1) < 0.01) decimal++;
	}
	if (decimal > 0 && binary === 0) {
		warn(ctx, 'MB_DECIMAL_INFERRED', {}, 'MB/sec × 1,000,000 matches rate × bytes/io (Vdbench -mb), not the 1024*1024 of the column note: read as decimal MB');
		return MB;
	}
	return MIB;
}

/** Bare runs of histogram.html alone: identity and I/O counts, no rates or latencies. */
function histogramRuns(hist: readonly HistogramRun[]): RunData[] {
	return hist.map((h) => ({
		key: h.key,
		name: h.start.name,
		firstLine: h.start.line,
		start: h.start,
		intervals: [],
		avg: emptyMeasure(h.start.line, null, null, h.start.tod, 0),
		avgFirst: 0,
		avgLast: 0,
		requested: { rate: h.start.rateKind === 'fixed' ? h.start.rate : h.start.rateKind === 'variable' || h.start.rateKind === 'replay' ? undefined : null },
		fileSignature: null,
	}));
}

export function parseVdbenchFile(kind: FileKind, text: string, file: string, context: ParseContext, formatId: string): ParseResult {
	const warnings: Warning[] = [];
	const ctx: FileContext = { file, warnings };
	const quiet = (): Warning[] => [];

	if (kind === 'parmfile') {
		parseParmfile(text, file);
		return emptyResult();
	}
	// Each file reads its own text first, so its errors are its own.
	const flat = kind === 'flatfile' ? parseFlatfile(text, file, warnings) : null;
	const report = kind === 'summary' || kind === 'totals' ? parseReport(text, file, warnings) : null;
	const ownHist = kind === 'histogram' ? parseHistogramFile(text, file, warnings) : null;

	const better = PRIMARY_ORDER.slice(0, PRIMARY_ORDER.indexOf(kind)).find((k) => {
		const name = siblingName(file, k);
		return name !== undefined && context.companions[name] !== undefined;
	});
	if (better !== undefined) return emptyResult();

	const summary = kind === 'flatfile' ? companion(ctx, file, 'summary', context, (t, n) => parseReport(t, n, quiet())) : null;
	const parm = companion(ctx, file, 'parmfile', context, parseParmfile);
	const hist = ownHist ? { name: file, value: ownHist } : companion(ctx, file, 'histogram', context, (t, n) => parseHistogramFile(t, n, quiet()));

	let runs: RunData[];
	let mb = MIB;
	let utcOffsetMin: number | null = null;
	const starts = new Map<string, RunStart>();
	const dates = new Map<string, string>();
	if (flat) {
		runs = flat.runs;
		const s = summary?.value ?? null;
		mb = flatfileMb(ctx, runs, s);
		utcOffsetMin = s?.utcOffsetMin ?? null;
		for (const r of s?.runs ?? []) {
			if (r.start) starts.set(r.key, r.start);
			if (r.avg.stamp) dates.set(r.key, r.avg.stamp.slice(0, 10));
		}
	} else if (report) {
		runs = report.runs;
		mb = report.mb ?? MIB;
		utcOffsetMin = report.utcOffsetMin;
	} else {
		runs = histogramRuns(ownHist!);
	}
	for (const h of hist?.value ?? []) if (!starts.has(h.key)) starts.set(h.key, h.start);

	const result = buildFolder(ctx, {
		formatId,
		runs,
		mb,
		starts,
		dates,
		utcOffsetMin,
		parm: parm?.value ?? null,
		histogram: hist?.value ?? null,
		histogramFile: hist?.name ?? '',
	} satisfies FolderParts);
	result.warnings = warnings;
	return result;
}
