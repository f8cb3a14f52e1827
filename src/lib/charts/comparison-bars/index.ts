// Published comparisons (changes in % or ratios) of a review or drive: the page's comparisons section (chart-plan.ts).
import type { ComparisonRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';
import { labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { comparisonBars, comparisonBarsSummary, comparisonBarsTable } from './chart.ts';

export const comparisonBarsKind: ChartKindDef<'cmp', ComparisonRow[]> = {
	id: 'comparison-bars',
	slug: 'cmp',
	controls: [],
	labelKeys: labelKeysOf(CHART_LABELS.en, 'cmp_'),
	// Drawn as changes or as ratios: only rows of that kind are given.
	input: ({ results, fixed }) => (results.comparisons ?? []).filter((c) => !fixed.comparisonKind || c.kind === fixed.comparisonKind),
	render: comparisonBars,
	summary: comparisonBarsSummary,
	table: comparisonBarsTable,
};
