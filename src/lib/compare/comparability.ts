// Whether two results may be set against each other, and why not. Every pair of results gets one class:
// - same testbed: one review, one method (tool), one host — its workloads match by their label even without a full
//   fingerprint (application profiles, noisy neighbour, curve starts);
// - comparable: from different reviews, the workload fingerprint exact on both sides, figures per drive, and the
//   preconditioning and steady state known and alike;
// - conditions differ: the same workload, but a condition that moves the numbers differs or is unknown (each one
//   named with both values);
// - not comparable: a different workload or load, or a load one side does not state.
// Verdicts, wins and rankings use only the first two (RANKED); the rest is shown apart with its reasons.
import type { DeviceClass, RunRow } from '../schema.ts';
import { conditionsOf, type Conditions, type ReviewFacts } from './conditions.ts';
import { FINGERPRINT_PARTS, unknownParts, type Fingerprint, type FingerprintPart } from './fingerprint.ts';
import { drivesOf, hostBound } from './per-drive.ts';
import { toolName } from '../vocabulary.ts';

export const COMPARABILITY_CLASSES = ['same_testbed', 'comparable', 'conditions_differ', 'not_comparable'] as const;
export type ComparabilityClass = (typeof COMPARABILITY_CLASSES)[number];

/** The classes a verdict, a win or a ranking may use. */
export const RANKED: ReadonlySet<ComparabilityClass> = new Set(['same_testbed', 'comparable']);

/** Why two results are not set against each other, in the order named. */
export const REASONS = [
	'workload',
	'load',
	'unknown_part',
	'device_class',
	'host',
	'tool',
	'drives',
	'host_bound',
	'preconditioning',
	'steady_state',
	'footprint',
	'platform',
	'tool_version',
] as const;
export type ReasonKind = (typeof REASONS)[number];

export interface Reason {
	kind: ReasonKind;
	/** Each side's value in words (null: not stated). */
	values: [string | null, string | null];
	/** unknown_part: the parts of the fingerprint one side does not state. */
	parts?: FingerprintPart[];
}

export interface Classification {
	class: ComparabilityClass;
	/** What puts the pair below "comparable" (empty for the ranked classes). */
	reasons: Reason[];
	/** What differs without changing the class (platform and tool version across reviews). */
	notes: Reason[];
}

export interface ResultContext {
	row: RunRow;
	/** null for what no fingerprint describes (an application profile). */
	fingerprint: Fingerprint | null;
	review: ReviewFacts | undefined;
	deviceClass: DeviceClass;
}

const text = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

// A published figure's place on a curve, from its condition: "curve start (lowest load point)", "curve peak".
function loadPointOf(row: Pick<RunRow, 'condition'>): string | null {
	const c = row.condition?.toLowerCase() ?? '';
	if (/curve start|lowest load|start of the .*sweep|from the \d+ ?mb\/s level/.test(c)) return 'start';
	if (/\bpeak\b|curve peak/.test(c)) return 'peak';
	return null;
}

/**
 * What a result is called inside its review, for matching results of one review that lack a full fingerprint:
 * its label (workload or job name, case and spacing folded), its place on a curve, and its direction.
 */
export function labelKeyOf(row: Pick<RunRow, 'workload' | 'job_name' | 'condition' | 'direction'>): string | null {
	const label = (row.workload ?? row.job_name)?.toLowerCase().replace(/\s+/g, ' ').trim();
	if (!label) return null;
	return [label, loadPointOf(row) ?? '', row.direction].join('\u0000');
}

const complete = (fp: Fingerprint | null): fp is Fingerprint => fp !== null && unknownParts(fp).length === 0;

/** A known part of the two fingerprints that differs: the workload (access, mix, block size) or its load. */
function differingPart(a: Fingerprint, b: Fingerprint): 'workload' | 'load' | null {
	if (a.direction !== b.direction) return 'workload';
	for (const part of FINGERPRINT_PARTS) {
		const [x, y] = [a[part], b[part]];
		if (x !== null && y !== null && x !== y) return part === 'outstanding' ? 'load' : 'workload';
	}
	return a.rate_limit_iops !== b.rate_limit_iops ? 'load' : null;
}

function fingerprintWords(fp: Fingerprint | null, row: RunRow): string | null {
	if (fp === null) return row.workload ?? row.job_name;
	return [fp.access, fp.direction, fp.read_pct, fp.block_size_bytes, fp.outstanding === null ? null : `QD ${fp.outstanding}`, fp.rate_limit_iops === null ? null : `${fp.rate_limit_iops} IOPS`]
		.filter((p) => p !== null)
		.join(' ');
}

/** Whether the two results are the same workload at the same load; the reason when they are not. */
function workloadReason(a: ResultContext, b: ResultContext, sameReview: boolean): Reason | null {
	const [fa, fb] = [a.fingerprint, b.fingerprint];
	if (fa && fb) {
		const part = differingPart(fa, fb);
		if (part === 'load') return { kind: 'load', values: [text(fa.outstanding ?? fa.rate_limit_iops), text(fb.outstanding ?? fb.rate_limit_iops)] };
		if (part === 'workload') return { kind: 'workload', values: [fingerprintWords(fa, a.row), fingerprintWords(fb, b.row)] };
		if (complete(fa) && complete(fb)) return null;
	}
	// Within one review a label names the same test on every drive (with its place on a curve); across reviews it does not.
	if (sameReview) {
		const [la, lb] = [labelKeyOf(a.row), labelKeyOf(b.row)];
		if (la !== null && la === lb) return null;
		return { kind: 'workload', values: [a.row.workload ?? a.row.job_name, b.row.workload ?? b.row.job_name] };
	}
	if (!fa || !fb) return { kind: 'workload', values: [fingerprintWords(fa, a.row), fingerprintWords(fb, b.row)] };
	const parts = [...new Set([...unknownParts(fa), ...unknownParts(fb)])];
	return { kind: 'unknown_part', values: [fingerprintWords(fa, a.row), fingerprintWords(fb, b.row)], parts };
}

const folded = (v: string | null) => (v === null ? null : v.toLowerCase().replace(/[\s.,;:()'"-]+/g, ' ').trim());

/** A steady-state statement in one word: attained, not attained, or null (not stated). */
function steadyOf(v: string | null): string | null {
	const s = v?.toLowerCase().trim() ?? '';
	if (!s || /not stated|unknown|n\/a/.test(s)) return null;
	if (/^(no\b|not attained|not reached|none)/.test(s)) return 'not attained';
	if (/^(yes|attained|reached|steady)/.test(s)) return 'attained';
	return s;
}

/** A result's conditions, and the forms classify compares them in. */
interface ClassFacts {
	conditions: Conditions;
	drives: number | null;
	hostBound: boolean;
	preconditioning: string | null;
	steady: string | null;
	footprint: string | null;
}

const factsCache = new WeakMap<ResultContext, ClassFacts>();

/** What a result is classed by, read once per context (a ranking classes each result against many). */
function classFacts(r: ResultContext): ClassFacts {
	let f = factsCache.get(r);
	if (!f) {
		const conditions = conditionsOf(r.row, r.review);
		f = { conditions, drives: drivesOf(r.row), hostBound: hostBound(r.row), preconditioning: folded(conditions.preconditioning), steady: steadyOf(conditions.steady_state), footprint: folded(conditions.footprint) };
		factsCache.set(r, f);
	}
	return f;
}

/** The conditions of a result that decide its class: its review's and its row's (read once per context). */
export function resultConditions(r: ResultContext): Conditions {
	return classFacts(r).conditions;
}

/** The class of a pair of results, with its reasons. Symmetric. */
export function classify(a: ResultContext, b: ResultContext): Classification {
	const sameReview = a.row.review_id === b.row.review_id;
	const workload = workloadReason(a, b, sameReview);
	if (workload) return { class: 'not_comparable', reasons: [workload], notes: [] };
	const reasons: Reason[] = [];
	const notes: Reason[] = [];
	if (a.deviceClass !== 'unknown' && b.deviceClass !== 'unknown' && a.deviceClass !== b.deviceClass) reasons.push({ kind: 'device_class', values: [a.deviceClass, b.deviceClass] });
	const [factsA, factsB] = [classFacts(a), classFacts(b)];
	const [da, db] = [factsA.drives, factsB.drives];
	if (da !== db && (factsA.hostBound || factsB.hostBound)) reasons.push({ kind: 'host_bound', values: [text(da), text(db)] });
	const [ca, cb] = [factsA.conditions, factsB.conditions];
	if (sameReview) {
		if (a.row.host !== b.row.host) reasons.push({ kind: 'host', values: [a.row.host, b.row.host] });
		if (a.row.tool !== b.row.tool) reasons.push({ kind: 'tool', values: [a.row.tool && toolName(a.row.tool), b.row.tool && toolName(b.row.tool)] });
		if (da !== db && (da === null || db === null)) reasons.push({ kind: 'drives', values: [text(da), text(db)] });
		return { class: reasons.length ? 'conditions_differ' : 'same_testbed', reasons, notes };
	}
	if (da === null || db === null) reasons.push({ kind: 'drives', values: [text(da), text(db)] });
	const [pa, pb] = [factsA.preconditioning, factsB.preconditioning];
	if (pa === null || pb === null || pa !== pb) reasons.push({ kind: 'preconditioning', values: [ca.preconditioning, cb.preconditioning] });
	const [sa, sb] = [factsA.steady, factsB.steady];
	if (sa === null || sb === null || sa !== sb) reasons.push({ kind: 'steady_state', values: [ca.steady_state, cb.steady_state] });
	const [fa, fb] = [factsA.footprint, factsB.footprint];
	if (fa !== null && fb !== null && fa !== fb) reasons.push({ kind: 'footprint', values: [ca.footprint, cb.footprint] });
	if (ca.platform !== cb.platform) notes.push({ kind: 'platform', values: [ca.platform, cb.platform] });
	if (ca.tool !== cb.tool) notes.push({ kind: 'tool_version', values: [ca.tool, cb.tool] });
	return { class: reasons.length ? 'conditions_differ' : 'comparable', reasons, notes };
}

/** The lower of two classes (a group of results is as comparable as its least comparable pair). */
export function lowerClass(a: ComparabilityClass, b: ComparabilityClass): ComparabilityClass {
	return COMPARABILITY_CLASSES[Math.max(COMPARABILITY_CLASSES.indexOf(a), COMPARABILITY_CLASSES.indexOf(b))]!;
}
