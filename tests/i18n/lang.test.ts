import { describe, expect, it } from 'vitest';
import { languageName } from '../../src/i18n/lang.ts';

describe('languageName', () => {
	it("names a review's language in the page's language", () => {
		expect(languageName('zh-Hant', 'en')).toBe('Traditional Chinese');
		expect(languageName('zh-Hant', 'zh-Hans')).toBe('繁体中文');
		expect(languageName('en', 'zh-Hans')).toBe('英语');
	});

	it('gives back a tag that is not a language tag', () => {
		expect(languageName('not a tag', 'en')).toBe('not a tag');
	});
});
