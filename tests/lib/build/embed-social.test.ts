// An embed's drawings, frame and links, and a page's social preview, from real chart markup (the four corners of
// the chart tests' rows): the widths drawn and the CSS that picks one, absolute links only with SITE_URL (oEmbed's
// answer always absolute), the snippet's height listener, and a 1200 × 630 PNG whose text is drawn (English and
// Chinese) with the fonts of the machine.
import { afterEach, describe, expect, it } from 'vitest';
import { fourCorners } from '../../../src/lib/charts/four-corners/chart.ts';
import { EMBED_HEIGHT_MESSAGE, iframeSnippet } from '../../../src/lib/embed-snippet.ts';
import { drawingsCss, drawingsEl, drawnWidths, embedFrame } from '../../../src/lib/site/embed-layout.ts';
import { embedHtml, oembedJson, type EmbedChart } from '../../../src/lib/build/embed.ts';
import { htmlOf } from '../../../src/lib/element.ts';
import { socialImage, socialPng, socialSvg } from '../../../src/lib/build/social-image.ts';
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
	it('writes site paths and no oEmbed link without SITE_URL', () => {
		delete process.env.SITE_URL;
		const html = embedHtml(chart);
		expect(html).toContain('<link rel="canonical" href="/reviews/r/#r-four-corners">');
		expect(html).not.toContain('json+oembed');
	});

	it('writes absolute links with SITE_URL, and oEmbed answers absolute', () => {
		process.env.SITE_URL = 'https://ssd.example.org/';
		expect(embedHtml(chart)).toContain('<link rel="alternate" type="application/json+oembed" href="https://ssd.example.org/embed/reviews/r/charts/r-four-corners/oembed.json"');
		const oembed = JSON.parse(oembedJson(chart, 'https://ssd.example.org')) as { html: string; width: number; height: number; provider_url: string };
		expect(oembed.provider_url).toBe('https://ssd.example.org/');
		expect(oembed.html).toMatch(/^<iframe src="https:\/\/ssd\.example\.org\/embed\/reviews\/r\/charts\/r-four-corners\/"/);
		expect(oembed.width).toBe(660);
		expect(oembed.html).toContain(`height="${oembed.height}"`);
	});

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

	it('is a 1200 × 630 PNG of the chart under the page title', () => {
		const png = socialPng(socialSvgFor('Intel SSD DC S3500 enterprise SSD review'), 'en');
		expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
	});

	it('draws its title’s text in English and in Chinese', () => {
		expect(titleInk(socialSvgFor(''))).toBe(0);
		expect(titleInk(socialSvgFor('Intel SSD DC S3500 enterprise SSD review'))).toBeGreaterThan(2000);
		// Chinese glyphs only: nothing is drawn for them without a CJK font.
		expect(titleInk(socialSvgFor('英特尔固态硬盘评测', 'zh-Hans'), 'zh-Hans')).toBeGreaterThan(2000);
	});
});
