// Bars of a mixed workload's read and write rates: single figures (no sweep) of a read/write mix.
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef, GroupFacts } from '../kind.ts';
import { labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { mixBars, mixBarsData, mixBarsSummary, mixBarsTable } from './chart.ts';

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
	labelKeys: labelKeysOf(CHART_LABELS.en, 'mix_'),
	input: ({ runs }) => runs,
	render: mixBars,
	summary: mixBarsSummary,
	table: mixBarsTable,
	plan: (g) => (drawsMix(g) ? [{ kind: 'mix', suffix: 'mix', queries: { runs: { runIds: g.runIds } }, relabel: g.relabel }] : []),
};
