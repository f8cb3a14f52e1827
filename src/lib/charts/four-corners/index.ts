// The four corners (sequential and random, read and write) of every device: a page's overview (chart-plan.ts).
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';
import { labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { fourCorners, fourCornersSummary, fourCornersTable } from './chart.ts';

export const fourCornersKind: ChartKindDef<'fc', RunRow[]> = {
	id: 'four-corners',
	slug: 'fc',
	controls: ['rate'],
	labelKeys: labelKeysOf(CHART_LABELS.en, 'fc_'),
	input: ({ runs }) => runs,
	render: fourCorners,
	summary: fourCornersSummary,
	table: fourCornersTable,
	headlineRank: 3,
};
