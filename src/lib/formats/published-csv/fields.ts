// What the columns of a published-figures CSV mean: the metric vocabulary, the tool names,
// and the direction / fio-style rw of a published workload.
import { KEBAB_ID } from '../../ids.ts';
import { PERCENTILE_COLUMNS, type Direction } from '../../schema.ts';

export const PUBLISHED_COLUMNS = [
	'review_id',
	'device_id',
	'device_count',
	'workload',
	'access',
	'read_pct',
	'block_size',
	'threads',
	'queue_depth',
	'metric',
	'value',
	'unit',
	'tool',
	'condition',
	'quote',
] as const;
export type PublishedColumn = (typeof PUBLISHED_COLUMNS)[number];

export const ACCESS_KINDS = ['random', 'sequential', 'mixed', 'application'] as const;
export type Access = (typeof ACCESS_KINDS)[number];

export type RunColumn =
	| 'iops'
	| 'bw_bytes_per_s'
	| 'lat_mean_ns'
	| 'tps'
	| 'lat_p50_ns'
	| 'lat_p90_ns'
	| 'lat_p99_ns'
	| 'lat_p99_9_ns'
	| 'lat_p99_99_ns';

/** How a transcribed metric is stored. `baseUnits` lists the base units its printed unit may normalise to. */
export type MetricKind =
	| {
			kind: 'run';
			baseUnits: readonly string[];
			column: RunColumn | null;
			percentile: number | null;
			direction: Direction | null;
	  }
	| { kind: 'comparison'; baseUnits: readonly string[] }
	| { kind: 'figure'; baseUnits: readonly string[] | null };

const RUN_METRICS: Record<string, MetricKind> = {
	iops: { kind: 'run', baseUnits: ['count/s'], column: 'iops', percentile: null, direction: null },
	read_iops: { kind: 'run', baseUnits: ['count/s'], column: 'iops', percentile: null, direction: 'read' },
	write_iops: { kind: 'run', baseUnits: ['count/s'], column: 'iops', percentile: null, direction: 'write' },
	bandwidth: { kind: 'run', baseUnits: ['bytes/s'], column: 'bw_bytes_per_s', percentile: null, direction: null },
	lat_avg: { kind: 'run', baseUnits: ['ns'], column: 'lat_mean_ns', percentile: null, direction: null },
	tps: { kind: 'run', baseUnits: ['count/s'], column: 'tps', percentile: null, direction: null },
};

/** The metric column's vocabulary, as an error message lists it. */
export const METRIC_VOCABULARY = `${Object.keys(RUN_METRICS).join(', ')}, lat_p<NN>[_<N>] (lat_p99, lat_p99_9), relative_change, capacity, pct_over_<N>ms|us, other`;

/** The metric column's vocabulary; undefined for an unknown metric. */
export function classifyMetric(metric: string): MetricKind | undefined {
	const run = RUN_METRICS[metric];
	if (run) return run;
	if (metric === 'relative_change') return { kind: 'comparison', baseUnits: ['%', 'ratio'] };
	if (metric === 'capacity') return { kind: 'figure', baseUnits: ['bytes'] };
	if (metric === 'other') return { kind: 'figure', baseUnits: null };
	if (/^pct_over_\d+(?:\.\d+)?(?:ms|us)$/.test(metric)) return { kind: 'figure', baseUnits: ['%'] };
	// lat_p99 → 99, lat_p99_9 → 99.9, lat_p99_99 → 99.99: a published "latency" percentile is total latency.
	const p = /^lat_p(\d{1,2})(?:_(\d{1,4}))?$/.exec(metric);
	if (p) {
		const percentile = Number(p[2] ? `${p[1]}.${p[2]}` : p[1]);
		if (!(percentile > 0 && percentile < 100)) return undefined;
		const named = PERCENTILE_COLUMNS.find(([value]) => value === percentile);
		const column = named ? (`lat_${named[1]}_ns` as RunColumn) : null;
		return { kind: 'run', baseUnits: ['ns'], column, percentile, direction: null };
	}
	return undefined;
}

/**
 * Direction of the workload as a whole: from the read share, else from the workload label;
 * an application benchmark or an unlabelled mix is `mixed` (reads and writes together).
 */
export function workloadDirection(readPct: number | null, workload: string | null): Direction {
	if (readPct === 100) return 'read';
	if (readPct === 0) return 'write';
	if (readPct !== null) return 'mixed';
	const label = workload ?? '';
	const read = /\bread\b/i.test(label);
	const write = /\bwrite\b/i.test(label);
	if (read && !write) return 'read';
	if (write && !read) return 'write';
	return 'mixed';
}

/** fio's rw= name for a published workload: the pattern of the whole job, not of one direction of it. */
export function rwOf(access: Access | null, direction: Direction): string | null {
	if (access === 'random') return direction === 'read' ? 'randread' : direction === 'write' ? 'randwrite' : 'randrw';
	if (access === 'sequential') return direction === 'read' ? 'read' : direction === 'write' ? 'write' : 'rw';
	if (access === 'mixed') return 'randrw';
	return null;
}

export function randomPctOf(access: Access | null): number | null {
	if (access === 'random') return 100;
	if (access === 'sequential') return 0;
	return null;
}

const CORRECTION_MARKER = /(?:^|;\s*)((?:unit|swap) corrected:.*)$/s;

/**
 * The correction note of a figure corrected in transcription: the condition from its
 * `unit corrected:` / `swap corrected:` clause on (the clause may follow other clauses after "; ").
 */
export function correctionOf(condition: string | null): string | null {
	if (condition === null) return null;
	return CORRECTION_MARKER.exec(condition)?.[1] ?? null;
}

/** What a relative figure compares, from the words of its condition and quote. */
export function comparedQuantity(condition: string | null, quote: string | null): string | null {
	const text = `${condition ?? ''} ${quote ?? ''}`;
	if (/latency|延迟|延遲|时延|時延/i.test(text)) return 'latency';
	if (/iops/i.test(text)) return 'iops';
	return null;
}

export function isDeviceId(text: string): boolean {
	return KEBAB_ID.test(text);
}

/** "intel-ssd-520" or "intel-optane-p5800x-800gb (x2)" → the leading device id candidate. */
export function basisDeviceCandidate(basis: string): string | null {
	const m = /^([a-z0-9][a-z0-9-]*)(?:\s+\([^)]*\))?$/.exec(basis);
	return m ? m[1]! : null;
}
