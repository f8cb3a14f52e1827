// Rate and latency against outstanding I/Os: a load sweep over at least two queue depths.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';
import { distinct } from '../kind.ts';
import { outstandingOf } from '../run-values.ts';

export const qdScalingKind: ChartKindDef<'qd', RunRow[]> = {
	id: 'qd-scaling',
	slug: 'qd',
	controls: ['stat', 'rate', 'latency'],
	labelKeys: ['qd_title', 'qd_caption', 'qd_summary_head', 'qd_summary_top'],
	input: ({ runs }) => runs,
	headlineRank: 2,
	compare: ({ family, fixed }) => (!family.merged && family.scaling ? { input: family.runs, fixed } : null),
	plan: (g) =>
		g.sweep && distinct(g.rated.map(outstandingOf).filter((v) => v !== null)).length >= 2
			? [{ kind: 'qd', suffix: 'qd', queries: { runs: { runIds: g.runIds } } }]
			: [],
};
