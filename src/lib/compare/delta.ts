// The delta table of a comparison: per shared workload and metric, each drive's value, its difference to a
// baseline drive in %, which value is best knowing the metric's direction, and wins and losses per drive.
import type { RunRow } from '../schema.ts';
import { STAT_COLUMNS } from '../charts/run-values.ts';
import type { LatencyStatistic } from '../charts/options.ts';
import type { Member, Workload } from './workloads.ts';

export type Better = 'higher' | 'lower';

export interface Metric {
	key: 'iops' | 'bw_bytes_per_s' | `lat_${LatencyStatistic}_ns`;
	better: Better;
	unit: 'IOPS' | 'bytes/s' | 'ns';
}

/** The metrics compared, each with its direction: more IOPS and bandwidth is better, less latency is better. */
export const METRICS: readonly Metric[] = [
	{ key: 'iops', better: 'higher', unit: 'IOPS' },
	{ key: 'bw_bytes_per_s', better: 'higher', unit: 'bytes/s' },
	{ key: 'lat_mean_ns', better: 'lower', unit: 'ns' },
	{ key: 'lat_p99_ns', better: 'lower', unit: 'ns' },
	{ key: 'lat_p99_99_ns', better: 'lower', unit: 'ns' },
];

export interface MetricValue {
	value: number;
	/** Converted here from the other rate through the block size (IOPS from MB/s, or the reverse): not as published. */
	converted: boolean;
}

/** A metric of one result; null when the result has no such number. Latency as the charts read it (STAT_COLUMNS). */
export function metricValue(row: RunRow, metric: Metric): MetricValue | null {
	const bs = row.block_size_bytes;
	if (metric.key === 'iops') {
		if (row.iops !== null) return { value: row.iops, converted: false };
		return row.bw_bytes_per_s !== null && bs ? { value: row.bw_bytes_per_s / bs, converted: true } : null;
	}
	if (metric.key === 'bw_bytes_per_s') {
		if (row.bw_bytes_per_s !== null) return { value: row.bw_bytes_per_s, converted: false };
		return row.iops !== null && bs ? { value: row.iops * bs, converted: true } : null;
	}
	const stat = metric.key.slice(4, -3) as LatencyStatistic;
	for (const column of STAT_COLUMNS[stat]) {
		const ns = row[column];
		if (ns !== null) return { value: ns, converted: false };
	}
	return null;
}

export interface DeltaCell extends MetricValue {
	member: Member;
	/** Difference to the baseline drive's value in % of it (positive: larger); null for the baseline or without one. */
	pct: number | null;
	/** The best value of the row (ties: every drive holding it). */
	best: boolean;
}

export interface DeltaRow {
	workload: Workload;
	metric: Metric;
	/** By device id; a drive without this metric in this workload has no cell. */
	cells: Map<string, DeltaCell>;
}

/** Rows for every shared workload and metric that at least two drives have a value for. */
export function deltaTable(workloads: readonly Workload[], devices: readonly string[], baseline: string): DeltaRow[] {
	const rows: DeltaRow[] = [];
	for (const workload of workloads) {
		for (const metric of METRICS) {
			const values = new Map<string, MetricValue & { member: Member }>();
			for (const d of devices) {
				// Published figures often give one metric per row: the drive's first result (by preference) that has it.
				for (const member of workload.byDevice.get(d) ?? []) {
					const v = metricValue(member.row, metric);
					if (!v) continue;
					values.set(d, { ...v, member });
					break;
				}
			}
			if (values.size < 2) continue;
			const all = [...values.values()].map((v) => v.value);
			const bestValue = metric.better === 'higher' ? Math.max(...all) : Math.min(...all);
			const base = values.get(baseline)?.value;
			const cells = new Map<string, DeltaCell>();
			for (const [d, v] of values) {
				const pct = d === baseline || base === undefined || base === 0 ? null : ((v.value - base) / base) * 100;
				cells.set(d, { ...v, pct, best: v.value === bestValue });
			}
			rows.push({ workload, metric, cells });
		}
	}
	return rows;
}

/** The drives holding a row's best value (several on a tie). */
export function bestOf(row: DeltaRow): string[] {
	return [...row.cells].filter(([, c]) => c.best).map(([d]) => d);
}

export interface Tally {
	wins: number;
	losses: number;
}

/** Per drive: rows where it alone holds the best value (a win), and rows where another drive does (a loss). */
export function tally(rows: readonly DeltaRow[], devices: readonly string[]): Map<string, Tally> {
	const out = new Map(devices.map((d) => [d, { wins: 0, losses: 0 }]));
	for (const row of rows) {
		const best = bestOf(row);
		if (best.length !== 1) continue;
		for (const d of row.cells.keys()) {
			const t = out.get(d)!;
			if (d === best[0]) t.wins++;
			else t.losses++;
		}
	}
	return out;
}

/**
 * The metric that decides who is ahead on a workload: the rate (IOPS for small blocks, bandwidth from 64 KiB),
 * else the mean latency when no rate is shared.
 */
export function leadingMetric(rows: readonly DeltaRow[]): DeltaRow | undefined {
	const bs = rows[0]?.workload.fingerprint.block_size_bytes ?? null;
	const rate = bs !== null && bs >= 65536 ? 'bw_bytes_per_s' : 'iops';
	return rows.find((r) => r.metric.key === rate) ?? rows.find((r) => r.metric.key === 'lat_mean_ns');
}

/** Per drive, the shared workloads it leads on (it alone has the best value of the workload's leading metric). */
export function workloadLeads(rows: readonly DeltaRow[], devices: readonly string[]): { leads: Map<string, number>; decided: number } {
	const leads = new Map(devices.map((d) => [d, 0]));
	const byWorkload = new Map<string, DeltaRow[]>();
	for (const r of rows) byWorkload.set(r.workload.key, [...(byWorkload.get(r.workload.key) ?? []), r]);
	let decided = 0;
	for (const group of byWorkload.values()) {
		const lead = leadingMetric(group);
		const best = lead ? bestOf(lead) : [];
		if (best.length !== 1) continue;
		decided++;
		leads.set(best[0]!, leads.get(best[0]!)! + 1);
	}
	return { leads, decided };
}
