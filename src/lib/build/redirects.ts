// Build-only: the site's redirects, written into the build as `_redirects` (the file Cloudflare Pages, Netlify and
// GitLab Pages read; `npm run serve` applies it too, see scripts/serve.ts). One line a rule: source, destination, status.
import { embedRedirects } from './embed.ts';

export function redirectsFile(): string {
	const blocks: { why: string; rules: { from: string; to: string }[]; status: number }[] = [
		{ why: "A chart's embed was a page of its own (one per language): it is now its place in its page group's embed document.", rules: embedRedirects(), status: 301 },
	];
	const head = '# Redirects for static hosts (Cloudflare Pages, Netlify, GitLab Pages) and `npm run serve`; written by the build (src/lib/build/redirects.ts).\n';
	return head + blocks.map(({ why, rules, status }) => `\n# ${why}\n${rules.map(({ from, to }) => `${from} ${to} ${status}\n`).join('')}`).join('');
}
