import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatch } from '../../src/lib/glob.ts';

/** The meaning of a glob as a regex: right, but exponential on many stars, so only for short inputs here. */
const reference = (pattern: string, path: string) =>
	new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`).test(path);

describe('runs.yaml path globs', () => {
	it('match "*" within one path segment and everything else literally, whole path only', () => {
		expect(globMatch('fio/*.json', 'fio/randread-qd32.json')).toBe(true);
		expect(globMatch('fio/*.json', 'fio/sub/randread.json')).toBe(false);
		expect(globMatch('*/*.log', 'fio/a_lat.1.log')).toBe(true);
		expect(globMatch('*', 'fio/a.json')).toBe(false);
		expect(globMatch('*qd*_clat.*.log', 'randread-qd32_clat.1.log')).toBe(true);
		expect(globMatch('*qd*_clat.*.log', 'randread-qd32_clat.1.log.bak')).toBe(false);
		expect(globMatch('a*b*c', 'abc')).toBe(true);
		expect(globMatch('a*b*c', 'acb')).toBe(false);
		expect(globMatch('a**b', 'ab')).toBe(true);
		expect(globMatch('*ab', 'aab')).toBe(true);
		expect(globMatch('ab*ab', 'ab')).toBe(false);
		// Regex and other glob syntax is plain text.
		expect(globMatch('run(1).*', 'run(1).json')).toBe(true);
		expect(globMatch('a.json*', 'abjson')).toBe(false);
		expect(globMatch('?.json', 'a.json')).toBe(false);
		expect(globMatch('[ab].json', '[ab].json')).toBe(true);
		expect(globMatch('a+*', 'aa')).toBe(false);
	});

	it('agrees with the regex meaning on short inputs', () => {
		const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 10 }).map((a) => a.join(''));
		fc.assert(
			fc.property(text(['a', 'b', '*', '/', '.']), text(['a', 'b', '/', '.']), (pattern, path) => {
				expect(globMatch(pattern, path)).toBe(reference(pattern, path));
			}),
			{ numRuns: 2_000 },
		);
	});

	it('takes linear time: 24 stars against a long path that does not match', () => {
		const started = performance.now();
		expect(globMatch(`${'*'.repeat(24)}x`, 'a'.repeat(200))).toBe(false);
		expect(globMatch(`x${'*ab'.repeat(30)}*y`, `x${'a'.repeat(5_000)}y`)).toBe(false);
		expect(globMatch(`${'*a'.repeat(24)}*`, 'a'.repeat(5_000))).toBe(true);
		expect(globMatch(`fio/${'*-'.repeat(40)}*.json`, `fio/${'qd-'.repeat(2_000)}x.log`)).toBe(false);
		expect(performance.now() - started).toBeLessThan(50);
	});
});
