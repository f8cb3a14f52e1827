// A chart drawn once for every language (build/shared-drawing.ts) is written in each as the bytes of a drawing made in
// that language: over every kind's test rows (from the fio fixtures and published figures), with no data, and with
// untrusted labels and workload names (the XSS corpus: escaping), at the chart's own and its embed's widths.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../../../src/i18n/lang.ts';
import { buildRawFileHref, renderStaticChart } from '../../../src/lib/build/render.ts';
import { removePlotStyles } from '../../../src/lib/build/plot-styles.ts';
import { contentJson, readPlaceholders } from '../../../src/lib/build/shared-drawing.ts';
import { KINDS } from '../../../src/lib/charts/kinds.ts';
import { DEFAULT_WIDTH } from '../../../src/lib/charts/options.ts';
import { compactSvg } from '../../../src/lib/charts/svg-paths.ts';
import type { ChartSpec } from '../../../src/lib/site/chart-data.ts';
import { DEFAULT_VIEW, chartOptions, chartSummary, chartTable, drawChart, drawOf, type ChartKind } from '../../../src/lib/site/chart-kinds.ts';
import { drawnWidths } from '../../../src/lib/site/embed-layout.ts';
import type { PercentileRow, RunRow } from '../../../src/lib/schema.ts';
import { appRows, cornerRows, mixRows } from '../charts/bar-rows.ts';
import { comparisonRows } from '../charts/comparison-rows.ts';
import { histogramInput } from '../charts/histogram-rows.ts';
import { testDocument } from '../charts/render.ts';
import { percentile } from '../charts/rows.ts';
import { DEVICE_LABELS, failedRun, intelPublished, kioxiaSweep, samsungSweep, sweepRows } from '../charts/sweeps.ts';
import { iopsPoints, latencyPoints } from '../charts/timeseries-rows.ts';

type Case = { name: string; spec: Pick<ChartSpec, 'kind' | 'input' | 'fixed'>; labels: Record<string, string> };

const PAYLOADS = readFileSync(new URL('../../fixtures/xss/payloads.txt', import.meta.url), 'utf8')
	.split('\n')
	.filter((l) => l !== '');
/** Device labels and workload names from the XSS corpus, with a no-break space: what the markup escapes. */
const UNTRUSTED_LABELS = Object.fromEntries(Object.keys(DEVICE_LABELS).map((id, i) => [id, `${PAYLOADS[i]}\u00a0"&amp;${i}`]));
const untrustedRuns = (rows: readonly RunRow[]) => rows.map((r, i) => ({ ...r, workload: `${PAYLOADS[(i + 4) % PAYLOADS.length]} & "${r.workload}"` }));

const [kioxiaQd1] = kioxiaSweep;
const [samsungQd1, , , samsungQd8] = samsungSweep;
const percentiles: PercentileRow[] = [1, 50, 90, 99, 99.9, 99.99].map((p, i) =>
	percentile({ run_id: kioxiaQd1!.run_id, direction: 'read', stat: 'clat', percentile: p, value_ns: 50_000 + 10_000 * i ** 2 }),
);
const ladder = { runs: [...kioxiaSweep, samsungQd1!, samsungQd8!, failedRun, intelPublished[0]!], percentiles };

const CASES: [ChartKind, string, unknown, ChartSpec['fixed']][] = [
	['lvi', 'sweeps', sweepRows, {}],
	['lvi', 'muted', sweepRows, { muted: ['samsung-pm9a3-3t84'] }],
	['lvi', 'no data', [], {}],
	['qd', 'sweeps', sweepRows, {}],
	['ladder', 'percentiles', ladder, {}],
	['hist', 'bins', histogramInput, {}],
	['exc', 'bins', histogramInput, {}],
	['fc', 'corners', cornerRows, {}],
	['mix', 'mixes', mixRows, {}],
	['app', 'profiles', appRows, {}],
	['ts', 'iops', iopsPoints, { metric: 'iops' }],
	['ts', 'latency', latencyPoints, { metric: 'lat' }],
	['ts', 'no data', [], { metric: 'iops' }],
	['cmp', 'delta', comparisonRows, { comparisonKind: 'delta' }],
	['cmp', 'ratio', comparisonRows, { comparisonKind: 'ratio' }],
];

const cases: Case[] = CASES.flatMap(([kind, name, input, fixed]) => [
	{ name: `${kind} ${name}`, spec: { kind, input, fixed }, labels: DEVICE_LABELS },
	{ name: `${kind} ${name}, untrusted names`, spec: { kind, input: Array.isArray(input) && kind !== 'cmp' && kind !== 'ts' ? untrustedRuns(input as RunRow[]) : input, fixed }, labels: UNTRUSTED_LABELS },
]);

/** The drawing as the build made it before: in the language, compacted before its groups are named in it; its summary and table. */
function drawnInLanguage(c: Case, lang: (typeof LANGS)[number], width: number) {
	const options = chartOptions(c.spec, DEFAULT_VIEW, { lang, deviceLabels: c.labels, document: testDocument(), rawFileHref: buildRawFileHref() });
	options.width = width;
	const picture = drawChart(c.spec.kind, structuredClone(c.spec.input), options, (element) => {
		compactSvg(element);
		removePlotStyles(element);
	});
	const input = structuredClone(c.spec.input);
	return { markup: picture.element.outerHTML, title: picture.title, summary: chartSummary(c.spec.kind, input, options), table: chartTable(c.spec.kind, input, options) };
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe('a chart drawn once for every language', () => {
	it('covers every kind', () => {
		expect(new Set(CASES.map(([kind]) => kind))).toEqual(new Set(KINDS.map((k) => k.slug)));
	});

	for (const c of cases) {
		it(`is written in each language as drawn in it: ${c.name}`, () => {
			const render = vi.spyOn(drawOf(c.spec.kind), 'render');
			const widths = drawnWidths(c.spec.fixed.width ?? DEFAULT_WIDTH);
			// Each page plans its own charts: equal specs and labels, as different objects.
			const pages = LANGS.map((lang) => ({ lang, spec: structuredClone(c.spec), labels: { ...c.labels } }));
			for (const { lang, spec, labels } of pages) {
				for (const width of widths) {
					const chart = renderStaticChart(spec, lang, labels, width);
					const before = drawnInLanguage(c, lang, width);
					expect(chart.markup, `${lang} at ${width} px`).toBe(before.markup);
					expect([chart.title, chart.summary, chart.table]).toEqual([before.title, before.summary, before.table]);
				}
			}
			// Drawn once per width for every language (twice per width above: the old way), except a kind sized by its texts.
			const sizedByText = KINDS.find((k) => k.slug === c.spec.kind)!.sizedByText;
			expect(render).toHaveBeenCalledTimes(widths.length * (sizedByText ? 2 * LANGS.length : 1 + LANGS.length));
		});
	}

	it('reads placeholders only whole: one cut or of an unknown kind is refused', () => {
		expect(() => readPlaceholders('\uFDD0l\uFDD1a')).toThrow(/not closed/);
		expect(() => readPlaceholders('a\uFDD2')).toThrow(/not opened/);
		expect(() => readPlaceholders('\uFDD0x\uFDD2')).toThrow(/placeholder x/);
		expect(() => readPlaceholders('\uFDD0tload_qd\uFDD2')).toThrow(/placeholder tload_qd of 0 values/);
		expect(readPlaceholders('QD \uFDD0c\uFDD11200\uFDD2')).toEqual(['QD ', { what: 'c', values: [['1200']] }]);
	});

	it('tells charts apart by content where JSON alone would not, and refuses content it cannot write', () => {
		const written = (value: unknown) => contentJson(value);
		for (const [a, b] of [[[NaN], [null]], [[-0], [0]], [[Infinity], [null]], [{ a: undefined }, {}], [[undefined], [null]]]) expect(written(a)).not.toBe(written(b));
		expect(written([{ x: 1, y: 'a' }])).toBe(JSON.stringify([{ x: 1, y: 'a' }]));
		for (const value of [[new Map([[1, 2]])], [new Set([1])], [new Date(0)], ['a\uFDD0b'], [() => 1]]) expect(written(value)).toBeUndefined();
	});
});
