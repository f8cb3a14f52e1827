// Every chart kind, once. A page's charts of one workload group come in this order. Adding a kind: a folder
// src/lib/charts/<kind>/ whose index.ts exports its ChartKindDef (kind.ts), and one line here.
import { appProfileKind } from './app-profile-bars/index.ts';
import { comparisonBarsKind } from './comparison-bars/index.ts';
import { latencyExceedanceKind } from './exceedance/index.ts';
import { fourCornersKind } from './four-corners/index.ts';
import { latencyHistogramKind } from './histogram/index.ts';
import type { ChartKindDef } from './kind.ts';
import { latencyVsIopsKind } from './latency-vs-iops/index.ts';
import { mixBarsKind } from './mix-bars/index.ts';
import { percentileLadderKind } from './percentile-ladder/index.ts';
import { qdScalingKind } from './qd-scaling/index.ts';
import { timeseriesKind } from './timeseries/index.ts';

export const KINDS = [
	latencyVsIopsKind,
	qdScalingKind,
	mixBarsKind,
	appProfileKind,
	percentileLadderKind,
	latencyHistogramKind,
	latencyExceedanceKind,
	timeseriesKind,
	fourCornersKind,
	comparisonBarsKind,
] as const;

/** A kind's short code (its slug): what a chart spec, a page's JSON and `data-chart` name it by. */
export type KindSlug = (typeof KINDS)[number]['slug'];

const BY_SLUG = new Map<string, ChartKindDef<string, unknown>>(KINDS.map((k) => [k.slug, k as unknown as ChartKindDef<string, unknown>]));

/** The kind of a slug; throws on one that is not listed (a page or URL naming a kind that does not exist). */
export function kindOf(slug: string): ChartKindDef<string, unknown> {
	const kind = BY_SLUG.get(slug);
	if (!kind) throw new Error(`unknown chart kind: ${slug}`);
	return kind;
}
