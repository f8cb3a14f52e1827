// Catalog filters, search and sort, applied to the server-rendered rows: rows are only hidden and reordered,
// never rebuilt, so no data string is ever written as markup. The state lives in the URL query.
import type { CatalogClientEntry } from '../site/catalog.ts';
import { readJson } from './inline-data.ts';

const FILTERS = ['interface', 'form_factor', 'capacity', 'vendor', 'year', 'tool'] as const;
type FilterKey = (typeof FILTERS)[number];

export interface CatalogState {
	q: string;
	filters: Partial<Record<FilterKey, string>>;
	sort: string;
	order: 'asc' | 'desc';
}

export function stateFromQuery(query: URLSearchParams): CatalogState {
	const filters: CatalogState['filters'] = {};
	for (const key of FILTERS) {
		const v = query.get(key);
		if (v) filters[key] = v;
	}
	return { q: query.get('q') ?? '', filters, sort: query.get('sort') ?? '', order: query.get('order') === 'asc' ? 'asc' : 'desc' };
}

export function queryFromState(state: CatalogState, base: URLSearchParams): URLSearchParams {
	const query = new URLSearchParams(base);
	for (const key of ['q', 'sort', 'order', ...FILTERS]) query.delete(key);
	if (state.q) query.set('q', state.q);
	for (const key of FILTERS) if (state.filters[key]) query.set(key, state.filters[key]!);
	if (state.sort) query.set('sort', state.sort);
	if (state.sort && state.order === 'asc') query.set('order', 'asc');
	return query;
}

function matches(entry: CatalogClientEntry, state: CatalogState): boolean {
	for (const key of FILTERS) {
		const want = state.filters[key];
		if (!want) continue;
		if (key === 'tool' ? !entry.tools.includes(want) : entry[key] !== want) return false;
	}
	const words = state.q.toLowerCase().split(/\s+/).filter(Boolean);
	return words.every((w) => entry.text.includes(w));
}

/** Indices of the entries to show, in display order: server order, or by a headline figure with missing values last. */
export function visibleOrder(entries: readonly CatalogClientEntry[], state: CatalogState): number[] {
	const shown = entries.map((_, i) => i).filter((i) => matches(entries[i]!, state));
	if (!state.sort) return shown;
	const key = state.sort as keyof CatalogClientEntry['sort'];
	const sign = state.order === 'asc' ? 1 : -1;
	return shown.sort((a, b) => {
		const va = entries[a]!.sort[key] ?? null;
		const vb = entries[b]!.sort[key] ?? null;
		if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
		return (va - vb) * sign || a - b;
	});
}

export function initCatalog(): void {
	const entries = readJson<CatalogClientEntry[]>('script[data-catalog-entries]');
	const body = document.querySelector<HTMLElement>('[data-catalog-body]');
	const controls = document.querySelector<HTMLElement>('[data-catalog-controls]');
	if (!entries || !body || !controls) return;
	const rows = new Map<number, HTMLElement>();
	for (const tr of body.querySelectorAll<HTMLElement>('tr[data-entry]')) rows.set(Number(tr.dataset.entry), tr);
	const search = controls.querySelector<HTMLInputElement>('[data-testid="catalog-search"]')!;
	const sort = controls.querySelector<HTMLSelectElement>('[data-testid="catalog-sort"]')!;
	const order = controls.querySelector<HTMLSelectElement>('[data-testid="catalog-order"]')!;
	const selects = new Map<FilterKey, HTMLSelectElement>();
	for (const el of controls.querySelectorAll<HTMLSelectElement>('select[data-filter]')) selects.set(el.dataset.filter as FilterKey, el);
	const count = document.querySelector<HTMLElement>('[data-catalog-count]');
	const empty = document.querySelector<HTMLElement>('[data-catalog-empty]');

	// The filters fold away on a phone; from the small breakpoint up they are always shown.
	const filters = controls.querySelector<HTMLDetailsElement>('[data-catalog-filters]');
	const wide = window.matchMedia('(min-width: 640px)');
	const active = controls.querySelector<HTMLElement>('[data-catalog-active]');
	const syncFilters = () => {
		if (filters && wide.matches) filters.open = true;
	};
	syncFilters();
	wide.addEventListener('change', syncFilters);

	const readControls = (): CatalogState => ({
		q: search.value.trim(),
		filters: Object.fromEntries([...selects].map(([k, el]) => [k, el.value]).filter(([, v]) => v)),
		sort: sort.value,
		order: order.value === 'asc' ? 'asc' : 'desc',
	});

	const writeControls = (state: CatalogState) => {
		search.value = state.q;
		for (const [k, el] of selects) {
			const want = state.filters[k] ?? '';
			el.value = [...el.options].some((o) => o.value === want) ? want : '';
		}
		sort.value = [...sort.options].some((o) => o.value === state.sort) ? state.sort : '';
		order.value = state.order === 'asc' ? 'asc' : '';
	};

	const apply = (state: CatalogState) => {
		const visible = visibleOrder(entries, state);
		const shown = new Set(visible);
		for (const [i, tr] of rows) tr.hidden = !shown.has(i);
		for (const i of visible) body.append(rows.get(i)!);
		for (const [i, tr] of rows) if (!shown.has(i)) body.append(tr);
		if (count?.dataset.template) {
			count.textContent = count.dataset.template.replace('{shown}', String(visible.length)).replace('{total}', String(entries.length));
		}
		empty?.classList.toggle('hidden', visible.length > 0);
		const activeFilters = Object.values(state.filters).filter(Boolean).length;
		if (active) active.textContent = activeFilters ? `(${activeFilters})` : '';
		if (filters && activeFilters && !filters.open) filters.open = true;
	};

	const update = () => {
		const state = readControls();
		apply(state);
		const query = queryFromState(state, new URLSearchParams(location.search)).toString();
		history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
	};

	writeControls(stateFromQuery(new URLSearchParams(location.search)));
	apply(readControls());
	search.addEventListener('input', update);
	for (const el of [sort, order, ...selects.values()]) el.addEventListener('change', update);
	controls.querySelector('[data-catalog-reset]')?.addEventListener('click', () => {
		writeControls({ q: '', filters: {}, sort: '', order: 'desc' });
		update();
	});
	document.documentElement.dataset.catalogReady = '1';
}
