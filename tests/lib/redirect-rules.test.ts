// The one way the site's redirects are followed (npm run serve, and the 404 page's script on hosts without _redirects).
import { describe, expect, it } from 'vitest';
import { pathPattern, redirectFor, redirectedTo, type Redirect } from '../../src/lib/redirect-rules.ts';

const rules: Redirect[] = [
	{ from: '/embed/zh-Hans/:type/:id/charts/:chart/', to: '/data/embeds/:type/:id.html#zh-Hans/:chart', status: 301 },
	{ from: '/embed/:type/:id/charts/:chart/', to: '/data/embeds/:type/:id.html#:chart', status: 301 },
	{ from: '/old/*', to: 'https://data.example.org/:splat', status: 302 },
];

describe('redirect rules', () => {
	it.each([
		['/embed/reviews/x/charts/r-lvi/', '/data/embeds/reviews/x.html#r-lvi', 301],
		['/embed/zh-Hans/reviews/x/charts/r-lvi/', '/data/embeds/reviews/x.html#zh-Hans/r-lvi', 301],
		['/old/a/b.csv', 'https://data.example.org/a/b.csv', 302],
	])('the first rule matching %s sends it to %s', (path, location, status) => {
		expect(redirectFor(rules, path)).toEqual({ location, status });
	});

	it('matches a segment only within one segment, and the whole path only', () => {
		for (const path of ['/embed/reviews/x/y/charts/r-lvi/', '/embed/reviews/x/charts/r-lvi', '/x/embed/reviews/x/charts/r-lvi/']) expect(redirectFor(rules, path), path).toBeNull();
		expect(pathPattern('/a.b/:x').test('/aXb/1')).toBe(false);
	});

	it.each([
		['/d.html#r-lvi', '?theme=dark', '', '/d.html?theme=dark#r-lvi'],
		['/d.html', '?theme=dark', '#zh-Hans/r-lvi', '/d.html?theme=dark#zh-Hans/r-lvi'],
		['/d.html#r-lvi', '', '#other', '/d.html#r-lvi'],
		['/d.html', '', '', '/d.html'],
	])('%s with query "%s" and fragment "%s" → %s', (location, search, hash, to) => {
		expect(redirectedTo(location, search, hash)).toBe(to);
	});
});
