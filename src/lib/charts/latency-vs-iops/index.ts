// Latency against IOPS (or bandwidth) over a load sweep: a workload group that sweeps loads gets it first.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';
import { labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { latencyVsIops, latencyVsIopsSummary, latencyVsIopsTable } from './chart.ts';

export const latencyVsIopsKind: ChartKindDef<'lvi', RunRow[]> = {
	id: 'latency-vs-iops',
	slug: 'lvi',
	controls: ['stat', 'rate', 'latency', 'log'],
	labelKeys: labelKeysOf(CHART_LABELS.en, 'lvi_'),
	input: ({ runs }) => runs,
	render: latencyVsIops,
	summary: latencyVsIopsSummary,
	table: latencyVsIopsTable,
	headlineRank: 1,
	compare: ({ family, fixed }) => (!family.merged && family.curve ? { input: family.runs, fixed } : null),
	plan: (g) => (g.sweep ? [{ kind: 'lvi', suffix: 'lvi', queries: { runs: { runIds: g.runIds } } }] : []),
};
