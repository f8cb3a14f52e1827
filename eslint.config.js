import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';

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
);
