import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Tests of scripts/ (ingests, whole site builds in child processes: the slowest files) start first, so that on a fresh
 * clone, where Vitest knows no file's duration yet, the longest one does not start last and run alone. */
class ScriptsFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const sorted = await super.sort(files);
		const isScripts = (f: TestSpecification) => /[\\/]tests[\\/]scripts[\\/]/.test(f.moduleId);
		return [...sorted.filter(isScripts), ...sorted.filter((f) => !isScripts(f))];
	}
}

export default defineConfig({
	test: {
		include: ['tests/**/*.test.ts'],
		exclude: ['tests/browser/**'],
		testTimeout: 60_000,
		// Vitest's default is one worker less than the cores: one worker on a 2-core machine. Most slow files wait on a
		// child process (ingest, Astro) or DuckDB, so both cores are used with two.
		maxWorkers: 2,
		sequence: { sequencer: ScriptsFirst },
		env: { TZ: 'UTC' },
	},
});
