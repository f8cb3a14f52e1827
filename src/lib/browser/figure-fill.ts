// A chart drawn in the browser put into its figure (site/chart-figure.ts): the drawing into its frame, the summary
// after the words only screen readers hear ("Summary: "). One definition for every page that draws or redraws a chart.

/** The drawn chart into the figure's frame, in place of what it held. */
export function fillFrame(figure: Element, drawn: Node): void {
	figure.querySelector('[data-chart-frame]')?.replaceChildren(drawn);
}

/** The figure's summary text, its hidden lead-in kept. */
export function fillSummary(figure: Element, summary: string): void {
	const p = figure.querySelector('[data-chart-summary]');
	if (!p) return;
	const hidden = p.querySelector('.sr-only');
	p.replaceChildren(...(hidden ? [hidden] : []), figure.ownerDocument.createTextNode(summary));
}
