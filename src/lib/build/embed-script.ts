// Build-only: the embeds' script at a path that stays the same from build to build (embed/embed.js). Embeds are
// written while their charts' pages render, before the bundler has named the script's file; the page about
// embedding (EmbedsPage.astro) carries the script, and embed.js is a module that imports the file it was bundled into.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BUNDLE = /^EmbedsPage\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/;

export function writeEmbedScript(distDir: string): void {
	const found = readdirSync(join(distDir, '_astro')).filter((f) => BUNDLE.test(f));
	if (found.length !== 1) throw new Error(`embed script: expected one bundle of EmbedsPage.astro's script in _astro/, found ${found.length}`);
	mkdirSync(join(distDir, 'embed'), { recursive: true });
	writeFileSync(join(distDir, 'embed', 'embed.js'), `import '../_astro/${found[0]}';\n`);
}
