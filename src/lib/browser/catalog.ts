// Catalog search, filters, sort and pages in the browser. Every row is in /catalog.json, fetched once; only the rows of
// the page on screen are built, as DOM nodes from the same element trees as the static pages (site/catalog-view.ts).
// The state lives in the URL: search, filters and sort in the query; the page in the path (/page/3/, a pre-rendered
// page that works without JavaScript) while nothing is filtered, else in ?page=.
import { punctuationOf } from '../../i18n/lang.ts';
import { CATALOG_SLOTS } from '../compare/slots.ts';
import { PAGE_SIZE, domOf, fill, isPhysicalDrive, pageCount, pagerEls, rowEl, type CatalogData, type CatalogText } from '../site/catalog-view.ts';
import { formatValue } from '../site/format.ts';
import { termWords } from '../vocabulary.ts';
import { readJson } from './inline-data.ts';

const FILTERS = ['class', 'interface', 'form_factor', 'capacity', 'vendor', 'year', 'tool'] as const;
type FilterKey = (typeof FILTERS)[number];

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
	/** The catalog's first page in this language and in the other one. */
	root: string;
	altRoot: string;
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

export function initCatalog(): void {
	const ctx = readJson<CatalogContext>('script[data-catalog-context]');
	const body = document.querySelector<HTMLElement>('[data-catalog-body]');
	const table = document.querySelector<HTMLElement>('[data-catalog-table]');
	const pager = document.querySelector<HTMLElement>('[data-catalog-pager]');
	const controls = document.querySelector<HTMLElement>('[data-catalog-controls]');
	if (!ctx || !body || !table || !pager || !controls) return;
	const search = controls.querySelector<HTMLInputElement>('[data-testid="catalog-search"]')!;
	const sort = controls.querySelector<HTMLSelectElement>('[data-testid="catalog-sort"]')!;
	const order = controls.querySelector<HTMLSelectElement>('[data-testid="catalog-order"]')!;
	const selects = new Map<FilterKey, HTMLSelectElement>();
	for (const el of controls.querySelectorAll<HTMLSelectElement>('select[data-filter]')) selects.set(el.dataset.filter as FilterKey, el);
	const count = controls.querySelector<HTMLElement>('[data-catalog-count]');
	const match = controls.querySelector<HTMLElement>('[data-catalog-match]');
	const empty = document.querySelector<HTMLElement>('[data-catalog-empty]');
	const langLink = document.querySelector<HTMLAnchorElement>('[data-testid="lang-toggle"]');
	// Counts: formatValue prints whole numbers exactly, grouped, with a formatter made once.
	const n = (v: number) => formatValue(v, ctx.text.lang);

	// The filters fold away on a phone; from the small breakpoint up they are always shown.
	const filters = controls.querySelector<HTMLDetailsElement>('[data-catalog-filters]');
	const wide = window.matchMedia('(min-width: 640px)');
	const active = controls.querySelector<HTMLElement>('[data-catalog-active]');
	const syncFilters = () => {
		if (filters && wide.matches) filters.open = true;
	};
	syncFilters();
	wide.addEventListener('change', syncFilters);

	const readControls = (page: number): CatalogState => ({
		q: search.value.trim(),
		filters: Object.fromEntries([...selects].map(([k, el]) => [k, el.value]).filter(([, v]) => v)),
		sort: sort.value,
		order: order.value === 'asc' ? 'asc' : 'desc',
		page,
	});

	/** Shows a state in the controls; returns it without the values the controls do not offer. */
	const writeControls = (state: CatalogState): CatalogState => {
		search.value = state.q;
		for (const [k, el] of selects) {
			const want = state.filters[k] ?? '';
			el.value = [...el.options].some((o) => o.value === want) ? want : '';
		}
		sort.value = [...sort.options].some((o) => o.value === state.sort) ? state.sort : '';
		order.value = state.order;
		return readControls(state.page);
	};

	const fromLocation = () => writeControls(stateFromQuery(new URLSearchParams(location.search), pageFromPath(location.pathname)));
	const href = (state: CatalogState) => locationFor(state, ctx.root, new URLSearchParams(location.search));

	let index: CatalogIndex | undefined;
	let state = fromLocation();
	// What is on screen, so that a keystroke builds only the rows that were not (the static rows and page links until
	// the data says otherwise), and one that changes neither rebuilds nothing.
	let rowNodes = new Map([...body.querySelectorAll<HTMLElement>('tr[data-entry]')].map((tr) => [tr.dataset.entry!, tr as Node]));
	let shownRows = [...rowNodes.keys()].join(',');
	let shownPager = `${href({ ...state, q: '', filters: {}, sort: '', page: ctx.page })} ${ctx.total}`;
	if (isFiltered(state) || state.page !== ctx.page) body.setAttribute('aria-busy', 'true');

	/** The headers: which one the rows are sorted by, and where a click on each leads. */
	const renderHeaders = () => {
		for (const link of table.querySelectorAll<HTMLAnchorElement>('a[data-sort-link]')) {
			const key = link.dataset.sortLink!;
			const th = link.closest('th')!;
			link.href = href(sortedBy(state, key));
			const arrow = link.querySelector<HTMLElement>('[data-sort-arrow]');
			if (state.sort === key) th.setAttribute('aria-sort', state.order === 'asc' ? 'ascending' : 'descending');
			else th.removeAttribute('aria-sort');
			if (arrow) arrow.textContent = state.sort === key ? (state.order === 'asc' ? '↑' : '↓') : '';
		}
	};

	const render = () => {
		renderHeaders();
		// Before the data arrives, the controls already move the URL; the rows follow when it is here.
		if (!index) return body.setAttribute('aria-busy', 'true');
		const view = catalogView(index, state);
		const visible = view.order;
		const pages = pageCount(visible.length);
		if (state.page > pages) state = { ...state, page: pages };
		const start = (state.page - 1) * PAGE_SIZE;
		const rows = visible.slice(start, start + PAGE_SIZE);
		// A row found by its review is drawn with a note saying so: its key is its own.
		const keys = rows.map((i, k) => (start + k >= view.byDrive ? `${i}r` : String(i)));
		if (keys.join(',') !== shownRows) {
			rowNodes = new Map(rows.map((i, k) => [keys[k]!, rowNodes.get(keys[k]!) ?? domOf(rowEl(index!.data, i, ctx.text, start + k >= view.byDrive))]));
			body.replaceChildren(...rowNodes.values());
			shownRows = keys.join(',');
		}
		const pagerKey = `${href(state)} ${visible.length}`;
		if (pagerKey !== shownPager) {
			pager.replaceChildren(...pagerEls(state.page, visible.length, (page) => href({ ...state, page }), ctx.text).map((e) => domOf(e)));
			pager.hidden = pages <= 1;
			shownPager = pagerKey;
		}
		body.removeAttribute('aria-busy');
		const total = index.drive.length;
		const matched = matchText(index, view, state.q, ctx);
		if (match && match.textContent !== matched) match.textContent = matched;
		const countText = isFiltered(state)
			? fill(ctx.countMatch, { shown: n(visible.length), total: n(total) })
			: fill(visible.length === 1 ? ctx.countOne : ctx.countOther, { n: n(visible.length) });
		// The count is a live region: rewriting the same words would announce them again.
		if (count && count.textContent !== countText) count.textContent = countText;
		empty?.classList.toggle('hidden', visible.length > 0);
		const activeFilters = Object.values(state.filters).filter(Boolean).length;
		if (active) active.textContent = activeFilters ? `(${activeFilters})` : '';
		if (filters && activeFilters && !filters.open) filters.open = true;
		document.title = state.page > 1 ? fill(ctx.pageTitle, { page: state.page }) : ctx.title;
	};

	renderHeaders();

	/** Writes the address of the state as a new history entry, or over the current one (one address per view). */
	const writeUrl = (how: 'push' | 'replace') => {
		const url = href(state) + location.hash;
		if (how === 'push') history.pushState(null, '', url);
		else if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
		// The language link leads to the same page of the other language (the query it keeps by itself).
		if (langLink && location.pathname.startsWith(ctx.root)) langLink.pathname = ctx.altRoot + location.pathname.slice(ctx.root.length);
	};

	// The rows follow every keystroke, the address only the first one (a history entry: Back leaves the search at once)
	// and then each pause: browsers limit how often a page may rewrite its address.
	let typing = false;
	let pending: ReturnType<typeof setTimeout> | undefined;
	const settle = () => {
		if (pending === undefined) return;
		clearTimeout(pending);
		pending = undefined;
		writeUrl('replace');
	};
	search.addEventListener('input', () => {
		state = readControls(1);
		render();
		if (typing) {
			clearTimeout(pending);
			pending = setTimeout(settle, 300);
		} else {
			typing = true;
			writeUrl('push');
		}
	});
	search.addEventListener('blur', settle);

	const go = (next: CatalogState) => {
		settle();
		typing = false;
		state = next;
		writeUrl('push');
		render();
	};
	for (const el of [order, ...selects.values()]) el.addEventListener('change', () => go(readControls(1)));
	// A column chosen from the menu is sorted best first, like a click on its header.
	sort.addEventListener('change', () => go(writeControls({ ...readControls(1), order: bestOrder(sort.value) })));
	table.querySelector('thead')?.addEventListener('click', (e) => {
		const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-sort-link]');
		if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
		e.preventDefault();
		go(writeControls(sortedBy(state, link.dataset.sortLink!)));
	});
	controls.querySelector('[data-catalog-reset]')?.addEventListener('click', () => go(writeControls({ q: '', filters: {}, sort: '', order: 'desc', page: 1 })));
	pager.addEventListener('click', (e) => {
		const link = (e.target as Element).closest<HTMLAnchorElement>('a[data-page]');
		// Without the data yet, or to open a new tab or window, the link is followed as it is.
		if (!link || !index || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
		e.preventDefault();
		go({ ...state, page: Number(link.dataset.page) });
		table.focus({ preventScroll: true });
		if (table.getBoundingClientRect().top < 0) table.scrollIntoView({ block: 'start' });
	});
	window.addEventListener('popstate', () => {
		// A pause not yet written belonged to the entry just left.
		clearTimeout(pending);
		pending = undefined;
		typing = false;
		state = fromLocation();
		render();
		writeUrl('replace');
	});

	fetch(ctx.data)
		.then((response) => {
			if (!response.ok) throw new Error(`${ctx.data}: HTTP ${response.status}`);
			return response.json() as Promise<CatalogData>;
		})
		.then((data) => {
			index = indexCatalog(data);
			if (data.version !== ctx.version) {
				rowNodes = new Map();
				shownRows = shownPager = '';
			}
			render();
			// ?page=3 with nothing filtered becomes /page/3/; a page past the end, the last one.
			if (!typing) writeUrl('replace');
			document.documentElement.dataset.catalogReady = '1';
		})
		.catch(() => {
			body.removeAttribute('aria-busy');
			if (count) count.textContent = ctx.dataError;
			for (const el of controls.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>('input, select, button')) el.disabled = true;
		});
}
