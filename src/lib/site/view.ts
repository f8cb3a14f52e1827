// The reader's view of a page's charts. Light on purpose: the page script imports it eagerly, while the chart
// kinds (their data, their drawing and Plot) load only when a chart is redrawn.
import type { LatencyStatistic, LatencyUnit, RateUnit } from '../charts/options.ts';
import type { KindSlug } from '../charts/kinds.ts';

/** A chart kind by its short code (src/lib/charts/kinds.ts lists the kinds). */
export type ChartKind = KindSlug;

/** The reader's choices, shared by every chart of a page and kept in the URL. */
export interface ViewState {
	stat: LatencyStatistic;
	rateUnit: RateUnit;
	latencyUnit: LatencyUnit;
	/** undefined: each chart's own default. */
	logX?: boolean;
	logY?: boolean;
	/** Device ids shown; all when undefined. */
	devices?: string[];
	/** Time slices per log series (time-series charts). */
	buckets: number;
	/** Direction of the percentile ladders; each ladder's default when undefined. */
	direction?: string;
}

export const DEFAULT_VIEW: ViewState = { stat: 'mean', rateUnit: 'iops', latencyUnit: 'us', buckets: 300 };
