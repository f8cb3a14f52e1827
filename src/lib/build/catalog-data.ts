// The catalog at build time: the catalog query's rows made into the compact data every catalog page is drawn from
// (a slice of it as static rows, all of it as /catalog.json for search, filters and sort in the browser), the filter
// choices, and the words of the rows in each language.
import { createHash } from 'node:crypto';
import { buildCatalogRunsSql, buildCatalogSql, type CatalogRow } from '../queries/catalog-rows.ts';
import { CATALOG_SLOTS } from '../compare/slots.ts';
import { DEVICE_CLASSES } from '../schema.ts';
import { t, type Lang } from '../../i18n/strings.ts';
import { pathFor } from '../../i18n/routes.ts';
import { capacityText } from '../site/format.ts';
import { deviceLabel } from '../site/labels.ts';
import { FORM_FACTOR_IDS, INTERFACE_IDS, TOOL_IDS, VENDOR_IDS, termText } from '../vocabulary.ts';
import { siteQuery } from './db.ts';
import { bestInSlot, type SlotRun } from '../site/slot-cells.ts';
import { slotTitleLine } from '../site/slot-words.ts';
import { defaultEntries, pageCount, type CatalogCell, type CatalogData, type CatalogDevice, type CatalogReview, type CatalogText } from '../site/catalog-view.ts';

export interface CatalogFacet {
	key: 'interface' | 'form_factor' | 'capacity' | 'vendor' | 'year' | 'tool';
	/** The values some row has: the vocabulary's ids in its order (src/lib/vocabulary.ts); capacities and years as text. */
	values: string[];
}

/** A filter's value in words: the vocabulary's word in the page's language, else the value itself (a capacity, a year). */
export function facetText(key: CatalogFacet['key'], value: string, lang: Lang): string {
	return key === 'interface' || key === 'form_factor' || key === 'vendor' || key === 'tool' ? termText(key, value, lang) : value;
}

export interface Catalog {
	data: CatalogData;
	facets: CatalogFacet[];
}

let cached: Promise<Catalog> | undefined;

/** The catalog of this build: one query, shared by both languages, every page and /catalog.json. */
export function loadCatalog(): Promise<Catalog> {
	cached ??= Promise.all([siteQuery<CatalogRow>(buildCatalogSql()), siteQuery<SlotRun>(buildCatalogRunsSql())]).then(([rows, runs]) => ({
		data: catalogData(rows, runs),
		facets: facetsOf(rows),
	}));
	return cached;
}

/** The cells of a drive × review: per column, the best of its results that fit the column. */
export function catalogCells(runs: readonly SlotRun[]): (CatalogCell | null)[] {
	return CATALOG_SLOTS.map((slot) => {
		const best = bestInSlot(runs, slot);
		return best && [best.value, best.jobs, best.iodepth, best.drives, best.total];
	});
}

/** Rows as compact arrays: each drive and review written once, rows pointing at them, with their cells. */
export function catalogData(rows: readonly CatalogRow[], runs: readonly SlotRun[]): CatalogData {
	const runsOf = new Map<string, SlotRun[]>();
	for (const run of runs) {
		const key = `${run.review_id}\n${run.device_id}`;
		const list = runsOf.get(key);
		if (list) list.push(run);
		else runsOf.set(key, [run]);
	}
	const devices = new Map<string, { index: number; value: CatalogDevice }>();
	const reviews = new Map<string, { index: number; value: CatalogReview }>();
	const entries = rows.map((row) => {
		let device = devices.get(row.device_id);
		if (!device) {
			const capacity = row.capacity_bytes === null ? '' : capacityText(row.capacity_bytes, 'en');
			const value: CatalogDevice = [row.device_id, deviceLabel(row), row.vendor ?? '', row.model ?? '', capacity, row.interface ?? '', row.form_factor ?? '', row.device_class, row.interface_lanes];
			device = { index: devices.size, value };
			devices.set(row.device_id, device);
		}
		let review = row.review_id === null ? undefined : reviews.get(row.review_id);
		if (row.review_id !== null && !review) {
			const value: CatalogReview = [row.review_id, row.title ?? row.review_id, row.title_en ?? '', row.publisher ?? '', row.year];
			review = { index: reviews.size, value };
			reviews.set(row.review_id, review);
		}
		return [
			device.index,
			review?.index ?? -1,
			row.tools ?? '',
			row.origins ?? '',
			catalogCells(row.review_id === null ? [] : (runsOf.get(`${row.review_id}\n${row.device_id}`) ?? [])),
		] satisfies CatalogData['entries'][number];
	});
	const data = { devices: [...devices.values()].map((d) => d.value), reviews: [...reviews.values()].map((r) => r.value), entries };
	const version = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 12);
	return { version, ...data };
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function facetsOf(rows: readonly CatalogRow[]): CatalogFacet[] {
	const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort(byText);
	// The vocabulary's values some row has, in the list's order (an id outside it, from an older dataset, last).
	const inOrder = (list: readonly string[], values: (string | null)[]) => {
		const present = new Set(values.filter((v): v is string => !!v));
		return [...list.filter((v) => present.has(v)), ...[...present].filter((v) => !list.includes(v)).sort(byText)];
	};
	const capacities = [...new Map(rows.filter((r) => r.capacity_bytes !== null).map((r) => [capacityText(r.capacity_bytes!, 'en'), r.capacity_bytes!])).entries()]
		.sort((a, b) => a[1] - b[1])
		.map(([text]) => text);
	return [
		{ key: 'interface', values: inOrder(INTERFACE_IDS, rows.map((r) => r.interface)) },
		{ key: 'form_factor', values: inOrder(FORM_FACTOR_IDS, rows.map((r) => r.form_factor)) },
		{ key: 'capacity', values: capacities },
		{ key: 'vendor', values: inOrder(VENDOR_IDS, rows.map((r) => r.vendor)) },
		{ key: 'year', values: distinct(rows.map((r) => (r.year === null ? null : String(r.year)))).reverse() },
		{ key: 'tool', values: inOrder(TOOL_IDS, rows.flatMap((r) => (r.tools ? r.tools.split('; ') : []))) },
	];
}

export function catalogText(lang: Lang): CatalogText {
	return {
		lang,
		drives: pathFor(lang, '/drives/'),
		reviews: pathFor(lang, '/reviews/'),
		year: t(lang, 'colYear'),
		figures: CATALOG_SLOTS.map((slot) => slotTitleLine(slot, lang)),
		notMeasured: t(lang, 'notMeasured'),
		notMeasuredLabel: t(lang, 'notMeasuredLabel'),
		classes: deviceClassWords(lang),
		load: { jobs: t(lang, 'loadJobs'), qd: t(lang, 'loadQd'), unknown: t(lang, 'loadUnknown') },
		dividedTotal: t(lang, 'dividedTotal'),
		tick: t(lang, 'compareTick'),
		matchedByReview: t(lang, 'catalogMatchedByReview'),
		noReview: t(lang, 'noReview'),
		origins: { measured: t(lang, 'measuredLabel'), derived: t(lang, 'derivedLabel'), published: t(lang, 'publishedLabel') },
		previous: t(lang, 'pagePrevious'),
		next: t(lang, 'pageNext'),
		page: t(lang, 'pageNumber'),
		pageOf: t(lang, 'pageOf'),
		range: t(lang, 'catalogRange'),
	};
}

/** The catalog's own path of a page without its language prefix: "/" for the first, "/page/2/" after it. */
export const catalogPath = (page: number): string => (page > 1 ? `/page/${page}/` : '/');

/** The pre-rendered pages after the first, for getStaticPaths. */
export async function catalogPagePaths(): Promise<{ params: { page: string } }[]> {
	const { data } = await loadCatalog();
	return Array.from({ length: pageCount(defaultEntries(data).length) - 1 }, (_, i) => ({ params: { page: String(i + 2) } }));
}

/** Each device class in words ("Virtual disk"). */
export function deviceClassWords(lang: Lang): Record<string, string> {
	return Object.fromEntries(DEVICE_CLASSES.map((c) => [c, t(lang, `class_${c}`)]));
}
