// Bars of a mixed workload's read and write rates: single figures (no sweep) of a read/write mix.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef, GroupFacts } from '../kind.ts';
import { mixBarsData } from './data.ts';

/** Single figures of a group that the mix bars can draw (the application bars draw the others). */
export function drawsMix(g: GroupFacts): boolean {
	if (g.sweep || g.rated.length === 0) return false;
	const probeRows = g.runs.map((r) => (g.relabel && r.workload === null ? { ...r, workload: g.relabel } : r));
	return mixBarsData(probeRows, { lang: g.lang, stat: 'mean', rateUnit: 'iops', latencyUnit: 'us' }).bars.length > 0;
}

export const mixBarsKind: ChartKindDef<'mix', RunRow[]> = {
	id: 'mix-bars',
	slug: 'mix',
	controls: ['rate'],
	labelKeys: ['mix_title', 'mix_caption', 'mix_summary_top', 'mix_summary_total', 'mix_label'],
	input: ({ runs }) => runs,
	plan: (g) => (drawsMix(g) ? [{ kind: 'mix', suffix: 'mix', queries: { runs: { runIds: g.runIds } }, relabel: g.relabel }] : []),
};
