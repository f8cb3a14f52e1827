// The header's language switch with the shipped languages (two): one button to the other language, on the same page;
// with three or more it is a menu (tests/i18n/fake-language.test.ts adds a third language and checks it).
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../src/i18n/lang.ts';
import { t } from '../../../src/i18n/strings.ts';
import { htmlOf } from '../../../src/lib/element.ts';
import { languageSwitchEl } from '../../../src/lib/site/language-switch.ts';

describe('language switch with two languages', () => {
	it('is a single toggle to the same page in the other language', () => {
		expect(LANGS).toEqual(['en', 'zh-Hans']);
		for (const [lang, other, href] of [
			['en', 'zh-Hans', '/zh-Hans/drives/d/'],
			['zh-Hans', 'en', '/drives/d/'],
		] as const) {
			const { document } = parseHTML(`<header>${htmlOf(languageSwitchEl(lang, '/drives/d/'))}</header>`);
			expect(document.querySelector('details')).toBeNull();
			const links = [...document.querySelectorAll('a')];
			expect(links).toHaveLength(1);
			const a = links[0]!;
			expect([a.getAttribute('data-testid'), a.getAttribute('href'), a.getAttribute('hreflang'), a.getAttribute('data-lang-target')]).toEqual(['lang-toggle', href, other, other]);
			expect([a.textContent, a.getAttribute('aria-label')]).toEqual([t(lang, 'langToggle'), t(lang, 'langToggleLabel')]);
		}
	});
});
