// What a chart kind is: one folder src/lib/charts/<kind>/ with its object (index.ts: everything but the drawing)
// and its drawing (chart.ts `draw`), listed once in kinds.ts. The pages, the chart plan, the live charts, the
// embeds and the comparison read that list; nothing else names a kind.
import type { LateNeed } from '../compare/html.ts';
import type { Family, SharedLoad } from '../compare/comparison.ts';
import type { PercentileRow, RunRow } from '../schema.ts';
import type { ChartQueries, FixedOptions, QueryResults } from '../site/chart-data.ts';
import type { ViewState } from '../site/view.ts';
import type { ChartLabels } from './labels.ts';
import type { ChartOptions, Lang } from './options.ts';
import type { ChartTable } from './table.ts';

/** The reader's controls a kind responds to: a page shows the controls of the kinds it draws. */
export type KindControl = 'stat' | 'rate' | 'latency' | 'log' | 'buckets' | 'direction';

/** What a chart's input is built from: its query results, its runs (relabelled) and its fixed options. */
export interface InputParts {
	runs: RunRow[];
	results: QueryResults;
	fixed: FixedOptions;
}

/** A chart a page plans (chart-plan.ts): its kind, its id's last part, its queries and what it keeps fixed. */
export interface Draft {
	kind: string;
	suffix: string;
	queries: ChartQueries;
	fixed?: FixedOptions;
	directions?: string[];
	relabel?: string;
}

/** What the chart plan knows of one workload group when it asks each kind whether it draws it. */
export interface GroupFacts {
	lang: Lang;
	/** The group's runs, and their ids once each. */
	runs: readonly RunRow[];
	runIds: string[];
	/** Workload label given to the group's runs that have none. */
	relabel?: string;
	/** Runs with a rate (IOPS, bandwidth) or transactions per second. */
	rated: readonly RunRow[];
	/** Some device and direction has at least two loads with both a rate and a latency. */
	sweep: boolean;
	/** The page's reported percentiles, runs with histogram bins and logs (all of the page, not just the group's). */
	percentiles: readonly { run_id: string; direction: string; stat: string; percentile: number }[];
	histogramRuns: readonly string[];
	series: readonly { series_id: string; run_id: string | null; metric: string }[];
}

/** What the comparison (compare/html.ts) knows of a workload family when it asks each kind for its charts. */
export interface FamilyFacts {
	family: Family;
	percentiles: readonly PercentileRow[];
	/** Drives measured under other conditions drawn apart. */
	fixed: FixedOptions;
	/** The runs of a load the family's drives share. */
	runsOf(load: SharedLoad): RunRow[];
}

/** A chart of a comparison: its input now, or the late rows it waits for (compare/html.ts). */
export interface CompareDraft {
	input: unknown;
	fixed: FixedOptions;
	late?: LateNeed;
}

export interface ChartKindDef<Slug extends string = string, Input = never> {
	/** The kind's name, as its folder is named. */
	id: string;
	/** Its short code: in chart ids, embed and table URLs, `data-chart` and the page's JSON (existing URLs keep it). */
	slug: Slug;
	controls: readonly KindControl[];
	/** The chart labels (labels.ts) only this kind uses: every key that starts with its slug and `_`. */
	labelKeys: readonly (keyof ChartLabels)[];
	/** The chart's input from its rows: the one path used at build time and in the browser. */
	input(parts: InputParts): Input;
	/** Its queries under the reader's view, when the view changes which rows it reads (a direction, a resolution). */
	queriesForView?(queries: ChartQueries, view: Pick<ViewState, 'buckets' | 'direction'>, directions: readonly string[] | undefined): ChartQueries;
	/** The charts of this kind a workload group gets on a review or drive page (in the list's order). */
	plan?(group: GroupFacts): Draft[];
	/** Its chart of a comparison's workload family, if it draws one (at most one per kind, in the list's order). */
	compare?(family: FamilyFacts): CompareDraft | null;
	/** Rank as a comparison's headline, lowest first (figures readers look for first, a curve, then latency details). */
	headlineRank?: number;
	/**
	 * Its drawing is laid out by the length of its texts (margins sized from its labels), so a drawing in one language
	 * is no other's with only its texts changed: the build draws it in each language (build/shared-drawing.ts).
	 */
	sizedByText?: true;
}

/**
 * How a kind draws (its folder's chart.ts exports it as `draw`): apart from the kind's object because it brings
 * Plot, which the page script loads only to draw (site/chart-kinds.ts finds every kind's `draw`).
 */
export interface KindDraw<Input = never> {
	render(input: Input, options: ChartOptions & FixedOptions): Element;
	summary(input: Input, options: ChartOptions & FixedOptions): string;
	table(input: Input, options: ChartOptions & FixedOptions): ChartTable;
}

export const distinct = <T>(values: readonly T[]) => [...new Set(values)];
