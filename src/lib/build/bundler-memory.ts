// Build-only: the memory the bundler keeps. Vite bundles the site with rolldown, whose allocator (mimalloc) keeps what
// it frees until its next call, which never comes while the pages render: some 285 MB an Astro process, of 2.2 GB for
// the two of a 100-review build. Started with MIMALLOC_PURGE_DELAY=0, mimalloc gives memory back as soon as it is
// freed. Every library that links mimalloc reads the variable once, when it is loaded, and resvg's (the social
// previews) would then give back its memory after every preview (+40–50 s of system time at 100 reviews): the variable
// is removed once Vite, and rolldown with it, is loaded (astro.config.mjs, which Astro reads after loading Vite).

/** What scripts/build.ts adds to an Astro process's environment, unless it sets MIMALLOC_PURGE_DELAY itself. */
export const BUNDLER_MEMORY_ENV = { MIMALLOC_PURGE_DELAY: '0', SITE_BUNDLER_PURGE: '1' } as const;

/** Removes what BUNDLER_MEMORY_ENV added, so that the libraries loaded after the bundler keep mimalloc's defaults. */
export function bundlerLoaded(): void {
	if (process.env.SITE_BUNDLER_PURGE !== '1') return;
	delete process.env.MIMALLOC_PURGE_DELAY;
	delete process.env.SITE_BUNDLER_PURGE;
}
