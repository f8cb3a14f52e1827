// Build-only: the site's redirects (src/lib/redirect-rules.ts), written into the build as `_redirects` (the file
// Cloudflare Pages, Netlify and GitLab Pages read; `npm run serve` applies it too, see scripts/serve.ts) and into the 404
// pages, whose script follows them where a host reads no `_redirects` (GitHub Pages). One line a rule: source,
// destination, status.
import type { Redirect } from '../redirect-rules.ts';
import { embedRedirects } from './embed.ts';

/** The rules, in blocks that say why. */
function redirectBlocks(): { why: string; rules: Redirect[] }[] {
	return [
		{
			why: "A chart's embed was a page of its own (one per language): it is now its place in its page group's embed document.",
			rules: embedRedirects().map((rule) => ({ ...rule, status: 301 })),
		},
	];
}

/** Every rule, first match wins. */
export function siteRedirects(): Redirect[] {
	return redirectBlocks().flatMap((block) => block.rules);
}

export function redirectsFile(): string {
	const head = '# Redirects for static hosts (Cloudflare Pages, Netlify, GitLab Pages) and `npm run serve`; written by the build (src/lib/build/redirects.ts).\n';
	return head + redirectBlocks().map(({ why, rules }) => `\n# ${why}\n${rules.map(({ from, to, status }) => `${from} ${to} ${status}\n`).join('')}`).join('');
}
