// The conditions a result was obtained under, and which of them differ between results set side by side. Numbers
// measured under different conditions (eight drives at once against one, published against measured, a fresh
// drive against a preconditioned one) should not be read as a drive's difference: the comparison says so.
import type { ReviewRow, RunRow } from '../schema.ts';
import { jsonObject } from '../json-column.ts';

/** Conditions in the order they are named. Every difference is said next to the figure. */
export const CONDITIONS = ['drives', 'origin', 'preconditioning', 'steady_state', 'footprint', 'tool', 'platform', 'year'] as const;
export type Condition = (typeof CONDITIONS)[number];
/**
 * The conditions whose difference makes a result odd (drawn apart, left out of "only comparable results"). Tool,
 * platform and year are said but do not: two reviews nearly always differ in them, and platforms are free text
 * that cannot be matched reliably ("2x Xeon 8380" and "2x Xeon Scalable Gen3 8380" are the same machine).
 */
export const MOVES_NUMBERS: ReadonlySet<Condition> = new Set(['drives', 'origin', 'preconditioning', 'steady_state', 'footprint']);
export type Conditions = Record<Condition, string | null>;

export type ReviewFacts = Pick<ReviewRow, 'review_id' | 'year' | 'platform_cpu' | 'platform_os' | 'drive_count' | 'methodology_json'>;
type ConditionRow = Pick<RunRow, 'tool' | 'tool_version' | 'device_count' | 'value_origin' | 'steadystate_attained'>;

const text = (v: unknown): string | null =>
	v === null || v === undefined || v === '' ? null : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** A result's conditions, from its row and its review; null where the source does not say. */
export function conditionsOf(row: ConditionRow, review: ReviewFacts | undefined): Conditions {
	const method = jsonObject(review?.methodology_json ?? null);
	const steady = row.steadystate_attained === null ? text(method.steady_state) : row.steadystate_attained ? 'attained' : 'not attained';
	const platform = [review?.platform_cpu, review?.platform_os].filter((p): p is string => !!p).join(' · ');
	return {
		drives: text(row.device_count ?? review?.drive_count ?? null),
		origin: row.value_origin,
		tool: row.tool === null ? null : [row.tool, row.tool_version].filter(Boolean).join(' '),
		platform: platform || null,
		preconditioning: text(method.preconditioning),
		steady_state: steady,
		footprint: text(method.footprint),
		year: text(review?.year ?? null),
	};
}

export interface ConditionDifference {
	condition: Condition;
	/** Each side's value, by key (a drive id); null where unknown. */
	values: Map<string, string | null>;
	/** For a condition that moves the numbers, the sides whose known value differs from the reference side's. */
	odd: string[];
}

/**
 * Conditions whose known values differ among the sides, against a reference side (the baseline drive). A value
 * unknown on one side is not a difference (nothing says it differs), but it is listed when another side knows it.
 */
export function differingConditions(sides: ReadonlyMap<string, Conditions>, reference: string): ConditionDifference[] {
	const out: ConditionDifference[] = [];
	const ref = sides.get(reference);
	for (const condition of CONDITIONS) {
		const values = new Map([...sides].map(([k, c]) => [k, c[condition]] as const));
		const known = new Set([...values.values()].filter((v): v is string => v !== null));
		if (known.size < 2) continue;
		const refValue = ref?.[condition] ?? null;
		const odd =
			refValue === null || !MOVES_NUMBERS.has(condition)
				? []
				: [...values].filter(([k, v]) => k !== reference && v !== null && v !== refValue).map(([k]) => k);
		out.push({ condition, values, odd });
	}
	return out;
}

/** Sides comparable with the reference: none of their known conditions differs from its known ones. */
export function comparableSides(sides: ReadonlyMap<string, Conditions>, reference: string): string[] {
	const odd = new Set(differingConditions(sides, reference).flatMap((d) => d.odd));
	return [...sides.keys()].filter((k) => !odd.has(k));
}
