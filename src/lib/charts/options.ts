// Options shared by every chart function. A chart is a pure function of its rows and these options:
// the same call draws the build-time SVG (document from linkedom), the live chart and the embed.
import type { ChartLabels } from './labels.ts';
import type { Lang } from '../../i18n/lang.ts';
import type { Writing } from './writing.ts';

export type { Lang };
export type LatencyUnit = 'us' | 'ms';
export type RateUnit = 'iops' | 'MB/s' | 'MiB/s';
export type BandwidthUnit = Exclude<RateUnit, 'iops'>;
/** Which latency a chart plots: the mean or one of the percentiles that have a column in `runs`. */
export type LatencyStatistic = 'mean' | 'p50' | 'p99' | 'p99_9' | 'p99_99';

export interface ChartOptions {
	/** Document to create elements in; defaults to the browser's `window.document`. */
	document?: Document;
	/** Width in pixels; 640 when not given. */
	width?: number;
	/** Height in pixels of the plot area's SVG; each chart has its own default. */
	height?: number;
	lang: Lang;
	latencyUnit: LatencyUnit;
	rateUnit: RateUnit;
	stat: LatencyStatistic;
	logX?: boolean;
	logY?: boolean;
	/** Device ids to show; all devices when not given. Colours stay keyed to the full device list. */
	series?: string[];
	/** Device ids drawn apart, dotted and pale: their results were obtained under conditions that move the numbers. */
	muted?: string[];
	/** Display names by device id; the id is shown when a device has none. */
	deviceLabels?: Record<string, string>;
	/** Overrides for the chart texts of `lang` (see labels.ts). */
	i18n?: Partial<ChartLabels>;
	/** How the chart writes its labels, lists and sentences (writing.ts): `lang`'s way when not given. */
	writing?: Writing;
	/** Where a run's raw file can be downloaded (the dataset's `source_file`), or null; points then link to it. */
	rawFileHref?: (sourceFile: string) => string | null;
}

export const DEFAULT_WIDTH = 640;

/**
 * The narrowest width a chart is drawn at: a frame narrower than this shows it scaled down. A 320 px phone leaves a
 * chart 288 px (the page's margins) and an embed 300 px, both above it, so their 10 px text is drawn at 10 px.
 */
export const MIN_DRAWN_WIDTH = 260;

/** The smallest font any chart text is drawn in (Plot's axes and legends use 10 px; the chart's own labels too). */
export const MIN_FONT_PX = 10;
