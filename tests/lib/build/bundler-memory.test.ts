// What an Astro build process is started with (src/lib/build/bundler-memory.ts): each memory setting the user has not
// set, and a MIMALLOC_PURGE_DELAY removed again once the bundler is loaded only when the build added it.
import { afterEach, describe, expect, it } from 'vitest';
import { bundlerLoaded, bundlerMemoryEnv } from '../../../src/lib/build/bundler-memory.ts';

const NAMES = ['MIMALLOC_PURGE_DELAY', 'SITE_BUNDLER_PURGE', 'TOKIO_WORKER_THREADS', 'RAYON_NUM_THREADS', 'MALLOC_ARENA_MAX'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
	for (const n of NAMES) {
		if (saved[n] === undefined) delete process.env[n];
		else process.env[n] = saved[n];
	}
});

describe('the memory settings of a build process', () => {
	it('adds every setting to an environment without them', () => {
		expect(bundlerMemoryEnv({})).toEqual({ MIMALLOC_PURGE_DELAY: '0', SITE_BUNDLER_PURGE: '1', TOKIO_WORKER_THREADS: '1', RAYON_NUM_THREADS: '1', MALLOC_ARENA_MAX: '2' });
	});

	it('leaves what the user set as it is', () => {
		expect(bundlerMemoryEnv({ MIMALLOC_PURGE_DELAY: '10', RAYON_NUM_THREADS: '4', MALLOC_ARENA_MAX: '8' })).toEqual({ TOKIO_WORKER_THREADS: '1' });
	});

	it('removes the purge delay once the bundler is loaded only where the build added it', () => {
		Object.assign(process.env, bundlerMemoryEnv({}));
		bundlerLoaded();
		expect(process.env.MIMALLOC_PURGE_DELAY).toBeUndefined();
		expect(process.env.SITE_BUNDLER_PURGE).toBeUndefined();
		process.env.MIMALLOC_PURGE_DELAY = '10';
		Object.assign(process.env, bundlerMemoryEnv(process.env));
		bundlerLoaded();
		expect(process.env.MIMALLOC_PURGE_DELAY).toBe('10');
	});
});
