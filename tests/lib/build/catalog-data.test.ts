import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
	bestOrder,
	catalogView,
	indexCatalog,
	matchText,
	sortedBy,
	isFiltered,
	locationFor,
	pageFromPath,
	queryFromState,
	stateFromQuery,
	visibleOrder,
	type CatalogState,
} from '../../../src/lib/site/catalog-state.ts';
import { catalogData, catalogText, facetText, facetsOf } from '../../../src/lib/build/catalog-data.ts';
import { t } from '../../../src/i18n/strings.ts';
import { PAGE_SIZE, defaultEntries, domOf, htmlOf, pageCount, pageItems, pagerEls, rowEl } from '../../../src/lib/site/catalog-view.ts';
import type { CatalogRow } from '../../../src/lib/queries/catalog-rows.ts';
import { CATALOG_SLOTS } from '../../../src/lib/compare/slots.ts';
import type { SlotRun } from '../../../src/lib/site/slot-cells.ts';
import { slotTitleLine } from '../../../src/lib/site/slot-words.ts';
import { MIB } from '../../../src/lib/units.ts';

function row(over: Partial<CatalogRow>): CatalogRow {
	return {
		device_id: 'acme-a1',
		vendor: 'samsung',
		model: 'A1',
		device_class: 'ssd',
		capacity_bytes: 480e9,
		interface: 'sata-6g',
		interface_lanes: null,
		form_factor: '2-5-inch',
		review_id: 'rev-one',
		title: 'Review one',
		title_en: null,
		publisher: 'Lab',
		year: 2013,
		language: 'en',
		tools: 'fio',
		origins: 'measured',
		run_count: 1,
		...over,
	};
}

/** A 4 KiB random read of acme-a1 in rev-one at QD32, one job, one drive. */
function slotRun(over: Partial<SlotRun>): SlotRun {
	return {
		review_id: 'rev-one',
		device_id: 'acme-a1',
		access: 'random',
		direction: 'read',
		rw: 'randread',
		read_pct: 100,
		random_pct: 100,
		block_size_bytes: 4096,
		iodepth: 32,
		numjobs: 1,
		rate_limit_iops: null,
		device_count: null,
		value_origin: 'measured',
		condition: null,
		iops: null,
		bw_bytes_per_s: null,
		lat_mean_ns: null,
		clat_mean_ns: null,
		...over,
	};
}

const rows = [
	row({}),
	// A review whose title names another vendor than its drive's.
	row({ device_id: 'beta-b2', vendor: 'ymtc', model: 'B2', interface: 'pcie-4-nvme', interface_lanes: 4, review_id: 'rev-two', title: 'Samsung against YMTC', tools: 'iometer', capacity_bytes: 3.84e12 }),
	row({
		device_id: 'beta-b3',
		vendor: 'ymtc',
		model: 'B3',
		interface: 'pcie-4-nvme',
		review_id: 'rev-three',
		title: '固态硬盘评测',
		title_en: 'SSD review',
		year: 2024,
		origins: 'measured, published',
	}),
	row({ device_id: 'acme-a4', model: 'A4', review_id: 'rev-one' }),
	row({ device_id: 'acme-a5', model: 'A5', review_id: null, title: null, publisher: null, year: null, tools: null, origins: null, capacity_bytes: null }),
	row({ device_id: 'virt-v1', vendor: null, model: 'virtio disk', device_class: 'virtual_disk', interface: 'virtio-blk', capacity_bytes: null }),
];
const runs = [
	slotRun({ iops: 1000 }),
	slotRun({ iodepth: 1, iops: 50, lat_mean_ns: 90_000 }),
	slotRun({ device_id: 'beta-b2', review_id: 'rev-two', iodepth: 1, lat_mean_ns: 20_000 }),
	// A total the host limited: left out of the column, not divided.
	slotRun({ device_id: 'beta-b2', review_id: 'rev-two', device_count: 4, iops: 400_000, condition: 'CPU-saturated' }),
	// Two drives at 16 threads × QD32: 10,000 IOPS in total, 5,000 per drive.
	slotRun({ device_id: 'beta-b3', review_id: 'rev-three', device_count: 2, numjobs: 16, iops: 10_000, value_origin: 'published' }),
	// Below the column's load, and a 1 MiB sequential read: in no column.
	slotRun({ device_id: 'beta-b3', review_id: 'rev-three', iodepth: 4, iops: 99_999 }),
	slotRun({ device_id: 'beta-b3', review_id: 'rev-three', access: 'sequential', rw: 'read', random_pct: 0, block_size_bytes: MIB, bw_bytes_per_s: 3e9 }),
	slotRun({ device_id: 'acme-a4', iops: 1000 }),
	slotRun({ device_id: 'virt-v1', iops: 1_000_000 }),
];
const data = catalogData(rows, runs);
const index = indexCatalog(data);
const state = (s: Partial<CatalogState>): CatalogState => ({ q: '', filters: {}, sort: '', order: 'desc', page: 1, ...s });

describe('catalog data', () => {
	it('writes each drive and review once and points the rows at them', () => {
		expect(data.devices.map((d) => d[0])).toEqual(['acme-a1', 'beta-b2', 'beta-b3', 'acme-a4', 'acme-a5', 'virt-v1']);
		// Vendor, interface and form factor as the vocabulary's ids; the label names the vendor in words.
		expect(data.devices[0]).toEqual(['acme-a1', 'Samsung A1', 'samsung', 'A1', '480 GB', 'sata-6g', '2-5-inch', 'ssd', null]);
		expect(data.devices[1]).toEqual(['beta-b2', 'YMTC B2', 'ymtc', 'B2', '3.84 TB', 'pcie-4-nvme', '2-5-inch', 'ssd', 4]);
		expect(data.reviews.map((r) => r[0])).toEqual(['rev-one', 'rev-two', 'rev-three']);
		expect(data.reviews[2]).toEqual(['rev-three', '固态硬盘评测', 'SSD review', 'Lab', 2024]);
		expect(data.entries.map(([d, r]) => [d, r])).toEqual([
			[0, 0],
			[1, 1],
			[2, 2],
			[3, 0],
			[4, -1],
			[5, 0],
		]);
	});

	it('fills each column with the best result that fits it, per drive, with its load and total', () => {
		expect(data.entries[0]![4]).toEqual([[1000, 1, 32, 0, 1000], null, null, null, [90_000, 1, 1, 0, 90_000]]);
		// 10,000 IOPS of two drives loaded at once: 5,000 per drive; the QD4 99,999 and the 1 MiB read fit no column.
		expect(data.entries[2]![4]).toEqual([[5000, 16, 32, 2, 10_000], null, null, null, null]);
		// The host-bound total is left out.
		expect(data.entries[1]![4]).toEqual([null, null, null, null, [20_000, 1, 1, 0, 20_000]]);
		expect(data.entries[4]![4]).toEqual([null, null, null, null, null]);
	});

	it('names each column by its slot, and sorts latency best (lowest) first', () => {
		expect(CATALOG_SLOTS.map((s) => slotTitleLine(s, 'en'))).toEqual([
			'4K random read, per drive, QD ≥ 32 (IOPS)',
			'4K random write, per drive, QD ≥ 32 (IOPS)',
			'128K sequential read, per drive (MB/s)',
			'128K sequential write, per drive (MB/s)',
			'4K random read mean latency, QD 1 (µs)',
		]);
		expect(slotTitleLine(CATALOG_SLOTS[0], 'zh-Hans')).toBe('4K 随机读，每盘，QD ≥ 32 (IOPS)');
		expect(CATALOG_SLOTS.map((s) => bestOrder(s.key))).toEqual(['desc', 'desc', 'desc', 'desc', 'asc']);
	});

	it('has a version that follows the rows', () => {
		expect(catalogData(rows, runs).version).toBe(data.version);
		expect(catalogData(rows.slice(1), runs).version).not.toBe(data.version);
		expect(catalogData(rows, runs.slice(1)).version).not.toBe(data.version);
	});

	it('offers the vocabulary values that occur in the list order, capacities by size and years newest first', () => {
		const facets = Object.fromEntries(facetsOf(rows).map((f) => [f.key, f.values]));
		expect(facets).toEqual({
			interface: ['pcie-4-nvme', 'sata-6g', 'virtio-blk'],
			form_factor: ['2-5-inch'],
			capacity: ['480 GB', '3.84 TB'],
			vendor: ['samsung', 'ymtc'],
			year: ['2024', '2013'],
			tool: ['fio', 'iometer'],
		});
		// Their words in each language: the Chinese one where it differs.
		expect(facetText('vendor', 'ymtc', 'en')).toBe('YMTC');
		expect(facetText('vendor', 'ymtc', 'zh-Hans')).toBe('长江存储');
		expect(facetText('interface', 'pcie-4-nvme', 'zh-Hans')).toBe('PCIe 4.0 NVMe');
		expect(facetText('form_factor', '2-5-inch', 'zh-Hans')).toBe('2.5 英寸');
		expect(facetText('tool', 'iometer', 'en')).toBe('Iometer');
		expect(facetText('capacity', '480 GB', 'zh-Hans')).toBe('480 GB');
	});

	it('files one interface under one value whether its lanes are stated or not', () => {
		// beta-b2 states x4, beta-b3 does not: the filter finds both, the rows say what each states.
		expect(visibleOrder(index, state({ filters: { interface: 'pcie-4-nvme' } }))).toEqual([1, 2]);
		const facts = (i: number) => parseHTML(`<table><tbody>${htmlOf(rowEl(data, i, catalogText('en')))}</tbody></table>`).document.querySelector('[data-device-class]')!.textContent;
		expect(facts(1)).toBe('SSD · 3.84 TB · PCIe 4.0 x4 NVMe · 2.5-inch');
		expect(facts(2)).toBe('SSD · 480 GB · PCIe 4.0 NVMe · 2.5-inch');
	});
});

describe('catalog filters and sort', () => {
	it('keeps the server order without a sort, physical drives only', () => {
		expect(visibleOrder(index, state({}))).toEqual([0, 1, 2, 3, 4]);
		expect(defaultEntries(data)).toEqual([0, 1, 2, 3, 4]);
	});

	it('shows the other device classes through the class filter', () => {
		expect(visibleOrder(index, state({ filters: { class: 'virtual_disk' } }))).toEqual([5]);
		expect(visibleOrder(index, state({ filters: { class: 'all' } }))).toEqual([0, 1, 2, 3, 4, 5]);
		expect(visibleOrder(index, state({ filters: { class: 'ssd' } }))).toEqual([0, 1, 2, 3, 4]);
		expect(visibleOrder(index, state({ q: 'virtio' }))).toEqual([]);
		expect(isFiltered(state({ filters: { class: 'all' } }))).toBe(true);
	});

	it('filters by facets, tools and every word of the search', () => {
		expect(visibleOrder(index, state({ filters: { vendor: 'ymtc' } }))).toEqual([1, 2]);
		expect(visibleOrder(index, state({ filters: { interface: 'pcie-4-nvme', year: '2024' } }))).toEqual([2]);
		expect(visibleOrder(index, state({ filters: { capacity: '3.84 TB' } }))).toEqual([1]);
		expect(visibleOrder(index, state({ filters: { tool: 'iometer' } }))).toEqual([1]);
		expect(visibleOrder(index, state({ q: 'ACME review' }))).toEqual([0, 3]);
		expect(visibleOrder(index, state({ q: 'a5' }))).toEqual([4]);
		expect(visibleOrder(index, state({ q: '固态' }))).toEqual([2]);
		// The device class is searched too: every Beta drive is an SSD.
		expect(visibleOrder(index, state({ q: 'ssd beta' }))).toEqual([1, 2]);
		expect(visibleOrder(index, state({ q: 'review beta' }))).toEqual([2]);
		expect(visibleOrder(index, state({ q: 'nothing like this' }))).toEqual([]);
	});

	it('matches drives first, rows found only by their review after, and says what matched', () => {
		const ctx = {
			text: catalogText('en'),
			matchDrives: { one: t('en', 'catalogMatchDrives_one'), other: t('en', 'catalogMatchDrives_other') },
			matchReviews: { one: t('en', 'catalogMatchReviews_one'), other: t('en', 'catalogMatchReviews_other') },
			matchNone: t('en', 'catalogMatchNone'),
		};
		// The issue's case: "samsung" finds the Samsung drives by vendor, and a YMTC drive only by its review's title.
		const samsung = catalogView(index, state({ q: 'samsung' }));
		expect(samsung).toEqual({ order: [0, 3, 4, 1], byDrive: 3 });
		expect(matchText(index, samsung, 'samsung', ctx)).toBe('3 drives match “samsung” by name, vendor or model; then 1 review by its title or publisher');
		// Sorted by a column, each group is sorted on its own: the drives still come first.
		expect(catalogView(index, state({ q: 'samsung', sort: 'rand_read_4k_iops' })).order).toEqual([0, 3, 4, 1]);
		// A vendor's name in either language, and an interface's words, find the same drives.
		expect(visibleOrder(index, state({ q: '三星' }))).toEqual([0, 3, 4]);
		expect(visibleOrder(index, state({ q: '长江存储' }))).toEqual([1, 2]);
		expect(visibleOrder(index, state({ q: 'pcie 4.0' }))).toEqual([1, 2]);
		const b2 = catalogView(index, state({ q: 'b2' }));
		expect(matchText(index, b2, 'b2', ctx)).toBe('1 drive matches “b2” by name, vendor or model');
		expect(matchText(index, catalogView(index, state({ q: 'zzz' })), 'zzz', ctx)).toBe('No drive and no review matches “zzz”');
		expect(matchText(index, catalogView(index, state({})), '', ctx)).toBe('');
		const zh = { ...ctx, text: catalogText('zh-Hans'), matchDrives: { one: t('zh-Hans', 'catalogMatchDrives_one'), other: t('zh-Hans', 'catalogMatchDrives_other') }, matchReviews: { one: t('zh-Hans', 'catalogMatchReviews_one'), other: t('zh-Hans', 'catalogMatchReviews_other') } };
		expect(matchText(index, samsung, 'samsung', zh)).toBe('3 块硬盘的名称、厂商或型号与“samsung”匹配；其后 1 篇评测的标题或媒体匹配');
		// A row found by its review says so.
		const row1 = parseHTML(`<table><tbody>${htmlOf(rowEl(data, 1, catalogText('en'), true))}</tbody></table>`).document;
		expect(row1.querySelector('tr')!.getAttribute('data-match')).toBe('review');
		expect(row1.querySelector('[data-matched-by="review"]')!.textContent).toBe('Found by the review');
	});

	it('sorts by a column, missing values last in both orders, ties in server order', () => {
		expect(visibleOrder(index, state({ sort: 'rand_read_4k_iops' }))).toEqual([2, 0, 3, 1, 4]);
		expect(visibleOrder(index, state({ sort: 'rand_read_4k_iops', order: 'asc' }))).toEqual([0, 3, 2, 1, 4]);
		expect(visibleOrder(index, state({ sort: 'rand_read_4k_iops', filters: { class: 'all' } }))).toEqual([5, 2, 0, 3, 1, 4]);
		// A latency column read from the URL without an order: lowest first.
		const latency = stateFromQuery(new URLSearchParams('sort=qd1_rand_read_lat_ns'));
		expect(latency.order).toBe('asc');
		expect(visibleOrder(index, latency)).toEqual([1, 0, 2, 3, 4]);
	});

	it('sorts by a header best first, and flips on a second click', () => {
		const first = sortedBy(state({ page: 3 }), 'qd1_rand_read_lat_ns');
		expect([first.sort, first.order, first.page]).toEqual(['qd1_rand_read_lat_ns', 'asc', 1]);
		expect(sortedBy(first, 'qd1_rand_read_lat_ns').order).toBe('desc');
		expect(sortedBy(first, 'rand_read_4k_iops').order).toBe('desc');
		expect(queryFromState(first, new URLSearchParams()).toString()).toBe('sort=qd1_rand_read_lat_ns');
		expect(queryFromState(sortedBy(first, 'qd1_rand_read_lat_ns'), new URLSearchParams()).toString()).toBe('sort=qd1_rand_read_lat_ns&order=desc');
	});

	it('searches every row, not only the first page', () => {
		const many = catalogData(
			Array.from({ length: 3 * PAGE_SIZE }, (_, i) => row({ device_id: `d-${i}`, model: `M${i}` })),
			[],
		);
		expect(pageCount(many.entries.length)).toBe(3);
		expect(visibleOrder(indexCatalog(many), state({ q: 'm149' }))).toEqual([149]);
	});
});

describe('catalog state in the URL', () => {
	it('keeps search, filters, sort and page in the query', () => {
		const s = state({ q: 'beta', filters: { vendor: 'ymtc', year: '2024' }, sort: 'rand_read_4k_iops', order: 'asc', page: 3 });
		const q = queryFromState(s, new URLSearchParams('lang=zh-Hans'));
		expect(q.toString()).toBe('lang=zh-Hans&q=beta&vendor=ymtc&year=2024&sort=rand_read_4k_iops&order=asc&page=3');
		expect(stateFromQuery(q)).toEqual(s);
		expect(queryFromState(state({}), new URLSearchParams('q=x&vendor=y&page=2')).toString()).toBe('');
	});

	it('reads the page from ?page=, else from the path', () => {
		expect(pageFromPath('/page/7/')).toBe(7);
		expect(pageFromPath('/zh-Hans/page/12/')).toBe(12);
		expect(pageFromPath('/zh-Hans/')).toBe(1);
		expect(stateFromQuery(new URLSearchParams(''), 7).page).toBe(7);
		expect(stateFromQuery(new URLSearchParams('page=2'), 7).page).toBe(2);
		for (const bad of ['0', '-1', '2.5', 'x']) expect(stateFromQuery(new URLSearchParams(`page=${bad}`), 4).page).toBe(4);
	});

	it('points at a pre-rendered page while nothing is filtered, else at the first page with a query', () => {
		const base = new URLSearchParams('utm=a&q=old');
		expect(locationFor(state({}), '/', base)).toBe('/?utm=a');
		expect(locationFor(state({ page: 3 }), '/zh-Hans/', new URLSearchParams())).toBe('/zh-Hans/page/3/');
		expect(locationFor(state({ page: 3, order: 'asc' }), '/', new URLSearchParams('page=9'))).toBe('/page/3/');
		expect(locationFor(state({ q: 'intel', page: 2 }), '/zh-Hans/', new URLSearchParams())).toBe('/zh-Hans/?q=intel&page=2');
		expect(locationFor(state({ filters: { interface: 'SATA' } }), '/', new URLSearchParams())).toBe('/?interface=SATA');
		expect(isFiltered(state({ sort: 'rand_read_4k_iops' }))).toBe(true);
		expect(isFiltered(state({ page: 5 }))).toBe(false);
	});
});

describe('catalog pages', () => {
	it('links the first, the last and two pages either side of the current one', () => {
		expect(pageItems(1, 1)).toEqual([1]);
		expect(pageItems(1, 3)).toEqual([1, 2, 3]);
		expect(pageItems(1, 20)).toEqual([1, 2, 3, null, 20]);
		expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20]);
		expect(pageItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
		expect(pageItems(20, 20)).toEqual([1, null, 18, 19, 20]);
	});

	it('writes a pagination nav of labelled links, the current page marked', () => {
		const { document } = parseHTML(`<nav>${pagerEls(2, 120, (p) => `/page/${p}/`, catalogText('en')).map(htmlOf).join('')}</nav>`);
		expect(document.querySelector('[data-catalog-range]')!.textContent).toBe('Entries 51–100 of 120');
		const links = [...document.querySelectorAll('a[data-page]')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')]);
		expect(links).toEqual([
			['←Previous', '/page/1/', null],
			['1', '/page/1/', 'Page 1'],
			['2', '/page/2/', 'Page 2'],
			['3', '/page/3/', 'Page 3'],
			['Next→', '/page/3/', null],
		]);
		expect(document.querySelector('a[aria-current="page"]')!.textContent).toBe('2');
		expect(document.querySelector('a[rel="prev"]')!.getAttribute('data-page')).toBe('1');
		const zh = parseHTML(`<nav>${pagerEls(3, 120, (p) => `/zh-Hans/page/${p}/`, catalogText('zh-Hans')).map(htmlOf).join('')}</nav>`).document;
		// The last page: no next link, a disabled one in its place.
		expect(zh.querySelector('a[rel="next"]')).toBeNull();
		expect(zh.querySelector('[aria-disabled="true"]')!.textContent).toContain('下一页');
		expect(zh.querySelector('a[aria-current="page"]')!.getAttribute('aria-label')).toBe('第 3 页');
	});
});

/** Tag, attributes in name order, then the children, text unsplit (the HTML parser may order and split otherwise). */
function canonical(node: Node): string {
	if (node.nodeType !== 1) return node.textContent!.replace(/[<>\\]/g, (c) => `\\${c}`);
	const e = node as Element;
	const attrs = e.getAttributeNames().sort().map((a) => `${a}=${JSON.stringify(e.getAttribute(a))}`);
	return `<${e.tagName} ${attrs.join(' ')}>${[...e.childNodes].map(canonical).join('')}</>`;
}

describe('catalog rows', () => {
	const payload = '</td><script>window.__xss=1</script>"><img src=x onerror=alert(1)>&amp;';
	const hostile = catalogData([row({ model: payload, title: payload, publisher: `"${payload}`, tools: 'fio; <b>x</b>', origins: 'measured, <i>odd</i>' })], runs);

	it('are the same element built as DOM nodes or written as HTML', () => {
		for (const lang of ['en', 'zh-Hans'] as const) {
			for (const d of [data, hostile]) {
				for (let i = 0; i < d.entries.length; i++) {
					const tree = rowEl(d, i, catalogText(lang));
					const { document } = parseHTML('<!doctype html><html><body><table><tbody></tbody></table></body></html>');
					const built = domOf(tree, document as unknown as Document) as Element;
					const tbody = document.querySelector('tbody')!;
					tbody.innerHTML = htmlOf(tree);
					expect(canonical(tbody.firstElementChild!)).toBe(canonical(built));
				}
			}
		}
	});

	it('hold metadata as text, never as markup', () => {
		const html = htmlOf(rowEl(hostile, 0, catalogText('en')));
		const { document } = parseHTML(`<table><tbody>${html}</tbody></table>`);
		expect(document.querySelectorAll('script, img, b, i')).toHaveLength(0);
		expect(document.querySelectorAll('tr')).toHaveLength(1);
		expect(document.querySelector('a.font-medium')!.textContent).toBe(`Samsung ${payload}`);
		expect(document.querySelector('td.min-w-44 a')!.textContent).toBe(payload);
		expect(document.querySelector('.badge-neutral')!.textContent).toBe('<i>odd</i>');
	});

	it('show the title of the page language, figures in display units, and a row for a drive with no review', () => {
		const text = (lang: 'en' | 'zh-Hans', i: number) => parseHTML(`<table><tbody>${htmlOf(rowEl(data, i, catalogText(lang)))}</tbody></table>`).document;
		expect(text('en', 2).querySelector('td.min-w-44 a')!.textContent).toBe('SSD review');
		expect(text('en', 2).querySelector('td.min-w-44 a')!.getAttribute('href')).toBe('/reviews/rev-three/');
		expect(text('zh-Hans', 2).querySelector('td.min-w-44 a')!.textContent).toBe('固态硬盘评测');
		expect(text('zh-Hans', 2).querySelector('td.min-w-44 a')!.getAttribute('href')).toBe('/zh-Hans/reviews/rev-three/');
		const figures = [...text('en', 0).querySelectorAll('td.num')].map((td) => td.textContent);
		expect(figures).toEqual(['2013', '1,000QD 32', '—', '—', '—', '90QD 1']);
		// A divided figure shows its load and the total it came from.
		const divided = text('en', 2).querySelector('td.num[data-label^="4K random read, per drive"]')!;
		expect(divided.querySelector('[data-cell-load]')!.textContent).toBe('16 × QD 32');
		expect(divided.querySelector('[data-cell-total]')!.textContent).toBe('2 drives: 10K total');
		expect(text('zh-Hans', 2).querySelector('[data-cell-total]')!.textContent).toBe('2 块盘合计 1万');
		// The device class in words, never "drive" for a virtual disk.
		expect(text('en', 0).querySelector('[data-device-class]')!.textContent).toMatch(/^SSD · 480 GB/);
		expect(text('en', 5).querySelector('[data-device-class]')!.textContent).toBe('Virtual disk · virtio-blk (paravirtual) · 2.5-inch');
		expect(text('zh-Hans', 5).querySelector('[data-device-class]')!.textContent).toMatch(/^虚拟磁盘/);
		const lone = text('en', 4);
		expect(lone.querySelector('tr')!.getAttribute('data-review')).toBe('');
		expect(lone.querySelector('td.min-w-44')!.textContent).toMatch(/No results of its own/);
		expect(lone.querySelector('td[data-label="Year"]')!.hasAttribute('data-empty')).toBe(true);
	});
});
