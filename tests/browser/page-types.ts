// One page of every type the site writes, for the browser tests that walk them all (layout.test.ts, language.test.ts,
// security.test.ts): each route under src/pages has its entry (page-types.test.ts fails on a route without one), so a
// new page type is walked by every one of them once it is listed here.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGS, DEFAULT_LANG, type Lang } from '../../src/i18n/lang.ts';
import { sqlUrl } from '../../src/lib/sql/console.ts';
import { SQL_EXAMPLES } from '../../src/lib/sql/examples.ts';
import { ROOT } from '../helpers/fixtures.ts';

export interface PageType {
	/** What the page is, in messages and screenshot names. */
	kind: string;
	/** The file that makes it: its route under src/pages, or the build module that writes it. */
	source: string;
	/**
	 * Pages of the type in the bundled build (the first is the type's representative); `{lang}` marks where a
	 * language's prefix goes ("" for the default language, "/zh-Hans"). Empty: the bundled build has none (`none` says why).
	 */
	paths: readonly string[];
	none?: string;
	/** What appears once the page's scripts have made it whole (text, charts, results); null: whole as loaded. */
	ready: string | null;
	/** The HTTP status it answers with (200 unless said). */
	status?: number;
	/** Not a page: a JSON document for the page scripts (no browser test walks it). */
	json?: true;
	/** It goes live with DuckDB after it loads. */
	live?: true;
}

const P5510 = 'intel-d7-p5510-7-68tb';
const PM9A3 = 'samsung-pm9a3-7-68tb';
const SWEEP = '/reviews/lab-2026-virtual-disk-fio-sweep/';
const TIMESERIES = `${SWEEP}w-4k-random-read-qd32-timeseries/`;
const CHARTS_READY = 'html[data-charts-ready="1"]';
const COMPARE = [`?devices=${P5510},${PM9A3},intel-optane-p5800x-800gb`, `?devices=${P5510},intel-optane-p5800x-800gb,intel-optane-pmem-200-128gb`];
const FIND = '?access=random&read=100&bs=4096&qd=1';

export const PAGE_TYPES: readonly PageType[] = [
	{ kind: 'catalog', source: 'src/pages/[...lang]/index.astro', paths: ['{lang}/'], ready: 'html[data-catalog-ready="1"]' },
	{
		kind: 'catalog page',
		source: 'src/pages/[...lang]/page/[page].astro',
		paths: [],
		none: 'the bundled catalog fits its first page (site.test.ts builds a longer one)',
		ready: 'html[data-catalog-ready="1"]',
	},
	{
		kind: 'review',
		source: 'src/pages/[...lang]/reviews/[id].astro',
		paths: [`{lang}${SWEEP}`, '{lang}/reviews/storagereview-2021-intel-p5510-vs-samsung-pm9a3/', '{lang}/reviews/soerenmetje-2021-crystaldiskmark-three-drives/', '{lang}/reviews/zdnet-2013-intel-dc-s3500/'],
		ready: CHARTS_READY,
		live: true,
	},
	{ kind: 'workload', source: 'src/pages/[...lang]/reviews/[id]/[workload].astro', paths: [`{lang}${SWEEP}w-4k-random-read/`, `{lang}${TIMESERIES}`], ready: CHARTS_READY, live: true },
	{ kind: 'drive', source: 'src/pages/[...lang]/drives/[id].astro', paths: [`{lang}/drives/${P5510}/`, '{lang}/drives/virtual-disk-virtio-blk/'], ready: CHARTS_READY, live: true },
	{ kind: 'compare pair', source: 'src/pages/[...lang]/compare/[pair].astro', paths: [`{lang}/compare/${P5510}-vs-${PM9A3}/`], ready: null },
	{ kind: 'compare', source: 'src/pages/[...lang]/compare/index.astro', paths: COMPARE.map((q) => `{lang}/compare/${q}`), ready: '[data-compare-page][data-state="ready"]' },
	{ kind: 'find', source: 'src/pages/[...lang]/find/index.astro', paths: [`{lang}/find/${FIND}`], ready: '[data-find-page][data-state="ready"]' },
	{ kind: 'data', source: 'src/pages/[...lang]/data/index.astro', paths: ['{lang}/data/'], ready: null },
	{ kind: 'sql', source: 'src/pages/[...lang]/sql/index.astro', paths: [sqlUrl('{lang}/sql/', SQL_EXAMPLES[0]!.sql)], ready: '[data-sql-page][data-state]:not([data-state="running"])' },
	{ kind: 'columns', source: 'src/pages/[...lang]/columns/index.astro', paths: ['{lang}/columns/'], ready: null },
	{ kind: 'embeds', source: 'src/pages/[...lang]/embed/index.astro', paths: ['{lang}/embed/'], ready: null },
	{
		kind: 'chart embed',
		source: 'src/lib/build/embed.ts',
		// The review's embed document (published with data/): every chart of it and its workload pages, in every language, one named by the fragment.
		paths: [`/data/embeds${SWEEP.slice(0, -1)}.html#{anchor}r-w-4k-random-read-qd32-timeseries-ts-iops`],
		ready: 'figure[data-chart] [data-chart-frame] svg:visible',
	},
	{
		kind: 'compare embed',
		source: 'src/pages/embed/[...lang]/compare/index.astro',
		paths: ['/embed{lang}/compare/?devices=crucial-p2-2tb,wd-blue-3d-1tb&chart=cmp-0-lvi'],
		ready: 'figure[data-chart] [data-chart-frame] svg',
	},
	{ kind: 'find embed', source: 'src/pages/embed/[...lang]/find/index.astro', paths: [`/embed{lang}/find/${FIND}`], ready: 'figure[data-chart] [data-chart-frame] svg' },
	{ kind: '404', source: 'src/pages/[...lang]/404.astro', paths: ['{lang}/no/such/page/'], ready: null, status: 404 },
	{ kind: 'catalog data', source: 'src/pages/catalog.json.ts', paths: ['/catalog.json'], ready: null, json: true },
	{ kind: 'drive file', source: 'src/pages/data/compare/drives/[id].json.ts', paths: [`/data/compare/drives/${P5510}.json`], ready: null, json: true },
	{ kind: 'finder family', source: 'src/pages/data/find/families/[key]/[file].json.ts', paths: ['/data/find/families/random-100-4096/head.json'], ready: null, json: true },
	{ kind: 'table doc', source: 'src/pages/sql/tables/[table].json.ts', paths: ['/sql/tables/runs.json'], ready: null, json: true },
];

/** A path of a page type in a language: `{lang}` its path prefix, `{anchor}` its prefix of a chart's anchor in an embed document. */
export function pathIn(path: string, lang: Lang): string {
	return path.replace('{lang}', lang === DEFAULT_LANG ? '' : `/${lang}`).replace('{anchor}', lang === DEFAULT_LANG ? '' : `${lang}/`);
}

export interface Walked {
	type: PageType;
	lang: Lang;
	path: string;
}

/** Every page of every HTML page type (none with status other than 200 unless `status` is asked for), in every language. */
export function pagesToWalk({ status = 200, langs = LANGS }: { status?: number; langs?: readonly Lang[] } = {}): Walked[] {
	return PAGE_TYPES.filter((t) => !t.json && (t.status ?? 200) === status).flatMap((type) =>
		langs.flatMap((lang) => [...new Set(type.paths.map((p) => pathIn(p, lang)))].map((path) => ({ type, lang, path }))),
	);
}

/** Every route file under src/pages (pages and endpoints), as a path from the repository's root. */
export function routeFiles(): string[] {
	const walk = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : /\.(astro|ts|md|mdx|html)$/.test(e.name) ? [join(dir, e.name)] : []));
	return walk(join(ROOT, 'src/pages'))
		.map((f) => relative(ROOT, f).split('\\').join('/'))
		.sort();
}
