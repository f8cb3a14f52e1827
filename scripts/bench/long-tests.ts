// The long runs of two tests that `npm test` runs short: the parsers' fuzz for a time box per format from a new seed
// (the test: a fixed 200 inputs per format), and the browser's partition checks on a generated catalog of many
// reviews (the test: the bundled 10). Each runs the test file itself through Vitest, with its output shown.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const LONG_TESTS = {
	fuzz: { args: ['tests/lib/formats/fuzz.test.ts'], env: (n: number) => ({ FUZZ_SECONDS: String(n) }), default: 30 },
	scale: { args: ['--project', 'browser', 'tests/browser/scale.test.ts'], env: (n: number) => ({ SCALE_REVIEWS: String(n) }), default: 30 },
} as const;

/** Runs the long form of `name` (`size`: seconds per format for fuzz, reviews for scale); false when a test failed. */
export function benchLongTest(root: string, name: keyof typeof LONG_TESTS, size?: number): boolean {
	const t = LONG_TESTS[name];
	const n = size ?? t.default;
	console.log(`\n${name}: ${name === 'fuzz' ? `${n} s per format, a new seed` : `a generated catalog of ${n} reviews`}`);
	const started = performance.now();
	const r = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...t.args], {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, ...t.env(n) },
	});
	console.log(`${name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
	return r.status === 0;
}
