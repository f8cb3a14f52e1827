// The comparison in words: which drive leads on how many comparable workloads, the notable exception (another drive
// with the better tail latency where the fewest I/Os are in flight), how many shared workloads are not comparable and
// why, and what only one drive has. Its texts are in each language's file (src/i18n/<code>.ts) under `verdict`.
import { blockSizeText } from '../charts/display-units.ts';
import { fill, formatNumber, listText, sentences } from '../charts/format.ts';
import { byLang, punctuationOf, type Lang } from '../../i18n/lang.ts';
import { bestOf, workloadLeads, type DeltaRow, type Metric } from './delta.ts';
import type { ReasonKind } from './comparability.ts';
import type { Workload } from './workloads.ts';
import { unknownParts, type Fingerprint, type FingerprintPart } from './fingerprint.ts';

const TEXT = byLang((l) => l.verdict);

/**
 * A workload in words: "4 KiB random read, 256 outstanding I/Os"; unknown parts left out and named at the end (by
 * default those of the fingerprint; a family of loads names those its results lack).
 */
export function workloadText(fp: Fingerprint, lang: Lang, unknownOf: readonly FingerprintPart[] = unknownParts(fp)): string {
	const t = TEXT[lang];
	if (fp.access === null && fp.read_pct === null && fp.block_size_bytes === null && fp.outstanding === null && fp.rate_limit_iops === null) return '';
	const mixed = fp.direction === 'mixed' || (fp.read_pct !== null && fp.read_pct > 0 && fp.read_pct < 100);
	const what = !mixed ? t[fp.direction] : fp.read_pct === null ? t.mixDirections : fill(t.mix, { read: fp.read_pct, write: 100 - fp.read_pct });
	const words = [fp.block_size_bytes === null ? null : blockSizeText(fp.block_size_bytes), fp.access === null ? null : t[fp.access], what];
	const parts = [words.filter((w) => w !== null).join(punctuationOf(lang).words)];
	if (fp.outstanding !== null) parts.push(fill(fp.outstanding === 1 ? t.qd_one : t.qd_other, { n: formatNumber(fp.outstanding, lang) }));
	if (fp.rate_limit_iops !== null) parts.push(fill(t.rate, { n: formatNumber(fp.rate_limit_iops, lang) }));
	const text = parts.join(punctuationOf(lang).clauses);
	const unknown = unknownOf.filter((p) => p !== 'read_pct' || mixed);
	if (unknown.length === 0) return text;
	return `${text}${punctuationOf(lang).words}${fill(t.unknownParts, { parts: partsText(unknown, lang) })}`;
}

/** A metric's name in words ("p99 latency"). */
export function metricText(key: Metric['key'], lang: Lang): string {
	return TEXT[lang][key as keyof (typeof TEXT)['en']] ?? key;
}

/** Fingerprint parts in words ("block size, outstanding I/Os"). */
export function partsText(parts: readonly FingerprintPart[], lang: Lang): string {
	return listText(parts.map((p) => TEXT[lang][`part_${p}`]), lang);
}

/** A workload's heading: a label matched inside one review is named as the review writes it; others by fingerprint. */
export function workloadTitle(w: Pick<Workload, 'fingerprint' | 'label' | 'unknown'>, lang: Lang): string {
	if (!w.label) return workloadText(w.fingerprint, lang, w.unknown);
	return fill(TEXT[lang].inReview, { label: w.label.text });
}

/** Why results are not compared, in words. */
export function reasonText(kind: ReasonKind | 'no_metric', lang: Lang): string {
	return TEXT[lang][`reason_${kind}`];
}

const TAIL_METRICS: readonly Metric['key'][] = ['lat_p99_99_ns', 'lat_p99_9_ns', 'lat_p99_ns', 'lat_mean_ns'];

export interface Verdict {
	/** The drive ahead on most comparable workloads, or null when two or more tie. */
	leader: string | null;
	leads: Map<string, number>;
	/** Comparable workloads: shared workloads whose leading metric two or more counted results have. */
	compared: number;
	/** Comparable workloads with a single best value of their leading metric. */
	decided: number;
	/** Shared workloads that are not comparable, with how often each reason keeps a result out. */
	notComparable: number;
	reasons: Map<ReasonKind | 'no_metric', number>;
	/** Another drive's better tail latency, on the comparable workload with the fewest I/Os in flight that has one. */
	exception: { device: string; metric: Metric; row: DeltaRow } | null;
	/** Counted every result whatever its class (the reader's switch). */
	includeAll: boolean;
}

/** The verdict of a comparison, from its delta rows and its shared workloads (those two or more drives have). */
export function verdictOf(rows: readonly DeltaRow[], devices: readonly string[], shared: readonly Workload[], includeAll = false): Verdict {
	const { leads, decided, compared } = workloadLeads(rows, devices);
	const most = Math.max(0, ...leads.values());
	const top = [...leads].filter(([, n]) => n === most && n > 0).map(([d]) => d);
	const leader = top.length === 1 ? top[0]! : null;
	const reasons = new Map<ReasonKind | 'no_metric', number>();
	let notComparable = 0;
	for (const w of shared) {
		const mine = rows.filter((r) => r.workload === w);
		if (mine.some((r) => [...r.cells.values()].filter((c) => c.counts).length >= 2)) continue;
		notComparable++;
		const kinds = new Set<ReasonKind | 'no_metric'>(mine.flatMap((r) => [...r.cells.values()].flatMap((c) => c.reasons.map((x) => x.kind))));
		if (kinds.size === 0) kinds.add('no_metric');
		for (const k of kinds) reasons.set(k, (reasons.get(k) ?? 0) + 1);
	}
	const candidates = rows
		.filter((r) => TAIL_METRICS.includes(r.metric.key))
		.flatMap((row) => {
			const best = bestOf(row);
			return best.length === 1 && best[0] !== leader ? [{ device: best[0]!, metric: row.metric, row }] : [];
		})
		.sort(
			(a, b) =>
				(a.row.workload.fingerprint.outstanding ?? Infinity) - (b.row.workload.fingerprint.outstanding ?? Infinity) ||
				TAIL_METRICS.indexOf(a.metric.key) - TAIL_METRICS.indexOf(b.metric.key) ||
				(a.row.workload.key < b.row.workload.key ? -1 : 1),
		);
	return { leader, leads, compared, decided, notComparable, reasons, exception: leader === null ? null : (candidates[0] ?? null), includeAll };
}

function reasonsText(v: Verdict, lang: Lang): string {
	const t = TEXT[lang];
	const sorted = [...v.reasons].sort((a, b) => b[1] - a[1]);
	return listText(sorted.map(([kind, n]) => fill(t.reasonCount, { reason: reasonText(kind, lang), n })), lang);
}

/** The verdict paragraph: the lead among comparable workloads, the exception, what is not comparable and why, and what only one drive has. */
export function verdictText(v: Verdict, shared: number, onlyOne: number, labels: Record<string, string>, lang: Lang): string {
	const t = TEXT[lang];
	const name = (d: string) => labels[d] ?? d;
	const parts: string[] = [];
	const plural = (n: number, one: string, other: string) => (n === 1 ? one : other);
	if (shared === 0) parts.push(t.noneShared);
	else if (v.compared === 0) parts.push(fill(plural(shared, t.noneComparable_one, t.noneComparable_other), { n: shared, reasons: reasonsText(v, lang) }));
	else {
		if (v.leader !== null) parts.push(fill(v.includeAll ? t.leadAll : t.lead, { drive: name(v.leader), n: v.leads.get(v.leader)!, total: v.compared }));
		else {
			const counts = listText([...v.leads].map(([d, n]) => fill(t.count, { drive: name(d), n })), lang);
			parts.push(fill(v.includeAll ? t.tieAll : t.tie, { counts }));
		}
		if (v.notComparable > 0) parts.push(fill(plural(v.notComparable, t.moreNotComparable_one, t.moreNotComparable_other), { n: v.notComparable, reasons: reasonsText(v, lang) }));
	}
	if (v.exception) {
		const { device, metric, row } = v.exception;
		parts.push(fill(t.exception, { drive: name(device), metric: metricText(metric.key, lang), workload: workloadTitle(row.workload, lang) }));
	}
	if (onlyOne > 0) parts.push(fill(onlyOne === 1 ? t.onlyOne_one : t.onlyOne_other, { n: onlyOne }));
	return sentences(parts, lang);
}
