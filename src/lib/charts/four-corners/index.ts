// The four corners (sequential and random, read and write) of every device: a page's overview (chart-plan.ts).
import type { RunRow } from '../../schema.ts';
import type { ChartKindDef } from '../kind.ts';

export const fourCornersKind: ChartKindDef<'fc', RunRow[]> = {
	id: 'four-corners',
	slug: 'fc',
	controls: ['rate'],
	labelKeys: ['fc_title', 'fc_caption', 'fc_seq', 'fc_rand', 'fc_test_seq_read', 'fc_test_seq_write', 'fc_test_rand_read', 'fc_test_rand_write', 'fc_summary_top', 'fc_missing', 'fc_no_device_result', 'fc_per_drive', 'fc_total'],
	input: ({ runs }) => runs,
	headlineRank: 3,
};
