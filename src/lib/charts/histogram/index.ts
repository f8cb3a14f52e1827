// Latency histograms: runs with histogram bins, the lightest, middle and heaviest load of each device and direction.
import type { RunRow } from '../../schema.ts';
import type { HistogramInput } from '../histogram-series.ts';
import type { ChartKindDef, CompareDraft, Draft, FamilyFacts, GroupFacts } from '../kind.ts';
import { compareByLoad } from '../run-values.ts';

/**
 * Histograms of a load sweep overlap into a blur: per device and direction, the lightest, the middle and the
 * heaviest load are drawn (the ladder and the tables keep every load).
 */
function representativeRuns(runs: readonly RunRow[]): string[] {
	const byKey = new Map<string, RunRow[]>();
	for (const r of runs) byKey.set(`${r.device_id}\u0000${r.direction}`, [...(byKey.get(`${r.device_id}\u0000${r.direction}`) ?? []), r]);
	const picked = new Set<string>();
	for (const list of byKey.values()) {
		const sorted = [...list].sort(compareByLoad);
		for (const i of [0, Math.floor((sorted.length - 1) / 2), sorted.length - 1]) picked.add(sorted[i]!.run_id);
	}
	return [...picked];
}

/** The histogram queries of a group (the exceedance chart draws the same bins), or null without bins. */
function histogramQueries(g: GroupFacts) {
	const ids = new Set(g.runIds);
	const binned = new Set(g.histogramRuns.filter((id) => ids.has(id)));
	const runIds = representativeRuns(g.runs.filter((r) => binned.has(r.run_id)));
	return runIds.length > 0 ? { runs: { runIds }, histograms: { runIds } } : null;
}

/** A histogram-based kind's plan (`slug`: its chart id's last part): one chart per group with bins, none without. */
export function histogramPlan(slug: string): (g: GroupFacts) => Draft[] {
	return (g) => {
		const queries = histogramQueries(g);
		return queries ? [{ kind: slug, suffix: slug, queries }] : [];
	};
}

export const histogramInput = ({ runs, results }: { runs: RunRow[]; results: { histograms?: HistogramInput['bins'] } }): HistogramInput => ({
	runs,
	bins: results.histograms ?? [],
});

/** A comparison's histogram (and exceedance): its bins are read when the chart is drawn. */
export function histogramCompare({ family, fixed, runsOf }: FamilyFacts): CompareDraft | null {
	if (family.merged || !family.histogram) return null;
	return { input: null, fixed, late: { table: 'histograms', runs: runsOf(family.histogram), direction: family.histogram.direction } };
}

export const latencyHistogramKind: ChartKindDef<'hist', HistogramInput> = {
	id: 'histogram',
	slug: 'hist',
	controls: ['latency'],
	labelKeys: ['hist_title', 'hist_caption', 'hist_merged', 'hist_summary_series', 'hist_summary_top'],
	input: histogramInput,
	headlineRank: 5,
	compare: histogramCompare,
	plan: histogramPlan('hist'),
};
