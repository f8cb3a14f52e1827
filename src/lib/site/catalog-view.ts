// The catalog's rows and page links, defined once as small element trees (src/lib/element.ts): written as HTML into
// the static pages at build time and built as DOM nodes in the browser, so a page looks the same with JavaScript or
// without. Browser-safe: no Node imports.
import { CATALOG_SLOTS } from '../compare/slots.ts';
import { PHYSICAL_DRIVE_CLASSES, type DeviceClass } from '../schema.ts';
import { formatValue, headlineDisplay, slotLoadText, slotTotalText, type LoadWords } from './format.ts';
import type { Lang } from '../../i18n/strings.ts';
import { el, type El } from '../element.ts';
import { fill } from '../charts/format.ts';
import { interfaceText, termText, toolName } from '../vocabulary.ts';

export { domOf, el, htmlOf, type El } from '../element.ts';
export { fill };

/** The id of the catalog's form that sends the ticked drives to the comparison page. */
export const COMPARE_FORM = 'compare-form';

/** Rows per page, in the static pages and in the browser. */
export const PAGE_SIZE = 50;

/**
 * A drive: id, display label, vendor id, model, capacity ("480 GB"), interface id, form factor id ('' when unknown),
 * device class and PCIe lanes (null when not stated). The ids are the vocabulary's (src/lib/vocabulary.ts).
 */
export type CatalogDevice = [
	id: string,
	label: string,
	vendor: string,
	model: string,
	capacity: string,
	iface: string,
	formFactor: string,
	deviceClass: string,
	lanes: number | null,
];
/** A review: id, original title, English title ('' when none), publisher ('' when none), year. */
export type CatalogReview = [id: string, title: string, titleEn: string, publisher: string, year: number | null];
/**
 * A column's figure: per drive in the column's base unit, the load behind it (jobs, queue depth per job; null when not
 * stated), the drives its total was divided by (0: not divided) and that total.
 */
export type CatalogCell = [value: number, jobs: number | null, iodepth: number | null, drives: number, total: number];
/**
 * A catalog row: indices into devices and reviews (-1: no review), tool ids ("; "-joined), origins (", "-joined) and a
 * cell per column of CATALOG_SLOTS (null: no result fits the column).
 */
export type CatalogEntry = [device: number, review: number, tools: string, origins: string, cells: (CatalogCell | null)[]];

/** Every row of the catalog in server order (the order of the static pages), shipped once as /catalog.json. */
export interface CatalogData {
	/** Changes whenever the rows do: a page whose rows came from other data redraws them. */
	version: string;
	devices: CatalogDevice[];
	reviews: CatalogReview[];
	entries: CatalogEntry[];
}

/** The words a page's rows and page links are written with, in its language. */
export interface CatalogText {
	lang: Lang;
	/** Link prefixes of the drive and review pages ("/drives/", "/zh-Hans/reviews/"). */
	drives: string;
	reviews: string;
	year: string;
	/** Per column: its name and unit, labelling the value when the table is shown as cards. */
	figures: string[];
	notMeasured: string;
	notMeasuredLabel: string;
	/** A device class in words, per class. */
	classes: Record<string, string>;
	/** A cell's load and divided total. */
	load: LoadWords;
	/** "{n} drives: {total} total". */
	dividedTotal: string;
	/** "Add {drive} to the comparison": the label of a row's tick box. */
	tick: string;
	/** The note of a row a search found by its review, not its drive. */
	matchedByReview: string;
	noReview: string;
	origins: Record<string, string>;
	previous: string;
	next: string;
	/** "Page {n}". */
	page: string;
	/** "Page {page} of {pages}". */
	pageOf: string;
	/** "Entries {from}–{to} of {n}". */
	range: string;
}

/** The title a reader of the page's language sees: the English one on English pages when there is one. */
export const titleOf = (review: CatalogReview, lang: Lang): string => (lang === 'en' && review[2]) || review[1];

function badge(origin: string, text: CatalogText): El {
	const label = text.origins[origin];
	return label ? el('span', { class: `badge badge-${origin}` }, label) : el('span', { class: 'badge badge-neutral' }, origin);
}

function figureCell(cell: CatalogCell | null, k: number, text: CatalogText): El {
	if (cell === null) return el('td', { class: 'num prose-muted', title: text.notMeasuredLabel, 'data-empty': '' }, text.notMeasured);
	const [value, jobs, iodepth, drives, total] = cell;
	const unit = CATALOG_SLOTS[k]!.unit;
	const conditions = [
		el('span', { class: 'prose-muted block text-xs', 'data-cell-load': '' }, slotLoadText(jobs, iodepth, text.load, text.lang)),
		drives > 1 ? el('span', { class: 'prose-muted block text-xs', 'data-cell-total': '' }, fill(text.dividedTotal, { n: drives, total: slotTotalText(unit, total, text.lang) })) : '',
	];
	// One box for the figure and its conditions: on a phone the cell is a row of label and value.
	return el('td', { class: 'num', 'data-label': text.figures[k] }, el('span', { class: 'inline-block text-right' }, formatValue(headlineDisplay(unit, value).value, text.lang), ...conditions));
}

/** Whether a device is a physical drive (the catalog's default view). */
export const isPhysicalDrive = (device: CatalogDevice): boolean => PHYSICAL_DRIVE_CLASSES.has(device[7] as DeviceClass);

/** The entries of the default view, in server order: physical drives (what the pre-rendered pages list). */
export const defaultEntries = (data: CatalogData): number[] => data.entries.flatMap(([d], i) => (isPhysicalDrive(data.devices[d]!) ? [i] : []));

/** A drive's facts in words: class, capacity, interface (with its lanes) and form factor. */
export function deviceFacts(device: CatalogDevice, text: CatalogText): string {
	const [, , , , capacity, iface, formFactor, deviceClass, lanes] = device;
	return [
		text.classes[deviceClass] ?? deviceClass,
		capacity,
		iface && interfaceText(iface, lanes, text.lang),
		formFactor && termText('form_factor', formFactor, text.lang),
	]
		.filter(Boolean)
		.join(' · ');
}

/** The table row of entry `index`; `byReview`: a search found it by its review, not its drive. */
export function rowEl(data: CatalogData, index: number, text: CatalogText, byReview = false): El {
	const [d, r, tools, origins, cells] = data.entries[index]!;
	const [deviceId, label, , , , , , deviceClass] = data.devices[d]!;
	const review = r < 0 ? undefined : data.reviews[r];
	const year = review?.[4] ?? null;
	const reviewCell = review
		? [
				el('a', { href: `${text.reviews}${review[0]}/` }, titleOf(review, text.lang)),
				el('span', { class: 'prose-muted block text-xs' }, [review[3], tools && tools.split('; ').map(toolName).join(', ')].filter(Boolean).join(' · ')),
				el('span', { class: 'mt-1 block' }, el('span', { class: 'inline-flex flex-wrap gap-1' }, ...(origins ? origins.split(', ') : []).map((o) => badge(o, text)))),
			]
		: [el('span', { class: 'prose-muted' }, text.noReview)];
	if (byReview) reviewCell.push(el('span', { class: 'mt-1 block' }, el('span', { class: 'badge badge-neutral', 'data-matched-by': 'review' }, text.matchedByReview)));
	return el(
		'tr',
		{ 'data-entry': index, 'data-device': deviceId, 'data-review': review?.[0] ?? '', 'data-match': byReview ? 'review' : undefined },
		el(
			'td',
			{ class: 'min-w-40' },
			// Sent by the comparison form above the table (a plain GET form: ticking works without JavaScript).
			el('input', { type: 'checkbox', name: 'devices', value: deviceId, form: COMPARE_FORM, class: 'mr-2 align-middle', 'aria-label': fill(text.tick, { drive: label }), 'data-compare-tick': '' }),
			el('a', { href: `${text.drives}${deviceId}/`, class: 'font-medium' }, label),
			el('span', { class: 'prose-muted block text-xs', 'data-device-class': deviceClass }, deviceFacts(data.devices[d]!, text)),
		),
		el('td', { class: 'min-w-44' }, ...reviewCell),
		el('td', { class: 'num', 'data-label': text.year, 'data-empty': year === null ? '' : undefined }, year === null ? '' : String(year)),
		...cells.map((cell, k) => figureCell(cell, k, text)),
	);
}

export const pageCount = (rows: number): number => Math.max(1, Math.ceil(rows / PAGE_SIZE));

/** The page numbers to link from `page`: the first, the last and two either side; null marks a gap. */
export function pageItems(page: number, pages: number): (number | null)[] {
	const wanted = [1, page - 2, page - 1, page, page + 1, page + 2, pages].filter((p) => p >= 1 && p <= pages);
	const out: (number | null)[] = [];
	let last = 0;
	for (const p of [...new Set(wanted)].sort((a, b) => a - b)) {
		// A gap of one page shows that page rather than an ellipsis standing for it.
		if (p - last === 2) out.push(last + 1);
		else if (p - last > 2) out.push(null);
		out.push(p);
		last = p;
	}
	return out;
}

/**
 * The inside of the pagination nav for `page` of a list of `rows` rows: the range shown, then previous, numbered and
 * next links (on a phone, previous and next around "Page 3 of 20").
 */
export function pagerEls(page: number, rows: number, hrefFor: (page: number) => string, text: CatalogText): El[] {
	const pages = pageCount(rows);
	// Counts: formatValue prints whole numbers exactly, grouped, with a formatter made once.
	const n = (v: number) => formatValue(v, text.lang);
	const from = rows ? (page - 1) * PAGE_SIZE + 1 : 0;
	const to = Math.min(page * PAGE_SIZE, rows);
	const step = (target: number, rel: 'prev' | 'next', label: string) => {
		const arrow = el('span', { 'aria-hidden': 'true' }, rel === 'prev' ? '←' : '→');
		const children = rel === 'prev' ? [arrow, label] : [label, arrow];
		return target < 1 || target > pages
			? el('span', { class: 'button opacity-50', 'aria-disabled': 'true' }, ...children)
			: el('a', { class: 'button', href: hrefFor(target), rel, 'data-page': target }, ...children);
	};
	const number = (p: number) =>
		el(
			'a',
			{
				class: p === page ? 'button border-accent-500 font-semibold dark:border-accent-400' : 'button',
				href: hrefFor(p),
				'data-page': p,
				'aria-label': fill(text.page, { n: n(p) }),
				'aria-current': p === page ? 'page' : undefined,
			},
			n(p),
		);
	return [
		el('p', { class: 'prose-muted text-sm', 'data-catalog-range': '' }, fill(text.range, { from: n(from), to: n(to), n: n(rows) })),
		el(
			'ul',
			{ class: 'mt-2 flex flex-wrap items-center gap-1.5' },
			el('li', {}, step(page - 1, 'prev', text.previous)),
			...pageItems(page, pages).map((p) =>
				p === null ? el('li', { class: 'prose-muted hidden px-1 sm:block', 'aria-hidden': 'true' }, '…') : el('li', { class: 'hidden sm:block' }, number(p)),
			),
			el('li', { class: 'prose-muted px-1 text-sm sm:hidden' }, fill(text.pageOf, { page: n(page), pages: n(pages) })),
			el('li', {}, step(page + 1, 'next', text.next)),
		),
	];
}
