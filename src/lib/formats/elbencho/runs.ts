// A phase's measures → runs rows, the same way for the result text and the result CSV.
import { newRun } from '../rows.ts';
import type { ParsedRun } from '../parse-result.ts';
import { LAST_DONE_NOTE, mixReadPct, TOOL, type ElbenchoContext, type PhaseKind } from './common.ts';
import { valuesOf, type Measure } from './measure.ts';

/** The test's settings, from the CSV's own columns or the recorded command line. */
export interface Settings {
	/** Service hosts: machines running elbencho, not drives. */
	hosts: number | null;
	/** Threads per host (or in total when standalone). */
	threads: number | null;
	blockBytes: number | null;
	iodepth: number | null;
	/** null when not known. */
	random: boolean | null;
	direct: boolean | null;
	fileSizeBytes: number | null;
	/** Other facts in words (path type, time limit…). */
	notes: string[];
}

export interface PhaseInfo {
	runKey: string;
	jobIndex: number;
	name: string;
	kind: Exclude<PhaseKind, 'other'>;
	line: number;
	sourceFormat: string;
	toolVersion: string | null;
	startedAt: string | null;
	label: string | null;
	settings: Settings;
	/** CPU utilisation of the phase (LAST DONE), all cores together: the schema has only usr/sys. */
	cpuPct: number | null;
}

function rwOf(direction: Measure['direction'], random: boolean | null): string | null {
	const kind = direction === 'mixed' ? 'rw' : direction;
	if (random === null) return null;
	return random ? `rand${kind}` : kind;
}

function readPctOf(phase: PhaseInfo, direction: Measure['direction']): number | null {
	if (direction === 'read') return 100;
	if (direction === 'write') return 0;
	return mixReadPct(phase.name);
}

function settingsNotes(s: Settings): string[] {
	const parts: string[] = [];
	if (s.hosts !== null && s.hosts > 1) parts.push(`${s.hosts} service hosts × ${s.threads ?? '?'} threads each (hosts are machines, not drives)`);
	else if (s.threads !== null) parts.push(`${s.threads} threads`);
	if (s.direct !== null) parts.push(s.direct ? 'direct I/O' : 'buffered I/O');
	if (s.fileSizeBytes !== null) parts.push(`file size ${s.fileSizeBytes} bytes`);
	return [...parts, ...s.notes];
}

export function phaseRuns(ctx: ElbenchoContext, phase: PhaseInfo, measures: Measure[]): ParsedRun[] {
	const s = phase.settings;
	// numjobs: every thread behind the row, i.e. threads per host × hosts (the live CSV's "Active" column counts the same).
	const numjobs = s.threads === null ? null : s.threads * (s.hosts !== null && s.hosts > 1 ? s.hosts : 1);
	const access = s.random === null ? null : s.random ? 'random' : 'sequential';
	return measures.map((m) => {
		const v = valuesOf(ctx, m);
		const condition = [
			`phase ${phase.name}`,
			...settingsNotes(s),
			...(phase.cpuPct === null ? [] : [`CPU util ${phase.cpuPct} % (all cores, LAST DONE)`]),
			LAST_DONE_NOTE,
			...(v.bwNote === null ? [] : [v.bwNote]),
		].join('; ');
		return newRun({
			run_key: phase.runKey,
			source_line: m.line,
			source_format: phase.sourceFormat,
			// Every row adds up all threads (and hosts) of a phase, as fio's group_reporting does.
			scope: 'group',
			direction: m.direction,
			value_origin: 'measured',
			tool: TOOL,
			tool_version: phase.toolVersion,
			job_name: phase.name,
			job_index: phase.jobIndex,
			workload: phase.label,
			condition,
			started_at: phase.startedAt,
			rw: rwOf(m.direction, s.random),
			access,
			read_pct: readPctOf(phase, m.direction),
			random_pct: s.random === null ? null : s.random ? 100 : 0,
			block_size_bytes: s.blockBytes,
			iodepth: s.iodepth,
			numjobs,
			runtime_s: v.runtime_s,
			iops: v.iops,
			bw_bytes_per_s: v.bw_bytes_per_s,
			io_bytes: v.io_bytes,
			total_ios: v.total_ios,
			lat_min_ns: v.lat_min_ns,
			lat_mean_ns: v.lat_mean_ns,
			lat_max_ns: v.lat_max_ns,
		});
	});
}
