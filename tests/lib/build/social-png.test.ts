// The social previews' PNGs rendered once a build's pages are (scripts/build.ts): each drawing a page left becomes the
// PNG of its preview under data/, the same bytes as one rendered beside its page; a bad drawing fails the build, named.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leavePreviewDrawing, socialSvg } from '../../../src/lib/build/social-image.ts';
import { renderSocialImages, socialPng } from '../../../src/lib/build/social-png.ts';
import { previewDrawingFile, socialImageFile } from '../../../src/lib/site/social-path.ts';
import { fourCorners } from '../../../src/lib/charts/four-corners/chart.ts';
import { cornerRows } from '../charts/bar-rows.ts';
import { base } from '../charts/render.ts';

const svgOf = (title: string, lang: 'en' | 'zh-Hans') => socialSvg(fourCorners(cornerRows, { ...base, lang, width: 560 }).outerHTML, title, lang);
const folders = () => {
	const root = mkdtempSync(join(tmpdir(), 'previews-'));
	return { drawings: join(root, 'drawings'), site: join(root, 'site') };
};

describe('social previews rendered once the pages are', () => {
	it('renders each drawing the pages left to its PNG under data/, in its language’s fonts, and takes the drawings away', async () => {
		const { drawings, site } = folders();
		const en = { file: socialImageFile('/reviews/r/'), svg: svgOf('Intel SSD DC S3500 enterprise SSD review', 'en') };
		const zh = { file: socialImageFile('/zh-Hans/reviews/r/'), svg: svgOf('英特尔固态硬盘评测', 'zh-Hans') };
		leavePreviewDrawing(drawings, 'en', en.file, en.svg);
		leavePreviewDrawing(drawings, 'zh-Hans', zh.file, zh.svg);
		expect(await renderSocialImages(drawings, site)).toBe(2);
		expect(readFileSync(join(site, 'data', 'previews/reviews/r/og.png')).equals(await socialPng(en.svg, 'en'))).toBe(true);
		expect(readFileSync(join(site, 'data', 'previews/zh-Hans/reviews/r/og.png')).equals(await socialPng(zh.svg, 'zh-Hans'))).toBe(true);
		expect(existsSync(drawings)).toBe(false);
		// A build whose pages have no chart left none.
		expect(await renderSocialImages(drawings, site)).toBe(0);
	});

	it('fails naming the drawing it cannot render, or a folder that is not a language', async () => {
		const bad = folders();
		leavePreviewDrawing(bad.drawings, 'en', socialImageFile('/reviews/r/'), 'not an SVG');
		await expect(renderSocialImages(bad.drawings, bad.site)).rejects.toThrow(`social preview ${join(bad.drawings, previewDrawingFile('en', socialImageFile('/reviews/r/')))}: `);
		const stray = folders();
		leavePreviewDrawing(stray.drawings, 'fr' as 'en', socialImageFile('/reviews/r/'), svgOf('A review', 'en'));
		await expect(renderSocialImages(stray.drawings, stray.site)).rejects.toThrow(`social previews: ${join(stray.drawings, 'fr')} is not a language's folder`);
	});
});
