// Latency against IOPS (or bandwidth) over a load sweep: a workload group that sweeps loads gets it first.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';

export const latencyVsIopsKind: ChartKindDef<'lvi', RunRow[]> = {
	id: 'latency-vs-iops',
	slug: 'lvi',
	controls: ['stat', 'rate', 'latency', 'log'],
	labelKeys: ['lvi_title', 'lvi_caption', 'lvi_summary_head', 'lvi_summary_top', 'lvi_summary_low'],
	input: ({ runs }) => runs,
	headlineRank: 1,
	compare: ({ family, fixed }) => (!family.merged && family.curve ? { input: family.runs, fixed } : null),
	plan: (g) => (g.sweep ? [{ kind: 'lvi', suffix: 'lvi', queries: { runs: { runIds: g.runIds } } }] : []),
};
