// Text formatting for captions, summaries, tooltips and tables. Locale-aware, deterministic.
import { localeOf, punctuationOf, type Lang } from '../../i18n/lang.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: Lang, kind: 'integer' | 'significant'): Intl.NumberFormat {
	const key = `${lang}:${kind}`;
	let f = formatters.get(key);
	if (!f) {
		const opts: Intl.NumberFormatOptions =
			kind === 'integer' ? { maximumFractionDigits: 0 } : { maximumSignificantDigits: 3 };
		f = new Intl.NumberFormat(localeOf(lang), opts);
		formatters.set(key, f);
	}
	return f;
}

/** 1,234,567 · 350 · 12.3 · 0.0456: whole numbers from 100 up, three significant digits below. */
export function formatNumber(value: number, lang: Lang): string {
	return formatter(lang, Math.abs(value) >= 100 ? 'integer' : 'significant').format(value);
}

/** Signed, for changes: +108, −47.2. */
export function formatSigned(value: number, lang: Lang): string {
	const text = formatNumber(Math.abs(value), lang);
	return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** Fills `{name}` placeholders; unknown placeholders stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function listText(items: readonly string[], lang: Lang): string {
	return items.join(punctuationOf(lang).items);
}

/** Sorted distinct numbers as "32", "1, 4, 16" or "1–256". */
export function rangeText(values: readonly number[], lang: Lang): string {
	const distinct = [...new Set(values)].sort((a, b) => a - b);
	if (distinct.length === 0) return '';
	if (distinct.length <= 3)
		return listText(
			distinct.map((v) => formatNumber(v, lang)),
			lang,
		);
	return `${formatNumber(distinct[0]!, lang)}–${formatNumber(distinct[distinct.length - 1]!, lang)}`;
}

/** Joins clauses into sentences: "A. B." in English, "A。B。" in Chinese (the language's punctuation). Empty clauses are skipped. */
export function sentences(parts: readonly (string | null | undefined | false)[], lang: Lang): string {
	const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
	const { sentences: between, sentenceEnd, sentenceEnds } = punctuationOf(lang);
	return kept.map((p) => ([...sentenceEnds].some((end) => p.endsWith(end)) ? p : `${p}${sentenceEnd}`)).join(between);
}

/** Removes floating-point noise from a table value (0.30000000000000004 → 0.3) without visible rounding. */
export function tidy(value: number | null): number | null {
	return value === null || !Number.isFinite(value) ? value : Number(value.toPrecision(12));
}

const compactFormatters = new Map<Lang, Intl.NumberFormat>();

/** Short labels for bars: 1.35M, 7,012 → 7.01K (en); 135万 (zh-Hans). */
export function formatCompact(value: number, lang: Lang): string {
	let f = compactFormatters.get(lang);
	if (!f) {
		f = new Intl.NumberFormat(localeOf(lang), { notation: 'compact', maximumSignificantDigits: 3 });
		compactFormatters.set(lang, f);
	}
	return f.format(value);
}

/** Tooltip text: one line per non-empty part. */
export function titleText(lines: readonly (string | null | undefined | false)[]): string {
	return lines.filter((l): l is string => typeof l === 'string' && l !== '').join('\n');
}
