import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

// Where code runs (README, "Where code runs"): src/lib/build/ runs only in Node at build time, src/lib/browser/ only
// in the browser, and the rest of src/lib and src/i18n anywhere (pure: both the build and the browser import it).
// Astro files render at build time; their <script> blocks run in the browser.
const BUILD = ['src/lib/build/**', 'src/pages/**/*.ts', '**/*.astro'];
const BROWSER = ['src/lib/browser/**', '**/*.astro/*.ts', '**/*.astro/*.js'];
const PURE = ['src/lib/**/*.ts', 'src/i18n/**/*.ts'];

/** Packages that run only in Node: DuckDB's native binding, resvg and subset-font (previews), linkedom (the build's DOM), zip writing, tests. */
const NODE_PACKAGES = ['@duckdb/node-api', '@resvg/resvg-js', 'subset-font', 'linkedom', 'yazl', 'playwright-core', 'vitest', 'fast-check'];
const nodeOnly = {
	paths: [...builtinModules, ...NODE_PACKAGES].map((name) => ({ name, message: 'Node-only: import it from src/lib/build/ (or scripts/), not from code the browser loads.' })),
	patterns: [
		{ regex: '^node:', message: 'A node: import belongs in src/lib/build/ (or scripts/), not in code the browser loads.' },
		{ regex: '^\\.{1,2}/(.*/)?build/', message: 'src/lib/build/ runs only in Node: code the browser loads may not import it.' },
	],
};
const browserFolder = { regex: '^\\.{1,2}/(.*/)?browser/', message: 'src/lib/browser/ runs only in the browser: move what both need to a pure module (src/lib, outside build/ and browser/).' };

/** Globals only Node has. */
const NODE_GLOBALS = ['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'].map((name) => ({ name, message: `${name} is Node's: only src/lib/build/ (and scripts/) may read it.` }));
/** Globals only a browser page has (types such as HTMLElement stay usable: only values are listed). */
const DOM_GLOBALS = [
	'window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'self', 'customElements',
	'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'getComputedStyle', 'matchMedia', 'alert', 'confirm',
	'IntersectionObserver', 'ResizeObserver', 'MutationObserver', 'DOMParser', 'XMLSerializer',
].map((name) => ({ name, message: `${name} exists only in the browser: build code and pure modules run in Node (use src/lib/browser/).` }));

export default tseslint.config(
	{ ignores: ['dist/', '.dist-staging/', '.dist-old/', '.astro/', 'node_modules/', 'public/', 'tests/lib/formats/*/golden/', 'tests/artifacts/'] },
	...tseslint.configs.recommended,
	...astro.configs.recommended,
	{
		rules: {
			// Unused names prefixed with _ are deliberate (destructuring to drop a field).
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
		},
	},
	{
		files: ['src/**'],
		rules: {
			// Data from reviewers is untrusted: no raw HTML sinks outside the chart renderer.
			'no-restricted-properties': ['error', { property: 'innerHTML', message: 'Use textContent; only chart SVG may be inserted as markup.' }],
		},
	},
	// Pure modules run in both: neither Node's imports and globals nor the browser's.
	{
		files: PURE,
		ignores: ['src/lib/build/**', 'src/lib/browser/**'],
		rules: {
			'no-restricted-imports': ['error', { paths: nodeOnly.paths, patterns: [...nodeOnly.patterns, browserFolder] }],
			'no-restricted-globals': ['error', ...NODE_GLOBALS, ...DOM_GLOBALS],
		},
	},
	// Browser code: nothing of Node's.
	{
		files: BROWSER,
		rules: {
			'no-restricted-imports': ['error', nodeOnly],
			'no-restricted-globals': ['error', ...NODE_GLOBALS],
		},
	},
	// Build code: nothing of the browser's.
	{
		files: BUILD,
		ignores: BROWSER,
		rules: {
			'no-restricted-imports': ['error', { patterns: [browserFolder] }],
			'no-restricted-globals': ['error', ...DOM_GLOBALS],
		},
	},
);
