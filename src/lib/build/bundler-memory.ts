// Build-only: the memory an Astro build process keeps that its pages never use. Vite bundles the site with rolldown,
// whose allocator (mimalloc) keeps what it frees until its next call, which never comes while the pages render, and
// keeps a heap per thread, which an idle thread never gives back. So scripts/build.ts starts each Astro process with:
// - MIMALLOC_PURGE_DELAY=0: mimalloc gives memory back as soon as it is freed. Every library that links mimalloc reads
//   the variable once, when it is loaded, and resvg's (the social previews) would then give back its memory after
//   every preview (+40–50 s of system time at 100 reviews): the variable is removed once Vite, and rolldown with it,
//   is loaded (astro.config.mjs, which Astro reads after loading Vite);
// - TOKIO_WORKER_THREADS=1 and RAYON_NUM_THREADS=1: rolldown's two thread pools, one thread each (bundling takes
//   some 0.2 s longer);
// - MALLOC_ARENA_MAX=2: glibc's allocator, two arenas for the process's threads, not eight per core.
// At 100 reviews the thread and arena settings lower the two processes' summed peak RSS by 100–190 MB (2,005–2,053
// → 1,863–1,905 MB), the pages the same bytes and the build's time within its noise. A variable the user has set is
// left as it is.

/** The settings, each added where the environment does not set it. */
const MEMORY_ENV = { MIMALLOC_PURGE_DELAY: '0', TOKIO_WORKER_THREADS: '1', RAYON_NUM_THREADS: '1', MALLOC_ARENA_MAX: '2' } as const;

/** Marks a MIMALLOC_PURGE_DELAY that bundlerLoaded removes: one the build added, not the user's. */
const PURGE_MARK = 'SITE_BUNDLER_PURGE';

/** What scripts/build.ts adds to an Astro process's environment `env`. */
export function bundlerMemoryEnv(env: NodeJS.ProcessEnv): Record<string, string> {
	const added: Record<string, string> = Object.fromEntries(Object.entries(MEMORY_ENV).filter(([name]) => env[name] === undefined));
	if (added.MIMALLOC_PURGE_DELAY !== undefined) added[PURGE_MARK] = '1';
	return added;
}

/** Removes the MIMALLOC_PURGE_DELAY the build added, so that the libraries loaded after the bundler keep mimalloc's defaults. */
export function bundlerLoaded(): void {
	if (process.env[PURGE_MARK] !== '1') return;
	delete process.env.MIMALLOC_PURGE_DELAY;
	delete process.env[PURGE_MARK];
}
