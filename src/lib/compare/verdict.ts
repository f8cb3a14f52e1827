// The comparison in words: which drive leads on how many shared workloads, the notable exception (another drive
// with the better tail latency where the fewest I/Os are in flight), and what could not be compared. The texts of
// both languages are here, as the charts keep theirs in charts/labels.ts.
import { blockSizeText } from '../charts/display-units.ts';
import { fill, formatNumber, listText, sentences } from '../charts/format.ts';
import type { Lang } from '../charts/options.ts';
import { bestOf, workloadLeads, type DeltaRow, type Metric } from './delta.ts';
import { unknownParts, type Fingerprint, type FingerprintPart } from './fingerprint.ts';

const TEXT = {
	en: {
		random: 'random',
		sequential: 'sequential',
		mixed: 'partly random',
		read: 'read',
		write: 'write',
		trim: 'trim',
		mix: '{read}/{write} read/write',
		mixDirections: 'read/write',
		qd_one: '{n} outstanding I/O',
		qd_other: '{n} outstanding I/Os',
		rate: 'at {n} IOPS',
		unknownParts: '({parts} unknown)',
		part_access: 'access pattern',
		part_read_pct: 'read share',
		part_block_size_bytes: 'block size',
		part_outstanding: 'outstanding I/Os',
		iops: 'IOPS',
		bw_bytes_per_s: 'bandwidth',
		lat_mean_ns: 'mean latency',
		lat_p99_ns: 'p99 latency',
		lat_p99_99_ns: 'p99.99 latency',
		lead: '{drive} is ahead on {n} of {total} shared workloads',
		tie: 'No drive is ahead on more shared workloads than the others ({counts})',
		count: '{drive} {n}',
		exception: '{drive} has the lower {metric} at {workload}',
		noneShared: 'These drives share no workload',
		onlyOne_one: '{n} workload only one of them has',
		onlyOne_other: '{n} workloads only one of them has',
	},
	'zh-Hans': {
		random: '随机',
		sequential: '顺序',
		mixed: '部分随机',
		read: '读',
		write: '写',
		trim: 'trim',
		mix: '读写 {read}/{write}',
		mixDirections: '读写混合',
		qd_one: '{n} 个未完成 I/O',
		qd_other: '{n} 个未完成 I/O',
		rate: '限速 {n} IOPS',
		unknownParts: '（{parts}未知）',
		part_access: '访问模式',
		part_read_pct: '读比例',
		part_block_size_bytes: '块大小',
		part_outstanding: '未完成 I/O 数',
		iops: 'IOPS',
		bw_bytes_per_s: '带宽',
		lat_mean_ns: '平均延迟',
		lat_p99_ns: 'p99 延迟',
		lat_p99_99_ns: 'p99.99 延迟',
		lead: '在 {total} 个共同负载中，{drive} 领先 {n} 个',
		tie: '没有哪块硬盘在更多共同负载上领先（{counts}）',
		count: '{drive} {n}',
		exception: '{drive} 在{workload}下的{metric}更低',
		noneShared: '这些硬盘没有共同的负载',
		onlyOne_one: '{n} 个负载只有其中一块硬盘有',
		onlyOne_other: '{n} 个负载只有其中一块硬盘有',
	},
} as const;

/**
 * A workload in words: "4 KiB random read, 256 outstanding I/Os"; unknown parts left out and named at the end (by
 * default those of the fingerprint; a family of loads names those its results lack).
 */
export function workloadText(fp: Fingerprint, lang: Lang, unknownOf: readonly FingerprintPart[] = unknownParts(fp)): string {
	const t = TEXT[lang];
	const mixed = fp.direction === 'mixed' || (fp.read_pct !== null && fp.read_pct > 0 && fp.read_pct < 100);
	const what = !mixed ? t[fp.direction] : fp.read_pct === null ? t.mixDirections : fill(t.mix, { read: fp.read_pct, write: 100 - fp.read_pct });
	const words = [fp.block_size_bytes === null ? null : blockSizeText(fp.block_size_bytes), fp.access === null ? null : t[fp.access], what];
	const parts = [words.filter((w) => w !== null).join(lang === 'en' ? ' ' : '')];
	if (fp.outstanding !== null) parts.push(fill(fp.outstanding === 1 ? t.qd_one : t.qd_other, { n: formatNumber(fp.outstanding, lang) }));
	if (fp.rate_limit_iops !== null) parts.push(fill(t.rate, { n: formatNumber(fp.rate_limit_iops, lang) }));
	const text = parts.join(lang === 'en' ? ', ' : '，');
	const unknown = unknownOf.filter((p) => p !== 'read_pct' || mixed);
	if (unknown.length === 0) return text;
	return `${text}${lang === 'en' ? ' ' : ''}${fill(t.unknownParts, { parts: partsText(unknown, lang) })}`;
}

/** A metric's name in words ("p99 latency"). */
export function metricText(key: Metric['key'], lang: Lang): string {
	return TEXT[lang][key as keyof (typeof TEXT)['en']] ?? key;
}

/** Fingerprint parts in words ("block size, outstanding I/Os"). */
export function partsText(parts: readonly FingerprintPart[], lang: Lang): string {
	return listText(parts.map((p) => TEXT[lang][`part_${p}`]), lang);
}

const TAIL_METRICS: readonly Metric['key'][] = ['lat_p99_99_ns', 'lat_p99_ns', 'lat_mean_ns'];

export interface Verdict {
	/** The drive ahead on most shared workloads, or null when two or more tie. */
	leader: string | null;
	leads: Map<string, number>;
	/** Shared workloads with a single best value of their leading metric. */
	decided: number;
	/** Another drive's better tail latency, on the shared workload with the fewest I/Os in flight that has one. */
	exception: { device: string; metric: Metric; row: DeltaRow } | null;
}

export function verdictOf(rows: readonly DeltaRow[], devices: readonly string[]): Verdict {
	const { leads, decided } = workloadLeads(rows, devices);
	const most = Math.max(0, ...leads.values());
	const top = [...leads].filter(([, n]) => n === most && n > 0).map(([d]) => d);
	const leader = top.length === 1 ? top[0]! : null;
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
	return { leader, leads, decided, exception: leader === null ? null : (candidates[0] ?? null) };
}

/** The verdict paragraph: the lead, the exception, and how many workloads only one drive has. */
export function verdictText(v: Verdict, shared: number, onlyOne: number, labels: Record<string, string>, lang: Lang): string {
	const t = TEXT[lang];
	const name = (d: string) => labels[d] ?? d;
	const parts: string[] = [];
	if (shared === 0) parts.push(t.noneShared);
	else if (v.leader !== null) parts.push(fill(t.lead, { drive: name(v.leader), n: v.leads.get(v.leader)!, total: shared }));
	else {
		const counts = listText([...v.leads].map(([d, n]) => fill(t.count, { drive: name(d), n })), lang);
		parts.push(fill(t.tie, { counts }));
	}
	if (v.exception) {
		const { device, metric, row } = v.exception;
		parts.push(fill(t.exception, { drive: name(device), metric: metricText(metric.key, lang), workload: workloadText(row.workload.fingerprint, lang) }));
	}
	if (onlyOne > 0) parts.push(fill(onlyOne === 1 ? t.onlyOne_one : t.onlyOne_other, { n: onlyOne }));
	return sentences(parts, lang);
}
