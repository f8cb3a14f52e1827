/// <reference types="astro/client" />

interface ImportMetaEnv {
	/** Where data/ is published when not beside the site (src/lib/data-url.ts); '' for the site's own. */
	readonly SITE_DATA_URL?: string;
}
