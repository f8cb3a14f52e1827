/// <reference types="astro/client" />

interface ImportMetaEnv {
	/** Where data/ is published when not beside the site (src/lib/data-url.ts); '' for the site's own. */
	readonly SITE_DATA_URL?: string;
}

// subset-font ships no types: the call the preview fonts make (src/lib/build/preview-fonts.ts).
declare module 'subset-font' {
	export default function subsetFont(
		font: Buffer,
		text: string,
		options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; keepFeatures?: string[]; noLayoutClosure?: boolean },
	): Promise<Buffer>;
}
