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

/**
 * An embed's name of its chart (its heading, and the document's title before " · " and the page's): the name of the
 * chart as drawn now, so a chart redrawn in another view (p99, not the page's mean) is not named for the page's.
 */
export function fillEmbedTitle(figure: Element, title: string): void {
	const section = figure.closest<HTMLElement>('[data-embed-chart]');
	const heading = section?.querySelector('h1');
	if (!section || !heading || !title || heading.textContent === title) return;
	const page = section.dataset.title?.slice((heading.textContent ?? '').length) ?? '';
	heading.textContent = title;
	section.dataset.title = `${title}${page}`;
	figure.ownerDocument.title = section.dataset.title;
}
