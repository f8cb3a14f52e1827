// Every language file against the one schema, English: the same keys in every part, no string empty, the same
// placeholders, both plural forms, a locale Intl knows. The list is the one the site reads (src/i18n/languages.ts).
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { DEFAULT_LANG, LANGS, localeOf } from '../../src/i18n/lang.ts';
import { TABLES } from '../../src/lib/schema.ts';
import { VOCABULARY, type VocabularyField } from '../../src/lib/vocabulary.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = LANGUAGES[0];
const PARTS = ['ui', 'charts', 'verdict', 'captions'] as const;
// A cut list of ids: English counts those left out ({rest}), Chinese all of them ({total}); the code fills in both.
const EITHER: Record<string, string[]> = { 'captions.idsMore': ['rest', 'total'] };
const sameFilling = (key: string, s: string) => placeholders(s).map((p) => (EITHER[key]?.includes(p!) ? EITHER[key]!.join('|') : p));

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
						expect(sameFilling(`${part}.${key}`, text), `${part}.${key}`).toEqual(sameFilling(`${part}.${key}`, reference[key]!));
					}
				});

				it(`has both plural forms of every counted ${part} string`, () => {
					for (const key of Object.keys(language[part])) {
						const stem = key.replace(/_(one|other)$/, '');
						if (stem !== key) expect(Object.keys(language[part]), key).toEqual(expect.arrayContaining([`${stem}_one`, `${stem}_other`]));
					}
				});
			}

			it('describes every table and column of the schema and nothing else, unless its words are the schema\'s own', () => {
				const { tables, columns, units } = language.schema;
				if (language === english) return expect([tables, columns, units].map((m) => Object.keys(m).length)).toEqual([0, 0, 0]);
				expect(Object.keys(tables).sort()).toEqual(TABLES.map((t) => t.name).sort());
				expect(Object.keys(columns).sort()).toEqual(TABLES.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)).sort());
				const schemaUnits = new Set(TABLES.flatMap((t) => t.columns.map((c) => c.unit)));
				for (const [unit, words] of Object.entries(units)) expect(schemaUnits.has(unit) && words.trim() !== '', unit).toBe(true);
				for (const text of [...Object.values(tables), ...Object.values(columns)]) expect(text.trim()).not.toBe('');
			});

			it('writes only catalog terms the vocabulary has', () => {
				for (const [key, words] of Object.entries(language.terms)) {
					const [field, id] = key.split('.', 2) as [VocabularyField, string];
					expect(Object.keys(VOCABULARY[field] ?? {}), key).toContain(id);
					expect(words.trim(), key).not.toBe('');
				}
			});

			it('has every punctuation mark, and ends a sentence with one of its sentence ends', () => {
				expect(Object.keys(language.punctuation).sort()).toEqual(Object.keys(english.punctuation).sort());
				expect([...language.punctuation.sentenceEnds]).toContain(language.punctuation.sentenceEnd);
				expect(language.punctuation.items).not.toBe('');
				expect(language.punctuation.clauses).not.toBe('');
			});
		});
	}
});
