// The catalog's entries: the catalog query's rows shaped for the page and for the small inline JSON that the
// browser filters and sorts (the rows themselves are server-rendered; the browser only hides and reorders them).
import { HEADLINES, buildCatalogSql, type CatalogRow, type HeadlineKey } from '../queries/catalog.ts';
import type { Lang } from '../../i18n/strings.ts';
import { capacityText } from './format.ts';
import { siteQuery } from './db.ts';

export interface CatalogEntry {
	row: CatalogRow;
	tools: string[];
	origins: string[];
	capacity: string | null;
	/** Review title in the page's language when there is one, else the original. */
	reviewTitle: string | null;
}

/** What the browser needs per row: filter values, a search text and the sort keys. */
export interface CatalogClientEntry {
	vendor: string;
	interface: string;
	form_factor: string;
	capacity: string;
	year: string;
	tools: string[];
	text: string;
	sort: Record<HeadlineKey, number | null>;
}

export interface CatalogFacet {
	key: 'interface' | 'form_factor' | 'capacity' | 'vendor' | 'year' | 'tool';
	values: string[];
}

export async function loadCatalog(lang: Lang): Promise<CatalogEntry[]> {
	const rows = await siteQuery<CatalogRow>(buildCatalogSql({ lang }));
	return rows.map((row) => ({
		row,
		tools: row.tools ? row.tools.split('; ') : [],
		origins: row.origins ? row.origins.split(', ') : [],
		capacity: row.capacity_bytes === null ? null : capacityText(row.capacity_bytes, 'en'),
		reviewTitle: reviewTitleFor(row, lang),
	}));
}

function reviewTitleFor(row: Pick<CatalogRow, 'title' | 'title_en' | 'language'>, lang: Lang): string | null {
	if (lang === 'en') return row.title_en ?? row.title;
	return row.title;
}

export function clientEntries(entries: readonly CatalogEntry[]): CatalogClientEntry[] {
	return entries.map(({ row, tools, capacity }) => ({
		vendor: row.vendor ?? '',
		interface: row.interface ?? '',
		form_factor: row.form_factor ?? '',
		capacity: capacity ?? '',
		year: row.year === null ? '' : String(row.year),
		tools,
		text: [row.vendor, row.model, row.device_id, row.interface, row.form_factor, row.review_id, row.title, row.title_en, row.publisher, capacity]
			.filter((x): x is string => !!x)
			.join(' ')
			.toLowerCase(),
		sort: Object.fromEntries(HEADLINES.map((h) => [h.key, row[h.key]])) as Record<HeadlineKey, number | null>,
	}));
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export function facetsOf(entries: readonly CatalogEntry[]): CatalogFacet[] {
	const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))].sort(byText);
	const capacities = [...new Map(entries.filter((e) => e.capacity).map((e) => [e.capacity!, e.row.capacity_bytes!])).entries()]
		.sort((a, b) => a[1] - b[1])
		.map(([text]) => text);
	return [
		{ key: 'interface', values: distinct(entries.map((e) => e.row.interface)) },
		{ key: 'form_factor', values: distinct(entries.map((e) => e.row.form_factor)) },
		{ key: 'capacity', values: capacities },
		{ key: 'vendor', values: distinct(entries.map((e) => e.row.vendor)) },
		{ key: 'year', values: distinct(entries.map((e) => (e.row.year === null ? null : String(e.row.year)))).reverse() },
		{ key: 'tool', values: distinct(entries.flatMap((e) => e.tools)) },
	];
}

export { HEADLINES };
