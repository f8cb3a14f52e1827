// Rendering charts under linkedom (the build-time DOM) and turning the markup into a stable snapshot:
// long decimals rounded to 3 places, generated ids renumbered, one tag per line.
import { parseHTML } from 'linkedom';
import { expect } from 'vitest';
import type { ChartOptions } from '../../../src/lib/charts/options.ts';
import { DEVICE_LABELS } from './sweeps.ts';

export function testDocument(): Document {
	return parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document;
}

/** Plot's class names (plot-d6a7b5…) and ids (plot-clip-3…) renumbered in order of appearance. */
function renumberIds(html: string): string {
	const seen = new Map<string, string>();
	return html.replace(/\bplot-(?:[a-z]+-)?[0-9a-f]{6}\b|\bplot-[a-z]+-\d+\b/g, (id) => {
		if (!seen.has(id)) seen.set(id, `plot-${seen.size + 1}`);
		return seen.get(id)!;
	});
}

export function snapshotMarkup(element: Element): string {
	const html = element.outerHTML.replace(/\d+\.\d{4,}/g, (d) => String(+(+d).toFixed(3))).replace(/></g, '>\n<');
	return `${renumberIds(html)}\n`;
}

export const document = testDocument();

/** The options most chart tests start from: English, µs, IOPS, mean, the test devices' labels. */
export const base: ChartOptions = {
	document,
	lang: 'en',
	latencyUnit: 'us',
	rateUnit: 'iops',
	stat: 'mean',
	deviceLabels: DEVICE_LABELS,
};

/** Compares the chart's markup with the committed snapshot `golden/<name>.html` (`vitest -u` re-blesses). */
export async function expectSnapshot(element: Element, name: string): Promise<void> {
	await expect(snapshotMarkup(element)).toMatchFileSnapshot(`./golden/${name}.html`);
}

export function captionOf(element: Element): string {
	return element.querySelector('figcaption')?.textContent ?? '';
}

/** Texts of the colour legend's swatches, in order. */
export function legendOf(element: Element): string[] {
	return [...element.querySelectorAll('[class$="-swatch"]')].map((s) => s.textContent ?? '');
}
