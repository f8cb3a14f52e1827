// Shorter SVG for the pages: paths rounded and written with H/V, grids and ticks as one path each, empty tick
// labels left out; and the thinned exceedance steps and histogram outlines that the long curves are drawn from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latencyExceedance, latencyExceedanceData, visibleSteps, type ExceedancePoint } from '../../../src/lib/charts/exceedance/chart.ts';
import { barOutlines, latencyHistogram, latencyHistogramData, type HistogramBar } from '../../../src/lib/charts/histogram/chart.ts';
import type { ChartOptions } from '../../../src/lib/charts/options.ts';
import { compactPathData, compactSvg } from '../../../src/lib/charts/svg-paths.ts';
import { histogramInput } from './histogram-rows.ts';
import { document, testDocument } from './render.ts';

const base: ChartOptions = { document, lang: 'en', latencyUnit: 'us', rateUnit: 'iops', stat: 'mean' };

describe('compactPathData', () => {
	it('rounds to 0.1 px and writes horizontal and vertical segments as H and V', () => {
		// 20.0014 rounds to 20: the step of 0.0014 px vanishes and the two horizontal segments become one.
		expect(compactPathData('M56,20L56.758,20L56.758,20.0014L58.9675,20.0014')).toBe('M56,20H59');
		expect(compactPathData('M56,20L56.758,20L56.758,20.14L58.9675,20.14')).toBe('M56,20H56.8V20.1H59');
		expect(compactPathData('M0,0L10.04,5.06L10.04,9')).toBe('M0,0L10,5.1V9');
	});

	it('merges runs of H (or V) that continue one straight line, not ones that turn back', () => {
		expect(compactPathData('M0,0L10,0L20,0L30,0L30,5L30,9')).toBe('M0,0H30V9');
		expect(compactPathData('M0,0L10,0L5,0')).toBe('M0,0H10H5');
	});

	it('keeps closing commands and leaves other paths as drawn', () => {
		expect(compactPathData('M0,0L10,0L10,10Z')).toBe('M0,0H10V10Z');
		const arc = 'M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0';
		expect(compactPathData(arc)).toBe(arc);
		expect(compactPathData('M1,2L3')).toBe('M1,2L3');
	});
});

/** The points of a path of M, L and Z commands as SVG reads them (numbers split at spaces and commas), or null. */
function pointsOf(d: string): [string, number, number][] | null {
	const points: [string, number, number][] = [];
	for (const [, cmd, args] of d.matchAll(/([MLZ])([^MLZ]*)/g)) {
		if (cmd === 'Z') continue;
		const numbers = args!.trim().split(/[\s,]+/).filter(Boolean).map(Number);
		if (numbers.length === 0 || numbers.length % 2 !== 0 || numbers.some((n) => !Number.isFinite(n))) return null;
		for (let i = 0; i < numbers.length; i += 2) points.push([cmd === 'M' && i === 0 ? 'M' : 'L', numbers[i]!, numbers[i + 1]!]);
	}
	return points;
}

describe('compactPathData on any path of moves and lines', () => {
	it('leaves a path it cannot read as drawn and draws the same points, rounded to 0.1 px, of any other', () => {
		const number = fc.oneof(fc.integer({ min: -500, max: 500 }).map(String), fc.double({ min: -500, max: 500, noNaN: true }).map(String), fc.constantFrom('1e2', '-.5', '5.', '+3', '1e', '-', '.', '1-2'));
		const separator = fc.constantFrom(',', ' ', ', ', '\n', '');
		const command = fc.tuple(fc.constantFrom('M', 'L', 'Z', ' M'), fc.array(fc.tuple(number, separator), { maxLength: 5 })).map(([c, args]) => c + args.map(([n, s]) => n + s).join(''));
		fc.assert(
			fc.property(fc.array(command, { minLength: 1, maxLength: 8 }), (commands) => {
				const d = commands.join('');
				const compact = compactPathData(d);
				const drawn = pointsOf(d);
				if (drawn === null) {
					expect(compact).toBe(d);
					return;
				}
				// Each point of the compact path, with H and V filled in from the point before.
				const points: [number, number][] = [];
				let at: [number, number] = [NaN, NaN];
				for (const [, cmd, args] of compact.matchAll(/([MLHVZ])([^MLHVZ]*)/g)) {
					if (cmd === 'Z') continue;
					const v = args!.split(',').map(Number);
					at = cmd === 'H' ? [v[0]!, at[1]] : cmd === 'V' ? [at[0], v[0]!] : [v[0]!, v[1]!];
					points.push(at);
				}
				const round = (v: number) => Math.round(v * 10) / 10 || 0;
				const rounded = drawn.map(([, x, y]) => [round(x), round(y)] as [number, number]);
				// Every point drawn is one of the original's, and the path ends where it did.
				for (const p of points) expect(rounded).toContainEqual(p);
				if (rounded.length > 0 && !/Z$/.test(d.trim())) expect(points.at(-1)).toEqual(rounded.at(-1));
			}),
		);
	});
});

describe('compactSvg', () => {
	it('draws a group of grid lines as one path and the ticks of an axis as one path, at the same places', () => {
		const doc = testDocument();
		const host = doc.createElement('div');
		host.innerHTML =
			'<svg xmlns="http://www.w3.org/2000/svg"><g stroke="currentColor" aria-label="x-grid"><line x1="10.123456" x2="10.123456" y1="20" y2="300" /><line x1="50" x2="50" y1="20" y2="300" /></g>' +
			'<g stroke="currentColor" fill="none" aria-label="x-axis tick"><path d="M0,0L0,6" transform="translate(10.12,300)" /><path d="M0,0L0,6" transform="translate(50,300)" /></g>' +
			'<g aria-label="x-axis tick label"><text transform="translate(10.12,300)" /><text transform="translate(50,300)">100</text></g>' +
			'<circle cx="1.23456" cy="2" r="3"><title>kept</title></circle></svg>';
		const svg = host.firstElementChild!;
		compactSvg(svg);
		const [grid, ticks] = [...svg.querySelectorAll('g')];
		const only = (g: Element) => {
			expect(g.children).toHaveLength(1);
			return g.firstElementChild!;
		};
		expect(only(grid!).getAttribute('d')).toBe('M10.1,20V300M50,20V300');
		// A path is filled unless told otherwise; the lines it replaces were not.
		expect(only(grid!).getAttribute('fill')).toBe('none');
		expect(only(ticks!).getAttribute('d')).toBe('M10.1,300V306M50,300V306');
		expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['100']);
		expect(svg.querySelector('circle')!.getAttribute('cx')).toBe('1.23');
		expect(svg.querySelector('title')!.textContent).toBe('kept');
	});

	it('leaves groups of marks with their own attributes or content alone', () => {
		const doc = testDocument();
		const host = doc.createElement('div');
		host.innerHTML =
			'<svg xmlns="http://www.w3.org/2000/svg"><g><path d="M0,0L1,1" stroke="red" /><path d="M0,0L2,2" stroke="blue" /></g>' +
			'<g><line x1="0" x2="1" y1="0" y2="1"><title>a</title></line><line x1="0" x2="2" y1="0" y2="2" /></g></svg>';
		const svg = host.firstElementChild!;
		compactSvg(svg);
		expect(svg.querySelectorAll('path')).toHaveLength(2);
		expect(svg.querySelectorAll('line')).toHaveLength(2);
	});
});

/** The step-after function of a series' points at x: the level of the last point at or before x. */
function levelAt(points: readonly ExceedancePoint[], x: number): number {
	let level = points[0]!.y;
	for (const p of points) if (p.x <= x) level = p.y;
	return level;
}

const point = (x: number, y: number): ExceedancePoint => ({ series: 's', device: 'd', x, y, end: false });

describe('visibleSteps', () => {
	const px = { x: (v: number) => 50 * Math.log10(v), y: (v: number) => 300 - 60 * Math.log10(v) };

	it('keeps the line within half a pixel of every step, above it, and moves no drop by a pixel or more', () => {
		const series = fc
			.array(fc.tuple(fc.double({ min: 0.1, max: 3, noNaN: true }), fc.double({ min: 0, max: 0.3, noNaN: true })), { minLength: 2, maxLength: 300 })
			.map((steps) => {
				// Edges rising by at least 0.1 % and shares falling: a histogram's exceedance curve.
				let x = 1;
				let y = 100;
				return steps.map(([dx, dy]) => point((x *= 1 + dx / 100 + 0.001), (y *= 1 - dy)));
			});
		fc.assert(
			fc.property(series, (points) => {
				const kept = visibleSteps(points, px);
				expect(kept[0]).toBe(points[0]);
				expect(kept.at(-1)).toBe(points.at(-1));
				for (const p of points) {
					const drawn = levelAt(kept, p.x);
					// Never below the true share, so the line still bounds it from above …
					expect(drawn).toBeGreaterThanOrEqual(p.y);
					// … and at most half a pixel above it, unless the step is drawn less than a pixel further right.
					const late = kept.find((k) => k.x > p.x && Math.floor(px.x(k.x)) === Math.floor(px.x(p.x)));
					if (!late) expect(px.y(p.y) - px.y(drawn)).toBeLessThan(0.5 + 1e-9);
				}
			}),
			{ numRuns: 200 },
		);
	});

	it('draws the fixture curves from far fewer points than the bins', () => {
		const all = latencyExceedanceData(histogramInput, base).points;
		const chart = latencyExceedance(histogramInput, base);
		const vertices = [...chart.querySelectorAll('[aria-label="line"] path')].map((p) => (p.getAttribute('d')!.match(/[MLHV]/g) ?? []).length);
		expect(vertices).toHaveLength(3);
		// Step lines draw two vertices per kept point at most; fewer than the bins' own two per point.
		expect(vertices.reduce((a, b) => a + b, 0)).toBeLessThan(2 * all.length);
		expect(chart.querySelectorAll('circle')).toHaveLength(0);
	});
});

describe('barOutlines', () => {
	/** Area under a closed outline (shoelace), in data units. */
	const area = (pts: { x: number; y: number }[]) =>
		Math.abs(pts.reduce((sum, p, i) => sum + p.x * pts[(i + 1) % pts.length]!.y - pts[(i + 1) % pts.length]!.x * p.y, 0)) / 2;
	const bar = (x1: number, x2: number, share: number, series = 's'): HistogramBar => ({ series, device: 'd', x1, x2, share });

	it('outlines touching bars as one shape and drops to 0 between bars that do not touch', () => {
		expect(barOutlines([bar(1, 2, 10), bar(2, 4, 30), bar(8, 16, 5)]).map((p) => [p.x, p.y])).toEqual([
			[1, 0],
			[1, 10],
			[2, 10],
			[2, 30],
			[4, 30],
			[4, 0],
			[8, 0],
			[8, 5],
			[16, 5],
			[16, 0],
		]);
	});

	it('encloses exactly the bars’ area, series by series', () => {
		const bars = fc.array(fc.tuple(fc.double({ min: 0.1, max: 5, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true })), { minLength: 1, maxLength: 40 });
		fc.assert(
			fc.property(bars, bars, (a, b) => {
				const make = (spec: [number, number, number][], series: string) => {
					let x = 1;
					return spec.map(([width, gap, share]) => {
						const from = (x += gap);
						return bar(from, (x += width), share, series);
					});
				};
				const drawn = [...make(a, 'a'), ...make(b, 'b')];
				const outline = barOutlines(drawn);
				for (const series of ['a', 'b']) {
					const expected = drawn.filter((d) => d.series === series).reduce((sum, d) => sum + (d.x2 - d.x1) * d.share, 0);
					expect(area(outline.filter((p) => p.series === series))).toBeCloseTo(expected, 6);
				}
			}),
			{ numRuns: 200 },
		);
	});

	it('draws each panel of the fixture histogram as one filled path, with no shape or tooltip per bin', () => {
		const chart = latencyHistogram(histogramInput, base);
		const data = latencyHistogramData(histogramInput, base);
		expect(data.bars.length).toBeGreaterThan(20);
		expect(chart.querySelectorAll('[aria-label="line"] path')).toHaveLength(data.series.length);
		expect(chart.querySelectorAll('rect[fill], [aria-label="rect"]')).toHaveLength(0);
		expect(chart.querySelectorAll('[aria-label="line"] title')).toHaveLength(data.series.length);
	});
});
