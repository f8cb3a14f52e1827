// Plot names each group of a chart for screen readers ("x-axis tick label", "bar", "y-grid") in English. A chart
// drawn in another language gets those names in its own (labels.ts, aria_*), so that a Chinese page reads Chinese.
import type { ChartContext } from './context.ts';
import type { ChartLabels } from './labels.ts';

type Axis = 'x' | 'y' | 'fx' | 'fy';
const AXIS_PART = /^(fx|fy|x|y)-axis (tick|tick label|label)$/;
const GRID = /^(fx|fy|x|y)-grid$/;

/** The name of one of Plot's groups in the chart's language; undefined for a name Plot does not give. */
export function ariaName(name: string, ctx: ChartContext): string | undefined {
	const axis = AXIS_PART.exec(name);
	if (axis) {
		const which = axis[1] as Axis;
		const part = axis[2] === 'tick' ? 'aria_axis_tick' : axis[2] === 'tick label' ? 'aria_axis_tick_label' : 'aria_axis_label';
		return ctx.t(part, { axis: ctx.labels[`aria_axis_${which}`] });
	}
	const grid = GRID.exec(name);
	if (grid) return ctx.labels[`aria_grid_${grid[1] as Axis}`];
	const mark = `aria_mark_${name}`;
	return mark in ctx.labels ? ctx.labels[mark as keyof ChartLabels] : undefined;
}

/** The name Plot's group `name` has in the chart's language: Plot's own (English) in English and where no label gives one. */
export function localAriaName(name: string, ctx: ChartContext): string {
	return ctx.lang === 'en' ? name : (ariaName(name, ctx) ?? name);
}

/** Renames Plot's named groups inside `element` (a chart's figure or SVG), in place. */
export function renameAriaGroups(element: Element, rename: (name: string) => string): void {
	for (const g of element.querySelectorAll('svg g[aria-label]')) g.setAttribute('aria-label', rename(g.getAttribute('aria-label')!));
}

/** Renames Plot's groups inside `element` to the chart's language, in place. */
export function localizeAriaNames(element: Element, ctx: ChartContext): void {
	if (ctx.lang !== 'en') renameAriaGroups(element, (name) => localAriaName(name, ctx));
}
