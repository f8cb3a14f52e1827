// Build-only: the social previews' PNGs, rendered with resvg from the SVGs pages draw (social-image.ts). Fonts are the
// build machine's (resvg reads the system's): Latin from DejaVu or Liberation, Chinese from Noto Sans CJK (Debian's
// fonts-noto-cjk, cut to the characters used: preview-fonts.ts); none is bundled, and a machine without a CJK font draws
// the Chinese previews' Chinese text as empty boxes.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Resvg, renderAsync, type RenderedImage, type ResvgRenderOptions } from '@resvg/resvg-js';
import { facePattern, fontMatch, previewFaces, previewFontFiles } from './preview-fonts.ts';
import { encodePng } from './png.ts';
import { LANGS, type Lang } from '../../i18n/lang.ts';
import { writeMakingFolder } from './emitted-files.ts';
import { previewOfDrawing } from '../site/social-path.ts';

/** The whole font files of the faces of `lang`'s previews, as fontconfig finds them (the CJK collection's 19 MB). */
const wholeFonts = new Map<Lang, string[]>();
function wholePreviewFonts(lang: Lang): string[] {
	if (!wholeFonts.has(lang)) wholeFonts.set(lang, previewFaces(lang).map((face) => fontMatch(facePattern(face)).file));
	return wholeFonts.get(lang)!;
}

/** resvg's options: the given font files only, or (without them) the system's fonts, which is slower. */
function renderOptions(fonts: string[] | null): ResvgRenderOptions {
	const font = fonts ? { loadSystemFonts: false, fontFiles: fonts } : { loadSystemFonts: true };
	return { font: { ...font, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }, fitTo: { mode: 'original' } };
}

/** The preview's pixels, drawn with the fonts of `lang` (`previewFonts`: its faces' files, whole by default). */
export function socialImage(svg: string, lang: Lang, previewFonts?: string[] | null): RenderedImage {
	let fonts = previewFonts;
	if (fonts === undefined) {
		try {
			fonts = wholePreviewFonts(lang);
		} catch {
			fonts = null;
		}
	}
	return new Resvg(svg, renderOptions(fonts)).render();
}

/**
 * The preview as PNG, drawn and compressed off the main thread (libuv's pool), so several are made at once. Its fonts
 * are cut to its characters (preview-fonts.ts).
 */
export async function socialPng(svg: string, lang: Lang): Promise<Buffer> {
	const image = await renderAsync(svg, renderOptions(await previewFontFiles(lang, svg.replace(/<[^>]*>/g, ''))));
	return encodePng(image.pixels, image.width, image.height);
}

/** Previews rendered at once: each is drawn, then compressed, on libuv's pool (four threads). */
const IN_FLIGHT = 4;

/**
 * Renders the previews' drawings a build's pages left in `drawings` (social-image.ts: "<lang>/<file under data/>.svg"),
 * each to its PNG under `siteDir`'s data/, then removes them; resolves with how many. scripts/build.ts runs it once the
 * Astro processes have ended, so none of them held the renderer, its fonts and the pixels (some 150 MB each) beside
 * its pages: the work is the same, done after them instead of among them.
 */
export async function renderSocialImages(drawings: string, siteDir: string): Promise<number> {
	if (!existsSync(drawings)) return 0;
	const previews: { lang: Lang; drawing: string; png: string }[] = [];
	for (const entry of readdirSync(drawings, { recursive: true, withFileTypes: true })) {
		const drawing = join(entry.parentPath, entry.name);
		const { lang, file } = previewOfDrawing(relative(drawings, drawing));
		if (!LANGS.includes(lang as Lang)) throw new Error(`social previews: ${join(drawings, lang)} is not a language's folder`);
		if (entry.isFile()) previews.push({ lang: lang as Lang, drawing, png: join(siteDir, 'data', file) });
	}
	let next = 0;
	const renderNext = async (): Promise<void> => {
		for (let preview = previews[next++]; preview; preview = previews[next++]) {
			try {
				writeMakingFolder(preview.png, await socialPng(readFileSync(preview.drawing, 'utf8'), preview.lang));
			} catch (e) {
				throw new Error(`social preview ${preview.drawing}: ${(e as Error).message}`);
			}
		}
	};
	await Promise.all(Array.from({ length: IN_FLIGHT }, renderNext));
	rmSync(drawings, { recursive: true, force: true });
	return previews.length;
}
