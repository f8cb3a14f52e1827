// Reviewers' YAML and published quotes are untrusted. A dataset whose every metadata string is an XSS payload is
// ingested and the real site is built from it; the built pages, parsed by a real HTML parser, must hold the payloads
// as text only: no script, event-handler attribute or javascript: URL of theirs, and inline JSON that cannot be
// closed early yet parses back to the payload.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/fixtures.ts';
import { makeDataset, type Dataset, type DatasetText } from '../queries/dataset.ts';
import type { CatalogData } from '../../../src/lib/site/catalog-view.ts';

const PAYLOADS: DatasetText = {
	title: '<script>window.__xss=1</script>',
	titleEn: '"><img src=x onerror="window.__xss=2">',
	publisher: '</script><script>window.__xss=3</script><!--',
	model: '<svg onload="window.__xss=4">',
	preconditioning: "javascript:window.__xss=5//'\"",
	quote: '<img src=x onerror=window.__xss=6> \u2028',
	correction: 'unit corrected: <b onmouseover="window.__xss=7">x</b></title></style>',
};

let ds: Dataset;
let outDir: string;

beforeAll(async () => {
	ds = await makeDataset(PAYLOADS);
	outDir = mkdtempSync(join(tmpdir(), 'site-build-'));
	const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, SITE_DATA_DIR: ds.out, ASTRO_TELEMETRY_DISABLED: '1' },
	});
	if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);

afterAll(() => {
	ds?.cleanup();
	if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function page(path: string): Document {
	return parseHTML(readFileSync(join(outDir, path, 'index.html'), 'utf8')).document as unknown as Document;
}

const PAGES = [
	'',
	'zh-Hans',
	'reviews/rev-fio',
	'zh-Hans/reviews/rev-fio',
	'reviews/rev-pub',
	'drives/drive-a',
	'zh-Hans/drives/drive-a',
	'columns',
];

describe('pages built from a dataset of payloads', () => {
	for (const path of PAGES) {
		it(`/${path} runs none of them`, () => {
			const doc = page(path);
			for (const script of doc.querySelectorAll('script')) {
				const type = script.getAttribute('type');
				if (type === 'application/json') {
					// Data blocks: no "<" at all, so nothing can end the block or open a comment.
					expect(script.textContent).not.toContain('<');
					expect(() => JSON.parse(script.textContent ?? '')).not.toThrow();
				} else {
					// Our own scripts only: bundled modules, and the theme/language script that holds no data.
					expect(script.textContent).not.toContain('__xss');
				}
			}
			for (const el of doc.querySelectorAll('*')) {
				for (const attr of el.getAttributeNames()) {
					expect(attr, `<${el.tagName.toLowerCase()} ${attr}>`).not.toMatch(/^on/i);
					if (attr === 'href' || attr === 'src') expect(el.getAttribute(attr)!.trim()).not.toMatch(/^(javascript|data|vbscript):/i);
				}
			}
			expect(doc.querySelectorAll('img, iframe, object, embed')).toHaveLength(0);
			expect(doc.querySelectorAll('svg[onload]')).toHaveLength(0);
		});
	}

	it('loads every script, style and icon from the site itself', () => {
		for (const path of PAGES) {
			const doc = page(path);
			for (const el of doc.querySelectorAll('script[src], link[href]')) {
				const url = el.getAttribute('src') ?? el.getAttribute('href')!;
				if (el.tagName === 'LINK' && el.getAttribute('rel') === 'alternate') continue;
				expect(url, `/${path}`).toMatch(/^\/(?!\/)/);
			}
		}
	});

	it('shows the payloads as text where the metadata goes', () => {
		const review = page('reviews/rev-fio');
		expect(review.querySelector('[data-testid="review-title"]')!.textContent).toBe(PAYLOADS.title);
		expect(review.querySelector('[data-testid="review-title-en"]')!.textContent).toContain(PAYLOADS.titleEn);
		expect(review.querySelector('title')!.textContent).toContain(PAYLOADS.titleEn);
		expect(review.body.textContent).toContain(PAYLOADS.publisher);
		expect(review.body.textContent).toContain(PAYLOADS.preconditioning);
		const pub = page('reviews/rev-pub');
		const quotes = [...pub.querySelectorAll('[data-published-figure] blockquote')].map((q) => q.textContent);
		expect(quotes.some((q) => q?.includes(PAYLOADS.quote.trim()))).toBe(true);
		expect(pub.querySelector('[data-correction]')!.textContent).toContain(PAYLOADS.correction);
		const drive = page('drives/drive-a');
		expect(drive.querySelector('[data-testid="drive-title"]')!.textContent).toContain(PAYLOADS.model);
	});

	it('keeps the payloads intact inside the catalog data, the inline JSON and the chart SVG', () => {
		const catalog = JSON.parse(readFileSync(join(outDir, 'catalog.json'), 'utf8')) as CatalogData;
		expect(catalog.reviews.map((r) => r[1])).toContain(PAYLOADS.title);
		expect(catalog.devices.map((d) => d[3])).toContain(PAYLOADS.model);
		// The catalog's static rows, drawn by the same code as the browser's, hold them as text.
		expect(page('').querySelector('[data-catalog-body]')!.textContent).toContain(PAYLOADS.titleEn);
		expect(page('zh-Hans').querySelector('[data-catalog-body]')!.textContent).toContain(PAYLOADS.title);
		expect(page('').querySelector('[data-catalog-body]')!.textContent).toContain(PAYLOADS.model);
		const review = page('reviews/rev-fio');
		const config = JSON.parse(review.querySelector('script[data-chart-page]')!.textContent!) as { labels: Record<string, string> };
		expect(config.labels['drive-a']).toBe(`Crucial ${PAYLOADS.model}`);
		// The device label is drawn inside the charts: as SVG text, never as markup.
		const legendText = [...review.querySelectorAll('figure[data-chart] [data-chart-frame]')].map((f) => f.textContent).join(' ');
		expect(legendText).toContain(PAYLOADS.model);
	});
});
