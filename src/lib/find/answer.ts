// The finder's answer: for a stated workload, each drive's measured curves read at the asked load — the value at a
// measured point, or interpolated between the two measured points of one curve that enclose it (said so, both points
// shown), never extrapolated beyond the curve ("not measured above 59,537 IOPS" is an answer) — checked against the
// latency bounds, and ranked only among results of the same testbed or comparable (comparability.ts); results under
// other conditions form their own ranked lists. Figures that lack a part of the workload (no queue depth) are listed
// apart with the part named, never ranked. Pure and browser-safe.
import type { RunRow } from '../schema.ts';
import { PHYSICAL_DRIVE_CLASSES } from '../schema.ts';
import { classify, labelKeyOf, RANKED, type Reason, type ResultContext } from '../compare/comparability.ts';
import { fingerprintOf, unknownParts, type FingerprintPart } from '../compare/fingerprint.ts';
import { perDriveRate } from '../compare/per-drive.ts';
import { headlineRows } from '../compare/workloads.ts';
import { outstandingOf } from '../charts/run-values.ts';
import type { FinderFamily } from './family.ts';
import { BOUND_STATS, type BoundStat, type FinderQuery } from './query.ts';

/** One measured result of a run: its directions summed (IOPS) and its worst direction's latency. */
export interface FinderPoint {
	run_id: string;
	row: RunRow;
	outstanding: number | null;
	rate_limit_iops: number | null;
	/** Per drive (a total of several drives divided, as the comparison divides it). */
	iops: number | null;
	/** Latency in ns per statistic: the worst of the run's directions (a 70/30 mix has a read and a write latency). */
	lat: Record<BoundStat, number | null>;
}

export type CurveKind = 'qd' | 'rate';

export interface CurveAnswer {
	device_id: string;
	review_id: string;
	host: string | null;
	kind: CurveKind;
	/** The curve's points the answer was read from: all of them, or (from a load band's file) those near the load and its ends. */
	points: FinderPoint[];
	/** The value at the asked load: at one measured point, or between two (interpolated). */
	at: { iops: number | null; lat: Record<BoundStat, number | null>; points: FinderPoint[]; interpolated: boolean } | null;
	/** Why there is no value: the asked load is outside the measured range (the nearest measured point is given). */
	outside: { side: 'above' | 'below'; limit: number; nearest: FinderPoint } | null;
	/** Each bound: the value at the load, and whether it holds (null: that statistic is not measured). */
	bounds: { stat: BoundStat; bound_us: number; value_ns: number | null; ok: boolean | null }[];
	/** All bounds hold (true), one fails (false), or one cannot be told (null). */
	meets: boolean | null;
}

export interface LooseResult {
	device_id: string;
	review_id: string;
	point: FinderPoint;
	unknown: FingerprintPart[];
}

export interface FinderAnswer {
	/** Ranked lists: in each, every result is of the same testbed or comparable with every other. Best list first. */
	ranked: CurveAnswer[][];
	/** Between lists: why results of two lists are not ranked against each other (first list against each other one). */
	between: Reason[][];
	/** Physical drives with a curve of this family that gives no value at the asked load (the nearest point named). */
	apart: CurveAnswer[];
	/** Results that do not state a part of the workload (a published figure without its queue depth). */
	loose: LooseResult[];
	/** Devices that are no physical drive (virtual disks, arrays, persistent memory…): answered, listed apart. */
	notDrives: CurveAnswer[];
}

const NO_LAT: Record<BoundStat, number | null> = { mean: null, p99: null, p99_9: null, p99_99: null };
const STAT_COLUMNS: Record<BoundStat, readonly (keyof RunRow)[]> = {
	mean: ['lat_mean_ns', 'clat_mean_ns'],
	p99: ['lat_p99_ns', 'clat_p99_ns'],
	p99_9: ['lat_p99_9_ns', 'clat_p99_9_ns'],
	p99_99: ['lat_p99_99_ns', 'clat_p99_99_ns'],
};

const latOf = (row: RunRow, stat: BoundStat): number | null => {
	for (const c of STAT_COLUMNS[stat]) if (typeof row[c] === 'number') return row[c] as number;
	return null;
};

/** A measured result as the answer reads it: its point, and every row it was read from (all directions of a run). */
export interface PointGroup {
	point: FinderPoint;
	rows: RunRow[];
	/** The parts of the workload it does not state (empty: an exact result). */
	unknown: FingerprintPart[];
}

/** The family's rows that fit the workload exactly or loosely, as points (directions of a run joined), in row order. */
export function pointGroups(workload: Pick<FinderQuery, 'access' | 'read_pct' | 'block_size_bytes'>, runs: readonly RunRow[]): PointGroup[] {
	const byRun = new Map<string, RunRow[]>();
	for (const r of headlineRows(runs)) {
		const fp = fingerprintOf(r);
		if (!fp || fp.access !== workload.access) continue;
		// The mix is what the workload is: a result that does not state it is another workload, not a loose match.
		if (fp.read_pct !== workload.read_pct) continue;
		if (fp.block_size_bytes !== null && fp.block_size_bytes !== workload.block_size_bytes) continue;
		// Published figures give one metric a row: the rows of one label at one load are one result.
		const key = r.value_origin === 'published' ? ['published', r.review_id, r.device_id, r.host ?? '', labelKeyOf(r) ?? r.run_id, outstandingOf(r), r.rate_limit_iops].join('\u0000') : r.run_id;
		byRun.set(key, [...(byRun.get(key) ?? []), r]);
	}
	return [...byRun.values()].map((rows) => {
		// The unified row when the tool gives one, else the directions summed (of a published figure, its rate row).
		const mixed = rows.find((r) => r.direction === 'mixed');
		const rateOfRow = (r: RunRow) => r.iops ?? (r.bw_bytes_per_s !== null && r.block_size_bytes ? r.bw_bytes_per_s / r.block_size_bytes : null);
		const parts = mixed ? [mixed] : rows[0]!.value_origin === 'published' ? [rows.find((r) => rateOfRow(r) !== null) ?? rows[0]!] : rows;
		const totals = parts.map(rateOfRow);
		const total = totals.every((v) => v === null) ? null : totals.reduce<number>((a, b) => a + (b ?? 0), 0);
		const row = parts[0]!;
		const lat = { ...NO_LAT };
		for (const stat of BOUND_STATS) {
			const values = rows.map((r) => latOf(r, stat)).filter((v): v is number => v !== null);
			lat[stat] = values.length ? Math.max(...values) : null;
		}
		const point: FinderPoint = {
			run_id: row.run_id,
			row,
			outstanding: outstandingOf(row),
			rate_limit_iops: row.rate_limit_iops,
			iops: total === null ? null : perDriveRate(row, total).value,
			lat,
		};
		return { point, rows, unknown: unknownParts(fingerprintOf(row)!) };
	});
}

/** A drive's results of one review and host: the answer keeps one curve of each (and the finder's files page by it). */
export const entryKeyOf = (r: Pick<RunRow, 'device_id' | 'review_id' | 'host'>): string => [r.device_id, r.review_id, r.host ?? ''].join('\u0000');

/** The curve a measured point belongs to: one per drive, review, host and kind (a QD sweep, or rate steps). */
export const curveKindOf = (p: FinderPoint): CurveKind => (p.rate_limit_iops !== null ? 'rate' : 'qd');
export const curveKeyOf = (p: FinderPoint): string => `${entryKeyOf(p.row)}\u0000${curveKindOf(p)}`;

/** Where a point lies on the axis a question reads: its per-drive IOPS for a target rate, else its outstanding I/Os. */
export const loadOf = (query: Pick<FinderQuery, 'rate_iops'>, p: FinderPoint): number | null => (query.rate_iops !== null ? p.iops : p.outstanding);

const lerp = (x: number, x0: number, x1: number, y0: number | null, y1: number | null): number | null =>
	y0 === null || y1 === null ? null : x1 === x0 ? y0 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);

/** A curve read at the asked load: exact, interpolated between its two enclosing points, or outside its range. */
function readCurve(query: FinderQuery, points: FinderPoint[]): Pick<CurveAnswer, 'at' | 'outside'> {
	const x = (p: FinderPoint) => loadOf(query, p);
	const target = query.rate_iops ?? query.outstanding!;
	const sorted = points.filter((p) => x(p) !== null).sort((a, b) => x(a)! - x(b)!);
	if (!sorted.length) return { at: null, outside: null };
	const exact = sorted.find((p) => x(p) === target);
	if (exact) return { at: { iops: exact.iops, lat: exact.lat, points: [exact], interpolated: false }, outside: null };
	const first = sorted[0]!;
	const last = sorted[sorted.length - 1]!;
	if (target > x(last)!) return { at: null, outside: { side: 'above', limit: x(last)!, nearest: last } };
	if (target < x(first)!) return { at: null, outside: { side: 'below', limit: x(first)!, nearest: first } };
	const i = sorted.findIndex((p) => x(p)! > target);
	const [a, b] = [sorted[i - 1]!, sorted[i]!];
	const lat = { ...NO_LAT };
	for (const stat of BOUND_STATS) lat[stat] = lerp(target, x(a)!, x(b)!, a.lat[stat], b.lat[stat]);
	const iops = query.rate_iops !== null ? target : lerp(target, x(a)!, x(b)!, a.iops, b.iops);
	return { at: { iops, lat, points: [a, b], interpolated: true }, outside: null };
}

function boundsOf(query: FinderQuery, at: CurveAnswer['at']): Pick<CurveAnswer, 'bounds' | 'meets'> {
	const bounds = BOUND_STATS.filter((s) => query.bounds[s] !== undefined).map((stat) => {
		const value_ns = at?.lat[stat] ?? null;
		const bound_us = query.bounds[stat]!;
		return { stat, bound_us, value_ns, ok: value_ns === null ? null : value_ns <= bound_us * 1000 };
	});
	const meets = bounds.some((b) => b.ok === false) ? false : bounds.some((b) => b.ok === null) ? null : true;
	return { bounds, meets };
}

/**
 * Order of two answers: those meeting the bounds first; then for a rate, the lower latency (the first bounded
 * statistic, else the mean); for a load, the higher IOPS per drive, or at one load the lower mean latency when either
 * lacks IOPS (at one queue depth, IOPS and latency rank alike).
 */
function byValue(query: FinderQuery, a: CurveAnswer, b: CurveAnswer): number {
	const known = (x: number | null | undefined, y: number | null | undefined, sign: number) =>
		x != null && y != null ? sign * (x - y) : x != null ? -1 : y != null ? 1 : 0;
	if (query.rate_iops !== null) {
		const stat = rankStatOf(query);
		return known(a.at?.lat[stat], b.at?.lat[stat], 1);
	}
	if (a.at?.iops != null && b.at?.iops != null) return b.at.iops - a.at.iops;
	return known(a.at?.lat.mean, b.at?.lat.mean, 1) || known(b.at?.iops, a.at?.iops, 1);
}

/** Ties broken by drive, review and host: an answer does not depend on the order its rows came in. */
export function byCurve(a: CurveAnswer, b: CurveAnswer): number {
	const ka = [a.device_id, a.review_id, a.host ?? ''];
	const kb = [b.device_id, b.review_id, b.host ?? ''];
	for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
	return 0;
}

export const MEETS_RANK = (m: boolean | null) => (m === true ? 0 : m === null ? 1 : 2);

/** The context a curve is classed by: its first point's row, with the family's facts. */
function contextOf(c: CurveAnswer, family: FinderFamily): ResultContext {
	const row = (c.at?.points[0] ?? c.points[0]!).row;
	return { row, fingerprint: fingerprintOf(row), review: family.reviews[row.review_id], deviceClass: family.devices[row.device_id]?.device_class ?? 'unknown' };
}

/** The statistic a rate question ranks by: its first bounded one, else the mean. */
export const rankStatOf = (query: Pick<FinderQuery, 'bounds'>): BoundStat => BOUND_STATS.find((s) => query.bounds[s] !== undefined) ?? 'mean';

/** The order of a question's answers: those meeting the bounds first, then by value, then by drive, review and host. */
export const answerOrder =
	(query: FinderQuery) =>
	(a: CurveAnswer, b: CurveAnswer): number =>
		MEETS_RANK(a.meets) - MEETS_RANK(b.meets) || byValue(query, a, b) || byCurve(a, b);

/** Of each drive's curves in one review and host, the one that answers the question (a rate question: rate steps before a QD sweep). */
export function chosenAnswers(query: FinderQuery, groups: readonly PointGroup[]): CurveAnswer[] {
	// One curve per drive, review, host and kind (a QD sweep, or rate steps): interpolation stays inside one curve.
	const curves = new Map<string, FinderPoint[]>();
	for (const { point: p } of groups.filter((g) => g.unknown.length === 0)) curves.set(curveKeyOf(p), [...(curves.get(curveKeyOf(p)) ?? []), p]);
	const answers: CurveAnswer[] = [...curves].map(([key, points]) => {
		const [device_id, review_id, host, kind] = key.split('\u0000') as [string, string, string, CurveKind];
		const read = readCurve(query, points);
		return { device_id, review_id, host: host || null, kind, points, ...read, ...boundsOf(query, read.at) };
	});
	const best = new Map<string, CurveAnswer>();
	for (const a of answers.sort((x, y) => Number(!x.at) - Number(!y.at) || (x.kind === 'rate' ? -1 : 1))) {
		const key = entryKeyOf(a);
		if (!best.has(key)) best.set(key, a);
	}
	return [...best.values()];
}

/** Whether a device is answered as a physical drive (`drives`: the reader's own, whose class nobody stated). */
export const isDrive = (family: Pick<FinderFamily, 'devices'>, drives: ReadonlySet<string>, deviceId: string): boolean =>
	drives.has(deviceId) || PHYSICAL_DRIVE_CLASSES.has(family.devices[deviceId]?.device_class ?? 'unknown');

/** How many of each part an answer shows (a paged answer shows its first ones; unset: all). */
export interface AnswerLimits {
	ranked?: number;
	apart?: number;
	loose?: number;
	notDrives?: number;
}

/**
 * `drives`: devices answered as drives whatever their class (the reader's own, whose class nobody stated). `limits`:
 * the ranked lists are made of the first `ranked` answers of the whole order (an answer's list is decided by the
 * answers before it only, so the lists of the first ones are those of all), the other parts cut at their first ones.
 */
export function findAnswer(query: FinderQuery, family: FinderFamily, drives: ReadonlySet<string> = new Set(), limits: AnswerLimits = {}): FinderAnswer {
	const groups = pointGroups(query, family.runs);
	const loose = groups.filter((g) => g.unknown.length > 0);
	const chosen = chosenAnswers(query, groups);
	const physical = (a: CurveAnswer) => isDrive(family, drives, a.device_id);
	const order = answerOrder(query);
	const answered = chosen
		.filter((a) => a.at && physical(a))
		.sort(order)
		.slice(0, limits.ranked);
	const contexts = new Map(chosen.map((a) => [a, contextOf(a, family)]));
	const ranked: CurveAnswer[][] = [];
	for (const a of answered) {
		const ctx = contexts.get(a)!;
		const list = ranked.find((l) => l.every((o) => RANKED.has(classify(contexts.get(o)!, ctx).class)));
		if (list) list.push(a);
		else ranked.push([a]);
	}
	const between = ranked.slice(1).map((l) => classify(contexts.get(ranked[0]![0]!)!, contexts.get(l[0]!)!).reasons);
	return {
		ranked,
		between,
		apart: chosen
			.filter((a) => !a.at && physical(a))
			.sort(byCurve)
			.slice(0, limits.apart),
		loose: loose.slice(0, limits.loose).map(({ point, unknown }) => ({ device_id: point.row.device_id, review_id: point.row.review_id, point, unknown })),
		notDrives: chosen
			.filter((a) => !physical(a))
			.sort(order)
			.slice(0, limits.notDrives),
	};
}
