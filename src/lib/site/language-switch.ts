// The header's way to the same page in another language, from the one list of languages (src/i18n/languages.ts):
// with two languages a single button to the other one; with more, a menu (a <details> list of links, one per
// language, the page's own marked) that opens without JavaScript. Every link names its language in that language
// and carries `data-lang-target`, by which browser/prefs.ts remembers the choice and browser/catalog-page.ts keeps
// the catalog's view in it.
import { LANGS, languageOf, type Lang } from '../../i18n/lang.ts';
import { otherLang, pathFor } from '../../i18n/routes.ts';
import { t } from '../../i18n/strings.ts';
import { el, type El } from '../element.ts';

/** The switch for a page ("/reviews/x/", without the language prefix) shown in `lang`. */
export function languageSwitchEl(lang: Lang, path: string): El {
	if (LANGS.length <= 2) {
		const alt = otherLang(lang);
		return el(
			'a',
			{ href: pathFor(alt, path), hreflang: alt, lang: alt, class: 'button', 'data-testid': 'lang-toggle', 'data-lang-target': alt, 'aria-label': t(lang, 'langToggleLabel') },
			t(lang, 'langToggle'),
		);
	}
	const link = (l: Lang) =>
		el(
			'li',
			{},
			el(
				'a',
				{
					href: pathFor(l, path),
					hreflang: l,
					lang: l,
					class: 'block px-2 py-1.5 no-underline hover:underline',
					'aria-current': l === lang ? 'true' : undefined,
					'data-lang-target': l === lang ? undefined : l,
					'data-testid': 'lang-link',
				},
				languageOf(l).name,
			),
		);
	return el(
		'details',
		{ class: 'relative', 'data-testid': 'lang-menu' },
		el('summary', { class: 'button cursor-pointer', 'aria-label': t(lang, 'langMenuLabel'), title: t(lang, 'langMenuLabel') }, languageOf(lang).name),
		el('ul', { class: 'card absolute right-0 z-50 mt-1 min-w-32 p-3 text-sm' }, ...LANGS.map(link)),
	);
}
