// A whole comparison of some drives, from their rows in any reviews: the workloads they share grouped into families
// (one block size, access and direction, every load; or one labelled workload of one review), each family with the
// rows its charts draw, each drive's comparability class against the reference drive and which drives are drawn pale;
// the delta table, the tally and the verdict (from ranked classes only, unless the reader includes the rest). Pure:
// the pre-rendered pair pages and the browser's comparison page both call it, on rows from the build's DuckDB or from
// the Parquet files read in the browser.
import { LOG_METRICS, type DeviceClass, type PercentileRow, type RunRow } from '../schema.ts';
import { cornerOf } from '../charts/corners.ts';
import { latencyOf, outstandingOf, rateOf } from '../charts/run-values.ts';
import { conditionsOf, type Conditions, type ReviewFacts } from './conditions.ts';
import { perDriveRow } from './per-drive.ts';
import { RANKED, lowerClass, type ComparabilityClass, type Reason, type ResultContext } from './comparability.ts';
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
	/** What each device is (ssd, persistent_memory, virtual_disk…); unknown when absent. */
	deviceClasses?: ReadonlyMap<string, DeviceClass>;
	/** Let results of every class compete for best, wins and the verdict (the reader's switch; off by default). */
	includeAll?: boolean;
}

/** A drive's standing in a family: the lowest class of its results against the reference drive's, and why. */
export interface FamilyClass {
	class: ComparabilityClass;
	reasons: Reason[];
	notes: Reason[];
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
	/** Per drive, the conditions of its source. */
	conditions: Map<string, Conditions>;
	/** Per drive, its class against the reference drive (the baseline when it has results here). */
	classes: Map<string, FamilyClass>;
	reference: string;
	/** Drives whose results here are not ranked against the reference's: drawn pale, left out of wins by default. */
	odd: string[];
	/** A labelled workload of one review: its rows merged per drive (one result each), for its bars and ladder. */
	merged: RunRow[] | null;
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
	/** Drives with corner results left out of the corners: none of their results is ranked against another drive's. */
	cornersLeftOut: string[];
	includeAll: boolean;
}

const loadless = (fp: Fingerprint): Fingerprint => ({ ...fp, outstanding: null, rate_limit_iops: null });

/** A test series: one review on one host (runs on two hosts are two series, never one line). */
const seriesOf = (row: Pick<RunRow, 'review_id' | 'host'>) => `${row.review_id}\u0000${row.host ?? ''}`;

/**
 * The series whose results stand for a drive in a family: the one the delta table took most (counted cells first),
 * else the one with the most of its workloads, else the preferred one.
 */
function sourceOf(device: string, workloads: readonly Workload[], rows: readonly DeltaRow[]): string | null {
	const count = new Map<string, number>();
	for (const r of rows) {
		const c = r.cells.get(device);
		if (c) count.set(seriesOf(c.member.row), (count.get(seriesOf(c.member.row)) ?? 0) + (c.counts ? 1000 : 1));
	}
	let first: string | null = null;
	for (const w of workloads) {
		const members = w.byDevice.get(device) ?? [];
		first ??= members[0] ? seriesOf(members[0].row) : null;
		for (const series of new Set(members.map((m) => seriesOf(m.row)))) count.set(series, (count.get(series) ?? 0) + 1);
	}
	const most = Math.max(0, ...count.values());
	if (first !== null && count.get(first) === most) return first;
	return [...count].find(([, n]) => n === most)?.[0] ?? null;
}

/** One row per drive of a labelled workload: its published figures (one metric each) merged, the first value of each column. */
function mergedRows(workload: Workload): RunRow[] {
	return [...workload.byDevice.values()].map((members) => {
		const merged = { ...members[0]!.row } as Record<string, unknown>;
		for (const m of members.slice(1)) for (const [k, v] of Object.entries(m.row)) if (merged[k] === null && v !== null) merged[k] = v;
		return perDriveRow(merged as unknown as RunRow);
	});
}

const distinctCount = <T>(values: readonly T[]) => new Set(values).size;

function familyOf(key: string, workloads: Workload[], allRows: readonly DeltaRow[], input: ComparisonInput, devices: readonly string[], baseline: string): Family {
	const rows = allRows.filter((r) => workloads.includes(r.workload));
	const sources = new Map<string, string>();
	for (const d of devices) {
		const s = sourceOf(d, workloads, rows);
		if (s !== null) sources.set(d, s);
	}
	const inFamily = new Set(workloads.flatMap((w) => [...w.byDevice.values()].flatMap((ms) => ms.map((m) => m.row))));
	const runs = [...inFamily].filter((r) => sources.get(r.device_id) === seriesOf(r));
	const conditions = new Map<string, Conditions>();
	for (const [d, series] of sources) {
		const row = runs.find((r) => r.device_id === d && seriesOf(r) === series)!;
		conditions.set(d, conditionsOf(row, input.reviews.get(row.review_id)));
	}
	const reference = rows.find((r) => r.cells.has(baseline))?.reference ?? rows[0]?.reference ?? baseline;
	const classes = new Map<string, FamilyClass>();
	for (const r of rows) {
		for (const [d, c] of r.cells) {
			const prev = classes.get(d);
			if (!prev || lowerClass(prev.class, c.class) !== prev.class) classes.set(d, { class: c.class, reasons: c.reasons, notes: c.notes });
		}
	}
	const charted = (r: RunRow) => rateOf(r, 'iops') !== null && latencyOf(r, 'mean', 'us') !== null;
	const loadsOf = (d: string) => distinctCount(runs.filter((r) => r.device_id === d && charted(r)).map((r) => `${outstandingOf(r)}/${r.rate_limit_iops}`));
	const curveDevices = [...sources.keys()].filter((d) => loadsOf(d) >= 1);
	const labelled = workloads.length === 1 && workloads[0]!.label !== null;
	const curve = !labelled && curveDevices.length >= 2;
	const scaling = curve && distinctCount(runs.filter(charted).map(outstandingOf).filter((v) => v !== null)) >= 2;
	const rungs = new Map<string, Set<string>>();
	for (const p of input.percentiles) rungs.set(runKey(p.run_id, p.direction), (rungs.get(runKey(p.run_id, p.direction)) ?? new Set()).add(`${p.stat}:${p.percentile}`));
	return {
		key,
		fingerprint: loadless(workloads[0]!.fingerprint),
		unknown: FINGERPRINT_PARTS.filter((p) => workloads.some((w) => w.unknown.includes(p))),
		workloads,
		rows,
		sources,
		runs,
		conditions,
		classes,
		reference,
		odd: [...classes].filter(([, c]) => !RANKED.has(c.class)).map(([d]) => d),
		merged: labelled ? mergedRows(workloads[0]!) : null,
		curve,
		scaling,
		ladder: labelled ? null : sharedLoadOf(workloads, sources, (r) => (rungs.get(runKey(r.run_id, r.direction))?.size ?? 0) >= 2),
		histogram: labelled ? null : sharedLoadOf(workloads, sources, (r) => input.histogramRuns?.has(r.run_id) ?? false),
		timeseries: labelled ? null : timeseriesOf(workloads, sources, input.logs),
	};
}

/** The lightest shared load at which two or more drives' source runs have what `has` asks for. */
function sharedLoadOf(workloads: readonly Workload[], sources: ReadonlyMap<string, string>, has: (row: RunRow) => boolean): SharedLoad | null {
	const byLoad = [...workloads].sort((a, b) => (a.fingerprint.outstanding ?? Infinity) - (b.fingerprint.outstanding ?? Infinity));
	for (const w of byLoad) {
		const runIds: string[] = [];
		let direction: string | null = null;
		for (const [d, members] of w.byDevice) {
			const m = members.find((x) => seriesOf(x.row) === sources.get(d) && has(x.row));
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
	const { shared, single: singles } = splitShared(workloadsOf(results, devices));
	const context = (m: Member): ResultContext => ({
		row: m.row,
		fingerprint: m.fingerprint,
		review: input.reviews.get(m.row.review_id),
		deviceClass: input.deviceClasses?.get(m.row.device_id) ?? 'unknown',
	});
	const rows = deltaTable(shared, devices, baseline, { context, includeAll: input.includeAll });
	const byFamily = new Map<string, Workload[]>();
	for (const w of shared) {
		const key = w.label ? w.key : fingerprintKey(loadless(w.fingerprint));
		byFamily.set(key, [...(byFamily.get(key) ?? []), w]);
	}
	const families = [...byFamily].map(([key, ws]) => familyOf(key, ws, rows, input, devices, baseline));
	const single = singles.filter((w) => w.byDevice.size === 1);
	// The corners of every drive (the chart draws them per drive): results whose fingerprint fits a corner's slot.
	const all = [...shared, ...single].flatMap((w) => [...w.byDevice.values()].flatMap((ms) => ms.map((m) => m.row)));
	// Drives none of whose results counts against another drive's are left out of the corners (and named).
	const counting = new Set(rows.flatMap((r) => [...r.cells].filter(([, c]) => c.counts).map(([d]) => d)));
	const cornersLeftOut = rows.length ? devices.filter((d) => !counting.has(d)) : [];
	const corners = [...new Set(all)].filter((r) => cornerOf(r) !== undefined && !cornersLeftOut.includes(r.device_id));
	return {
		devices,
		baseline,
		families,
		single,
		rows,
		tally: tally(rows, devices),
		verdict: verdictOf(rows, devices, shared, input.includeAll),
		shared: shared.length,
		corners: distinctCount(corners.map((r) => r.device_id)) >= 2 ? corners : null,
		cornersLeftOut: cornersLeftOut.filter((d) => all.some((r) => r.device_id === d && cornerOf(r) !== undefined)),
		includeAll: input.includeAll === true,
	};
}
