// Observable Plot writes the same few <style> blocks into every chart (its SVG, figure and legend classes). The
// pre-rendered charts leave them out and the page carries them once (ChartStyles.astro): one stylesheet instead
// of two per chart. The blocks are found by drawing a small chart with a legend and a caption.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

let cached: string[] | undefined;

export function plotStyleTexts(): string[] {
	if (!cached) {
		const { document } = parseHTML('<!doctype html><html><body></body></html>');
		const probe = Plot.plot({
			document: document as unknown as Document,
			caption: 'probe',
			color: { legend: true, domain: ['a', 'b'] },
			marks: [Plot.dot([1, 2], { x: (d: number) => d, fill: (d: number) => (d === 1 ? 'a' : 'b') })],
		});
		cached = [...new Set([...probe.querySelectorAll('style')].map((s) => s.textContent ?? ''))];
	}
	return cached;
}

/** Removes the blocks the page carries once from a drawn chart. */
export function removePlotStyles(root: Element): void {
	const known = new Set(plotStyleTexts());
	for (const style of [...root.querySelectorAll('style')]) if (known.has(style.textContent ?? '')) style.remove();
}
