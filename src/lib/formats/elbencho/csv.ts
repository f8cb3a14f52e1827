// elbencho's result CSV (`--csvfile`): a header, then one row per phase (docs/csv-docs.md,
// Statistics.cpp printPhaseResultsToStringVec). Columns are read by name: versions add settings
// columns. The last column, `command`, is every argv token in "…" with commas replaced by spaces;
// it is not RFC 4180, so everything after the `version` field is taken as the command.
import { emptyResult, fail, splitLines, warn, type ParseResult } from '../parse-result.ts';
import { MIB, NS_PER_US } from '../../units.ts';
import { parseCommand } from './command.ts';
import {
	decimalTimes,
	isoTime,
	newContext,
	parseOptionalCount,
	PhaseKeys,
	phaseKind,
	type ElbenchoContext,
} from './common.ts';
import { hasIo, type Measure } from './measure.ts';
import { phaseRuns, type Settings } from './runs.ts';

export const SOURCE_FORMAT = 'elbencho-csv';
/** The header line: `ISO date,label,path type,…,operation,time ms [first],…`. */
export const CSV_HEADER = /^ISO date,.*,operation,.*\[last\]/;
const REQUIRED = ['ISO date', 'operation', 'time ms [last]'] as const;

interface Header {
	line: number;
	names: string[];
	index: Map<string, number>;
}

function parseHeader(ctx: ElbenchoContext, text: string, line: number): Header {
	const names = text.split(',').map((n) => n.trim());
	const index = new Map(names.map((n, i) => [n, i] as const));
	for (const name of REQUIRED) {
		if (!index.has(name)) fail(ctx, 'MISSING_COLUMN', { line, field: name }, `header has no "${name}" column`);
	}
	return { line, names, index };
}

/** The row's cells, one per header column; a trailing `command` column takes the rest of the line. */
function cellsOf(ctx: ElbenchoContext, header: Header, text: string, line: number): string[] {
	const cells = text.split(',');
	const width = header.names.length;
	if (cells.length > width && header.names[width - 1] === 'command') {
		return [...cells.slice(0, width - 1), cells.slice(width - 1).join(',')];
	}
	if (cells.length !== width) {
		fail(ctx, 'FIELD_COUNT', { line }, `row has ${cells.length} fields, the header has ${width}: line cut short?`);
	}
	return cells;
}

function decimalNs(ctx: ElbenchoContext, text: string | undefined, line: number, field: string): number | null {
	if (text === undefined || text.trim() === '') return null;
	if (!/^\d+(?:\.\d+)?$/.test(text.trim())) fail(ctx, 'BAD_NUMBER', { line, field }, `"${text.trim().slice(0, 24)}" is not a number`);
	return decimalTimes(text, NS_PER_US);
}

function flag(ctx: ElbenchoContext, text: string | undefined, line: number, field: string): boolean | null {
	const t = (text ?? '').trim();
	if (t === '') return null;
	if (t !== '0' && t !== '1') fail(ctx, 'BAD_NUMBER', { line, field }, `"${t.slice(0, 24)}" is not 0 or 1`);
	return t === '1';
}

export function parseElbenchoCsv(text: string, file: string): ParseResult {
	const ctx = newContext(file);
	const out = emptyResult();
	const { lines, terminated } = splitLines(text);
	const keys = new PhaseKeys();
	const nonIo: { name: string; line: number }[] = [];
	let header: Header | null = null;
	let phases = 0;

	for (let i = 0; i < lines.length; i++) {
		const t = lines[i]!;
		const n = i + 1;
		if (t.trim() === '') continue;
		// A header again: runs with other settings columns appended to the same file.
		if (t.startsWith('ISO date,')) {
			header = parseHeader(ctx, t, n);
			continue;
		}
		if (header === null) fail(ctx, 'MISSING_HEADER', { line: n }, 'no "ISO date,label,…,operation,…" header before the first row');
		if (i === lines.length - 1 && !terminated) {
			fail(ctx, 'TRUNCATED_ROW', { line: n }, 'the last row has no line ending: the file was cut short');
		}
		const cells = cellsOf(ctx, header, t, n);
		const get = (name: string) => {
			const k = header!.index.get(name);
			return k === undefined ? undefined : cells[k];
		};
		const count = (name: string) => parseOptionalCount(ctx, get(name), n, name);
		const name = (get('operation') ?? '').trim();
		if (name === '') fail(ctx, 'BAD_ROW', { line: n, field: 'operation' }, 'empty operation');
		const key = keys.next(name);
		const jobIndex = phases++;
		const kind = phaseKind(name);
		const elapsed = count('time ms [last]');

		const measure = (direction: Measure['direction'], prefix: string): Measure => {
			const min = decimalNs(ctx, get(`${prefix}IO lat us [min]`), n, `${prefix}IO lat us [min]`);
			const avg = decimalNs(ctx, get(`${prefix}IO lat us [avg]`), n, `${prefix}IO lat us [avg]`);
			const max = decimalNs(ctx, get(`${prefix}IO lat us [max]`), n, `${prefix}IO lat us [max]`);
			return {
				direction,
				line: n,
				elapsedMs: elapsed,
				iops: count(`${prefix}IOPS [last]`),
				rate: count(`${prefix}MiB/s [last]`),
				// The CSV is always binary, whatever --base10 does to the text (Statistics.cpp: / (1024*1024)).
				rateUnit: MIB,
				rateLabel: 'MiB/s',
				totalMiB: count(`${prefix}MiB [last]`),
				totalIos: null,
				latMinNs: min,
				latMeanNs: avg,
				latMaxNs: max,
			};
		};
		const main = measure(kind === 'read' ? 'read' : 'write', '');
		if (kind === 'other') {
			if (hasIo(main)) warn(ctx, 'ELBENCHO_UNKNOWN_PHASE', { line: n }, `phase ${name} moved data but is not a storage read/write phase; no row emitted`);
			else nonIo.push({ name, line: n });
			continue;
		}
		const measures = (kind === 'mix' ? [main, measure('read', 'rwmix read ')] : [main]).filter(hasIo);
		if (measures.length === 0) {
			warn(ctx, 'ELBENCHO_NO_RESULTS', { line: n }, `phase ${name} has no IOPS, MiB/s or MiB values; no row emitted`);
			continue;
		}

		const iso = get('ISO date')!.trim();
		const startedAt = isoTime(iso);
		if (startedAt === undefined) fail(ctx, 'BAD_DATE', { line: n, field: 'ISO date' }, `"${iso.slice(0, 40)}" is not an ISO date`);
		const command = get('command');
		const commandFacts = command ? parseCommand(ctx, command, n) : null;
		const hosts = count('hosts');
		const paths = count('paths');
		const pathType = get('path type')?.trim();
		const notes = [
			...(pathType ? [`path type ${pathType}${paths === null ? '' : `, ${paths} path(s)`}`] : []),
			...(commandFacts?.timeLimitS ? [`time limit ${commandFacts.timeLimitS} s`] : []),
		];
		const settings: Settings = {
			hosts,
			threads: count('threads'),
			blockBytes: count('block size'),
			iodepth: count('IO depth'),
			random: flag(ctx, get('random'), n, 'random'),
			direct: flag(ctx, get('direct IO'), n, 'direct IO'),
			fileSizeBytes: count('file size'),
			notes,
		};
		out.runs.push(
			...phaseRuns(ctx, {
				runKey: key,
				jobIndex,
				name,
				kind,
				line: n,
				sourceFormat: SOURCE_FORMAT,
				toolVersion: get('version')?.trim() || null,
				startedAt,
				label: get('label')?.trim() || null,
				settings,
				cpuPct: count('CPU% [last]'),
			}, measures),
		);
	}
	if (header === null) fail(ctx, 'MISSING_HEADER', { line: 1 }, 'no "ISO date,label,…,operation,…" header: not an elbencho result CSV');
	if (phases === 0) fail(ctx, 'NO_RESULTS', { line: lines.length }, 'header without any phase row');
	if (nonIo.length > 0) {
		warn(ctx, 'ELBENCHO_NON_IO_PHASES', { line: nonIo[0]!.line }, `phases without reads or writes, no rows: ${nonIo.map((p) => p.name).join(', ')}`);
	}
	out.warnings = ctx.warnings;
	return out;
}
