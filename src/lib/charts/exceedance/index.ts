// Latency exceedance (how often a latency is passed), from the same bins as the histogram, drawn after it.
import type { HistogramInput } from '../histogram-series.ts';
import { histogramCompare, histogramInput, histogramPlan } from '../histogram/index.ts';
import type { ChartKindDef } from '../kind.ts';

export const latencyExceedanceKind: ChartKindDef<'exc', HistogramInput> = {
	id: 'exceedance',
	slug: 'exc',
	controls: ['latency'],
	labelKeys: ['exc_title', 'exc_caption', 'exc_summary_series', 'exc_summary_open', 'exc_summary_top'],
	input: histogramInput,
	headlineRank: 6,
	compare: histogramCompare,
	plan: histogramPlan('exc'),
};
