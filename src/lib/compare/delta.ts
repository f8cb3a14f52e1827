// The delta table of a comparison: per shared workload and metric, each drive's value (per drive), its difference to
// a baseline drive in %, its comparability class against the row's reference result, which value is best knowing the
// metric's direction, and wins and losses per drive. Only cells that count (a ranked class, or every cell when the
// reader includes the rest) compete for best, wins and the verdict; the others are shown with their reasons.
import type { RunRow } from '../schema.ts';
import { STAT_COLUMNS } from '../charts/run-values.ts';
import type { LatencyStatistic } from '../charts/options.ts';
import { classify, COMPARABILITY_CLASSES, RANKED, type Classification, type ComparabilityClass, type Reason, type ResultContext } from './comparability.ts';
import { perDriveRate, type PerDriveValue } from './per-drive.ts';
import type { Member, Workload } from './workloads.ts';

export type Better = 'higher' | 'lower';

export interface Metric {
	key: 'tps' | 'iops' | 'bw_bytes_per_s' | `lat_${LatencyStatistic}_ns`;
	better: Better;
	unit: 'TPS' | 'IOPS' | 'bytes/s' | 'ns';
}

/** The metrics compared, each with its direction: more transactions, IOPS and bandwidth is better, less latency is better. */
export const METRICS: readonly Metric[] = [
	{ key: 'tps', better: 'higher', unit: 'TPS' },
	{ key: 'iops', better: 'higher', unit: 'IOPS' },
	{ key: 'bw_bytes_per_s', better: 'higher', unit: 'bytes/s' },
	{ key: 'lat_mean_ns', better: 'lower', unit: 'ns' },
	{ key: 'lat_p99_ns', better: 'lower', unit: 'ns' },
	{ key: 'lat_p99_9_ns', better: 'lower', unit: 'ns' },
	{ key: 'lat_p99_99_ns', better: 'lower', unit: 'ns' },
];

export interface MetricValue {
	/** The value compared: per drive for a rate of several drives (see perDrive), as measured otherwise. */
	value: number;
	/** Converted here from the other rate through the block size (IOPS from MB/s, or the reverse): not as published. */
	converted: boolean;
	/** For a rate: the total, the drives that carried it and whether it was divided here; null for latency. */
	perDrive: PerDriveValue | null;
}

function rawValue(row: RunRow, metric: Metric): { value: number; converted: boolean } | null {
	const bs = row.block_size_bytes;
	if (metric.key === 'tps') return row.tps === null ? null : { value: row.tps, converted: false };
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

/** A metric of one result, per drive for rates; null when the result has no such number. Latency as the charts read it (STAT_COLUMNS). */
export function metricValue(row: RunRow, metric: Metric): MetricValue | null {
	const raw = rawValue(row, metric);
	if (!raw) return null;
	if (metric.better === 'lower') return { ...raw, perDrive: null };
	const perDrive = perDriveRate(row, raw.value);
	return { value: perDrive.value, converted: raw.converted, perDrive };
}

export interface DeltaCell extends MetricValue {
	member: Member;
	/** Difference to the baseline drive's value in % of it (positive: larger); null for the baseline or without one. */
	pct: number | null;
	/** The best value among the cells that count (ties: every drive holding it). */
	best: boolean;
	/** Class against the row's reference result (the reference itself: same_testbed), and why it is lower. */
	class: ComparabilityClass;
	reasons: Reason[];
	notes: Reason[];
	/** Competes for best, wins and the verdict. */
	counts: boolean;
}

export interface DeltaRow {
	workload: Workload;
	metric: Metric;
	/** By device id; a drive without this metric in this workload has no cell. */
	cells: Map<string, DeltaCell>;
	/** The drive whose result the others are classed against (the baseline when it has one). */
	reference: string;
}

export interface DeltaOptions {
	/** The result context of a member (its review, device class): what classify needs. */
	context(member: Member): ResultContext;
	/** Let every cell compete, whatever its class (the reader's switch). */
	includeAll?: boolean;
}

const classRank = (c: ComparabilityClass) => COMPARABILITY_CLASSES.indexOf(c);

/** The metrics a drive has a value for in any of these workloads, in the order of METRICS. */
export function metricsOf(workloads: readonly Workload[], device: string): Metric['key'][] {
	const rows = workloads.flatMap((w) => (w.byDevice.get(device) ?? []).map((m) => m.row));
	return METRICS.filter((metric) => rows.some((r) => metricValue(r, metric) !== null)).map((m) => m.key);
}

/**
 * Rows for every shared workload and metric that at least two drives have a value for. Per drive the result taken is
 * the one most comparable with the reference drive's (then by preference); a result counts when its class against
 * every counted result is ranked.
 */
export function deltaTable(workloads: readonly Workload[], devices: readonly string[], baseline: string, options: DeltaOptions): DeltaRow[] {
	const rows: DeltaRow[] = [];
	for (const workload of workloads) {
		for (const metric of METRICS) {
			const candidates = new Map<string, { member: Member; value: MetricValue }[]>();
			for (const d of devices) {
				const list = (workload.byDevice.get(d) ?? []).flatMap((member) => {
					const value = metricValue(member.row, metric);
					return value ? [{ member, value }] : [];
				});
				if (list.length) candidates.set(d, list);
			}
			if (candidates.size < 2) continue;
			// In a workload of known load, a result that does not state a part of it is shown, never ranked.
			const classOf = (a: Member, b: Member): Classification => {
				const loose = !workload.label && [a, b].find((m) => m.match === 'loose');
				if (loose) return { class: 'not_comparable', reasons: [{ kind: 'unknown_part', values: [null, null], parts: workload.unknown }], notes: [] };
				return classify(options.context(a), options.context(b));
			};
			const reference = candidates.has(baseline) ? baseline : devices.find((d) => candidates.has(d))!;
			// The reference drive's result that most other drives have a ranked result against (then by preference).
			const partners = (c: { member: Member }) =>
				[...candidates].filter(([d, list]) => d !== reference && list.some((o) => RANKED.has(classOf(c.member, o.member).class))).length;
			const ref = candidates.get(reference)!.reduce((best, c) => (partners(c) > partners(best) ? c : best));
			const counted: Member[] = [ref.member];
			const cells = new Map<string, DeltaCell>();
			const cellOf = (c: { member: Member; value: MetricValue }, cls: ComparabilityClass, reasons: Reason[], notes: Reason[], counts: boolean): DeltaCell => ({
				...c.value,
				member: c.member,
				pct: null,
				best: false,
				class: cls,
				reasons,
				notes,
				counts,
			});
			cells.set(reference, cellOf(ref, 'same_testbed', [], [], true));
			for (const d of devices) {
				if (d === reference || !candidates.has(d)) continue;
				const classed = candidates.get(d)!.map((c) => ({ c, ...classOf(ref.member, c.member) }));
				const chosen = classed.reduce((best, x) => (classRank(x.class) < classRank(best.class) ? x : best));
				// Ranked against the reference, it must be ranked against every result already counted too.
				const clash = RANKED.has(chosen.class) ? counted.slice(1).map((m) => classOf(m, chosen.c.member)).find((k) => !RANKED.has(k.class)) : undefined;
				const cls = clash ? clash.class : chosen.class;
				const reasons = clash ? clash.reasons : chosen.reasons;
				const counts = options.includeAll === true || RANKED.has(cls);
				if (RANKED.has(cls)) counted.push(chosen.c.member);
				cells.set(d, cellOf(chosen.c, cls, reasons, chosen.notes, counts));
			}
			const competing = [...cells.values()].filter((c) => c.counts);
			// Alone, the reference competes with nobody: it stands as comparable as the best of the others.
			if (competing.length < 2) {
				for (const c of competing) c.counts = false;
				const closest = [...cells].filter(([d]) => d !== reference).reduce((best, x) => (classRank(x[1].class) < classRank(best[1].class) ? x : best))[1];
				Object.assign(cells.get(reference)!, { class: closest.class, reasons: closest.reasons });
			}
			if (competing.length >= 2) {
				const all = competing.map((c) => c.value);
				const bestValue = metric.better === 'higher' ? Math.max(...all) : Math.min(...all);
				for (const c of competing) c.best = c.value === bestValue;
			}
			const base = cells.get(baseline)?.value;
			for (const [d, c] of cells) c.pct = d === baseline || base === undefined || base === 0 ? null : ((c.value - base) / base) * 100;
			rows.push({ workload, metric, cells, reference });
		}
	}
	return rows;
}

/** The drives holding a row's best value among the cells that count (several on a tie). */
export function bestOf(row: DeltaRow): string[] {
	return [...row.cells].filter(([, c]) => c.best).map(([d]) => d);
}

/** The cells of a row that compete. */
export const countedCells = (row: DeltaRow): string[] => [...row.cells].filter(([, c]) => c.counts).map(([d]) => d);

export interface Tally {
	wins: number;
	losses: number;
}

/** Per drive: rows where it alone holds the best value (a win), and rows where another counted drive does (a loss). */
export function tally(rows: readonly DeltaRow[], devices: readonly string[]): Map<string, Tally> {
	const out = new Map(devices.map((d) => [d, { wins: 0, losses: 0 }]));
	for (const row of rows) {
		const best = bestOf(row);
		if (best.length !== 1) continue;
		for (const d of countedCells(row)) {
			const t = out.get(d)!;
			if (d === best[0]) t.wins++;
			else t.losses++;
		}
	}
	return out;
}

const LATENCY_ORDER: readonly Metric['key'][] = ['lat_mean_ns', 'lat_p99_ns', 'lat_p99_9_ns', 'lat_p99_99_ns'];

/**
 * The metric that decides who is ahead on a workload, among rows with two or more counted cells: transactions, then
 * the rate (IOPS for small blocks, bandwidth from 64 KiB; the other rate when only it is shared), else the first
 * latency shared (mean, then p99, p99.9, p99.99).
 */
export function leadingMetric(rows: readonly DeltaRow[]): DeltaRow | undefined {
	const competing = rows.filter((r) => countedCells(r).length >= 2);
	const bs = rows[0]?.workload.fingerprint.block_size_bytes ?? null;
	const [rate, other] = bs !== null && bs >= 65536 ? (['bw_bytes_per_s', 'iops'] as const) : (['iops', 'bw_bytes_per_s'] as const);
	const order: Metric['key'][] = ['tps', rate, other, ...LATENCY_ORDER];
	for (const key of order) {
		const row = competing.find((r) => r.metric.key === key);
		if (row) return row;
	}
	return undefined;
}

/** Rows by workload, in the rows' order. */
export function rowsByWorkload(rows: readonly DeltaRow[]): DeltaRow[][] {
	const byWorkload = new Map<string, DeltaRow[]>();
	for (const r of rows) byWorkload.set(r.workload.key, [...(byWorkload.get(r.workload.key) ?? []), r]);
	return [...byWorkload.values()];
}

/**
 * Per drive, the shared workloads it leads on (it alone has the best value of the workload's leading metric);
 * `compared`: workloads with a leading metric (two or more counted results); `decided`: those with a single leader.
 */
export function workloadLeads(rows: readonly DeltaRow[], devices: readonly string[]): { leads: Map<string, number>; decided: number; compared: number } {
	const leads = new Map(devices.map((d) => [d, 0]));
	let decided = 0;
	let compared = 0;
	for (const group of rowsByWorkload(rows)) {
		const lead = leadingMetric(group);
		if (!lead) continue;
		compared++;
		const best = bestOf(lead);
		if (best.length !== 1) continue;
		decided++;
		leads.set(best[0]!, leads.get(best[0]!)! + 1);
	}
	return { leads, decided, compared };
}
