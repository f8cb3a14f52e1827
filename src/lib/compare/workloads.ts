// Results of several drives, from any reviews, sorted into the workloads they share: each workload is a fingerprint
// with every drive's results for it. A result that lacks a part of its fingerprint joins each workload it may be
// (loosely: shown, never ranked across reviews); inside its own review it is matched by its label (application
// profiles, noisy neighbour, curve starts: one workload per review and label), and one with no label and no complete
// fingerprint to join forms its own workload.
import type { RunRow } from '../schema.ts';
import { rateOf } from '../charts/run-values.ts';
import { fingerprintKey, fingerprintOf, matchOf, unknownParts, type Fingerprint, type FingerprintPart, type MatchKind } from './fingerprint.ts';
import { labelKeyOf } from './comparability.ts';

export interface Result {
	row: RunRow;
	/** null for an application profile (matched by its label inside its review only). */
	fingerprint: Fingerprint | null;
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
	/** A workload of one review matched by label: the label as the review writes it, and the review. */
	label: { text: string; review: string } | null;
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

/** The results among rows: headline rows, with their fingerprint (null for an application profile). */
export function comparableResults(rows: readonly RunRow[]): Result[] {
	return headlineRows(rows).map((row) => ({ row, fingerprint: fingerprintOf(row) }));
}

/** A fingerprint that says nothing but the direction: an application profile's place in a workload. */
const bareFingerprint = (row: RunRow): Fingerprint => ({ access: null, direction: row.direction as Fingerprint['direction'], read_pct: null, block_size_bytes: null, outstanding: null, rate_limit_iops: null });

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
		if (list.some((m) => m.row === r.row)) return;
		list.push({ ...r, match });
		w.byDevice.set(r.row.device_id, list);
		if (r.fingerprint) for (const part of unknownParts(r.fingerprint)) if (!w.unknown.includes(part)) w.unknown.push(part);
	};
	const open = (key: string, fingerprint: Fingerprint, label: Workload['label'] = null) => {
		let w = workloads.get(key);
		if (!w) workloads.set(key, (w = { key, fingerprint, byDevice: new Map(), unknown: [], label }));
		return w;
	};
	const isComplete = (r: Result) => r.fingerprint !== null && unknownParts(r.fingerprint).length === 0;
	const complete = mine.filter(isComplete);
	const partial = mine.filter((r) => !isComplete(r));
	for (const r of complete) add(open(fingerprintKey(r.fingerprint!), r.fingerprint!), r, 'exact');
	const completeWorkloads = [...workloads.values()];
	for (const r of partial) {
		const label = labelKeyOf(r.row);
		const matches = r.fingerprint ? completeWorkloads.filter((w) => matchOf(w.fingerprint, r.fingerprint!) !== null) : [];
		for (const w of matches) add(w, r, 'loose');
		if (label !== null) {
			const text = (r.row.workload ?? r.row.job_name)!;
			add(open(`label:${r.row.review_id}:${label}`, r.fingerprint ?? bareFingerprint(r.row), { text, review: r.row.review_id }), r, 'loose');
		} else if (!matches.length && r.fingerprint) {
			// No complete fingerprint fits and no label names it: the result starts (or joins) a workload of its own.
			const same = [...workloads.values()].find((w) => !completeWorkloads.includes(w) && w.label === null && matchOf(w.fingerprint, r.fingerprint!) !== null);
			add(same ?? open(fingerprintKey(r.fingerprint), r.fingerprint), r, 'loose');
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
