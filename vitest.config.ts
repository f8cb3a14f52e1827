import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['tests/**/*.test.ts'],
		exclude: ['tests/browser/**'],
		testTimeout: 60_000,
		env: { TZ: 'UTC' },
	},
});
