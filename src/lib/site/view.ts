// The reader's view of a page's charts and which controls change which chart kind. Light on purpose: the page
// script imports it eagerly, while the chart library (and Plot) load only when a chart is redrawn.
import type { LatencyStatistic, LatencyUnit, RateUnit } from '../charts/options.ts';

export type ChartKind = 'lvi' | 'qd' | 'ladder' | 'hist' | 'exc' | 'fc' | 'mix' | 'app' | 'ts' | 'cmp';

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

/** What the reader's controls change, per kind: drives which controls a page shows. */
export const KIND_CONTROLS: Record<ChartKind, readonly ('stat' | 'rate' | 'latency' | 'log' | 'buckets' | 'direction')[]> = {
	lvi: ['stat', 'rate', 'latency', 'log'],
	qd: ['stat', 'rate', 'latency'],
	ladder: ['latency', 'direction'],
	hist: ['latency'],
	exc: ['latency'],
	fc: ['rate'],
	mix: ['rate'],
	app: ['rate'],
	ts: ['rate', 'latency', 'log', 'buckets'],
	cmp: [],
};

export const DEFAULT_VIEW: ViewState = { stat: 'mean', rateUnit: 'iops', latencyUnit: 'us', buckets: 300 };
