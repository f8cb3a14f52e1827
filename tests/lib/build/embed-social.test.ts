// An embed's drawings, frame and links, and a page's social preview, from real chart markup (the four corners of
// the chart tests' rows): the widths drawn and the CSS that picks one, absolute links only with SITE_URL (oEmbed's
// answer always absolute), the snippet's height listener, and a 1200 × 630 PNG whose text is drawn (English and
// Chinese) with the fonts of the machine.
import { afterEach, describe, expect, it } from 'vitest';
import { fourCorners } from '../../../src/lib/charts/four-corners/chart.ts';
import { EMBED_HEIGHT_MESSAGE, iframeSnippet } from '../../../src/lib/embed-snippet.ts';
import { drawingsCss, drawingsEl, drawnWidths, embedFrame } from '../../../src/lib/site/embed-layout.ts';
import { embedDocumentHtml, embedPart, embedPath, oembedJson, type EmbedChart } from '../../../src/lib/build/embed.ts';
import { htmlOf } from '../../../src/lib/element.ts';
import { siteSettingsProblem } from '../../../src/lib/build/site-url.ts';
import { Resvg } from '@resvg/resvg-js';
import { socialSvg } from '../../../src/lib/build/social-image.ts';
import { socialImage, socialPng } from '../../../src/lib/build/social-png.ts';
import { faceOfCollection, facePattern, fontMatch, previewFaces, previewFontFiles } from '../../../src/lib/build/preview-fonts.ts';
import { languageOf } from '../../../src/i18n/lang.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cornerRows } from '../charts/bar-rows.ts';
import { base } from '../charts/render.ts';

const drawing = (width: number, lang: 'en' | 'zh-Hans' = 'en') => ({ width, markup: fourCorners(cornerRows, { ...base, lang, width }).outerHTML });
const drawings = drawnWidths(640).map((w) => drawing(w));

const chart: EmbedChart = {
	lang: 'en',
	pagePath: '/reviews/r/',
	pageTitle: 'A review',
	spec: { id: 'r-four-corners', kind: 'fc', fixed: {} },
	drawings,
	title: 'Four corners',
	summary: 'summary',
	// Drawn in the browser in another view: the page carries no rows (a pre-rendered comparison's chart).
	live: '/embed/compare/?devices=a,b&chart=r-four-corners',
};

const site = process.env.SITE_URL;
afterEach(() => {
	if (site === undefined) delete process.env.SITE_URL;
	else process.env.SITE_URL = site;
});

describe('embed drawings', () => {
	it('draws a chart at 280 and 460 px and its own width, each shown in its range of frame widths', () => {
		expect(drawnWidths(640)).toEqual([280, 460, 640]);
		expect(drawnWidths(540)).toEqual([280, 460, 540]);
		expect(drawnWidths(400)).toEqual([280, 400]);
		const html = drawingsEl(drawings, (m) => m).map((e) => htmlOf(e)).join('');
		expect([...html.matchAll(/data-drawn-width="(\d+)"/g)].map((m) => m[1])).toEqual(['280', '460', '640']);
		const css = drawingsCss([drawings]);
		expect(css).toContain('@container (width >= 460px) { .drawn-0-460 { display: none; } }');
		expect(css).toContain('@container (width < 460px) or (width >= 640px) { .drawn-460-640 { display: none; } }');
		expect(css).toContain('@container (width < 640px) { .drawn-640-up { display: none; } }');
		// Only the narrower drawings grow to fill their frame.
		expect(css).toContain('.drawn-0-460 svg[viewBox] { width: 100%; height: auto; }');
		expect(css).not.toContain('.drawn-640-up svg[viewBox]');
	});

	it('asks for a frame as wide as the widest drawing and taller at 320 px than the chart alone', () => {
		const frame = embedFrame(drawings, 'Four corners', 'Data: A review · SSD review data ↗');
		expect(frame.width).toBe(660);
		// Two 280 px panels stacked at 300 px are each about 320 px tall, with the legend, title, caption and source.
		const panels = [...drawings[0]!.markup.matchAll(/<svg[^>]*viewBox="0 0 (\d+) (\d+)"/g)].map((m) => Number(m[2]) * (300 / Number(m[1])));
		expect(frame.height).toBeGreaterThan(panels.reduce((a, b) => a + b, 0) + 80);
	});
});

describe('embed links', () => {
	const doc = (...charts: EmbedChart[]) => embedDocumentHtml('/reviews/r/', charts.map(embedPart));

	it('writes site paths and no oEmbed link without SITE_URL', () => {
		delete process.env.SITE_URL;
		const html = doc(chart);
		expect(html).toContain('<link rel="canonical" href="/reviews/r/">');
		expect(html).toContain('<a href="/reviews/r/#r-four-corners" target="_top" data-embed-back>');
		expect(html).not.toContain('json+oembed');
	});

	it('writes absolute links with SITE_URL, and the document’s oEmbed answer, absolute, for its first chart', () => {
		process.env.SITE_URL = 'https://ssd.example.org/';
		expect(doc(chart)).toContain('<link rel="alternate" type="application/json+oembed" href="https://ssd.example.org/data/embeds/reviews/r.oembed.json"');
		const oembed = JSON.parse(oembedJson(chart, 'https://ssd.example.org')) as { html: string; width: number; height: number; provider_url: string };
		expect(oembed.provider_url).toBe('https://ssd.example.org/');
		expect(oembed.html).toMatch(/^<iframe src="https:\/\/ssd\.example\.org\/data\/embeds\/reviews\/r\.html#r-four-corners"/);
		expect(oembed.width).toBe(660);
		expect(oembed.html).toContain(`height="${oembed.height}"`);
	});

	it('with data/ on another host: the document is there, and its script, icon and links are the site’s, at SITE_URL', () => {
		process.env.SITE_DATA_URL = 'https://data.example.org/ssd/';
		try {
			delete process.env.SITE_URL;
			expect(siteSettingsProblem()).toMatch(/SITE_DATA_URL puts data\/ on another host \(https:\/\/data\.example\.org\).*set SITE_URL/);
			expect(() => doc(chart)).toThrow(/set SITE_URL/);
			process.env.SITE_URL = 'https://ssd.example.org';
			expect(siteSettingsProblem()).toBeNull();
			expect(embedPath('en', '/reviews/r/w-4k/', 'r-w-4k-lvi')).toBe('https://data.example.org/ssd/embeds/reviews/r.html#r-w-4k-lvi');
			const html = doc(chart);
			expect(html).toContain('<script type="module" src="https://ssd.example.org/embed/embed.js"></script>');
			expect(html).toContain('<link rel="icon" href="https://ssd.example.org/favicon.svg"');
			expect(html).toContain('<a href="https://ssd.example.org/reviews/r/#r-four-corners" target="_top" data-embed-back>');
			expect(html).toContain('data-embed-live="https://ssd.example.org/embed/compare/?devices=a,b&amp;chart=r-four-corners"');
			expect(html).toContain('href="https://data.example.org/ssd/embeds/reviews/r.oembed.json"');
			const oembed = JSON.parse(oembedJson(chart, 'https://ssd.example.org')) as { html: string };
			expect(oembed.html).toMatch(/^<iframe src="https:\/\/data\.example\.org\/ssd\/embeds\/reviews\/r\.html#r-four-corners"/);
		} finally {
			delete process.env.SITE_DATA_URL;
		}
	});
});

describe('a page group’s embed document', () => {
	const zh: EmbedChart = { ...chart, lang: 'zh-Hans', drawings: drawnWidths(640).map((w) => drawing(w, 'zh-Hans')), title: '四角', pageTitle: '一篇评测' };
	const workload: EmbedChart = { ...chart, pagePath: '/reviews/r/w-4k/', spec: { ...chart.spec, id: 'r-w-4k-lvi', kind: 'lvi' }, title: 'Latency vs IOPS' };
	const sections = (html: string) => [...html.matchAll(/<section class="embed-chart" id="([^"]+)" lang="([^"]+)"/g)].map((m) => `${m[2]} ${m[1]}`);

	it('holds every chart of the group’s pages in every language, each at its anchor, the group page’s headline first', () => {
		delete process.env.SITE_URL;
		const html = embedDocumentHtml('/reviews/r/', [workload, zh, { ...chart, headline: true }].map(embedPart));
		expect(sections(html)).toEqual(['en r-four-corners', 'en r-w-4k-lvi', 'zh-Hans zh-Hans/r-four-corners']);
		expect(embedPath('zh-Hans', '/reviews/r/w-4k/', 'r-w-4k-lvi')).toBe('/data/embeds/reviews/r.html#zh-Hans/r-w-4k-lvi');
		// Without a script: the chart the fragment names, else the first.
		expect(html).toContain('[data-embed-chart]:target, main:not(:has(> :target)) > [data-embed-chart]:first-child { display: block; }');
		expect(html).toContain('<a href="/zh-Hans/reviews/r/#r-four-corners" target="_top" data-embed-back>');
	});

	it('writes a chart shown on two pages of the group once, and refuses two different drawings under one id', () => {
		const again = { ...chart, pagePath: '/reviews/r/w-4k/' };
		expect(sections(embedDocumentHtml('/reviews/r/', [chart, again].map(embedPart)))).toEqual(['en r-four-corners']);
		const other = { ...again, drawings: [drawing(300)] };
		expect(() => embedDocumentHtml('/reviews/r/', [chart, other].map(embedPart))).toThrow(/r-four-corners is drawn differently on \/reviews\/r\/ and \/reviews\/r\/w-4k\//);
	});
});

describe('embed snippets', () => {
	it('gives a snippet whose script sizes the frame the message came from', () => {
		const snippet = iframeSnippet('/embed/x/', 'T', { width: 660, height: 700 });
		expect(snippet).toMatch(/^<iframe src="\/embed\/x\/" title="T" width="100%" height="700" style="max-width:660px;border:0" loading="lazy"><\/iframe><script>/);
		expect(snippet).toContain(`d.type!=="${EMBED_HEIGHT_MESSAGE}"`);
		expect(snippet).toContain('f.contentWindow===e.source');
	});
});

describe('social preview', () => {
	/** Dark pixels in the image's title band, drawn as the build draws it (its fonts for the language). */
	const titleInk = (svg: string, lang: 'en' | 'zh-Hans' = 'en') => {
		const img = socialImage(svg, lang);
		expect([img.width, img.height]).toEqual([1200, 630]);
		// Read once: each read of `pixels` copies the image.
		const pixels = img.pixels;
		let n = 0;
		// The title's band, 70–115 px from the top.
		for (let y = 70; y < 115; y++) for (let x = 40; x < 1160; x++) if (pixels[(y * 1200 + x) * 4]! < 128) n++;
		return n;
	};
	const socialSvgFor = (title: string, lang: 'en' | 'zh-Hans' = 'en') => socialSvg(drawing(560, lang).markup, title, lang);

	it('is a 1200 × 630 PNG of the chart under the page title, drawn off the main thread with DejaVu cut to its characters as it would be on it with the whole faces', async () => {
		const svg = socialSvgFor('Intel SSD DC S3500 enterprise SSD review');
		const cut = (await previewFontFiles('en', svg))!;
		const whole = previewFaces('en').map((face) => fontMatch(facePattern(face)).file);
		expect(cut.map((f) => statSync(f).size < statSync(whole[cut.indexOf(f)]!).size / 4)).toEqual(whole.map(() => true));
		const png = await socialPng(svg, 'en');
		// The PNG decoded by another decoder (resvg's, for an image drawn 1:1) holds the pixels of the render on the main thread.
		const decoded = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image width="1200" height="630" href="data:image/png;base64,${png.toString('base64')}"/></svg>`).render();
		expect(decoded.pixels.equals(socialImage(svg, 'en').pixels)).toBe(true);
		expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
	});

	it('draws its title’s text in English and in Chinese', () => {
		expect(titleInk(socialSvgFor(''))).toBe(0);
		expect(titleInk(socialSvgFor('Intel SSD DC S3500 enterprise SSD review'))).toBeGreaterThan(2000);
		// Chinese glyphs only: nothing is drawn for them without a CJK font.
		expect(titleInk(socialSvgFor('英特尔固态硬盘评测', 'zh-Hans'), 'zh-Hans')).toBeGreaterThan(2000);
	});

	it('draws a Chinese preview with its CJK face cut to the characters it uses, as the whole face draws it', async () => {
		const { family } = languageOf('zh-Hans').previewFonts[0]!;
		const [file, index] = execFileSync('fc-match', ['-f', '%{file}|%{index}', family], { encoding: 'utf8' }).split('|');
		const whole = join(mkdtempSync(join(tmpdir(), 'face-')), 'face.otf');
		// DejaVu's faces, whole, as every language's previews draw with them.
		const latin = previewFaces('en').map((face) => fontMatch(facePattern(face)).file);
		writeFileSync(whole, faceOfCollection(readFileSync(file!), Number(index)));
		// The second title has characters the first cut lacks: it is cut again, and the first preview's glyphs stay the same.
		for (const title of ['英特尔固态硬盘评测', '三星企业级硬盘的随机写入延迟']) {
			const svg = socialSvgFor(title, 'zh-Hans');
			const cut = (await previewFontFiles('zh-Hans', svg))!;
			expect(cut).toHaveLength(latin.length + 1);
			expect(statSync(cut.at(-1)!).size).toBeLessThan(statSync(whole).size / 20);
			const png = await socialPng(svg, 'zh-Hans');
			const decoded = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image width="1200" height="630" href="data:image/png;base64,${png.toString('base64')}"/></svg>`).render();
			expect(decoded.pixels.equals(socialImage(svg, 'zh-Hans', [...latin, whole]).pixels), title).toBe(true);
		}
		expect(titleInk(socialSvgFor('三星企业级硬盘的随机写入延迟', 'zh-Hans'), 'zh-Hans')).toBeGreaterThan(2000);
	});
});
