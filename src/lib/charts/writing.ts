// How a chart writes what differs between languages besides its numbers: its labels (labels.ts), compact numbers,
// lists, ranges, sentences. A chart writes them through its context (context.ts), in its language's way unless its
// options give another: the build draws a chart once for every language with placeholders in their place
// (src/lib/build/shared-drawing.ts).
import { punctuationOf, type Lang } from '../../i18n/lang.ts';
import { formatCompact, listText, rangeText, sentences } from './format.ts';
import { CHART_LABELS, type ChartLabels } from './labels.ts';

export interface Writing {
	labels: ChartLabels;
	/** Short number for bar labels and rate ticks: 1.35M, 135万. */
	compact(value: number): string;
	/** "a, b, c". */
	list(items: readonly string[]): string;
	/** Sorted distinct numbers as "32", "1, 4, 16" or "1–256". */
	range(values: readonly number[]): string;
	/** Clauses joined into sentences; empty clauses are skipped. */
	sentences(parts: readonly (string | null | undefined | false)[]): string;
	/** Groups that hold commas themselves: "4 × 1–64; 1 × 1, 32". */
	groups(items: readonly string[]): string;
}

const writings = new Map<Lang, Writing>();

/** How `lang` writes a chart's texts. */
export function languageWriting(lang: Lang): Writing {
	let writing = writings.get(lang);
	if (!writing) {
		writing = {
			labels: CHART_LABELS[lang],
			compact: (value) => formatCompact(value, lang),
			list: (items) => listText(items, lang),
			range: (values) => rangeText(values, lang),
			sentences: (parts) => sentences(parts, lang),
			groups: (items) => items.join(punctuationOf(lang).groups),
		};
		writings.set(lang, writing);
	}
	return writing;
}
