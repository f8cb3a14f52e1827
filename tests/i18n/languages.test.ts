// Every language file against the one schema, English: the same keys in every part, no string empty, the same
// placeholders, both plural forms, a locale Intl knows. The list is the one the site reads (src/i18n/languages.ts).
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { DEFAULT_LANG, LANGS, localeOf } from '../../src/i18n/lang.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = LANGUAGES[0];
const PARTS = ['ui', 'charts', 'verdict'] as const;

describe('language files', () => {
	it('lists English first, as the default and the reference, and each code once', () => {
		expect(DEFAULT_LANG).toBe('en');
		expect(english.code).toBe('en');
		expect(new Set(LANGS).size).toBe(LANGUAGES.length);
		expect(LANGS).toEqual(LANGUAGES.map((l) => l.code));
	});

	for (const language of LANGUAGES) {
		describe(language.code, () => {
			it('has a code and a locale Intl knows', () => {
				expect(Intl.getCanonicalLocales(language.code)).toEqual([language.code]);
				expect(Intl.NumberFormat.supportedLocalesOf([language.locale])).toEqual([language.locale]);
				expect(localeOf(language.code)).toBe(language.locale);
				expect(language.ogLocale).toMatch(/^[a-z]{2,3}_[A-Z]{2}$/);
			});

			for (const part of PARTS) {
				it(`has every ${part} key of English, never empty, with English's placeholders`, () => {
					const strings: Record<string, string> = language[part];
					const reference: Record<string, string> = english[part];
					expect(Object.keys(strings).sort()).toEqual(Object.keys(reference).sort());
					for (const [key, text] of Object.entries(strings)) {
						expect(typeof text, `${part}.${key}`).toBe('string');
						expect(text.trim(), `${part}.${key}`).not.toBe('');
						expect(placeholders(text), `${part}.${key}`).toEqual(placeholders(reference[key]!));
					}
				});

				it(`has both plural forms of every counted ${part} string`, () => {
					for (const key of Object.keys(language[part])) {
						const stem = key.replace(/_(one|other)$/, '');
						if (stem !== key) expect(Object.keys(language[part]), key).toEqual(expect.arrayContaining([`${stem}_one`, `${stem}_other`]));
					}
				});
			}

			it('has every punctuation mark, and ends a sentence with one of its sentence ends', () => {
				expect(Object.keys(language.punctuation).sort()).toEqual(Object.keys(english.punctuation).sort());
				expect([...language.punctuation.sentenceEnds]).toContain(language.punctuation.sentenceEnd);
				expect(language.punctuation.items).not.toBe('');
				expect(language.punctuation.clauses).not.toBe('');
			});
		});
	}
});
