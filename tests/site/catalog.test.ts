import { describe, expect, it } from 'vitest';
import { queryFromState, stateFromQuery, visibleOrder, type CatalogState } from '../../src/lib/browser/catalog.ts';
import type { CatalogClientEntry } from '../../src/lib/site/catalog.ts';

function entry(over: Partial<CatalogClientEntry> & { iops?: number | null; lat?: number | null }): CatalogClientEntry {
	return {
		vendor: over.vendor ?? 'Acme',
		interface: over.interface ?? 'SATA',
		form_factor: over.form_factor ?? '2.5-inch',
		capacity: over.capacity ?? '480 GB',
		year: over.year ?? '2013',
		tools: over.tools ?? ['fio'],
		text: over.text ?? 'acme a1',
		sort: {
			rand_read_4k_iops: over.iops ?? null,
			rand_write_4k_iops: null,
			seq_read_bw_bytes_per_s: null,
			seq_write_bw_bytes_per_s: null,
			qd1_rand_read_lat_ns: over.lat ?? null,
		},
	};
}

const entries = [
	entry({ text: 'acme a1 review one', iops: 1000, lat: 90_000 }),
	entry({ vendor: 'Beta', interface: 'NVMe', text: 'beta b2', iops: null, lat: 20_000, tools: ['Iometer'] }),
	entry({ vendor: 'Beta', interface: 'NVMe', text: 'beta b3 固态', iops: 5000, year: '2024' }),
	entry({ text: 'acme a4', iops: 1000 }),
];
const state = (s: Partial<CatalogState>): CatalogState => ({ q: '', filters: {}, sort: '', order: 'desc', ...s });

describe('catalog filters and sort', () => {
	it('keeps the server order without a sort', () => {
		expect(visibleOrder(entries, state({}))).toEqual([0, 1, 2, 3]);
	});

	it('filters by facets, tools and every word of the search', () => {
		expect(visibleOrder(entries, state({ filters: { vendor: 'Beta' } }))).toEqual([1, 2]);
		expect(visibleOrder(entries, state({ filters: { interface: 'NVMe', year: '2024' } }))).toEqual([2]);
		expect(visibleOrder(entries, state({ filters: { tool: 'Iometer' } }))).toEqual([1]);
		expect(visibleOrder(entries, state({ q: 'ACME review' }))).toEqual([0]);
		expect(visibleOrder(entries, state({ q: '固态' }))).toEqual([2]);
		expect(visibleOrder(entries, state({ q: 'nothing like this' }))).toEqual([]);
	});

	it('sorts by a headline figure, missing values last in both orders, ties in server order', () => {
		expect(visibleOrder(entries, state({ sort: 'rand_read_4k_iops' }))).toEqual([2, 0, 3, 1]);
		expect(visibleOrder(entries, state({ sort: 'rand_read_4k_iops', order: 'asc' }))).toEqual([0, 3, 2, 1]);
		expect(visibleOrder(entries, state({ sort: 'qd1_rand_read_lat_ns', order: 'asc' }))).toEqual([1, 0, 2, 3]);
	});

	it('keeps its state in the URL query', () => {
		const s = state({ q: 'beta', filters: { vendor: 'Beta', year: '2024' }, sort: 'rand_read_4k_iops', order: 'asc' });
		const q = queryFromState(s, new URLSearchParams('lang=zh-Hans'));
		expect(q.toString()).toBe('lang=zh-Hans&q=beta&vendor=Beta&year=2024&sort=rand_read_4k_iops&order=asc');
		expect(stateFromQuery(q)).toEqual(s);
		expect(queryFromState(state({}), new URLSearchParams('q=x&vendor=y')).toString()).toBe('');
	});
});
