// The interface's strings of every language (each language's file, src/i18n/<code>.ts, holds them under `ui`) and
// the functions that fill them in. `{name}` marks a value filled in by the page.
import { byLang, localeOf, type Lang } from './lang.ts';
import type { Language } from './en.ts';

export { LANGS, type Lang } from './lang.ts';

export type UiStrings = Language['ui'];
export type UiKey = keyof UiStrings;

export const UI_STRINGS: Record<Lang, UiStrings> = byLang((l) => l.ui);

/** The string `key` in `lang`, with `{name}` placeholders filled. */
export function t(lang: Lang, key: UiKey, values: Record<string, string | number> = {}): string {
	return UI_STRINGS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Plural forms: `key_one` for 1, `key_other` otherwise. */
export function tn(lang: Lang, key: UiKey extends infer K ? (K extends `${infer B}_one` ? B : never) : never, n: number, values = {}): string {
	return t(lang, `${key}_${n === 1 ? 'one' : 'other'}` as UiKey, { n: formatInt(lang, n), ...values });
}

function formatInt(lang: Lang, n: number): string {
	return new Intl.NumberFormat(localeOf(lang)).format(n);
}
