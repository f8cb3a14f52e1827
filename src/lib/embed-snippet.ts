// The <iframe> a reader pastes to embed a chart, and the size it asks for. Shared by the build (each chart's
// "Embed", its oEmbed answer) and the browser (the snippet rewritten with the page's view and the site's address).
import { el, htmlOf } from './element.ts';

/** The size an iframe needs for a chart drawn `width` × `height`: room for the title and the source line. */
export function embedSize(width: number, height: number): { width: number; height: number } {
	return { width: Math.ceil(width) + 20, height: Math.ceil(height) + 110 };
}

/** Fills the width it is given, up to the chart's own. */
export function iframeSnippet(src: string, title: string, size: { width: number; height: number }): string {
	return htmlOf(el('iframe', { src, title, width: '100%', height: size.height, style: `max-width:${size.width}px;border:0`, loading: 'lazy' }));
}
