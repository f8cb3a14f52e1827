// Caption clauses shared by the charts: tool and version, conditions (threads × QD, drives per test, hosts),
// published figures, and what the chart could not draw.
import type { RunRow } from '../schema.ts';
import type { ChartContext } from './context.ts';
import { toolName } from '../vocabulary.ts';

type ToolFields = Pick<RunRow, 'tool' | 'tool_version'>;
type ConditionFields = Pick<RunRow, 'numjobs' | 'iodepth' | 'device_count'> & Partial<Pick<RunRow, 'host'>>;

/** "Tool: fio 3.33, Iometer 1.1.0", or null when no row names its tool. */
export function toolsClause(rows: readonly ToolFields[], ctx: ChartContext): string | null {
	const tools = new Set<string>();
	for (const r of rows) if (r.tool) tools.add(r.tool_version ? `${toolName(r.tool)} ${r.tool_version}` : toolName(r.tool));
	if (tools.size === 0) return null;
	const sorted = [...tools].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en') || (a < b ? -1 : 1));
	return ctx.t('cap_tools', { tools: ctx.list(sorted) });
}

/** "Threads × QD: 4 × 1–64; 1 × 1, 32" and "1 drive per test", for the rows that carry them. */
export function conditionClauses(rows: readonly ConditionFields[], ctx: ChartContext): string[] {
	const clauses: string[] = [];
	const qdsByThreads = new Map<number | null, number[]>();
	for (const r of rows) {
		if (r.iodepth === null) continue;
		const qds = qdsByThreads.get(r.numjobs) ?? [];
		qds.push(r.iodepth);
		qdsByThreads.set(r.numjobs, qds);
	}
	const groups = [...qdsByThreads].sort(([a], [b]) => (b ?? -1) - (a ?? -1));
	if (groups.length === 1 && groups[0]![0] === null) {
		clauses.push(ctx.t('cap_qd', { qd: ctx.range(groups[0]![1]) }));
	} else if (groups.length > 0) {
		const pairs = groups.map(
			([threads, qds]) => `${threads === null ? '?' : ctx.num(threads)} × ${ctx.range(qds)}`,
		);
		clauses.push(ctx.t('cap_threads_qd', { pairs: ctx.groups(pairs) }));
	}
	const counts = [...new Set(rows.flatMap((r) => (r.device_count === null ? [] : [r.device_count])))];
	if (counts.length === 1) clauses.push(ctx.plural('cap_devices', counts[0]!));
	else if (counts.length > 1) clauses.push(ctx.t('cap_devices_other', { n: ctx.range(counts) }));
	// A host is a condition: a chart drawing runs of two hosts says so.
	const hosts = [...new Set(rows.flatMap((r) => (r.host ? [r.host] : [])))].sort();
	if (hosts.length > 1) clauses.push(ctx.t('cap_hosts', { hosts: ctx.list(hosts) }));
	return clauses;
}

/** "Source: review-a, review-b" for the reviews that published the figures shown, or null when none are published. */
export function publishedSourcesClause(
	rows: readonly Pick<RunRow, 'review_id' | 'value_origin'>[],
	ctx: ChartContext,
): string | null {
	const reviews = [...new Set(rows.filter((r) => r.value_origin === 'published').map((r) => r.review_id))].sort();
	return reviews.length === 0 ? null : ctx.t('cap_sources', { reviews: ctx.list(reviews) });
}

export function droppedClause(dropped: number, ctx: ChartContext): string | null {
	return dropped > 0 ? ctx.plural('cap_dropped', dropped) : null;
}

export function missingClause(missing: number, ctx: ChartContext): string | null {
	return missing > 0 ? ctx.plural('cap_missing', missing) : null;
}

/** The tools and the conditions of the runs drawn: the clauses every chart of runs says after its own. */
export function runsClauses(rows: readonly (ToolFields & ConditionFields)[], ctx: ChartContext): (string | null)[] {
	return [toolsClause(rows, ctx), ...conditionClauses(rows, ctx)];
}

/** What the chart could not draw: values a log axis drops, runs without the value. */
export function lostClauses(data: { dropped: number; missing: number }, ctx: ChartContext): (string | null)[] {
	return [droppedClause(data.dropped, ctx), missingClause(data.missing, ctx)];
}
