// Static site: every page pre-rendered, charts inlined as SVG; DuckDB-wasm is loaded lazily from the site's own origin.
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import tailwindcss from '@tailwindcss/vite';
import { isFirstShard } from './src/lib/build/build-shards.ts';
import { clearEmitted, moveEmitted, placeTree } from './src/lib/build/emitted-files.ts';
import { joinEmbeds } from './src/lib/build/embed.ts';
import { keepUnchangedPages } from './src/lib/build/incremental.ts';
import { headersFile } from './src/lib/build/headers.ts';
import { redirectsFile } from './src/lib/build/redirects.ts';
import { hostVersionFiles, versionsToHost, writeHostedVersions } from './src/lib/build/version-hosting.ts';
import { loadManifest } from './src/lib/build/manifest.ts';
import { ROUTE_ENTRIES } from './src/lib/build/page-data-files.ts';
import { writeEmbedScript } from './src/lib/build/embed-script.ts';
import { LANGS } from './src/i18n/strings.ts';
import { langPath } from './src/i18n/routes.ts';
import { bundlerLoaded } from './src/lib/build/bundler-memory.ts';

// Vite and rolldown are loaded by now: the libraries loaded after them keep mimalloc's defaults.
bundlerLoaded();

/**
 * Pages read the dataset from SITE_DATA_DIR when it is set (public/data otherwise); the built site then serves
 * that same dataset under /data/, so the browser's live queries read the files the pages were built from.
 */
const siteData = {
	name: 'site-data',
	hooks: {
		'astro:build:done': ({ dir }) => {
			if (!process.env.SITE_DATA_DIR) return;
			const source = resolve(process.env.SITE_DATA_DIR);
			const target = fileURLToPath(new URL('data/', dir));
			// What the site's routes write under data/ stays (the downloads page, the comparison's drive files, the finder's files): the dataset's own files are replaced.
			for (const entry of existsSync(target) ? readdirSync(target) : []) if (!ROUTE_ENTRIES.includes(entry)) rmSync(join(target, entry), { recursive: true, force: true });
			// Linked, not copied: the ingest never writes a published file in place (it writes a new folder and swaps it in).
			// A build on several cores: the first process's output holds the dataset (src/lib/build/build-shards.ts).
			if (isFirstShard()) placeTree(source, target, 'link');
		},
	},
};

/**
 * Files pages write while they render (each chart's whole table as CSV, the parts of the embed documents) join the site when the build is done, and
 * so do the pages an incremental build left out (src/lib/build/incremental.ts).
 */
const emittedFiles = {
	name: 'emitted-files',
	hooks: {
		'astro:build:start': () => clearEmitted(),
		'astro:build:done': ({ dir, logger }) => {
			const kept = keepUnchangedPages(fileURLToPath(dir));
			if (kept) logger.info(`${kept} unchanged pages kept from the last build`);
			joinEmbeds();
			moveEmitted(fileURLToPath(dir));
		},
	},
};

/**
 * The dataset versions the site hosts (data/versions/<version>/, for embeds pinned to one), and the embeds' script
 * at a path that does not change from build to build (embed/embed.js): each process of a build on several cores hosts
 * what its data folder holds of the dataset as its version (the first the dataset, each its share of the comparison's
 * drive files, kept by each version with its files); the first lists the versions hosted, the earlier ones moved over
 * from the previous output once the build has succeeded (scripts/build.ts).
 */
const embeds = {
	name: 'embeds',
	hooks: {
		'astro:build:done': ({ dir, logger }) => {
			const data = fileURLToPath(new URL('data/', dir));
			const previous = process.env.SITE_PREVIOUS_OUTPUT ? join(process.env.SITE_PREVIOUS_OUTPUT, 'data') : undefined;
			const hosted = versionsToHost(loadManifest().dataset_version, previous);
			if (existsSync(data)) hostVersionFiles(data, hosted[0]);
			if (!isFirstShard()) return;
			writeHostedVersions(data, hosted);
			logger.info(`dataset versions hosted: ${hosted.length}`);
			writeEmbedScript(fileURLToPath(dir));
		},
	},
};

/**
 * Each language's 404 page as `404.html` in its folder, where hosts look for it (Astro writes only a `src/pages/404.astro`
 * so; the one route of every language's 404 page would be `404/index.html`, `zh-Hans/404/index.html`).
 */
const notFoundPages = {
	name: 'not-found-pages',
	hooks: {
		'astro:build:done': ({ dir }) => {
			for (const lang of LANGS) {
				const folder = fileURLToPath(new URL(langPath(lang, '404/'), dir));
				if (!existsSync(join(folder, 'index.html'))) continue;
				renameSync(join(folder, 'index.html'), join(folder, '..', '404.html'));
				rmSync(folder, { recursive: true });
			}
		},
	},
};

/** The site's response headers (CSP, framing, downloads) and redirects as the `_headers` and `_redirects` files static hosts read. */
const siteHeaders = {
	name: 'site-headers',
	hooks: {
		'astro:build:done': ({ dir }) => {
			writeFileSync(fileURLToPath(new URL('_headers', dir)), headersFile());
			writeFileSync(fileURLToPath(new URL('_redirects', dir)), redirectsFile());
		},
	},
};

export default defineConfig({
	output: 'static',
	// Links from elsewhere (the embed snippet, oEmbed, Open Graph) take the site's address from SITE_URL, read by
	// src/lib/build/site-url.ts; without it they are site paths, resolved where the site is served.
	site: process.env.SITE_URL || undefined,
	// The emitted files after the site's data: some of them (the chart CSVs) go under data/, which siteData replaces.
	integrations: [siteData, emittedFiles, embeds, siteHeaders, notFoundPages],
	trailingSlash: 'always',
	build: { format: 'directory', concurrency: 4 },
	server: { host: '127.0.0.1', port: 4321 },
	preview: { host: '127.0.0.1', port: 4321 },
	devToolbar: { enabled: false },
	prefetch: false,
	vite: {
		plugins: [tailwindcss()],
		// duckdb-wasm ships its own worker and wasm (imported with ?url); pre-bundling would break those paths.
		optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
		// The native DuckDB binding, resvg and subset-font (social previews) are only used at build time, in page frontmatter.
		ssr: { external: ['@duckdb/node-api', '@resvg/resvg-js', 'subset-font'] },
		build: { assetsInlineLimit: 0 },
		// Where data/ is published (src/lib/data-url.ts): the same setting in the pages and in the browser's bundles.
		define: { 'import.meta.env.SITE_DATA_URL': JSON.stringify(process.env.SITE_DATA_URL ?? '') },
	},
});
