// One chart figure for every page: the same tree written as HTML (pre-rendered pages) and built as DOM (the live
// comparison), with the parts a page has — table rows cut with a note, downloads, embed, the SQL's disclosure.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { chartMarkup, domOf, el, htmlOf } from '../../../src/lib/element.ts';
import { chartFigureEl, embeddedFigureEl, queryBlockEls, type ChartFigure } from '../../../src/lib/site/chart-figure.ts';
import { shownQueries } from '../../../src/lib/site/chart-data.ts';

const table = { columns: ['Drive', 'IOPS'], rows: [['A "x" & <y>', 1234567], ['B', null], ['C', 3]] as (string | number | null)[][] };
const full: ChartFigure = {
	lang: 'en',
	id: 'r-x',
	kind: 'fc',
	markup: '<svg aria-label="drawn"></svg>',
	summary: "Best: A's 1,234,567 IOPS.",
	table,
	rowsOnOpen: true,
	eager: true,
	downloads: { csv: '/data/charts/r/tables/r-x.csv', files: [{ href: '/data/runs/part-0.parquet', path: 'runs/part-0.parquet' }] },
	embed: { src: '/data/embeds/r.html#r-x', title: 'Four corners', width: 660, height: 400, dataBase: '/data/' },
	queriesOnOpen: true,
};

const parse = (html: string) => parseHTML(`<main>${html}</main>`).document;

/** Tag, attributes in name order, then the children (the HTML parser and the DOM may order attributes otherwise). */
function canonical(node: Node): string {
	if (node.nodeType !== 1) return node.textContent!;
	const e = node as Element;
	const attrs = e.getAttributeNames().sort().map((a) => `${a}=${JSON.stringify(e.getAttribute(a))}`);
	return `<${e.tagName.toLowerCase()} ${attrs.join(' ')}>${[...e.childNodes].map(canonical).join('')}</>`;
}

describe('chart figure', () => {
	it('writes every part a page gives it, escaped as Astro escapes', () => {
		const html = htmlOf(chartFigureEl(full));
		expect(html).toMatch(/^<figure class="chart mt-6" id="r-x" data-eager data-chart="fc" data-chart-id="r-x" data-testid="chart"><div class="chart-frame overflow-x-auto" data-chart-frame><svg aria-label="drawn"><\/svg><\/div>/);
		expect(html).toContain('<span class="sr-only">Summary: </span>Best: A&#39;s 1,234,567 IOPS.</p>');
		expect(htmlOf(chartFigureEl({ ...full, rowsOnOpen: false }))).toContain('<td>A &quot;x&quot; &amp; &lt;y&gt;</td><td class="num">1,234,567</td>');
		const doc = parse(html);
		const figure = doc.querySelector('figure')!;
		// The columns, a note that the rows come when it is opened, and where the whole table is.
		expect(figure.querySelector('table[data-chart-table]')!.getAttribute('data-rows')).toBe('3');
		expect([...figure.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(table.columns);
		expect(figure.querySelectorAll('tbody tr')).toHaveLength(0);
		expect(figure.querySelector('[data-table-truncated]')!.textContent).toContain('Its 3 rows are written when the table is opened');
		expect([...figure.querySelectorAll('details[data-chart-table-details] a[download]')].map((a) => a.getAttribute('href'))).toEqual([full.downloads!.csv, '/data/runs/part-0.parquet']);
		const snippet = figure.querySelector('textarea[data-embed-snippet]')!;
		// Its snippet is the script's to write (with the page's view and dataset version): without the script, the embed is linked.
		expect([snippet.textContent, snippet.getAttribute('class'), figure.querySelector('[data-chart-embed] p')!.getAttribute('class')]).toEqual(['', 'field snippet js-only', 'prose-muted mt-2 max-w-3xl js-only']);
		expect([snippet.getAttribute('data-embed-src'), snippet.getAttribute('data-embed-width'), snippet.hasAttribute('data-embed-keep')]).toEqual(['/data/embeds/r.html#r-x', '660', false]);
		expect([...figure.querySelectorAll('[data-chart-embed] p a')].map((a) => a.getAttribute('href'))).toEqual(['/data/embeds/r.html#r-x']);
		// The SQL is written by the page's script when its disclosure is opened (queryBlockEls).
		expect(figure.querySelector('details[data-chart-queries] [data-chart-query-list]')!.textContent).toBe('The queries are written when this is opened, with JavaScript, for the chart as it is shown.');
		expect(figure.querySelector('code')).toBeNull();
	});

	it('leaves out what a page does not have: the live comparison’s chart has its table whole and no downloads, SQL or data', () => {
		const live: ChartFigure = { lang: 'zh-Hans', id: 'cmp-0-fc', kind: 'fc', markup: '<svg></svg>', summary: 's', table, embed: { ...full.embed!, keep: 'all', chart: 'cmp-0-fc' } };
		const figure = parse(htmlOf(chartFigureEl(live))).querySelector('figure')!;
		expect(figure.hasAttribute('data-eager')).toBe(false);
		expect(figure.querySelectorAll('tbody tr')).toHaveLength(3);
		expect(figure.querySelector('[data-table-truncated]')).toBeNull();
		expect(figure.querySelector('details[data-chart-table-details] p')).toBeNull();
		expect(figure.querySelector('script, code')).toBeNull();
		const snippet = figure.querySelector('textarea')!;
		expect([snippet.getAttribute('data-embed-keep'), snippet.getAttribute('data-embed-chart')]).toEqual(['all', 'cmp-0-fc']);
		expect(figure.querySelectorAll('[data-chart-embed] p a')).toHaveLength(1);
		expect(figure.querySelector('[data-chart-table-details] summary')!.textContent).toBe('数据表');
	});

	it('writes a chart the page draws later under its heading and note, with an embed whose snippet is final', () => {
		// The finder's: no drawing yet, a heading and "the first N of M" above the frame; its embed keeps nothing of the
		// page's address, pins no dataset version and says so in its own words.
		const finder: ChartFigure = {
			lang: 'en',
			id: 'find-chart',
			kind: 'lvi',
			title: 'The measured curves',
			note: 'Drawn: the first 10 of 14 results listed.',
			summary: '',
			embed: { src: 'https://x.test/embed/find/?qd=1', title: 'The measured curves', width: 660, height: 590, keep: 'none', hint: 'Answers this question.', snippet: 'paste this' },
		};
		const html = htmlOf(chartFigureEl(finder));
		expect(html).toMatch(
			/^<figure class="chart mt-6" id="find-chart" data-chart="lvi" data-chart-id="find-chart" data-testid="chart"><figcaption class="text-base font-medium">The measured curves<\/figcaption><p class="prose-muted text-sm" data-chart-note>Drawn: the first 10 of 14 results listed.<\/p><div class="chart-frame overflow-x-auto" data-chart-frame><\/div><p class="chart-summary" data-chart-summary><span class="sr-only">Summary: <\/span><\/p>/,
		);
		const figure = parse(html).querySelector('figure')!;
		const snippet = figure.querySelector('textarea[data-embed-snippet]')!;
		expect([snippet.getAttribute('data-embed-keep'), snippet.hasAttribute('data-data-base'), snippet.textContent]).toEqual(['none', false, 'paste this']);
		expect(figure.querySelector('[data-chart-embed] p')!.textContent).toBe('Answers this question.');
		expect(figure.querySelector('[data-embed-link]')!.getAttribute('href')).toBe('https://x.test/embed/find/?qd=1');
		expect(figure.querySelector('details[data-chart-table-details], script, code')).toBeNull();
		// Without heading or note (every other page) neither is written, and the embed says what a chart's embed shows.
		const plain = parse(htmlOf(chartFigureEl({ ...full, title: undefined, note: undefined }))).querySelector('figure')!;
		expect(plain.querySelector('figcaption, [data-chart-note]')).toBeNull();
		expect(plain.querySelector('[data-chart-embed] p')!.textContent).toBe('Paste this into your page. The chart shows the view this page has now, with the numbers of the current dataset version for as long as this site hosts it.');
	});

	it('writes an embed’s figure as the embed writes it: its drawings for several widths and a summary for screen readers', () => {
		const drawings = [el('div', { class: 'drawn w-0-480', 'data-drawn-width': 320 }, chartMarkup('<svg></svg>')), el('div', { class: 'drawn w-480-', 'data-drawn-width': 640 }, chartMarkup('<svg></svg>'))];
		const html = htmlOf(embeddedFigureEl({ id: 'r-x', kind: 'lvi', markup: drawings, summary: 'Best: A.' }));
		expect(html).toBe(
			'<figure class="chart" id="r-x" style="margin:0" data-chart="lvi" data-chart-id="r-x" data-eager><div class="chart-frame" data-chart-frame>' +
				'<div class="drawn w-0-480" data-drawn-width="320"><svg></svg></div><div class="drawn w-480-" data-drawn-width="640"><svg></svg></div></div>' +
				'<p class="sr-only" data-chart-summary>Best: A.</p></figure>',
		);
	});

	it('writes the queries a page’s script puts into its open SQL disclosure: caption, SQL, parameters, escaped', () => {
		const queries = shownQueries({ runs: { runIds: ['r:a.json#job0', 'r:<b>.json#job0'] }, percentiles: { runIds: ['r:a.json#job0'], direction: 'read' } }, 'zh-Hans');
		const blocks = parse(queryBlockEls(queries).map(htmlOf).join('')).querySelectorAll('main > div');
		expect([...blocks].map((b) => b.querySelector('code')!.textContent)).toEqual(queries.map((q) => q.sql));
		expect(blocks[0]!.querySelector('code')!.textContent).toMatch(/^SELECT review_id, device_id, run_id, .*\nFROM runs\nWHERE run_id IN \(\$1, \$2\)/s);
		expect(JSON.parse(blocks[0]!.querySelector('.code-params')!.textContent!)).toEqual(['r:a.json#job0', 'r:<b>.json#job0']);
		expect(htmlOf(queryBlockEls(queries)[0]!)).toContain('&lt;b&gt;');
		// Captions in the page's language.
		expect(blocks[0]!.querySelector('p')!.textContent).toBe(queries[0]!.caption);
		expect(queries[0]!.caption).not.toBe(shownQueries({ runs: { runIds: ['r:a.json#job0'] } }, 'en')[0]!.caption);
	});

	it('builds the same figure as DOM in the browser as it writes as HTML', () => {
		// (linkedom leaves a textarea's entities as they are written: a snippet without any.)
		const figure = { ...full, rowsOnOpen: false, embed: { ...full.embed!, snippet: 'paste this' } };
		const { document } = parseHTML('<main></main>');
		const drawn = document.createElement('svg');
		drawn.setAttribute('aria-label', 'drawn');
		const built = domOf(chartFigureEl({ ...figure, markup: drawn as unknown as Element }), document as unknown as Document) as Element;
		const written = parse(htmlOf(chartFigureEl(figure))).querySelector('figure')!;
		expect(canonical(built)).toBe(canonical(written));
		expect(written.querySelectorAll('*').length).toBeGreaterThan(40);
	});
});
