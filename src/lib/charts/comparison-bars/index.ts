// Published comparisons (changes in % or ratios) of a review or drive: the page's comparisons section (chart-plan.ts).
import type { ComparisonRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';

export const comparisonBarsKind: ChartKindDef<'cmp', ComparisonRow[]> = {
	id: 'comparison-bars',
	slug: 'cmp',
	controls: [],
	labelKeys: ['cmp_title', 'cmp_caption_delta', 'cmp_caption_ratio', 'cmp_versus', 'cmp_summary_top', 'cmp_missing_one', 'cmp_missing_other', 'cmp_kind_delta', 'cmp_kind_ratio'],
	// Its margins hold its longest label and value text.
	sizedByText: true,
	// Drawn as changes or as ratios: only rows of that kind are given.
	input: ({ results, fixed }) => (results.comparisons ?? []).filter((c) => !fixed.comparisonKind || c.kind === fixed.comparisonKind),
};
