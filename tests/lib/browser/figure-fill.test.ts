// A chart drawn in the browser goes into the figure every page writes: the frame's old content replaced, the summary's
// hidden lead-in ("Summary: ") kept before the new text.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { domOf, htmlOf } from '../../../src/lib/element.ts';
import { fillFrame, fillSummary } from '../../../src/lib/browser/figure-fill.ts';
import { chartFigureEl, embeddedFigureEl } from '../../../src/lib/site/chart-figure.ts';

describe('figure fill', () => {
	it('puts the drawing into the frame and the summary after its hidden lead-in, twice as once', () => {
		const { document } = parseHTML('<main></main>');
		const figure = domOf(chartFigureEl({ lang: 'zh-Hans', id: 'c', kind: 'ts', summary: '' }), document as unknown as Document) as Element;
		for (const text of ['第一次', '第二次']) {
			const svg = document.createElement('svg');
			svg.setAttribute('data-n', text);
			fillFrame(figure, svg as unknown as Node);
			fillSummary(figure, text);
		}
		expect(figure.querySelector('[data-chart-frame]')!.innerHTML).toBe('<svg data-n="第二次"></svg>');
		expect(figure.querySelector('[data-chart-summary]')!.innerHTML).toBe('<span class="sr-only">摘要: </span>第二次');
	});

	it('writes an embed’s summary, itself for screen readers only, as its whole text', () => {
		const { document } = parseHTML(`<main>${htmlOf(embeddedFigureEl({ id: 'c', kind: '', summary: '' }))}</main>`);
		const figure = document.querySelector('figure')!;
		fillSummary(figure as unknown as Element, 'Best: A.');
		expect(figure.querySelector('[data-chart-summary]')!.innerHTML).toBe('Best: A.');
	});
});
