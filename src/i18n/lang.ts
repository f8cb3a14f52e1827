// What the site knows of its languages, read from the one list (languages.ts): their codes, the default, each one's
// strings and locale.
import type { Language } from './en.ts';
import { LANGUAGES } from './languages.ts';

export type { Language } from './en.ts';
/** A language's code: its `lang` attribute and the folder its pages are under ("zh-Hans"). */
export type Lang = (typeof LANGUAGES)[number]['code'];

export const LANGS: readonly Lang[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANG: Lang = LANGUAGES[0].code;

const BY_CODE = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

/** Everything a language's file holds. */
export function languageOf(lang: Lang): Language {
	const language = BY_CODE.get(lang);
	if (!language) throw new Error(`no language ${lang}`);
	return language;
}

/** Each language's part of the files (its UI strings, its chart labels…), by code. */
export function byLang<T>(part: (language: Language) => T): Record<Lang, T> {
	return Object.fromEntries(LANGUAGES.map((l) => [l.code, part(l)])) as Record<Lang, T>;
}

/** Intl locale of a language. */
export function localeOf(lang: Lang): string {
	return languageOf(lang).locale;
}

/** What joins words, items, clauses and sentences in a language. */
export function punctuationOf(lang: Lang): Language['punctuation'] {
	return languageOf(lang).punctuation;
}

/** A BCP 47 language tag (a review's language, "zh-Hant") named in `lang` ("Traditional Chinese", "繁体中文"); the tag itself when Intl does not know it. */
export function languageName(tag: string, lang: Lang): string {
	try {
		return new Intl.DisplayNames([localeOf(lang)], { type: 'language' }).of(tag) ?? tag;
	} catch {
		return tag;
	}
}
