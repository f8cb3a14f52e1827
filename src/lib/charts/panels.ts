// A figure holding several Plot panels that must not share a scale (IOPS and latency, MB/s and IOPS,
// TPS and IOPS), with one legend above them and one caption below.
import * as Plot from '@observablehq/plot';

export interface PanelFigure {
	document: Document | undefined;
	panels: readonly Element[];
	legends?: readonly Plot.LegendScales[];
	caption: string;
	ariaLabel: string;
	ariaDescription: string;
	/** 'stack': one panel per row at full width (panels sharing an x axis); 'grid' (default): side by side while they fit. */
	layout?: 'stack' | 'grid';
}

export function panelFigure(spec: PanelFigure): HTMLElement {
	const doc = spec.document ?? globalThis.document;
	const figure = doc.createElement('figure');
	figure.setAttribute('class', 'ssd-chart-panels');
	figure.setAttribute('aria-label', spec.ariaLabel);
	figure.setAttribute('aria-description', spec.ariaDescription);
	for (const legend of spec.legends ?? []) {
		// Plot.legend takes `document` at run time, though its type does not list it.
		figure.append(Plot.legend({ ...legend, document: doc } as Plot.LegendScales));
	}
	const row = doc.createElement('div');
	// In a grid, panels sit side by side while each keeps 280 px; all shrink with the page (Plot's SVG has max-width: 100%).
	const columns = spec.layout === 'stack' ? 'minmax(0,1fr)' : 'repeat(auto-fit,minmax(min(100%,280px),1fr))';
	row.setAttribute('style', `display:grid;grid-template-columns:${columns};align-items:start`);
	row.append(...spec.panels);
	figure.append(row);
	const caption = doc.createElement('figcaption');
	caption.textContent = spec.caption;
	figure.append(caption);
	return figure;
}
