// A whole comparison of some drives, from their rows in any reviews: the workloads they share grouped into families
// (one block size, access and direction, every load), each family with the rows its charts draw, the conditions of
// each side and which sides are odd against the baseline; the delta table, the tally and the verdict. Pure: the
// pre-rendered pair pages and the browser's comparison page both call it, on rows from the build's DuckDB or from
// the Parquet files read in the browser.
import type { PercentileRow, RunRow } from '../schema.ts';
import { cornerOf } from '../charts/corners.ts';
import { latencyOf, outstandingOf, rateOf } from '../charts/run-values.ts';
import { conditionsOf, differingConditions, MOVES_NUMBERS, type ConditionDifference, type Conditions, type ReviewFacts } from './conditions.ts';
import { deltaTable, tally, type DeltaRow, type Tally } from './delta.ts';
import { FINGERPRINT_PARTS, fingerprintKey, type Fingerprint, type FingerprintPart } from './fingerprint.ts';
import { verdictOf, type Verdict } from './verdict.ts';
import { comparableResults, splitShared, workloadsOf, type Member, type Workload } from './workloads.ts';

export interface ComparisonInput {
	/** The drives compared, in the reader's order (2–8, and "Your drive" when a file was dropped). */
	devices: readonly string[];
	/** The drive the % column is against; the first drive when absent or not one of them. */
	baseline?: string;
	/** Every row of the reviews of those drives (other drives' rows are left out here). */
	runs: readonly RunRow[];
	/** Percentiles of those runs (the ladders); may hold more. */
	percentiles: readonly PercentileRow[];
	/** Runs with latency histogram bins (the bins themselves are read when drawn). */
	histogramRuns?: ReadonlySet<string>;
	/** Log metrics (bw, iops, lat, clat, slat) of the runs that have logs, by run_id. */
	logs?: ReadonlyMap<string, readonly string[]>;
	reviews: ReadonlyMap<string, ReviewFacts>;
	/** Leave out results whose conditions differ from the baseline's in one that moves the numbers. */
	onlyComparable?: boolean;
}

export interface Family {
	/** The family's fingerprint key: its workloads' with the load parts unknown ("random/read/100/4096/?/-"). */
	key: string;
	fingerprint: Fingerprint;
	/** Parts some of its results lack (they match only loosely). */
	unknown: FingerprintPart[];
	/** Its shared workloads, by load. */
	workloads: Workload[];
	/** Delta rows of those workloads. */
	rows: DeltaRow[];
	/** Per drive, the review whose results the charts draw (one review per drive keeps each line one test series). */
	sources: Map<string, string>;
	/** The rows the family's load charts draw: each drive's results in this family from its source review. */
	runs: RunRow[];
	/** Per drive, the conditions of its source; the differences among them; the odd drives (drawn muted). */
	conditions: Map<string, Conditions>;
	differences: ConditionDifference[];
	odd: string[];
	/** Loads that two or more drives were measured at, with rate and latency (a latency-vs-IOPS curve). */
	curve: boolean;
	/** Two or more queue depths (a QD-scaling chart). */
	scaling: boolean;
	/** A percentile ladder: one run per drive with at least two rungs, at the family's lightest shared load that has them. */
	ladder: SharedLoad | null;
	/** Latency histograms (and their exceedance): one run per drive with bins, at the lightest shared load that has them. */
	histogram: SharedLoad | null;
	/** Time series: one run per drive with a log of `metric`, at the lightest shared load that has them. */
	timeseries: (SharedLoad & { metric: string }) | null;
}

/** One run per drive (two drives or more) of one shared workload, for the charts that draw a single run per line. */
export interface SharedLoad {
	runIds: string[];
	direction: string;
	workload: Workload;
}

const runKey = (runId: string, direction: string) => `${runId}\u0000${direction}`;

/** Log metrics in the order a comparison prefers them (rates before latency). */
const LOG_METRICS = ['iops', 'bw', 'lat', 'clat', 'slat'];

export interface Comparison {
	devices: string[];
	baseline: string;
	families: Family[];
	/** Workloads only one drive has. */
	single: Workload[];
	rows: DeltaRow[];
	tally: Map<string, Tally>;
	verdict: Verdict;
	/** Shared workloads (the verdict's total). */
	shared: number;
	/** The results of the four corners (128 KiB sequential, 4 KiB random), when two or more drives have one. */
	corners: RunRow[] | null;
}

const loadless = (fp: Fingerprint): Fingerprint => ({ ...fp, outstanding: null, rate_limit_iops: null });

/** Conditions of a member, from its row and its review. */
function memberConditions(m: Member, reviews: ReadonlyMap<string, ReviewFacts>): Conditions {
	return conditionsOf(m.row, reviews.get(m.row.review_id));
}

/** A copy of the workload without the members whose conditions differ from the reference side's (first present of `order`). */
function comparableOnly(w: Workload, order: readonly string[], reviews: ReadonlyMap<string, ReviewFacts>): Workload {
	const reference = order.find((d) => w.byDevice.has(d));
	if (!reference) return w;
	const refConditions = memberConditions(w.byDevice.get(reference)![0]!, reviews);
	const byDevice = new Map<string, Member[]>();
	for (const [d, members] of w.byDevice) {
		const kept = d === reference ? members : members.filter((m) => sameWhereItMatters(memberConditions(m, reviews), refConditions));
		if (kept.length) byDevice.set(d, kept);
	}
	return { ...w, byDevice };
}

function sameWhereItMatters(a: Conditions, b: Conditions): boolean {
	return [...MOVES_NUMBERS].every((c) => a[c] === null || b[c] === null || a[c] === b[c]);
}

/** The review whose results stand for a drive in a family: the one with the most of its workloads, else the preferred one. */
function sourceOf(device: string, workloads: readonly Workload[]): string | null {
	const count = new Map<string, number>();
	let first: string | null = null;
	for (const w of workloads) {
		const members = w.byDevice.get(device) ?? [];
		first ??= members[0]?.row.review_id ?? null;
		for (const review of new Set(members.map((m) => m.row.review_id))) count.set(review, (count.get(review) ?? 0) + 1);
	}
	const most = Math.max(0, ...count.values());
	if (first !== null && count.get(first) === most) return first;
	return [...count].find(([, n]) => n === most)?.[0] ?? null;
}

const distinctCount = <T>(values: readonly T[]) => new Set(values).size;

function familyOf(key: string, workloads: Workload[], allRows: readonly DeltaRow[], input: ComparisonInput, devices: readonly string[], baseline: string): Family {
	const sources = new Map<string, string>();
	for (const d of devices) {
		const s = sourceOf(d, workloads);
		if (s !== null) sources.set(d, s);
	}
	const inFamily = new Set(workloads.flatMap((w) => [...w.byDevice.values()].flatMap((ms) => ms.map((m) => m.row))));
	const runs = [...inFamily].filter((r) => sources.get(r.device_id) === r.review_id);
	const conditions = new Map<string, Conditions>();
	for (const [d, review] of sources) {
		const row = runs.find((r) => r.device_id === d && r.review_id === review)!;
		conditions.set(d, conditionsOf(row, input.reviews.get(review)));
	}
	const reference = conditions.has(baseline) ? baseline : (devices.find((d) => conditions.has(d)) ?? baseline);
	const differences = differingConditions(conditions, reference);
	const charted = (r: RunRow) => rateOf(r, 'iops') !== null && latencyOf(r, 'mean', 'us') !== null;
	const loadsOf = (d: string) => distinctCount(runs.filter((r) => r.device_id === d && charted(r)).map((r) => `${outstandingOf(r)}/${r.rate_limit_iops}`));
	const curveDevices = [...sources.keys()].filter((d) => loadsOf(d) >= 1);
	const curve = curveDevices.length >= 2;
	const scaling = curve && distinctCount(runs.filter(charted).map(outstandingOf).filter((v) => v !== null)) >= 2;
	const rungs = new Map<string, Set<string>>();
	for (const p of input.percentiles) rungs.set(runKey(p.run_id, p.direction), (rungs.get(runKey(p.run_id, p.direction)) ?? new Set()).add(`${p.stat}:${p.percentile}`));
	return {
		key,
		fingerprint: loadless(workloads[0]!.fingerprint),
		unknown: FINGERPRINT_PARTS.filter((p) => workloads.some((w) => w.unknown.includes(p))),
		workloads,
		rows: allRows.filter((r) => workloads.includes(r.workload)),
		sources,
		runs,
		conditions,
		differences,
		odd: [...new Set(differences.flatMap((d) => d.odd))],
		curve,
		scaling,
		ladder: sharedLoadOf(workloads, sources, (r) => (rungs.get(runKey(r.run_id, r.direction))?.size ?? 0) >= 2),
		histogram: sharedLoadOf(workloads, sources, (r) => input.histogramRuns?.has(r.run_id) ?? false),
		timeseries: timeseriesOf(workloads, sources, input.logs),
	};
}

/** The lightest shared load at which two or more drives' source runs have what `has` asks for. */
function sharedLoadOf(workloads: readonly Workload[], sources: ReadonlyMap<string, string>, has: (row: RunRow) => boolean): SharedLoad | null {
	const byLoad = [...workloads].sort((a, b) => (a.fingerprint.outstanding ?? Infinity) - (b.fingerprint.outstanding ?? Infinity));
	for (const w of byLoad) {
		const runIds: string[] = [];
		let direction: string | null = null;
		for (const [d, members] of w.byDevice) {
			const m = members.find((x) => x.row.review_id === sources.get(d) && has(x.row));
			if (!m) continue;
			runIds.push(m.row.run_id);
			direction ??= m.row.direction;
		}
		if (runIds.length >= 2 && direction !== null) return { runIds, direction, workload: w };
	}
	return null;
}

/** Time series of the first log metric that two or more drives' runs of one shared load have. */
function timeseriesOf(workloads: readonly Workload[], sources: ReadonlyMap<string, string>, logs: ComparisonInput['logs']): Family['timeseries'] {
	if (!logs?.size) return null;
	for (const metric of LOG_METRICS) {
		const shared = sharedLoadOf(workloads, sources, (r) => logs.get(r.run_id)?.includes(metric) ?? false);
		if (shared) return { ...shared, metric };
	}
	return null;
}

export function compareDrives(input: ComparisonInput): Comparison {
	const devices = [...new Set(input.devices)];
	const baseline = input.baseline && devices.includes(input.baseline) ? input.baseline : devices[0]!;
	const chosen = new Set(devices);
	const results = comparableResults(input.runs.filter((r) => chosen.has(r.device_id)));
	const order = [baseline, ...devices.filter((d) => d !== baseline)];
	let { shared, single } = splitShared(workloadsOf(results, devices));
	if (input.onlyComparable) ({ shared, single } = splitShared([...shared, ...single].map((w) => comparableOnly(w, order, input.reviews))));
	single = single.filter((w) => w.byDevice.size === 1);
	const rows = deltaTable(shared, devices, baseline);
	const byFamily = new Map<string, Workload[]>();
	for (const w of shared) {
		const key = fingerprintKey(loadless(w.fingerprint));
		byFamily.set(key, [...(byFamily.get(key) ?? []), w]);
	}
	const families = [...byFamily].map(([key, ws]) => familyOf(key, ws, rows, input, devices, baseline));
	const corners = [...shared, ...single].flatMap((w) => [...w.byDevice.values()].flatMap((ms) => ms.map((m) => m.row))).filter((r) => cornerOf(r) !== undefined);
	return {
		devices,
		baseline,
		families,
		single,
		rows,
		tally: tally(rows, devices),
		verdict: verdictOf(rows, devices),
		shared: shared.length,
		corners: distinctCount(corners.map((r) => r.device_id)) >= 2 ? corners : null,
	};
}
