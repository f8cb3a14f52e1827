// The site's redirects as rules of the `_redirects` format (Cloudflare Pages, Netlify, GitLab Pages), and the one way
// they are followed: by `npm run serve` (scripts/serve.ts), and by the 404 page's script where a host reads no
// `_redirects` (GitHub Pages answers a moved address with the site's 404.html; src/lib/browser/not-found-page.ts).

/** A rule: the source path (`:name` one segment, `*` any characters, the splat), the destination, the status. */
export interface Redirect {
	from: string;
	to: string;
	status: number;
}

/** A path pattern of `_headers` and `_redirects`: `*` any characters (the splat), `:name` one segment; named groups. */
export function pathPattern(path: string): RegExp {
	let splat = false;
	const group = (part: string) => {
		if (part !== '*') return `(?<${part.slice(1)}>[^/]+)`;
		// The first * is the splat; a second (_headers allows it) matches without a name.
		const named = !splat;
		splat = true;
		return named ? '(?<splat>.*)' : '.*';
	};
	const source = path
		.split(/(\*|:[A-Za-z]\w*)/)
		.map((part, j) => (j % 2 ? group(part) : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
		.join('');
	return new RegExp(`^${source}$`);
}

const patterns = new Map<string, RegExp>();

/** Where the first rule matching `path` sends it (`:splat` and `:name` filled in), and its status; null when none does. */
export function redirectFor(rules: readonly Redirect[], path: string): { location: string; status: number } | null {
	for (const rule of rules) {
		let pattern = patterns.get(rule.from);
		if (!pattern) patterns.set(rule.from, (pattern = pathPattern(rule.from)));
		const m = pattern.exec(path);
		if (m) return { location: rule.to.replace(/:([A-Za-z]\w*)/g, (all, name: string) => m.groups?.[name] ?? all), status: rule.status };
	}
	return null;
}

/**
 * The address a redirect sends a request to: its query goes along, before the destination's fragment; the request's
 * own fragment (which a browser keeps across a redirect) where the destination has none.
 */
export function redirectedTo(location: string, search: string, hash = ''): string {
	const [to, anchor] = location.split('#') as [string, string | undefined];
	return `${to}${search}${anchor === undefined ? hash : `#${anchor}`}`;
}
