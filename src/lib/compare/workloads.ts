// Results of several drives, from any reviews, sorted into the workloads they share: each workload is a fingerprint
// with every drive's results for it. A result that lacks a part of its fingerprint joins each workload it may be
// (loosely); one that matches no complete fingerprint forms its own workload.
import type { RunRow } from '../schema.ts';
import { rateOf } from '../charts/run-values.ts';
import { fingerprintKey, fingerprintOf, matchOf, unknownParts, type Fingerprint, type FingerprintPart, type MatchKind } from './fingerprint.ts';

export interface Result {
	row: RunRow;
	fingerprint: Fingerprint;
}

export interface Member extends Result {
	match: MatchKind;
}

export interface Workload {
	key: string;
	fingerprint: Fingerprint;
	/** Results per drive, in order of preference (byPreference): the first that has a metric stands for the drive. */
	byDevice: Map<string, Member[]>;
	/** Parts unknown in one of the results: the workload matches them only loosely. */
	unknown: FingerprintPart[];
}

// A file's headline rows: fio groups and totals, published figures, Vdbench totals; below them the jobs, workers
// and disks they add up (kept only for files with nothing wider: one job per file, CrystalDiskMark's tests).
const SCOPE_RANK: Record<string, number> = { total: 0, group: 0, figure: 0, manager: 1, job: 2, worker: 3, disk: 3 };
const rankOf = (scope: string) => SCOPE_RANK[scope] ?? 4;

/** The rows that stand for a whole test: per file, the rows of its widest scope. */
export function headlineRows<R extends Pick<RunRow, 'review_id' | 'source_file' | 'scope'>>(rows: readonly R[]): R[] {
	const widest = new Map<string, number>();
	const fileOf = (r: R) => `${r.review_id}\u0000${r.source_file}`;
	for (const r of rows) widest.set(fileOf(r), Math.min(widest.get(fileOf(r)) ?? Infinity, rankOf(r.scope)));
	return rows.filter((r) => rankOf(r.scope) === widest.get(fileOf(r)));
}

/** The comparable results among rows: headline rows with a fingerprint. */
export function comparableResults(rows: readonly RunRow[]): Result[] {
	return headlineRows(rows).flatMap((row) => {
		const fingerprint = fingerprintOf(row);
		return fingerprint ? [{ row, fingerprint }] : [];
	});
}

const ORIGIN_RANK: Record<string, number> = { measured: 0, derived: 1, published: 2 };

/**
 * Order of a drive's results within a workload: exact matches first, one drive before several loaded at once,
 * measured before published, then the drive's best rate (as the catalog's headline figures), then by run.
 */
function byPreference(a: Member, b: Member): number {
	const rate = (m: Member) => rateOf(m.row, 'iops') ?? -1;
	const several = (m: Member) => Number((m.row.device_count ?? 1) > 1);
	return (
		Number(a.match === 'loose') - Number(b.match === 'loose') ||
		several(a) - several(b) ||
		(ORIGIN_RANK[a.row.value_origin] ?? 3) - (ORIGIN_RANK[b.row.value_origin] ?? 3) ||
		rate(b) - rate(a) ||
		(a.row.run_id < b.row.run_id ? -1 : a.row.run_id > b.row.run_id ? 1 : a.row.direction < b.row.direction ? -1 : 1)
	);
}

/** Every workload the results of `devices` fall into, in a stable order (by fingerprint key). */
export function workloadsOf(results: readonly Result[], devices: readonly string[]): Workload[] {
	const chosen = new Set(devices);
	const mine = results.filter((r) => chosen.has(r.row.device_id));
	const workloads = new Map<string, Workload>();
	const add = (w: Workload, r: Result, match: MatchKind) => {
		const list = w.byDevice.get(r.row.device_id) ?? [];
		list.push({ ...r, match });
		w.byDevice.set(r.row.device_id, list);
		for (const part of unknownParts(r.fingerprint)) if (!w.unknown.includes(part)) w.unknown.push(part);
	};
	const open = (fingerprint: Fingerprint) => {
		const key = fingerprintKey(fingerprint);
		let w = workloads.get(key);
		if (!w) workloads.set(key, (w = { key, fingerprint, byDevice: new Map(), unknown: [] }));
		return w;
	};
	const complete = mine.filter((r) => unknownParts(r.fingerprint).length === 0);
	const partial = mine.filter((r) => unknownParts(r.fingerprint).length > 0);
	for (const r of complete) add(open(r.fingerprint), r, 'exact');
	const completeWorkloads = [...workloads.values()];
	for (const r of partial) {
		const matches = completeWorkloads.filter((w) => matchOf(w.fingerprint, r.fingerprint) !== null);
		if (matches.length) for (const w of matches) add(w, r, 'loose');
		else {
			// No complete fingerprint fits: the result starts (or joins) a workload of its own, matched loosely.
			const same = [...workloads.values()].find((w) => !completeWorkloads.includes(w) && matchOf(w.fingerprint, r.fingerprint) !== null);
			add(same ?? open(r.fingerprint), r, 'loose');
		}
	}
	for (const w of workloads.values()) for (const list of w.byDevice.values()) list.sort(byPreference);
	return [...workloads.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Workloads at least two of the drives have, and those only one of them has. */
export function splitShared(workloads: readonly Workload[]): { shared: Workload[]; single: Workload[] } {
	return {
		shared: workloads.filter((w) => w.byDevice.size >= 2),
		single: workloads.filter((w) => w.byDevice.size === 1),
	};
}
