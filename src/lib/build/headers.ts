// Build-only: the response headers of the site, written into the build as `_headers` (the file Cloudflare Pages and
// Netlify read; `npm run serve` applies it too, see scripts/serve.ts). Every rule whose path matches a request applies,
// in order; a header set by two rules is joined with ", " (two CSPs: both are enforced), "! Name" drops it.
import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT } from '../site/first-paint.ts';
import { dataOrigin } from '../data-url.ts';
import { EMBEDS_FOLDER } from './embed.ts';

/**
 * Where pages and DuckDB's worker may fetch from: the site, and data/'s own origin when SITE_DATA_URL puts it
 * elsewhere (read here from the environment: astro.config, which writes this file, is not bundled by Vite).
 */
const connectSrc = () => ['connect-src', "'self'", dataOrigin(process.env.SITE_DATA_URL ?? '')].filter(Boolean).join(' ');

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * What pages may load: scripts only from the site and the one inline script, by its hash; WebAssembly (DuckDB-wasm;
 * its feature check compiles a few bytes in the page); data only from the site; no plugins, no <base>, and no framing
 * by any other page (`frameAncestors`: embeds may be framed by any). Styles may be inline: Plot's chart styles and
 * a few page rules are written into pages (the stylesheet is a file), Plot styles the charts it draws live; a style
 * cannot run script.
 */
export function pagePolicy(frameAncestors = "'none'"): string {
	return [
		"default-src 'self'",
		`script-src 'self' ${hashSource(FIRST_PAINT_SCRIPT)} 'wasm-unsafe-eval'`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		connectSrc(),
		"worker-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		`frame-ancestors ${frameAncestors}`,
	].join('; ');
}

/** A worker's response carries its own policy (the page's does not reach it): DuckDB's compiles its wasm and fetches Parquet. */
const workerPolicy = () => ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", connectSrc()].join('; ');

/** A rule: the path pattern, its headers ([name, value], or [name, null]: "! name", dropped), and why. */
type Rule = [string, [string, string | null][], string?];

export function headersFile(): string {
	const rules: Rule[] = [
		[
			'/*',
			[
				['X-Content-Type-Options', 'nosniff'],
				['Content-Security-Policy', pagePolicy()],
				['X-Frame-Options', 'DENY'],
				['Referrer-Policy', 'strict-origin-when-cross-origin'],
			],
		],
		['/_astro/*.worker.*', [['Content-Security-Policy', workerPolicy()]], "DuckDB's worker (its policy is added to the site's)."],
		[
			'/_astro/*',
			[['Access-Control-Allow-Origin', '*']],
			"The embed documents published with data/ load the embeds' script from here: from another host (SITE_DATA_URL), a module script and DuckDB's wasm need CORS.",
		],
		...['/embed/*', `/data/${EMBEDS_FOLDER}*`].map((path): Rule => [
			path,
			[
				['X-Frame-Options', null],
				['Content-Security-Policy', null],
				['Content-Security-Policy', pagePolicy('*')],
				['Access-Control-Allow-Origin', '*'],
			],
			'Embeds (the documents under data/, the pages drawn in the browser under /embed/, their script and oEmbed answers) are made to be framed and read by other sites: the one place framing is allowed.',
		]),
		[
			'/data/versions/*',
			[['Cache-Control', 'public, max-age=31536000, immutable']],
			'A dataset version is named by its content hash: its files never change.',
		],
		[
			'/data/raw/*',
			[
				['Content-Disposition', 'attachment'],
				['Content-Type', 'text/plain; charset=utf-8'],
			],
			"Reviewers' raw files are published for download only: never rendered as a page or script on the site's origin.",
		],
	];
	const head = '# Response headers for static hosts (Cloudflare Pages, Netlify) and `npm run serve`; written by the build (src/lib/build/headers.ts).\n';
	const line = ([n, v]: [string, string | null]) => (v === null ? `  ! ${n}\n` : `  ${n}: ${v}\n`);
	return head + rules.map(([path, lines, why]) => `\n${why ? `# ${why}\n` : ''}${path}\n${lines.map(line).join('')}`).join('');
}
