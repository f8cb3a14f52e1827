import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['tests/browser/**/*.test.ts'],
		globalSetup: ['tests/browser/global-setup.ts'],
		testTimeout: 120_000,
		hookTimeout: 300_000,
		// Two files at a time against the one shared build (each file its own Chromium); a file that needs a site of its
		// own (xss) builds it in a temporary folder.
		maxWorkers: 2,
		// Two browsers on two cores: a page's script can take more than the default second to answer (the comparison
		// page's embed snippet, pinned after a fetch, missed it once in a full run).
		expect: { poll: { timeout: 10_000 } },
		env: { TZ: 'UTC' },
	},
});
