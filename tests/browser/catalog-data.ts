// A catalog of many pages from the bundled one (which fits on a single page): the real rows first, then copies of every
// drive and review, their ids, models and titles marked " x2", " x3"… The browser tests hand it to the page in place of
// /catalog.json.
import type { BrowserContext } from 'playwright-core';
import type { CatalogData, CatalogDevice, CatalogEntry, CatalogReview } from '../../src/lib/site/catalog-view.ts';

export function manyCopies(data: CatalogData, copies: number): CatalogData {
	const devices = [...data.devices];
	const reviews = [...data.reviews];
	const entries = [...data.entries];
	for (let k = 2; k <= copies; k++) {
		const [d0, r0] = [devices.length, reviews.length];
		devices.push(...data.devices.map(([id, label, vendor, model, ...rest]): CatalogDevice => [`${id}-x${k}`, `${label} x${k}`, vendor, `${model} x${k}`, ...rest]));
		reviews.push(...data.reviews.map(([id, title, titleEn, ...rest]): CatalogReview => [`${id}-x${k}`, `${title} x${k}`, titleEn && `${titleEn} x${k}`, ...rest]));
		entries.push(...data.entries.map(([d, r, ...rest]): CatalogEntry => [d + d0, r < 0 ? r : r + r0, ...rest]));
	}
	return { version: `${data.version}-x${copies}`, devices, reviews, entries };
}

/** Serves `data` as /catalog.json to every page of the context. */
export async function serveCatalog(context: BrowserContext, data: CatalogData): Promise<void> {
	await context.route('**/catalog.json', (route) => route.fulfill({ json: data }));
}
