// Latency percentiles of each run, rung by rung: runs with at least two rungs (reported percentiles or a mean).
import type { RunRow } from '../../schema.ts';
import { directionRank } from '../direction-rank.ts';
import type { ChartKindDef } from '../kind.ts';
import type { PercentileLadderInput } from './chart.ts';
import { distinct } from '../kind.ts';

/** Directions in the dataset's order (read, write, …), unknown ones last. */
export const byDirection = (a: string, b: string) => directionRank(a) - directionRank(b);

export const percentileLadderKind: ChartKindDef<'ladder', PercentileLadderInput> = {
	id: 'percentile-ladder',
	slug: 'ladder',
	controls: ['latency', 'direction'],
	labelKeys: ['ladder_title', 'ladder_caption', 'ladder_summary_head', 'ladder_summary_top', 'ladder_summary_tail'],
	input: ({ runs, results }) => ({ runs, percentiles: results.percentiles ?? [] }),
	queriesForView: (q, view, directions) =>
		view.direction && directions?.includes(view.direction)
			? {
					...q,
					runs: q.runs && { ...q.runs, direction: view.direction },
					percentiles: q.percentiles && { ...q.percentiles, direction: view.direction },
				}
			: q,
	headlineRank: 4,
	compare: ({ family, percentiles, fixed, runsOf }) => {
		if (family.merged) {
			// A workload of one review matched by label: a ladder of the latencies its rows carry.
			const rungs = (r: RunRow) =>
				[r.lat_mean_ns ?? r.clat_mean_ns, r.lat_p99_ns ?? r.clat_p99_ns, r.lat_p99_9_ns ?? r.clat_p99_9_ns, r.lat_p99_99_ns ?? r.clat_p99_99_ns].filter((v) => v !== null)
					.length;
			return family.merged.filter((r) => rungs(r) >= 2).length >= 2 ? { input: { runs: family.merged, percentiles: [] }, fixed } : null;
		}
		if (!family.ladder) return null;
		const { runIds, direction } = family.ladder;
		const ids = new Set(runIds);
		return { input: { runs: runsOf(family.ladder), percentiles: percentiles.filter((p) => ids.has(p.run_id) && p.direction === direction) }, fixed };
	},
	plan: (g) => {
		const ids = new Set(g.runIds);
		// A ladder needs at least two rungs on one run: a published figure of one percentile is a point, not a ladder.
		const rungs = new Map<string, Set<string>>();
		for (const p of g.percentiles) if (ids.has(p.run_id)) rungs.set(p.run_id, (rungs.get(p.run_id) ?? new Set()).add(`${p.stat}:${p.percentile}`));
		for (const r of g.runs) if ((r.clat_mean_ns ?? r.lat_mean_ns) !== null) rungs.get(r.run_id)?.add('mean');
		const ladderRuns = [...rungs].filter(([, set]) => set.size >= 2).map(([id]) => id);
		const directions = distinct(g.percentiles.filter((p) => ladderRuns.includes(p.run_id)).map((p) => p.direction)).sort(byDirection);
		if (directions.length === 0) return [];
		const direction = directions[0]!;
		return [
			{
				kind: 'ladder',
				suffix: 'ladder',
				queries: { runs: { runIds: ladderRuns, direction }, percentiles: { runIds: ladderRuns, direction } },
				directions,
			},
		];
	},
};
