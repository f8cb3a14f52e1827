import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['tests/browser/**/*.test.ts'],
		globalSetup: ['tests/browser/global-setup.ts'],
		testTimeout: 120_000,
		hookTimeout: 300_000,
		fileParallelism: false,
		env: { TZ: 'UTC' },
	},
});
