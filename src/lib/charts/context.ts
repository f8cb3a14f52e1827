// What every chart function derives from its options first: the texts in the chosen language and
// the helpers that format numbers, loads and directions with them.
import type { RunRow } from '../schema.ts';
import { latencyUnitSymbol, rateUnitSymbol } from './display-units.ts';
import { fill, formatNumber, formatSigned } from './format.ts';
import type { ChartLabels } from './labels.ts';
import { DEFAULT_WIDTH, type ChartOptions, type Lang } from './options.ts';
import { languageWriting, type Writing } from './writing.ts';

type LabelKey = keyof ChartLabels;
export type PluralKey = LabelKey extends infer K ? (K extends `${infer B}_one` ? B : never) : never;

export interface ChartContext extends Pick<Writing, 'list' | 'range' | 'sentences' | 'groups'> {
	lang: Lang;
	width: number;
	labels: ChartLabels;
	latencySymbol: string;
	rateSymbol: string;
	t(key: LabelKey, values?: Record<string, string | number>): string;
	plural(key: PluralKey, n: number): string;
	num(value: number): string;
	/** Signed, for changes: +108, −47.2. */
	signed(value: number): string;
	/** Short number for bar labels: 1.35M, 135万. */
	compact(value: number): string;
	direction(direction: string): string;
	origin(origin: string): string;
	/** "QD 32", "4 × QD 8", "target 50,000 IOPS"; null when the run has no load information. */
	load(row: Pick<RunRow, 'iodepth' | 'numjobs' | 'rate_limit_iops'>): string | null;
}

export function chartContext(options: ChartOptions): ChartContext {
	const lang = options.lang;
	const writing = options.writing ?? languageWriting(lang);
	const labels: ChartLabels = { ...writing.labels, ...options.i18n };
	const num = (value: number) => formatNumber(value, lang);
	const t = (key: LabelKey, values: Record<string, string | number> = {}) => fill(labels[key], values);
	return {
		lang,
		width: options.width ?? DEFAULT_WIDTH,
		labels,
		latencySymbol: latencyUnitSymbol(options.latencyUnit),
		rateSymbol: rateUnitSymbol(options.rateUnit),
		t,
		plural: (key, n) => t(`${key}_${n === 1 ? 'one' : 'other'}` as LabelKey, { n: num(n) }),
		num,
		signed: (value) => formatSigned(value, lang),
		compact: writing.compact,
		list: writing.list,
		range: writing.range,
		sentences: writing.sentences,
		groups: writing.groups,
		direction: (d) => (`direction_${d}` in labels ? labels[`direction_${d}` as LabelKey] : d),
		origin: (o) => (`origin_${o}` in labels ? labels[`origin_${o}` as LabelKey] : o),
		load: (row) => {
			if (row.rate_limit_iops !== null) return t('load_rate', { rate: num(row.rate_limit_iops) });
			if (row.iodepth === null) return null;
			if (row.numjobs !== null && row.numjobs > 1)
				return t('load_threads_qd', { threads: num(row.numjobs), qd: num(row.iodepth) });
			return t('load_qd', { qd: num(row.iodepth) });
		},
	};
}
