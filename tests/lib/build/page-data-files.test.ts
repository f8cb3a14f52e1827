// What a built site's data/ holds besides the dataset: a page's files, and what a dataset version leaves out.
import { describe, expect, it } from 'vitest';
import { NOT_VERSIONED, ROUTE_ENTRIES, pageDataFiles } from '../../../src/lib/build/page-data-files.ts';

describe("a page's files under data/", () => {
	it('are its chart tables and preview in its language, and the rows, embed document and oEmbed answer it shares', () => {
		expect(pageDataFiles('zh-Hans/reviews/x/w-4k/')).toEqual({
			folders: ['charts/zh-Hans/reviews/x/w-4k/tables/'],
			files: ['previews/zh-Hans/reviews/x/w-4k/og.png'],
			shared: ['charts/reviews/x/w-4k/rows.json', 'embeds/reviews/x.html', 'embeds/reviews/x.oembed.json'],
		});
	});

	it('are left out of a dataset version, as are the versions, the downloads page and the finder, but not the drive files', () => {
		expect([...NOT_VERSIONED].sort()).toEqual(['charts/', 'embeds/', 'find/families/', 'index.html', 'previews/', 'versions/']);
		expect(ROUTE_ENTRIES).toEqual(['index.html', 'compare', 'find']);
	});
});
