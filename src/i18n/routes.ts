// Every page exists once per language: the default language's at the root, each other's under /<code>/ (/zh-Hans/).
import { DEFAULT_LANG, LANGS, type Lang } from './lang.ts';

export { DEFAULT_LANG, localeOf } from './lang.ts';

const base = (): string => {
	const b = import.meta.env?.BASE_URL ?? '/';
	return b.endsWith('/') ? b : `${b}/`;
};

/** A language's `lang` parameter under `src/pages/[...lang]/`: none for the default language (its pages are at the root). */
const paramOf = (lang: Lang): string | undefined => (lang === DEFAULT_LANG ? undefined : lang);

/** A site path ("/reviews/x/") in a language, relative to the site's root: "reviews/x/", "zh-Hans/reviews/x/". */
export function langPath(lang: Lang, path: string): string {
	const clean = path.replace(/^\/+/, '');
	return lang === DEFAULT_LANG ? clean : `${lang}/${clean}`;
}

/** The site path of a page's path in a language, the inverse of langPath: "zh-Hans/reviews/x/" and "reviews/x/" → "/reviews/x/". */
export function withoutLang(path: string): string {
	return `/${path.replace(new RegExp(`^(${LANGS.join('|')})/`), '')}`;
}

/** The URL of a site path ("/reviews/x/") in a language, under the configured base. */
export function pathFor(lang: Lang, path: string): string {
	return `${base()}${langPath(lang, path)}`;
}

/** A file published with the site (data, raw downloads), same for every language. */
export function assetPath(path: string): string {
	return `${base()}${path.replace(/^\/+/, '')}`;
}

/**
 * A route's pages under `src/pages/[...lang]/`, in every language, a page's languages one after the other: the build
 * renders them in this order, so both read the same data while it is at hand (see build/db.ts withScope).
 */
export function inEveryLang<T extends { params: Record<string, string> }>(pages: readonly T[]): (T & { lang: Lang; params: T['params'] & { lang: string | undefined } })[] {
	return pages.flatMap((page) => LANGS.map((lang) => ({ ...page, lang, params: { ...page.params, lang: paramOf(lang) } })));
}

/** The paths of a page under `src/pages/[...lang]/` that exists once in each language, the default language's at the root. */
export function langParams(): { params: { lang: string | undefined } }[] {
	return LANGS.map((lang) => ({ params: { lang: paramOf(lang) } }));
}

/** The language of a page under `src/pages/[...lang]/` from its `lang` parameter. */
export function langOfParam(param: string | undefined): Lang {
	const lang = LANGS.find((l) => l === (param ?? DEFAULT_LANG));
	if (!lang) throw new Error(`no language ${param}`);
	return lang;
}

/**
 * The language the language toggle leads to: the default language's leads to the first other one, every other
 * language's back to the default (its file names that language in `langToggle`).
 */
export function otherLang(lang: Lang): Lang {
	return lang === DEFAULT_LANG ? LANGS[1]! : DEFAULT_LANG;
}
