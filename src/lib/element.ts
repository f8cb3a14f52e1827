// Small element trees, written as HTML at build time (htmlOf) and built as DOM nodes in the browser (domOf), so
// a page looks the same with JavaScript or without. Text and attribute values are escaped (HTML) or set as text and
// attributes (DOM); tag and attribute names come from the code only. Browser-safe: no Node imports.

export interface El {
	tag: string;
	attrs: Record<string, string | number | undefined>;
	children: (El | string)[];
	chart?: string | Element;
}

const RAW = '#markup';

/**
 * A chart the chart library drew (it escapes its own text): its markup at build time, its element in the browser.
 * The one kind of node not built here. Never data.
 */
export function chartMarkup(chart: string | Element): El {
	return { tag: RAW, attrs: {}, children: [], chart };
}

/** An element; undefined attributes are left out, empty text children dropped. */
export function el(tag: string, attrs: El['attrs'] = {}, ...children: (El | string)[]): El {
	return { tag, attrs, children: children.filter((c) => c !== '') };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (s: string, re: RegExp) => s.replace(re, (c) => ESCAPES[c]!);

export function htmlOf(node: El | string): string {
	if (typeof node === 'string') return escape(node, /[&<>]/g);
	if (node.tag === RAW) return typeof node.chart === 'string' ? node.chart : (node.chart?.outerHTML ?? '');
	const attrs = Object.entries(node.attrs)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => ` ${k}="${escape(String(v), /[&<>"]/g)}"`)
		.join('');
	return `<${node.tag}${attrs}>${node.children.map(htmlOf).join('')}</${node.tag}>`;
}

/** The tree as nodes of `doc` (the page's document in the browser; this module runs anywhere, so it is passed in). */
export function domOf(node: El | string, doc: Document): Node {
	if (typeof node === 'string') return doc.createTextNode(node);
	if (node.tag === RAW) {
		// The browser draws charts as elements; markup is only ever written into HTML, never parsed here.
		if (typeof node.chart === 'string' || !node.chart) throw new Error('a chart in the browser is an element, not markup');
		return node.chart;
	}
	const e = doc.createElement(node.tag);
	for (const [k, v] of Object.entries(node.attrs)) if (v !== undefined) e.setAttribute(k, String(v));
	e.append(...node.children.map((c) => domOf(c, doc)));
	return e;
}
