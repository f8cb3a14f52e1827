// CrystalDiskMark "File > Save (Text)" (8.x; 5.x–7.x layouts tolerated) → one run per test line
// and direction. Format facts (OTHER_FORMATS.md §4, hiyohiyo/CrystalDiskMark DiskMarkDlg.cpp):
// - MB/s is decimal: the file's own line says `* MB/s = 1,000,000 bytes/s`; block sizes are KiB/MiB.
// - IOPS are not counted: CrystalDiskMark prints score × 1,000,000 ÷ block size.
// - Each test runs N times (`(xN)` on the Test line) and the best run is printed; the latency (µs,
//   7.x and later) is the lowest of the runs' mean latencies.
import { newRun } from '../rows.ts';
import { emptyResult, fail, splitLines, warn, type FileContext, type ParsedRun, type ParseResult } from '../parse-result.ts';
import { MB } from '../../units.ts';
import { SOURCE_FORMAT, squeeze, TOOL } from './common.ts';
import { addFooterLine, footerLine, isoDate, measureSeconds, newFooter, runCount, type Footer } from './footer.ts';
import { parseResultLine, RESULT_START, type ResultLine, type Section } from './results.ts';

/** `CrystalDiskMark 8.0.1 x64 (C) 2007-2021 hiyohiyo`; the edition (`x64`, `Shizuku Edition x64`…) sits between. */
export const HEADER = /^\s*CrystalDiskMark\s+(\d+(?:\.\d+)+[a-z]?)\s*(.*?)\s*\(C\)/;
/** `* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]` (older versions: `byte/s`). */
export const UNITS = /^\s*\*\s*MB\/s\s*=\s*([\d,]+)\s*bytes?\/s/;
const SECTION = /^\s*\[(Read|Write|Mix)\]\s*(.*)$/;

const DIRECTIONS: Record<Section, 'read' | 'write' | 'mixed'> = { read: 'read', write: 'write', mix: 'mixed' };

interface Header {
	version: string;
	edition: string;
	line: number;
}

interface Scan {
	header: Header;
	results: ResultLine[];
	footer: Footer;
	/** `[Mix] Read 70%/Write 30%`: the read share, when a mix section is present. */
	mixReadPct: number | null;
	mixLabel: string | null;
}

function scan(ctx: FileContext, lines: string[]): Scan {
	let header: Header | null = null;
	let unitsLine = 0;
	let section: Section | null = null;
	let mixReadPct: number | null = null;
	let mixLabel: string | null = null;
	const results: ResultLine[] = [];
	let footer: Footer | null = null;
	const needUnits = (n: number) => {
		if (unitsLine === 0) fail(ctx, 'MISSING_UNITS', { line: n }, 'no "* MB/s = 1,000,000 bytes/s" line before the results');
	};

	for (let i = 0; i < lines.length; i++) {
		const text = lines[i]!;
		const n = i + 1;
		const trimmed = text.trim();
		if (header === null) {
			if (trimmed === '' || /^-+$/.test(trimmed)) continue;
			const m = HEADER.exec(text);
			if (!m) fail(ctx, 'MISSING_HEADER', { line: n }, 'expected the "CrystalDiskMark <version> … (C) … hiyohiyo" line');
			header = { version: m[1]!, edition: squeeze(m[2]!), line: n };
			continue;
		}
		if (HEADER.test(text)) fail(ctx, 'DUPLICATE_HEADER', { line: n }, 'a second CrystalDiskMark header: one result per file');
		if (footer !== null) {
			if (RESULT_START.test(text) || SECTION.test(text)) fail(ctx, 'UNEXPECTED_LINE', { line: n }, 'result line after the Test/Date/OS lines');
			addFooterLine(ctx, footer, text, n);
			continue;
		}
		if (trimmed === '' || /^-+$/.test(trimmed) || /^Crystal Dew World\b/.test(trimmed)) continue;
		const units = UNITS.exec(text);
		if (units) {
			if (units[1] !== '1,000,000') fail(ctx, 'UNEXPECTED_UNIT', { line: n }, `MB/s is said to be ${units[1]} bytes/s, not 1,000,000`);
			unitsLine = n;
			continue;
		}
		if (/^\s*\*\s*KB\s*=/.test(text)) continue;
		const heading = SECTION.exec(text);
		if (heading) {
			needUnits(n);
			section = heading[1] === 'Read' ? 'read' : heading[1] === 'Write' ? 'write' : 'mix';
			if (section === 'mix') {
				mixLabel = squeeze(heading[2]!) || null;
				const pct = /Read\s+(\d+)%/.exec(heading[2]!);
				mixReadPct = pct && Number(pct[1]) <= 100 ? Number(pct[1]) : null;
				if (mixReadPct === null) warn(ctx, 'CDM_MIX_RATIO_UNKNOWN', { line: n }, '[Mix] heading does not say "Read N%": read_pct of the mix rows is unknown');
			}
			continue;
		}
		const result = parseResultLine(ctx, text, n, section);
		if (result) {
			needUnits(n);
			results.push(result);
			continue;
		}
		if (footerLine(text)) {
			footer = newFooter(n);
			addFooterLine(ctx, footer, text, n);
			continue;
		}
		fail(ctx, 'UNEXPECTED_LINE', { line: n }, `unexpected line "${trimmed.slice(0, 60)}"`);
	}

	if (header === null) fail(ctx, 'MISSING_HEADER', { line: 1 }, 'no "CrystalDiskMark <version>" header line: empty or not a CrystalDiskMark text');
	if (unitsLine === 0) fail(ctx, 'MISSING_UNITS', { line: lines.length }, 'no "* MB/s = 1,000,000 bytes/s" line');
	if (results.length === 0) fail(ctx, 'NO_RESULTS', { line: lines.length }, 'no result lines');
	// Every version writes Test, Date and OS after the results: without them the file was cut short.
	for (const key of ['Test', 'Date', 'OS'] as const) {
		if (!footer?.values[key]) fail(ctx, 'TRUNCATED_FILE', { line: lines.length }, `file ends without its "${key}:" line: cut short?`);
	}
	return { header, results, footer: footer!, mixReadPct, mixLabel };
}

/** The facts of the whole file, in words, for `condition`. */
function fileCondition(s: Scan): string[] {
	const v = s.footer.values;
	const parts = [`${TOOL} ${s.header.version}${s.header.edition ? ` ${s.header.edition}` : ''}`];
	for (const key of ['Profile', 'Test', 'Mode', 'Time', 'OS', 'Comment'] as const) {
		if (v[key] && v[key].text !== '') parts.push(`${key}: ${v[key].text}`);
	}
	parts.push(...s.footer.notes.map((n) => `note: ${n}`));
	parts.push('MB/s = 1,000,000 bytes/s (decimal), block sizes binary');
	const runs = runCount(s.footer);
	parts.push(runs === null ? 'score = best of the runs' : `score = best of ${runs} runs`);
	return parts;
}

function rowCondition(base: string[], r: ResultLine, mixLabel: string | null): string {
	const parts = [...base];
	if (r.section === 'mix' && mixLabel) parts.push(`mix: ${mixLabel}`);
	if (r.iops !== null) parts.push('IOPS derived by CrystalDiskMark from MB/s (× 1,000,000 ÷ block size), not counted');
	if (r.latencyUs !== null) parts.push('latency = lowest mean latency of the runs');
	return parts.join('; ');
}

function rwOf(section: Section, access: 'sequential' | 'random'): string {
	const kind = section === 'read' ? 'read' : section === 'write' ? 'write' : 'rw';
	return access === 'random' ? `rand${kind}` : kind;
}

/** Run keys: the test name ("SEQ1M Q8T1" → "SEQ1M-Q8T1"), numbered when a section repeats a test. */
function runKeys(results: ResultLine[]): { keys: string[]; index: Map<string, number> } {
	const seen = new Map<string, number>();
	const index = new Map<string, number>();
	const keys = results.map((r) => {
		const base = r.name.replace(' ', '-');
		if (!index.has(r.name)) index.set(r.name, index.size);
		const k = `${r.section}/${base}`;
		const n = (seen.get(k) ?? 0) + 1;
		seen.set(k, n);
		return n === 1 ? base : `${base}-${n}`;
	});
	return { keys, index };
}

function checkIops(ctx: FileContext, r: ResultLine): void {
	if (r.iops === null || r.blockBytes === null) return;
	// IOPS = MB/s × 1,000,000 ÷ block size, printed to 0.1 from MB/s printed to 0.001.
	const expected = (r.mbPerS * MB) / r.blockBytes;
	const tolerance = 0.05 + (0.0005 * MB) / r.blockBytes + 1e-6;
	if (Math.abs(r.iops - expected) > tolerance) {
		warn(ctx, 'CDM_IOPS_MISMATCH', { line: r.line }, `${r.iops} IOPS ≠ ${r.mbPerS} MB/s ÷ ${r.blockBytes} bytes (${expected.toFixed(1)} IOPS)`);
	}
}

export function parseCrystalDiskMark(text: string, file: string): ParseResult {
	const ctx: FileContext = { file, warnings: [] };
	const out = emptyResult();
	const s = scan(ctx, splitLines(text, { loneCr: true }).lines);
	const startedAt = isoDate(ctx, s.footer.values.Date!.text, s.footer.values.Date!.line);
	const base = fileCondition(s);
	const runtime = measureSeconds(s.footer);
	const { keys, index } = runKeys(s.results);
	let derivedWarned = false;
	let unstatedWarned = false;

	s.results.forEach((r, i) => {
		// A test that was not run (read-only or write-only benchmark) keeps CrystalDiskMark's zeros: not a measurement.
		if (r.mbPerS === 0 && !r.iops && !r.latencyUs) {
			warn(ctx, 'CDM_NOT_RUN', { line: r.line }, `${r.name} ${r.section}: 0 MB/s, 0 IOPS: the test was not run; no row emitted`);
			return;
		}
		checkIops(ctx, r);
		if (r.iops !== null && !derivedWarned) {
			derivedWarned = true;
			warn(ctx, 'CDM_IOPS_DERIVED', { line: r.line }, 'IOPS are computed by CrystalDiskMark from MB/s (MB/s × 1,000,000 ÷ block size), not counted I/Os');
		}
		if (r.blockBytes === null && !unstatedWarned) {
			unstatedWarned = true;
			warn(ctx, 'CDM_BLOCK_SIZE_UNSTATED', { line: r.line }, `${r.name}: the line does not print its block size; block_size_bytes left NULL`);
		}
		const readPct = r.section === 'read' ? 100 : r.section === 'write' ? 0 : s.mixReadPct;
		const row: ParsedRun = newRun({
			run_key: keys[i]!,
			source_line: r.line,
			source_format: SOURCE_FORMAT,
			scope: 'job',
			direction: DIRECTIONS[r.section],
			value_origin: 'measured',
			tool: 'crystaldiskmark',
			tool_version: s.header.version,
			job_name: r.name,
			job_index: index.get(r.name)!,
			workload: r.name,
			condition: rowCondition(base, r, s.mixLabel),
			started_at: startedAt,
			rw: rwOf(r.section, r.access),
			access: r.access,
			read_pct: readPct,
			random_pct: r.access === 'random' ? 100 : 0,
			block_size_bytes: r.blockBytes,
			iodepth: r.queues,
			numjobs: r.threads,
			runtime_s: runtime,
			bw_bytes_per_s: r.bwBytesPerS,
			iops: r.iops,
			lat_mean_ns: r.latencyNs,
		});
		out.runs.push(row);
	});
	out.warnings = ctx.warnings;
	return out;
}
