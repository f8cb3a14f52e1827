// What every chart kind of src/lib/charts/kinds.ts promises: determinism, no Plot warnings, the summary as the SVG's aria-description,
// a frame for empty input, texts from labels.ts in both languages, and unit conversions from units.ts.
import { describe, expect, it } from 'vitest';
import * as charts from '../../../src/lib/charts/index.ts';
import { deviceSeries } from '../../../src/lib/charts/devices.ts';
import { bandwidthFromBytesPerS, blockSizeText, latencyFromNs } from '../../../src/lib/charts/display-units.ts';
import { fill, formatCompact, rangeText, sentences } from '../../../src/lib/charts/format.ts';
import { CHART_LABELS } from '../../../src/lib/charts/labels.ts';
import { KINDS, type KindSlug } from '../../../src/lib/charts/kinds.ts';
import type { ChartOptions } from '../../../src/lib/charts/options.ts';
import type { FixedOptions } from '../../../src/lib/site/chart-data.ts';
import { drawOf } from '../../../src/lib/site/chart-kinds.ts';
import { appRows, cornerRows, mixRows } from './bar-rows.ts';
import { comparisonRows } from './comparison-rows.ts';
import { histogramInput } from './histogram-rows.ts';
import { captionOf, base, snapshotMarkup } from './render.ts';
import { kioxiaSweep, sweepRows } from './sweeps.ts';
import { iopsPoints } from './timeseries-rows.ts';

/** Each kind's sample input, the options it keeps fixed, and the tool its caption must name. */
interface Sample {
	input: unknown;
	/** The same kind with no rows. */
	empty: unknown;
	fixed?: Partial<ChartOptions> & FixedOptions;
	tool: string;
}

// Keyed by slug: a kind added to kinds.ts without a sample here does not compile.
const SAMPLES: Record<KindSlug, Sample> = {
	lvi: { input: sweepRows, empty: [], tool: 'fio 3.33' },
	qd: { input: sweepRows, empty: [], tool: 'fio 3.33' },
	ladder: { input: { runs: kioxiaSweep, percentiles: [] }, empty: { runs: [], percentiles: [] }, tool: 'fio 3.33' },
	hist: { input: histogramInput, empty: { bins: [], runs: [] }, tool: 'Iometer 1.1.0' },
	exc: { input: histogramInput, empty: { bins: [], runs: [] }, tool: 'Iometer 1.1.0' },
	fc: { input: cornerRows, empty: [], tool: 'fio 3.33' },
	mix: { input: mixRows, empty: [], tool: 'Iometer 1.1.0' },
	app: { input: appRows, empty: [], tool: 'Sysbench 1.0.20' },
	ts: { input: iopsPoints, empty: [], fixed: { metric: 'iops' }, tool: 'fio 3.33' },
	cmp: { input: comparisonRows, empty: [], tool: 'review-b' },
};

const CASES = KINDS.map((kind) => {
	const sample = SAMPLES[kind.slug];
	const draw = drawOf(kind.slug);
	const options = (o: ChartOptions) => ({ ...o, ...sample.fixed });
	return {
		name: kind.id,
		input: sample.input,
		renderOf: (input: unknown, o: ChartOptions) => draw.render(input, options(o)),
		render: (o: ChartOptions) => draw.render(sample.input, options(o)),
		summary: (o: ChartOptions) => draw.summary(sample.input, options(o)),
		table: (o: ChartOptions) => draw.table(sample.input, options(o)),
		empty: (o: ChartOptions) => draw.render(sample.empty, options(o)),
		tool: sample.tool,
	};
});

describe.each(CASES)('$name', (c) => {
	it('has a data table with a value for every column', () => {
		const table = c.table(base);
		expect(table.rows.length).toBeGreaterThan(0);
		for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
	});

	it('renders the same markup every time, without Plot warnings', () => {
		const first = snapshotMarkup(c.render(base));
		expect(snapshotMarkup(c.render(base))).toBe(first);
		expect(first).not.toContain('\u26a0');
		expect(first).not.toContain('NaN');
	});

	it('draws at each width what a drawing of its own draws: its drawings share their data (shared-steps.ts)', () => {
		const widths = [280, 460, 640];
		const shared = widths.map((width) => snapshotMarkup(c.renderOf(c.input, { ...base, width })));
		const apart = widths.map((width) => snapshotMarkup(c.renderOf(structuredClone(c.input), { ...base, width })));
		expect(shared).toEqual(apart);
		expect(new Set(shared).size).toBe(widths.length);
	});

	it('carries its summary as the aria-description, in both languages', () => {
		for (const lang of ['en', 'zh-Hans'] as const) {
			const chart = c.render({ ...base, lang });
			const described =
				chart.getAttribute('aria-description') ??
				chart.querySelector('svg[aria-description]')?.getAttribute('aria-description');
			expect(described).toBe(c.summary({ ...base, lang }));
			expect(described).toMatch(/KIOXIA|Intel|Samsung/);
		}
	});

	it('names the tool (or the source of published figures) in its caption', () => {
		expect(captionOf(c.render(base))).toContain(c.tool);
	});

	it('still draws a frame for empty input, saying there is no data', () => {
		const chart = c.empty(base);
		expect(chart.textContent).toContain('No data to show');
		expect(c.empty({ ...base, lang: 'zh-Hans' }).textContent).toContain('没有可显示的数据');
	});

	it('uses axes and text that follow the page colour (currentColor)', () => {
		for (const svg of c.render(base).querySelectorAll('svg[font-family]'))
			expect(svg.getAttribute('fill')).toBe('currentColor');
	});
});

describe('labels', () => {
	it('has the same keys and the same placeholders in English and Simplified Chinese', () => {
		const { en, 'zh-Hans': zh } = CHART_LABELS;
		expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
		const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
		for (const key of Object.keys(en) as (keyof typeof en)[])
			expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
	});

	it('can be overridden through options.i18n', () => {
		const chart = charts.latencyVsIops(sweepRows, { ...base, i18n: { published: 'as published' } });
		expect([...chart.querySelectorAll('text')].some((t) => t.textContent === 'as published')).toBe(true);
	});
});

describe('devices', () => {
	it('orders devices by id, keys colours to that order and keeps them when some are hidden', () => {
		const ids = ['samsung', 'intel', 'kioxia', 'intel'];
		const all = deviceSeries(ids, {});
		const some = deviceSeries(ids, { series: ['samsung'] });
		expect(all.order).toEqual(['intel', 'kioxia', 'samsung']);
		expect(some.visible).toEqual(['samsung']);
		expect(some.color('samsung')).toBe(all.color('samsung'));
		expect(some.colorScale()).toEqual({ type: 'ordinal', domain: ['samsung'], range: ['#ff725c'] });
	});

	it('tells apart two devices that were given the same label', () => {
		const devices = deviceSeries(['a', 'b'], { deviceLabels: { a: 'SSD', b: 'SSD' } });
		expect([devices.label('a'), devices.label('b')]).toEqual(['SSD (a)', 'SSD (b)']);
	});
});

describe('display units and formatting', () => {
	it('converts with the factors of units.ts', () => {
		expect(latencyFromNs(1_500_000, 'us')).toBe(1_500);
		expect(latencyFromNs(1_500_000, 'ms')).toBe(1.5);
		expect(bandwidthFromBytesPerS(3_500_000_000, 'MB/s')).toBe(3_500);
		expect(bandwidthFromBytesPerS(2 ** 30, 'MiB/s')).toBe(1_024);
		expect([blockSizeText(512), blockSizeText(4096), blockSizeText(131_072), blockSizeText(2 ** 20)]).toEqual([
			'512 B',
			'4 KiB',
			'128 KiB',
			'1 MiB',
		]);
	});

	it('formats ranges, sentences and compact numbers in both languages', () => {
		expect(rangeText([32, 1, 4, 1], 'en')).toBe('1, 4, 32');
		expect(rangeText([1, 2, 4, 8, 256], 'en')).toBe('1–256');
		expect(sentences(['a', null, 'b.', false], 'en')).toBe('a. b.');
		expect(sentences(['甲', '乙'], 'zh-Hans')).toBe('甲。乙。');
		expect(fill('{a} × {b} {c}', { a: 4, b: 'QD 8' })).toBe('4 × QD 8 {c}');
		expect(formatCompact(1_350_000, 'en')).toBe('1.35M');
		expect(formatCompact(1_350_000, 'zh-Hans')).toBe('135万');
	});
});
