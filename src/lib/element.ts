// Small element trees, written as HTML at build time (htmlOf) and built as DOM nodes in the browser (domOf), so
// a page looks the same with JavaScript or without. Text and attribute values are escaped (HTML) or set as text and
// attributes (DOM); tag and attribute names come from the code only. htmlOf writes HTML as Astro writes its
// templates (the same escapes but for < and > in attribute values, an empty attribute as its bare name), so a tree
// an Astro page writes with `set:html={htmlOf(tree)}` is the same bytes as the template it replaces. Browser-safe: no Node imports.
export interface El {
	tag: string;
	/** true: the bare attribute (as ''); false or undefined: left out. */
	attrs: Record<string, string | number | boolean | undefined>;
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

// As Astro escapes: text &<>'" (html-escaper's set); attribute values & and " (they are always quoted), and < and >
// too (where Astro leaves them), so no markup-like text from the data appears in a page even inside a quoted value.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (s: string, re: RegExp) => s.replace(re, (c) => ESCAPES[c]!);
/** Elements without content or end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const attrHtml = ([k, v]: [string, El['attrs'][string]]): string => {
	if (v === undefined || v === false) return '';
	return v === true || v === '' ? ` ${k}` : ` ${k}="${escape(String(v), /[&<>"]/g)}"`;
};

export function htmlOf(node: El | string): string {
	if (typeof node === 'string') return escape(node, /[&<>'"]/g);
	if (node.tag === RAW) return typeof node.chart === 'string' ? node.chart : (node.chart?.outerHTML ?? '');
	const open = `<${node.tag}${Object.entries(node.attrs).map(attrHtml).join('')}>`;
	if (VOID.has(node.tag)) return open;
	return `${open}${node.children.map(htmlOf).join('')}</${node.tag}>`;
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
	for (const [k, v] of Object.entries(node.attrs)) if (v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : String(v));
	e.append(...node.children.map((c) => domOf(c, doc)));
	return e;
}
