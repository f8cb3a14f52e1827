// The conditions a result was obtained under, in words: what comparability.ts weighs (drives at once, preconditioning,
// steady state, footprint; platform and tool named) when it classes a pair of results.
import type { ReviewRow, RunRow } from '../schema.ts';
import { jsonObject } from '../json-column.ts';
import { toolName } from '../vocabulary.ts';

/** Conditions in the order they are named. Every difference is said next to the figure. */
export const CONDITIONS = ['drives', 'origin', 'preconditioning', 'steady_state', 'footprint', 'tool', 'platform', 'year'] as const;
export type Condition = (typeof CONDITIONS)[number];
export type Conditions = Record<Condition, string | null>;

export type ReviewFacts = Pick<ReviewRow, 'review_id' | 'year' | 'platform_cpu' | 'platform_os' | 'drive_count' | 'methodology_json'>;
/** The parts of a review's methodology its results' conditions are read from. */
export const CONDITION_METHOD_KEYS = ['preconditioning', 'steady_state', 'footprint'] as const;

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
		tool: row.tool === null ? null : [toolName(row.tool), row.tool_version].filter(Boolean).join(' '),
		platform: platform || null,
		preconditioning: text(method.preconditioning),
		steady_state: steady,
		footprint: text(method.footprint),
		year: text(review?.year ?? null),
	};
}
