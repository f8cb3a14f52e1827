// elbencho's result text (`--resfile`, the same table as on the console):
//   ISO DATE: 2022-03-09T15:40:28-0800
//   [LABEL: …]                                  (newer versions, with --label)
//   COMMAND LINE: "/…/elbencho" "--threads" "8" …
//
//   OPERATION RESULT TYPE        FIRST DONE  LAST DONE
//   ========= ================   ==========  =========
//   WRITE     Elapsed ms       :      45247      45253      (newer: "Elapsed time : 45.247s 45.253s")
//             IOPS             :       4792       4831
//             Throughput MiB/s :       4792       4831      ("Throughput MB/s" with --base10)
//             Total MiB        :     216852     218627
//             IO latency       : [ min=98us avg=1.23ms max=12.3ms ]   (with --lat; units chosen per value)
//   ---
// Rows of rwmix phases say "IOPS write", "IOPS read", "IOPS total", "MiB/s write"… (Statistics.cpp
// printPhaseResultsToStream). A file may hold several runs appended one after another.
import { emptyResult, fail, splitLines, warn, type ParseResult } from '../parse-result.ts';
import { MB, MIB, MS_PER_S, nsPerTimeUnit } from '../../units.ts';
import { parseCommand } from './command.ts';
import {
	decimalTimes,
	isoTime,
	newContext,
	parseCount,
	PhaseKeys,
	phaseKind,
	warnOnce,
	type ElbenchoContext,
} from './common.ts';
import { hasIo, type Measure } from './measure.ts';
import { phaseRuns, type Settings } from './runs.ts';

export const SOURCE_FORMAT = 'elbencho-text';
export const TABLE_HEADER = /^OPERATION\s+RESULT TYPE\s+FIRST DONE\s+LAST DONE\s*$/;

interface Session {
	isoDate: string | null;
	label: string | null;
	settings: Settings;
	headerSeen: boolean;
}

interface Row {
	first: string;
	last: string;
	/** `[ … ]` rows (latency, per-thread times) keep their text here. */
	list: string | null;
	line: number;
}

interface Block {
	name: string;
	line: number;
	rows: Map<string, Row>;
	session: Session;
}

const PHASE_LINE = /^([A-Z][A-Z0-9+-]*)\s+(\S.*?)\s*:(?:\s+(.*))?$/;
const ROW_LINE = /^\s+(\S.*?)\s*:(?:\s+(.*))?$/;

function emptySettings(): Settings {
	return { hosts: null, threads: null, blockBytes: null, iodepth: null, random: null, direct: null, fileSizeBytes: null, notes: [] };
}

function newSession(): Session {
	return { isoDate: null, label: null, settings: emptySettings(), headerSeen: false };
}

function addRow(ctx: ElbenchoContext, block: Block, label: string, values: string | undefined, line: number): void {
	const v = (values ?? '').trim();
	let row: Row;
	if (v.startsWith('[')) {
		if (!v.endsWith(']')) fail(ctx, 'BAD_ROW', { line }, `"${label}" list does not end with "]": line cut short?`);
		row = { first: '', last: '', list: v.slice(1, -1).trim(), line };
	} else {
		const parts = v.split(/\s+/);
		if (parts.length !== 2 || parts[0] === '') {
			fail(ctx, 'BAD_ROW', { line }, `"${label}" needs a FIRST DONE and a LAST DONE value, found "${v.slice(0, 40)}": line cut short?`);
		}
		row = { first: parts[0]!, last: parts[1]!, list: null, line };
	}
	if (block.rows.has(label)) fail(ctx, 'DUPLICATE_ROW', { line }, `"${label}" appears twice in phase ${block.name}`);
	block.rows.set(label, row);
}

/** "45253" (Elapsed ms) or "45.253s", "1m2.345s", "123ms", "1h0m0s" (Elapsed time: UnitTk::elapsedMSToHumanStr). */
function elapsedMs(ctx: ElbenchoContext, label: string, row: Row): number {
	if (label === 'Elapsed ms') return parseCount(ctx, row.last, row.line, label);
	const t = row.last;
	const ms = /^(\d+)ms$/.exec(t);
	if (ms) return Number(ms[1]);
	const m = /^(?:(\d+)h)?(?:(\d+)m)?(\d+)(?:\.(\d{3}))?s$/.exec(t);
	if (!m) fail(ctx, 'BAD_NUMBER', { line: row.line, field: label }, `"${t.slice(0, 24)}" is not an elapsed time`);
	const [h, mi, s, frac] = [m[1], m[2], m[3], m[4]].map((x) => Number(x ?? 0)) as [number, number, number, number];
	const SECONDS_PER_MINUTE = 60;
	const MINUTES_PER_HOUR = 60;
	return ((h * MINUTES_PER_HOUR + mi) * SECONDS_PER_MINUTE + s) * MS_PER_S + frac;
}

/** `min=98us avg=1.23ms max=12.3ms` (UnitTk::latencyUsToHumanStr) → ns. */
function latency(ctx: ElbenchoContext, row: Row, label: string): { min: number; avg: number; max: number } {
	const out: Record<string, number> = {};
	for (const part of (row.list ?? '').split(/\s+/)) {
		const m = /^(min|avg|max)=(\d+(?:\.\d+)?)(us|ms|s)$/.exec(part);
		if (!m) fail(ctx, 'BAD_NUMBER', { line: row.line, field: label }, `"${part.slice(0, 24)}" is not min=/avg=/max= with a time unit`);
		out[m[1]!] = decimalTimes(m[2]!, nsPerTimeUnit(m[3]!)!);
	}
	if (out.min === undefined || out.avg === undefined || out.max === undefined) {
		fail(ctx, 'BAD_ROW', { line: row.line }, `"${label}" lacks one of min, avg, max`);
	}
	return { min: out.min, avg: out.avg, max: out.max };
}

/** Rows of one direction: `suffix` is "" (plain phase), " write", " read" or " total" (rwmix). */
function measureOf(ctx: ElbenchoContext, block: Block, direction: Measure['direction'], suffix: string, elapsed: number | null): Measure {
	const count = (label: string) => {
		const row = block.rows.get(label);
		return row ? parseCount(ctx, row.last, row.line, label) : null;
	};
	const rateRow = [
		[suffix === '' ? 'Throughput MiB/s' : `MiB/s${suffix}`, MIB, 'MiB/s'],
		[suffix === '' ? 'Throughput MB/s' : `MB/s${suffix}`, MB, 'MB/s'],
	].find(([label]) => block.rows.has(label as string)) as [string, number, string] | undefined;
	const latLabel = suffix === '' ? 'IO latency' : suffix === ' write' ? 'IO wr latency' : suffix === ' read' ? 'IO rd latency' : null;
	const latRow = latLabel === null ? undefined : block.rows.get(latLabel);
	const lat = latRow ? latency(ctx, latRow, latLabel!) : null;
	let totalMiB = count(suffix === '' ? 'Total MiB' : `MiB${suffix}`);
	let totalIos = count(suffix === '' ? 'IOs total' : `IOs${suffix}`);
	if (direction === 'mixed') {
		// No "MiB total" row: the rwmix total is write + read.
		const w = count('MiB write');
		const r = count('MiB read');
		totalMiB = w !== null && r !== null ? w + r : null;
		const wi = count('IOs write');
		const ri = count('IOs read');
		totalIos = wi !== null && ri !== null ? wi + ri : null;
	}
	return {
		direction,
		line: block.line,
		elapsedMs: elapsed,
		iops: count(`IOPS${suffix}`),
		rate: rateRow ? count(rateRow[0]) : null,
		rateUnit: rateRow ? rateRow[1] : MIB,
		rateLabel: rateRow ? rateRow[2] : 'MiB/s',
		totalMiB,
		totalIos,
		latMinNs: lat?.min ?? null,
		latMeanNs: lat?.avg ?? null,
		latMaxNs: lat?.max ?? null,
	};
}

function blockRuns(ctx: ElbenchoContext, block: Block, key: string, index: number, out: ParseResult, nonIo: string[]): void {
	const kind = phaseKind(block.name);
	const elapsedLabel = ['Elapsed ms', 'Elapsed time'].find((l) => block.rows.has(l));
	const elapsed = elapsedLabel ? elapsedMs(ctx, elapsedLabel, block.rows.get(elapsedLabel)!) : null;
	if (kind === 'other') {
		const io = [...block.rows.keys()].some((l) => /^(IOPS|Throughput|MiB\/s|MB\/s|Total MiB)/.test(l));
		if (io) warn(ctx, 'ELBENCHO_UNKNOWN_PHASE', { line: block.line }, `phase ${block.name} moved data but is not a storage read/write phase; no row emitted`);
		else nonIo.push(block.name);
		return;
	}
	const suffixes: [Measure['direction'], string][] =
		kind === 'mix' ? [['write', ' write'], ['read', ' read'], ['mixed', ' total']] : [[kind, '']];
	const measures = suffixes.map(([d, s]) => measureOf(ctx, block, d, s, elapsed)).filter(hasIo);
	if (measures.length === 0) {
		warn(ctx, 'ELBENCHO_NO_RESULTS', { line: block.line }, `phase ${block.name} has no IOPS, throughput or MiB rows; no row emitted`);
		return;
	}
	if ([...block.rows.keys()].some((l) => / lat (% us|hist)$/.test(l))) {
		warnOnce(ctx, 'ELBENCHO_LAT_DETAIL_IGNORED', { line: block.line }, 'latency percentile and histogram rows are not read (only min/avg/max)');
	}
	const cpuRow = block.rows.get('CPU util %');
	out.runs.push(
		...phaseRuns(ctx, {
			runKey: key,
			jobIndex: index,
			name: block.name,
			kind,
			line: block.line,
			sourceFormat: SOURCE_FORMAT,
			toolVersion: null,
			startedAt: block.session.isoDate,
			label: block.session.label,
			settings: block.session.settings,
			cpuPct: cpuRow ? parseCount(ctx, cpuRow.last, cpuRow.line, 'CPU util %') : null,
		}, measures),
	);
}

function settingsFromCommand(ctx: ElbenchoContext, command: string, line: number): Settings {
	const f = parseCommand(ctx, command, line);
	const notes = f.timeLimitS === null ? [] : [`time limit ${f.timeLimitS} s`];
	return {
		hosts: f.hosts,
		threads: f.threads,
		blockBytes: f.blockBytes,
		iodepth: f.iodepth,
		random: f.random,
		direct: f.direct,
		fileSizeBytes: f.fileSizeBytes,
		notes,
	};
}

export function parseElbenchoText(text: string, file: string): ParseResult {
	const ctx = newContext(file);
	const out = emptyResult();
	const { lines } = splitLines(text);
	const keys = new PhaseKeys();
	const nonIo: string[] = [];
	let firstNonIoLine = 0;
	let session = newSession();
	let block: Block | null = null;
	let phases = 0;

	const close = () => {
		const b = block!;
		block = null;
		const before = nonIo.length;
		blockRuns(ctx, b, keys.next(b.name), phases++, out, nonIo);
		if (nonIo.length > before && firstNonIoLine === 0) firstNonIoLine = b.line;
	};

	for (let i = 0; i < lines.length; i++) {
		const t = lines[i]!;
		const n = i + 1;
		if (block !== null) {
			if (/^---\s*$/.test(t)) {
				close();
				continue;
			}
			const row = ROW_LINE.exec(t);
			if (row) {
				addRow(ctx, block, row[1]!, row[2], n);
				continue;
			}
			if (/^WARNING:/.test(t)) {
				warn(ctx, 'ELBENCHO_TOOL_WARNING', { line: n }, t.trim().slice(0, 200));
				continue;
			}
			if (PHASE_LINE.test(t)) fail(ctx, 'TRUNCATED_BLOCK', { line: block.line }, `phase ${block.name} does not end with "---" before the next phase`);
			fail(ctx, 'BAD_ROW', { line: n }, `unexpected line in phase ${block.name}: "${t.trim().slice(0, 60)}"`);
		}
		const trimmed = t.trim();
		if (trimmed === '' || /^=+(\s+=+)*$/.test(trimmed)) continue;
		const date = /^ISO DATE:\s*(.*)$/.exec(t);
		if (date) {
			session = newSession();
			const iso = isoTime(date[1]!);
			if (iso === undefined) fail(ctx, 'BAD_DATE', { line: n, field: 'ISO DATE' }, `"${date[1]!.slice(0, 40)}" is not an ISO date`);
			session.isoDate = iso;
			continue;
		}
		const label = /^LABEL:\s*(.*)$/.exec(t);
		if (label) {
			session.label = label[1]!.trim() || null;
			continue;
		}
		const command = /^COMMAND LINE:\s*(.*)$/.exec(t);
		if (command) {
			session.settings = settingsFromCommand(ctx, command[1]!, n);
			continue;
		}
		if (TABLE_HEADER.test(t)) {
			session.headerSeen = true;
			continue;
		}
		const phase = PHASE_LINE.exec(t);
		if (phase) {
			if (!session.headerSeen) fail(ctx, 'MISSING_HEADER', { line: n }, 'phase results before the "OPERATION RESULT TYPE FIRST DONE LAST DONE" header');
			block = { name: phase[1]!, line: n, rows: new Map(), session };
			addRow(ctx, block, phase[2]!, phase[3], n);
			continue;
		}
		if (/Skipping stats print due to unavailable worker results/.test(t)) {
			warn(ctx, 'ELBENCHO_NO_RESULTS', { line: n }, trimmed.slice(0, 200));
			continue;
		}
		warnOnce(ctx, 'ELBENCHO_LINE_IGNORED', { line: n }, `line(s) outside the result table ignored, first: "${trimmed.slice(0, 60)}"`);
	}
	if (block !== null) fail(ctx, 'TRUNCATED_BLOCK', { line: (block as Block).line }, `phase ${(block as Block).name} does not end with "---": file cut short?`);
	if (phases === 0) {
		if (!session.headerSeen) fail(ctx, 'MISSING_HEADER', { line: 1 }, 'no "OPERATION RESULT TYPE FIRST DONE LAST DONE" header: not an elbencho result');
		fail(ctx, 'NO_RESULTS', { line: lines.length }, 'no phase results');
	}
	if (nonIo.length > 0) {
		warn(ctx, 'ELBENCHO_NON_IO_PHASES', { line: firstNonIoLine }, `phases without reads or writes, no rows: ${nonIo.join(', ')}`);
	}
	out.warnings = ctx.warnings;
	return out;
}
