// Catalog search, filters, sort and pages in the browser. Every row is in /catalog.json, fetched once; only the rows of
// the page on screen are built, as DOM nodes from the same element trees as the static pages (site/catalog-view.ts).
// The state and the URL that holds it are src/lib/site/catalog-state.ts.
import { PAGE_SIZE, domOf, fill, pageCount, pagerEls, rowEl, type CatalogData } from '../site/catalog-view.ts';
import {
	bestOrder,
	catalogView,
	indexCatalog,
	isFiltered,
	locationFor,
	matchText,
	pageFromPath,
	sortedBy,
	stateFromQuery,
	type CatalogContext,
	type CatalogIndex,
	type CatalogState,
	type FilterKey,
} from '../site/catalog-state.ts';
import { formatValue } from '../site/format.ts';
import { readJson } from './inline-data.ts';

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
	const langLinks = [...document.querySelectorAll<HTMLAnchorElement>('a[data-lang-target]')];
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
			rowNodes = new Map(rows.map((i, k) => [keys[k]!, rowNodes.get(keys[k]!) ?? domOf(rowEl(index!.data, i, ctx.text, start + k >= view.byDrive), document)]));
			body.replaceChildren(...rowNodes.values());
			shownRows = keys.join(',');
		}
		const pagerKey = `${href(state)} ${visible.length}`;
		if (pagerKey !== shownPager) {
			pager.replaceChildren(...pagerEls(state.page, visible.length, (page) => href({ ...state, page }), ctx.text).map((e) => domOf(e, document)));
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
		// The language links lead to the same page in their language (the query they keep by themselves).
		if (!location.pathname.startsWith(ctx.root)) return;
		for (const link of langLinks) {
			const root = ctx.langRoots[link.dataset.langTarget!];
			if (root) link.pathname = root + location.pathname.slice(ctx.root.length);
		}
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
