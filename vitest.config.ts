import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The slowest files start first (browser tests, then tests of scripts/: ingests and whole site builds in child
 * processes), so that on a fresh clone, where Vitest knows no file's duration yet, none of them starts last and runs alone.
 */
class SlowFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const sorted = await super.sort(files);
		const rank = (f: TestSpecification) => (f.project.name === 'browser' ? 0 : /[\\/]tests[\\/]scripts[\\/]/.test(f.moduleId) ? 1 : 2);
		return [0, 1, 2].flatMap((r) => sorted.filter((f) => rank(f) === r));
	}
}

// One run for the unit and the browser tests: their files share the two workers, so neither waits for the other's last
// file. `vitest run --project unit` or `--project browser` runs one of them.
export default defineConfig({
	test: {
		// Vitest's default is one worker less than the cores: one worker on a 2-core machine. Most slow files wait on a
		// child process (ingest, Astro, Chromium) or DuckDB, so both cores are used with two.
		maxWorkers: 2,
		sequence: { sequencer: SlowFirst },
		env: { TZ: 'UTC' },
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					include: ['tests/**/*.test.ts'],
					exclude: ['tests/browser/**'],
					testTimeout: 60_000,
				},
			},
			{
				extends: true,
				test: {
					name: 'browser',
					include: ['tests/browser/**/*.test.ts'],
					// Ingest the bundled data, build the site as `npm run build` does and serve it (SKIP_BUILD=1 serves dist/ as it is); each
					// file runs its own Chromium against it, and a file that needs a site of its own (xss) builds it in a temporary folder.
					globalSetup: ['tests/browser/global-setup.ts'],
					testTimeout: 120_000,
					hookTimeout: 300_000,
					// Two browsers on two cores: a page's script can take more than the default second to answer (the comparison
					// page's embed snippet, pinned after a fetch, missed it once in a full run).
					expect: { poll: { timeout: 10_000 } },
				},
			},
		],
	},
});
