import { describe, expect, it } from 'vitest';
import { LANGS, UI_STRINGS, t, tn } from '../../src/i18n/strings.ts';
import { otherLang, pathFor } from '../../src/i18n/routes.ts';
import { languageOf } from '../../src/i18n/lang.ts';
import { columnMeaning, tableMeaning, unitText } from '../../src/lib/columns-doc.ts';
import { TABLES } from '../../src/lib/schema.ts';

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

	it('describes every table and column of the schema in Chinese, and nothing else', () => {
		const { tables, columns } = languageOf('zh-Hans').schema;
		expect(Object.keys(tables).sort()).toEqual(TABLES.map((t) => t.name).sort());
		expect(Object.keys(columns).sort()).toEqual(TABLES.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)).sort());
		for (const table of TABLES) {
			expect(tableMeaning(table, 'zh-Hans'), table.name).toMatch(/[\u4e00-\u9fff]/);
			// A unit in words is translated; a symbol (ns, %, IOPS, MB/s) is the same in both.
			for (const c of table.columns) if (/[a-z]{2}/.test(c.unit) && !['ns', 'ms'].includes(c.unit)) expect(unitText(c.unit, 'zh-Hans'), c.unit).toMatch(/[\u4e00-\u9fff]/);
			for (const c of table.columns) {
				const zh = columnMeaning(c, table, 'zh-Hans');
				// Code spans open and close; a column that lists its allowed values lists them in Chinese too.
				expect(zh.split('`').length % 2, `${table.name}.${c.name}`).toBe(1);
				expect(zh.includes('取值之一'), `${table.name}.${c.name}`).toBe(columnMeaning(c, table, 'en').includes('One of:'));
			}
		}
	});

	it('fills placeholders and plural forms', () => {
		expect(t('en', 'reviewBy', { author: 'A' })).toBe('by A');
		expect(tn('en', 'catalogCount', 1)).toBe('1 entry');
		expect(tn('en', 'catalogCount', 1200)).toBe('1,200 entries');
		expect(tn('zh-Hans', 'catalogCount', 3)).toBe('3 项');
		expect(tn('en', 'countResults', 1)).toBe('1 result');
		expect(t('en', 'compareOwnRead', { file: 'a.json', format: 'fio-json', results: tn('en', 'countResults', 1) })).toBe('a.json: read as fio-json, 1 result.');
		expect(t('zh-Hans', 'footerData', { version: 'v', schema: 3, runs: tn('zh-Hans', 'countResultRows', 12), files: tn('zh-Hans', 'countInputFiles', 1) })).toBe(
			'数据集 v · 结构版本 v3 · 来自 1 个输入文件的 12 行结果。',
		);
	});

	it('puts English at the root and Chinese under /zh-Hans/', () => {
		expect(pathFor('en', '/reviews/x/')).toBe('/reviews/x/');
		expect(pathFor('zh-Hans', '/reviews/x/')).toBe('/zh-Hans/reviews/x/');
		expect(pathFor('zh-Hans', '/')).toBe('/zh-Hans/');
		expect(otherLang('en')).toBe('zh-Hans');
	});
});
