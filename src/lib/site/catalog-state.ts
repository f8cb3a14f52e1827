// The catalog's search, filters, sort and pages as state: what a state shows, and the URL that holds it (search,
// filters and sort in the query; the page in the path, /page/3/, while nothing is filtered, else in ?page=). The
// static pages start from it and the catalog's script (src/lib/browser/catalog-page.ts) keeps it.
import { punctuationOf } from '../../i18n/lang.ts';
import { CATALOG_SLOTS } from '../compare/slots.ts';
import { fill, isPhysicalDrive, type CatalogData, type CatalogText } from './catalog-view.ts';
import { formatValue } from './format.ts';
import { termWords } from '../vocabulary.ts';

export const FILTERS = ['class', 'interface', 'form_factor', 'capacity', 'vendor', 'year', 'tool'] as const;
export type FilterKey = (typeof FILTERS)[number];

/** The class filter's value that shows every device; without one, only physical drives are shown. */
export const ALL_CLASSES = 'all';

/** A column's own order, best first: highest IOPS and bandwidth, lowest latency. */
export function bestOrder(sort: string): 'asc' | 'desc' {
	return CATALOG_SLOTS.find((s) => s.key === sort)?.best === 'min' ? 'asc' : 'desc';
}

/** The state a click on a column's header leads to: sorted by it best first, or the other way when it already is. */
export function sortedBy(state: CatalogState, key: string): CatalogState {
	const order = state.sort === key ? (state.order === 'asc' ? 'desc' : 'asc') : bestOrder(key);
	return { ...state, sort: key, order, page: 1 };
}

export interface CatalogState {
	q: string;
	filters: Partial<Record<FilterKey, string>>;
	sort: string;
	order: 'asc' | 'desc';
	/** From 1. */
	page: number;
}

/** What the page hands its script (the data-catalog-context block). */
export interface CatalogContext {
	text: CatalogText;
	/** Where /catalog.json is, and the version of the data the static rows were drawn from. */
	data: string;
	version: string;
	/** The catalog's first page in this language, and in every language by its code (the language links lead there). */
	root: string;
	langRoots: Record<string, string>;
	/** The page pre-rendered in this document, and the number of rows of the whole catalog. */
	page: number;
	total: number;
	/** Document titles of the first page and of the others ("… {page} …"). */
	title: string;
	pageTitle: string;
	/** "{n} entries" (one and other) when nothing is filtered, "{shown} of {total} entries match" when something is. */
	countOne: string;
	countOther: string;
	countMatch: string;
	/** What a search matched: "{n} drives match “{q}” by name, vendor or model" (one and other), "{n} reviews by title…". */
	matchDrives: Record<'one' | 'other', string>;
	matchReviews: Record<'one' | 'other', string>;
	matchNone: string;
	dataError: string;
}

/** The catalog with what search and filters compare, worked out once. */
export interface CatalogIndex {
	data: CatalogData;
	/** Per entry: its drive's words (label, vendor and model, in every spelling the vocabulary knows), lower case. */
	drive: string[];
	/** Per entry: its review's words (id, titles, publisher), lower case; '' without a review. */
	review: string[];
	tools: string[][];
}

export function indexCatalog(data: CatalogData): CatalogIndex {
	const lower = (parts: string[]) => parts.filter(Boolean).join(' ').toLowerCase();
	const devices = data.devices.map(([id, label, vendor, model, capacity, iface, formFactor, deviceClass]) =>
		lower([label, model, id, capacity, deviceClass, ...(vendor ? termWords('vendor', vendor) : []), ...(iface ? termWords('interface', iface) : []), ...(formFactor ? termWords('form_factor', formFactor) : [])]),
	);
	const reviews = data.reviews.map(([id, title, titleEn, publisher]) => lower([id, title, titleEn, publisher]));
	return {
		data,
		drive: data.entries.map(([d]) => devices[d]!),
		review: data.entries.map(([, r]) => (r < 0 ? '' : reviews[r]!)),
		tools: data.entries.map(([, , tools]) => (tools ? tools.split('; ') : [])),
	};
}

/** The rows a state shows, in order: those whose drive matches the search first, then those found by their review. */
export interface CatalogView {
	order: number[];
	/** How many of `order`, from its start, matched by their drive (all of them without a search). */
	byDrive: number;
}

function classMatches(index: CatalogIndex, i: number, wanted: string | undefined): boolean {
	const device = index.data.devices[index.data.entries[i]![0]]!;
	if (!wanted) return isPhysicalDrive(device);
	return wanted === ALL_CLASSES || device[7] === wanted;
}

function facetValue(index: CatalogIndex, i: number, key: Exclude<FilterKey, 'tool' | 'class'>): string {
	const [d, r] = index.data.entries[i]!;
	const [, , vendor, , capacity, iface, formFactor] = index.data.devices[d]!;
	if (key === 'year') return String((r < 0 ? null : index.data.reviews[r]![4]) ?? '');
	return { vendor, capacity, interface: iface, form_factor: formFactor }[key];
}

export const isFiltered = (state: CatalogState): boolean => !!(state.q || state.sort || FILTERS.some((k) => state.filters[k]));

/**
 * Indices of the entries to show, in display order: server order, or by a column with missing values last. Physical
 * drives only unless the class filter says otherwise.
 */
export function visibleOrder(index: CatalogIndex, state: CatalogState): number[] {
	return catalogView(index, state).order;
}

/**
 * The rows of a state: a search matches the drive first (every word in its name, vendor, model or specs); rows whose
 * drive does not match but whose review does (a word in the title, with the rest in the drive) come after them. Each
 * group in server order, or sorted by a column with missing values last.
 */
export function catalogView(index: CatalogIndex, state: CatalogState): CatalogView {
	const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
	const filters = FILTERS.filter((k) => k !== 'class' && state.filters[k]);
	const byDrive: number[] = [];
	const byReview: number[] = [];
	for (let i = 0; i < index.drive.length; i++) {
		if (!classMatches(index, i, state.filters.class)) continue;
		const ok = filters.every((k) => (k === 'tool' ? index.tools[i]!.includes(state.filters.tool!) : facetValue(index, i, k as Exclude<FilterKey, 'tool' | 'class'>) === state.filters[k]));
		if (!ok) continue;
		if (words.every((w) => index.drive[i]!.includes(w))) byDrive.push(i);
		else if (words.every((w) => index.drive[i]!.includes(w) || index.review[i]!.includes(w))) byReview.push(i);
	}
	const k = CATALOG_SLOTS.findIndex((s) => s.key === state.sort);
	if (k >= 0) {
		const sign = state.order === 'asc' ? 1 : -1;
		const value = (i: number) => index.data.entries[i]![4][k]?.[0] ?? null;
		const compare = (a: number, b: number) => {
			const va = value(a);
			const vb = value(b);
			if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
			return (va - vb) * sign || a - b;
		};
		byDrive.sort(compare);
		byReview.sort(compare);
	}
	return { order: [...byDrive, ...byReview], byDrive: byDrive.length };
}

/** What a search matched, in words: "2 drives match “samsung” by name, vendor or model; 2 reviews by title". */
export function matchText(index: CatalogIndex, view: CatalogView, q: string, ctx: Pick<CatalogContext, 'matchDrives' | 'matchReviews' | 'matchNone' | 'text'>): string {
	if (!q) return '';
	if (!view.order.length) return fill(ctx.matchNone, { q });
	const n = (v: number) => formatValue(v, ctx.text.lang);
	const drives = new Set(view.order.slice(0, view.byDrive).map((i) => index.data.entries[i]![0])).size;
	const reviews = new Set(view.order.slice(view.byDrive).map((i) => index.data.entries[i]![1])).size;
	const plural = (words: Record<'one' | 'other', string>, count: number) => fill(count === 1 ? words.one : words.other, { n: n(count), q });
	return [plural(ctx.matchDrives, drives), reviews ? plural(ctx.matchReviews, reviews) : ''].filter(Boolean).join(punctuationOf(ctx.text.lang).groups);
}

/** The page of a pre-rendered catalog path: 3 for ".../page/3/", else 1. */
export function pageFromPath(pathname: string): number {
	const m = /\/page\/(\d+)\/?$/.exec(pathname);
	return m ? Math.max(1, Number(m[1])) : 1;
}

/** State from the URL query; the page from ?page=, else `pathPage` (the page of the path). */
export function stateFromQuery(query: URLSearchParams, pathPage = 1): CatalogState {
	const filters: CatalogState['filters'] = {};
	for (const key of FILTERS) {
		const v = query.get(key);
		if (v) filters[key] = v;
	}
	const page = Number(query.get('page'));
	const sort = query.get('sort') ?? '';
	const order = query.get('order');
	return {
		q: query.get('q') ?? '',
		filters,
		sort,
		order: order === 'asc' || order === 'desc' ? order : bestOrder(sort),
		page: Number.isInteger(page) && page >= 1 ? page : pathPage,
	};
}

export function queryFromState(state: CatalogState, base: URLSearchParams): URLSearchParams {
	const query = new URLSearchParams(base);
	for (const key of ['q', 'sort', 'order', 'page', ...FILTERS]) query.delete(key);
	if (state.q) query.set('q', state.q);
	for (const key of FILTERS) if (state.filters[key]) query.set(key, state.filters[key]!);
	if (state.sort) query.set('sort', state.sort);
	if (state.sort && state.order !== bestOrder(state.sort)) query.set('order', state.order);
	if (state.page > 1) query.set('page', String(state.page));
	return query;
}

/** The address of a state: a pre-rendered page while nothing is filtered, else the first page with the state as query. */
export function locationFor(state: CatalogState, root: string, base: URLSearchParams): string {
	const filtered = isFiltered(state);
	const path = !filtered && state.page > 1 ? `${root}page/${state.page}/` : root;
	const query = queryFromState(filtered ? state : { ...state, page: 1 }, base).toString();
	return query ? `${path}?${query}` : path;
}

