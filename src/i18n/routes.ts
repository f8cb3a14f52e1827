// Every page exists once per language: English at the root, Simplified Chinese under /zh-Hans/.
import { LANGS, type Lang } from './strings.ts';

export const DEFAULT_LANG: Lang = 'en';

const base = (): string => {
	const b = import.meta.env?.BASE_URL ?? '/';
	return b.endsWith('/') ? b : `${b}/`;
};

/** The URL of a site path ("/reviews/x/") in a language, under the configured base. */
export function pathFor(lang: Lang, path: string): string {
	const clean = path.replace(/^\/+/, '');
	return lang === DEFAULT_LANG ? `${base()}${clean}` : `${base()}${lang}/${clean}`;
}

/** A file published with the site (data, raw downloads), same for every language. */
export function assetPath(path: string): string {
	return `${base()}${path.replace(/^\/+/, '')}`;
}

/**
 * The paths of a route under `src/pages/[...lang]/`, in every language, a page's languages one after the other: the
 * build renders them in this order, so both read the same data while it is at hand (see site/db.ts withScope).
 */
export function inEveryLang<P extends Record<string, string>>(paths: readonly P[]): { params: P & { lang: string | undefined } }[] {
	return paths.flatMap((params) => LANGS.map((lang) => ({ params: { ...params, lang: lang === DEFAULT_LANG ? undefined : lang } })));
}

/** The language of a page under `src/pages/[...lang]/` from its `lang` parameter. */
export function langOfParam(param: string | undefined): Lang {
	const lang = LANGS.find((l) => l === (param ?? DEFAULT_LANG));
	if (!lang) throw new Error(`no language ${param}`);
	return lang;
}

export function otherLang(lang: Lang): Lang {
	return LANGS.find((l) => l !== lang)!;
}

/** `lang` attribute and Intl locale of a language. */
export function localeOf(lang: Lang): string {
	return lang === 'en' ? 'en-US' : 'zh-Hans-CN';
}
