// Bars of single figures (an application profile's transactions, a rate): what a group without a sweep or a mix gets.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';
import { drawsMix } from '../mix-bars/index.ts';

export const appProfileKind: ChartKindDef<'app', RunRow[]> = {
	id: 'app-profile-bars',
	slug: 'app',
	controls: ['rate'],
	labelKeys: ['app_title', 'app_caption', 'app_summary_top'],
	input: ({ runs }) => runs,
	headlineRank: 0,
	// A workload of one review matched by label: its figures as bars (transactions or a rate).
	compare: ({ family, fixed }) =>
		family.merged && family.merged.filter((r) => r.tps !== null || r.iops !== null || r.bw_bytes_per_s !== null).length >= 2
			? { input: family.merged, fixed }
			: null,
	// One workload per group, so the bar chart has one panel: drawn under 560 px it takes the whole width.
	plan: (g) =>
		!g.sweep && g.rated.length > 0 && !drawsMix(g)
			? [{ kind: 'app', suffix: 'app', queries: { runs: { runIds: g.runIds } }, relabel: g.relabel, fixed: { width: 540 } }]
			: [],
};
