// Static site: every page pre-rendered, charts inlined as SVG; DuckDB-wasm is loaded lazily from the site's own origin.
import { defineConfig } from 'astro/config';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
	output: 'static',
	trailingSlash: 'always',
	build: { format: 'directory' },
	server: { host: '127.0.0.1', port: 4321 },
	preview: { host: '127.0.0.1', port: 4321 },
	devToolbar: { enabled: false },
	prefetch: false,
	vite: {
		plugins: [tailwindcss()],
		// duckdb-wasm ships its own worker and wasm (imported with ?url); pre-bundling would break those paths.
		optimizeDeps: { exclude: ['@duckdb/duckdb-wasm'] },
		// The native DuckDB binding is only used at build time, in page frontmatter.
		ssr: { external: ['@duckdb/node-api'] },
		build: { assetsInlineLimit: 0 },
	},
});
