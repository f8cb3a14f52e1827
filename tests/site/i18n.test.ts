import { describe, expect, it } from 'vitest';
import { LANGS, UI_STRINGS, t, tn } from '../../src/i18n/strings.ts';
import { otherLang, pathFor } from '../../src/i18n/routes.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('UI strings', () => {
	it('has every key in every language, never empty, with the same placeholders', () => {
		const keys = Object.keys(UI_STRINGS.en).sort();
		for (const lang of LANGS) {
			expect(Object.keys(UI_STRINGS[lang]).sort()).toEqual(keys);
			for (const key of keys) {
				const text = UI_STRINGS[lang][key as keyof typeof UI_STRINGS.en];
				expect(text.trim(), `${lang}.${key}`).not.toBe('');
				expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(UI_STRINGS.en[key as keyof typeof UI_STRINGS.en]));
			}
		}
	});

	it('fills placeholders and plural forms', () => {
		expect(t('en', 'reviewBy', { author: 'A' })).toBe('by A');
		expect(tn('en', 'catalogCount', 1)).toBe('1 entry');
		expect(tn('en', 'catalogCount', 1200)).toBe('1,200 entries');
		expect(tn('zh-Hans', 'catalogCount', 3)).toBe('3 项');
	});

	it('puts English at the root and Chinese under /zh-Hans/', () => {
		expect(pathFor('en', '/reviews/x/')).toBe('/reviews/x/');
		expect(pathFor('zh-Hans', '/reviews/x/')).toBe('/zh-Hans/reviews/x/');
		expect(pathFor('zh-Hans', '/')).toBe('/zh-Hans/');
		expect(otherLang('en')).toBe('zh-Hans');
	});
});
