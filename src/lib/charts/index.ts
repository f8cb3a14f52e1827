// The chart library: pure functions from rows to an Observable Plot element, each with a text summary
// and a data table in the same units.
export type { ChartOptions, Lang, LatencyStatistic, LatencyUnit, RateUnit } from './options.ts';
export { DEFAULT_WIDTH } from './options.ts';
export { CHART_LABELS, type ChartLabels } from './labels.ts';
export type { ChartTable } from './table.ts';
export { CATEGORICAL_COLORS } from './palette.ts';
export { latencyVsIops, latencyVsIopsData, latencyVsIopsSummary, latencyVsIopsTable } from './latency-vs-iops/chart.ts';
export { qdScaling, qdScalingData, qdScalingSummary, qdScalingTable } from './qd-scaling/chart.ts';
export {
	percentileLadder,
	percentileLadderData,
	percentileLadderSummary,
	percentileLadderTable,
	type PercentileLadderInput,
} from './percentile-ladder/chart.ts';
export type { HistogramInput } from './histogram-series.ts';
export { latencyHistogram, latencyHistogramData, latencyHistogramSummary, latencyHistogramTable } from './histogram/chart.ts';
export { latencyExceedance, latencyExceedanceData, latencyExceedanceSummary, latencyExceedanceTable } from './exceedance/chart.ts';
export { fourCorners, fourCornersData, fourCornersSummary, fourCornersTable } from './four-corners/chart.ts';
export { mixBars, mixBarsSummary, mixBarsTable } from './mix-bars/chart.ts';
export { mixBarsData } from './mix-bars/data.ts';
export { appProfileBars, appProfileData, appProfileBarsSummary, appProfileBarsTable } from './app-profile-bars/chart.ts';
export {
	timeseriesChart,
	timeseriesData,
	timeseriesSummary,
	timeseriesTable,
	type TimeseriesMetric,
	type TimeseriesOptions,
	type TimeseriesPoint,
} from './timeseries/chart.ts';
export {
	comparisonBars,
	comparisonData,
	comparisonBarsSummary,
	comparisonBarsTable,
	type ComparisonKind,
	type ComparisonOptions,
} from './comparison-bars/chart.ts';
export { KINDS, kindOf, type KindSlug } from './kinds.ts';
export type { ChartKindDef, KindControl, KindDraw } from './kind.ts';
