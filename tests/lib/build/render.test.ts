// The build's drawings of a chart: at its own width for its page and at its embed's widths, each drawing's summary and
// table worked out only when read (an embed's narrower drawings show only the markup).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedDrawings, renderStaticChart } from '../../../src/lib/build/render.ts';
import { compactSvg } from '../../../src/lib/charts/svg-paths.ts';
import { removePlotStyles } from '../../../src/lib/build/plot-styles.ts';
import { DEFAULT_VIEW, chartOptions, drawOf, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import type { ChartSpec } from '../../../src/lib/site/chart-data.ts';
import { histogramInput } from '../charts/histogram-rows.ts';
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
				compactSvg(whole.element);
				removePlotStyles(whole.element);
				const chart = renderStaticChart(spec, lang, DEVICE_LABELS, width);
				const renumber = (html: string) => html.replace(/\bplot-[0-9a-f]{6}\b/g, 'plot-x');
				expect(renumber(chart.markup)).toBe(renumber(whole.element.outerHTML));
				expect([chart.title, chart.summary, chart.table]).toEqual([whole.title, whole.summary, whole.table]);
			}
		}
	});
});
