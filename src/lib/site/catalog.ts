// The catalog at build time: the catalog query's rows made into the compact data every catalog page is drawn from
// (a slice of it as static rows, all of it as /catalog.json for search, filters and sort in the browser), the filter
// choices, and the words of the rows in each language.
import { createHash } from 'node:crypto';
import { HEADLINES, buildCatalogSql, type CatalogRow } from '../queries/catalog.ts';
import { t, type Lang } from '../../i18n/strings.ts';
import { pathFor } from '../../i18n/routes.ts';
import { capacityText, headlineDisplay } from './format.ts';
import { deviceLabel } from './labels.ts';
import { siteQuery } from './db.ts';
import { pageCount, type CatalogData, type CatalogDevice, type CatalogReview, type CatalogText } from './catalog-view.ts';

export interface CatalogFacet {
	key: 'interface' | 'form_factor' | 'capacity' | 'vendor' | 'year' | 'tool';
	values: string[];
}

export interface Catalog {
	data: CatalogData;
	facets: CatalogFacet[];
}

let cached: Promise<Catalog> | undefined;

/** The catalog of this build: one query, shared by both languages, every page and /catalog.json. */
export function loadCatalog(): Promise<Catalog> {
	cached ??= siteQuery<CatalogRow>(buildCatalogSql()).then((rows) => ({ data: catalogData(rows), facets: facetsOf(rows) }));
	return cached;
}

/** Rows as compact arrays: each drive and review written once, rows pointing at them. */
export function catalogData(rows: readonly CatalogRow[]): CatalogData {
	const devices = new Map<string, { index: number; value: CatalogDevice }>();
	const reviews = new Map<string, { index: number; value: CatalogReview }>();
	const entries = rows.map((row) => {
		let device = devices.get(row.device_id);
		if (!device) {
			const capacity = row.capacity_bytes === null ? '' : capacityText(row.capacity_bytes, 'en');
			const value: CatalogDevice = [row.device_id, deviceLabel(row), row.vendor ?? '', row.model ?? '', capacity, row.interface ?? '', row.form_factor ?? ''];
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
			HEADLINES.map((h) => row[h.key]),
			HEADLINES.map((h) => row[`${h.key}_devices`] ?? 0).map((n) => (n > 1 ? n : 0)),
		] satisfies CatalogData['entries'][number];
	});
	const data = { devices: [...devices.values()].map((d) => d.value), reviews: [...reviews.values()].map((r) => r.value), entries };
	const version = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 12);
	return { version, ...data };
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function facetsOf(rows: readonly CatalogRow[]): CatalogFacet[] {
	const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort(byText);
	const capacities = [...new Map(rows.filter((r) => r.capacity_bytes !== null).map((r) => [capacityText(r.capacity_bytes!, 'en'), r.capacity_bytes!])).entries()]
		.sort((a, b) => a[1] - b[1])
		.map(([text]) => text);
	return [
		{ key: 'interface', values: distinct(rows.map((r) => r.interface)) },
		{ key: 'form_factor', values: distinct(rows.map((r) => r.form_factor)) },
		{ key: 'capacity', values: capacities },
		{ key: 'vendor', values: distinct(rows.map((r) => r.vendor)) },
		{ key: 'year', values: distinct(rows.map((r) => (r.year === null ? null : String(r.year)))).reverse() },
		{ key: 'tool', values: distinct(rows.flatMap((r) => (r.tools ? r.tools.split('; ') : []))) },
	];
}

export const headlineUnit = (unit: (typeof HEADLINES)[number]['unit']): string => headlineDisplay(unit, 1).unit;

export function catalogText(lang: Lang): CatalogText {
	return {
		lang,
		drives: pathFor(lang, '/drives/'),
		reviews: pathFor(lang, '/reviews/'),
		year: t(lang, 'colYear'),
		figures: HEADLINES.map((h) => `${t(lang, `headline_${h.key}`)} (${headlineUnit(h.unit)})`),
		notMeasured: t(lang, 'notMeasured'),
		notMeasuredLabel: t(lang, 'notMeasuredLabel'),
		tick: t(lang, 'compareTick'),
		noReview: t(lang, 'noReview'),
		together: t(lang, 'headlineDevices'),
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
	return Array.from({ length: pageCount(data.entries.length) - 1 }, (_, i) => ({ params: { page: String(i + 2) } }));
}

export { HEADLINES };
