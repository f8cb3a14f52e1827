// The data folder's address (src/lib/data-url.ts): the site's own data/ by default, SITE_DATA_URL when the build is
// given one; the site's policy lets pages and DuckDB's worker fetch from that origin, and from no other.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataBase, dataOrigin, dataUrl } from '../../src/lib/data-url.ts';
import { headersFile, pagePolicy } from '../../src/lib/build/headers.ts';

afterEach(() => vi.unstubAllEnvs());

describe('dataUrl', () => {
	it('is the site’s own data/ without SITE_DATA_URL', () => {
		vi.stubEnv('SITE_DATA_URL', '');
		expect(dataBase()).toBe('/data/');
		expect(dataUrl('runs.parquet')).toBe('/data/runs.parquet');
		expect(dataUrl('/raw/x.log')).toBe('/data/raw/x.log');
		expect(dataOrigin()).toBeNull();
	});

	it('is SITE_DATA_URL’s, with one slash before the file, when the build is given one', () => {
		vi.stubEnv('SITE_DATA_URL', 'https://data.example.org/ssd//');
		expect(dataBase()).toBe('https://data.example.org/ssd/');
		expect(dataUrl('charts/reviews/x/tables/c.csv')).toBe('https://data.example.org/ssd/charts/reviews/x/tables/c.csv');
		expect(dataOrigin()).toBe('https://data.example.org');
	});
});

describe('the site’s policy with data/ elsewhere', () => {
	it('lets pages and the worker fetch from data/’s origin', () => {
		vi.stubEnv('SITE_DATA_URL', 'https://data.example.org/ssd/');
		expect(pagePolicy()).toContain("connect-src 'self' https://data.example.org;");
		const worker = headersFile().split('\n/_astro/*.worker.*\n')[1]!.split('\n')[0]!;
		expect(worker).toMatch(/connect-src 'self' https:\/\/data\.example\.org$/);
	});

	it('fetches from the site alone without it', () => {
		vi.stubEnv('SITE_DATA_URL', '');
		expect(pagePolicy()).toContain("connect-src 'self';");
		expect(headersFile()).not.toContain('example.org');
	});
});
