// The build's drawings of a chart: at its own width for its page and at its embed's widths, each drawing's summary and
// table worked out only when read (an embed's narrower drawings show only the markup).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedDrawings, renderStaticChart } from '../../../src/lib/build/render.ts';
import { compactSvg } from '../../../src/lib/charts/svg-paths.ts';
import { removePlotStyles } from '../../../src/lib/build/plot-styles.ts';
import { DEFAULT_VIEW, chartOptions, drawChart, drawOf, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import type { ChartSpec } from '../../../src/lib/site/chart-data.ts';
import { histogramInput, kioxiaQd1 } from '../charts/histogram-rows.ts';
import { bin } from '../charts/rows.ts';
import { testDocument } from '../charts/render.ts';
import { DEVICE_LABELS } from '../charts/sweeps.ts';

const specOf = (): Pick<ChartSpec, 'kind' | 'input' | 'fixed'> => ({ kind: 'hist', input: structuredClone(histogramInput), fixed: {} });

afterEach(() => {
	vi.restoreAllMocks();
});

describe('renderStaticChart', () => {
	it('draws an embed’s narrower drawings without their summary or table, and the own drawing’s once, when read', () => {
		const draw = drawOf('hist');
		const table = vi.spyOn(draw, 'table');
		const summary = vi.spyOn(draw, 'summary');
		const spec = specOf();
		const own = renderStaticChart(spec, 'en', DEVICE_LABELS);
		const drawings = embedDrawings(spec, 'en', DEVICE_LABELS, own);
		expect(drawings.map((d) => d.width)).toEqual([280, 460, 640]);
		expect(new Set(drawings.map((d) => d.markup)).size).toBe(3);
		expect(table).not.toHaveBeenCalled();
		expect(summary).not.toHaveBeenCalled();
		expect(own.table.rows.length).toBeGreaterThan(0);
		expect(own.summary).toContain('KIOXIA');
		expect({ ...own }.table).toBe(own.table);
		expect(table).toHaveBeenCalledTimes(1);
		expect(summary).toHaveBeenCalledTimes(1);
	});

	it('writes what the chart drawn whole (renderChart) has: its markup, title, summary and table', () => {
		const spec = specOf();
		for (const lang of ['en', 'zh-Hans'] as const) {
			for (const width of [280, undefined]) {
				const options = { ...chartOptions(spec, DEFAULT_VIEW, { lang, deviceLabels: DEVICE_LABELS, document: testDocument() }) };
				if (width) options.width = width;
				const whole = renderChart(spec.kind, specOf().input, options);
				// Compacted as the build does, before Plot's groups are named in the chart's language.
				whole.element = drawChart(spec.kind, specOf().input, options, (el) => {
					compactSvg(el);
					removePlotStyles(el);
				}).element;
				const chart = renderStaticChart(spec, lang, DEVICE_LABELS, width);
				const renumber = (html: string) => html.replace(/\bplot-[0-9a-f]{6}\b/g, 'plot-x');
				expect(renumber(chart.markup)).toBe(renumber(whole.element.outerHTML));
				expect([chart.title, chart.summary, chart.table]).toEqual([whole.title, whole.summary, whole.table]);
			}
		}
	});

	it('compacts a Chinese drawing as an English one: a log axis\'s empty tick labels dropped in both', () => {
		// Latencies over four decades: the log axis has ticks Plot leaves unlabelled (empty texts).
		const decades = [[10_000, 20_000, 5], [200_000, 300_000, 50], [5_000_000, 6_000_000, 3], [80_000_000, 90_000_000, 1]] as const;
		const input = { runs: [kioxiaQd1], bins: decades.map(([lower, upper, count], i) => bin({ run_id: kioxiaQd1.run_id, bin_index: i, bin_lower_ns: lower, bin_upper_ns: upper, count })) };
		const spec = { kind: 'hist' as const, input, fixed: {} };
		const emptyTexts = (markup: string) => markup.match(/<text[^>]*(\/>|><\/text>)/g)?.length ?? 0;
		const options = chartOptions(spec, DEFAULT_VIEW, { lang: 'zh-Hans', deviceLabels: DEVICE_LABELS, document: testDocument() });
		expect(emptyTexts(drawChart(spec.kind, input, options).element.outerHTML)).toBeGreaterThan(5);
		const [en, zh] = (['en', 'zh-Hans'] as const).map((lang) => renderStaticChart(spec, lang, DEVICE_LABELS).markup);
		expect(emptyTexts(en!)).toBe(0);
		expect(emptyTexts(zh!)).toBe(0);
		expect(zh).toContain('刻度');
	});
});
