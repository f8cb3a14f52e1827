// Latency exceedance (how often a latency is passed), from the same bins as the histogram, drawn after it.
import type { HistogramInput } from '../histogram-series.ts';
import { histogramCompare, histogramInput, histogramQueries } from '../histogram/index.ts';
import type { ChartKindDef } from '../kind.ts';
import { labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { latencyExceedance, latencyExceedanceSummary, latencyExceedanceTable } from './chart.ts';

export const latencyExceedanceKind: ChartKindDef<'exc', HistogramInput> = {
	id: 'latency-exceedance',
	slug: 'exc',
	controls: ['latency'],
	labelKeys: labelKeysOf(CHART_LABELS.en, 'exc_'),
	input: histogramInput,
	render: latencyExceedance,
	summary: latencyExceedanceSummary,
	table: latencyExceedanceTable,
	headlineRank: 6,
	compare: histogramCompare,
	plan: (g) => {
		const queries = histogramQueries(g);
		return queries ? [{ kind: 'exc', suffix: 'exc', queries }] : [];
	},
};
