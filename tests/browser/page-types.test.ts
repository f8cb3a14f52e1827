// The one list of page types (page-types.ts) covers the site: every route under src/pages has an entry, every entry's
// source exists, and every page it lists is in the build, in every language.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../src/i18n/lang.ts';
import { ROOT } from '../helpers/fixtures.ts';
import { PAGE_TYPES, pathIn, routeFiles, type PageType } from './page-types.ts';

const DIST = join(ROOT, 'dist');

/** The built file that answers a page type's path in a language: its index.html, the file itself, or the language's 404 page. */
function builtFile(type: PageType, path: string, lang: Lang): string {
	if (type.status === 404) return join(DIST, pathIn('{lang}', lang), '404.html');
	const clean = pathIn(path, lang).replace(/[?#].*$/, '');
	return join(DIST, clean.endsWith('/') ? `${clean}index.html` : clean);
}

describe('page types', () => {
	it('lists every route under src/pages', () => {
		const listed = new Set(PAGE_TYPES.map((t) => t.source));
		expect(routeFiles().filter((route) => !listed.has(route))).toEqual([]);
	});

	it('names sources that exist, each once', () => {
		expect(PAGE_TYPES.filter((t) => !existsSync(join(ROOT, t.source))).map((t) => t.source)).toEqual([]);
		expect(new Set(PAGE_TYPES.map((t) => t.source)).size).toBe(PAGE_TYPES.length);
		expect(new Set(PAGE_TYPES.map((t) => t.kind)).size).toBe(PAGE_TYPES.length);
	});

	it('lists pages the build has, in every language, or says why it has none', () => {
		const missing = PAGE_TYPES.flatMap((t) => t.paths.flatMap((p) => LANGS.map((lang) => builtFile(t, p, lang)))).filter((file) => !existsSync(file));
		expect(missing).toEqual([]);
		expect(PAGE_TYPES.filter((t) => t.paths.length === 0 && !t.none).map((t) => t.kind)).toEqual([]);
	});
});
