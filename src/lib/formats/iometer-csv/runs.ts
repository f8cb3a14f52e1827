// One `'Results` block of a main results file → runs (ALL, MANAGER, WORKER, target rows) and the
// 1.1.0 latency bins of the ALL row.
import { NO_SPEC, type AccessSpecs } from './access-specs.ts';
import { parseCountField } from './common.ts';
import { cell, checkNumbers, checkWidth, count, num, queueDepth, type ResultsHeader, type ResultsRow } from './header.ts';
import { checkBinaryDecimal, directionsOf, valuesOf } from './values.ts';
import { newRun } from '../rows.ts';
import type { ParsedHistogram, ParseResult } from '../parse-result.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

export interface TestContext {
	session: number;
	/** 1-based position of the `'Results` block in its session. */
	test: number;
	version: string | null;
	startedAt: string | null;
	description: string | null;
	/** The most recent `'Access specifications` block of the session. */
	specs: AccessSpecs;
}

const SCOPES: Record<string, string> = {
	ALL: 'group',
	MANAGER: 'manager',
	WORKER: 'worker',
	DISK: 'disk',
	NETWORK: 'disk',
	UNKNOWN: 'disk',
};
const TARGET_TYPES = new Set(['DISK', 'NETWORK', 'UNKNOWN']);

/** Row types that describe I/O (PROCESSOR rows carry only CPU figures). */
export function isRowType(type: string): boolean {
	return Object.hasOwn(SCOPES, type);
}

/** Run time in seconds: raw timer ticks ÷ ticks per second (CPU Hz ≤ 2008, timer resolution in 1.1.0). */
function runtimeSeconds(ctx: FileContext, header: ResultsHeader, row: ResultsRow): number | null {
	const ticks = num(ctx, header, row, 'Total Raw Run Time');
	const perSecond = num(ctx, header, row, 'Processor Speed');
	return ticks && perSecond ? ticks / perSecond : null;
}

function latencyBins(ctx: FileContext, header: ResultsHeader, row: ResultsRow, runKey: string): ParsedHistogram[] {
	const out: ParsedHistogram[] = [];
	for (const bin of header.bins) {
		const n = parseCountField(ctx, row.cells[bin.column] ?? '', row.line, bin.label.trim());
		if (!n) continue;
		out.push({
			run_key: runKey,
			direction: 'mixed',
			stat: 'lat',
			source: 'iometer-bins',
			time_ms: null,
			bin_index: null,
			bin_lower_ns: bin.lowerNs,
			bin_upper_ns: bin.upperNs,
			count: n,
		});
	}
	return out;
}

export function resultsToRuns(
	ctx: FileContext,
	header: ResultsHeader,
	rows: ResultsRow[],
	test: TestContext,
	out: ParseResult,
): void {
	const seen = new Map<string, number>();
	const warnedSpecs = new Set<string>();
	let workerSpec = '';
	for (const row of rows) {
		const type = cell(header, row, 'Target Type').trim();
		checkWidth(ctx, header, row, type === 'PROCESSOR');
		if (type === 'PROCESSOR') continue;
		const scope = isRowType(type) ? SCOPES[type]! : undefined;
		if (scope === undefined) fail(ctx, 'UNKNOWN_ROW_TYPE', { line: row.line, field: 'Target Type' }, `unknown result row type "${type.slice(0, 40)}"`);
		checkNumbers(ctx, header, row);
		const n = (seen.get(type) ?? 0) + 1;
		seen.set(type, n);
		const runKey = `s${test.session}/t${test.test}/${type.toLowerCase()}${n}`;

		const ownSpec = cell(header, row, 'Access Specification Name');
		if (type === 'WORKER') workerSpec = ownSpec;
		// Target rows leave the spec name empty: they ran their worker's spec.
		const specName = TARGET_TYPES.has(type) && ownSpec === '' ? workerSpec : ownSpec;

		checkBinaryDecimal(ctx, header, row);
		const directions = directionsOf(ctx, header, row);
		if (directions.length === 0) {
			const workers = cell(header, row, '# Workers').trim();
			warn(ctx, 'NO_IO', { line: row.line }, `${type} row completed no I/O${workers ? ` (# Workers = ${workers})` : ''}; no run emitted`);
			continue;
		}

		const spec = specName === '' ? undefined : test.specs.get(specName);
		if (type === 'ALL' && specName === '') {
			warn(ctx, 'ACCESS_SPEC_UNNAMED', { line: row.line, field: 'Access Specification Name' }, 'ALL row has no access specification name (workers ran different specs); ' +
				'block size, read % and random % are unknown');
		} else if (specName !== '' && !spec && !warnedSpecs.has(specName)) {
			warnedSpecs.add(specName);
			warn(ctx, 'ACCESS_SPEC_NOT_FOUND', { line: row.line, field: 'Access Specification Name' }, `access specification "${specName}" is not in the preceding ` +
				"'Access specifications block; block size, read % and random % are unknown");
		}
		const summary = spec?.summary ?? NO_SPEC;
		const isGroup = type === 'ALL' || type === 'MANAGER';
		const disks = type === 'ALL' ? count(ctx, header, row, '# Disks') : null;
		const base = {
			run_key: runKey,
			source_line: row.line,
			source_format: 'iometer-csv',
			scope,
			value_origin: 'measured',
			tool: 'iometer',
			tool_version: test.version,
			job_name: specName || null,
			workload: specName || null,
			condition: test.description,
			started_at: test.startedAt,
			...summary,
			iodepth: queueDepth(ctx, header, row),
			numjobs: isGroup ? count(ctx, header, row, '# Workers') || null : 1,
			device_count: disks ? disks : null,
			runtime_s: runtimeSeconds(ctx, header, row),
			usr_cpu_pct: num(ctx, header, row, '% User Time'),
			sys_cpu_pct: num(ctx, header, row, '% Privileged Time'),
		} as const;
		for (const direction of directions) {
			const v = valuesOf(ctx, header, row, direction);
			out.runs.push(
				newRun({
					...base,
					direction,
					iops: v.iops,
					bw_bytes_per_s: v.bw_bytes_per_s,
					io_bytes: v.io_bytes,
					total_ios: v.total_ios,
					lat_mean_ns: v.lat_mean_ns,
					lat_max_ns: v.lat_max_ns,
					error_code: v.errors ? v.errors : null,
				}),
			);
		}
		if (type === 'ALL') out.histograms.push(...latencyBins(ctx, header, row, runKey));
	}
}
