// The <iframe> a reader pastes to embed a chart, and the size it asks for. Shared by the build (each chart's
// "Embed", its oEmbed answer) and the browser (the snippet rewritten with the page's view and the site's address).
import { el, htmlOf } from './element.ts';

/**
 * The message an embed posts to the page framing it whenever its content's height changes (src/lib/browser/
 * embed-height.ts), the way iframe-resizer or oEmbed providers' scripts do: `{ type: EMBED_HEIGHT_MESSAGE, height }`,
 * the height in CSS pixels. The snippet's script sets the height of the iframe whose window sent it.
 */
export const EMBED_HEIGHT_MESSAGE = 'ssd-review-data:embed-height';

/** The embed's frame is wider than its chart by its padding (body: 10 px each side). */
export const EMBED_PADDING_X = 20;

/** The frame for a chart drawn `width` × `height` when nothing better is known: room for the title and the source line. */
export function embedSize(width: number, height: number): { width: number; height: number } {
	return { width: Math.ceil(width) + EMBED_PADDING_X, height: Math.ceil(height) + 110 };
}

/**
 * The listener the snippet carries (one per pasted snippet; each sets only the frame the message came from, so two
 * do no harm). Written out here, not built from data: nothing of the chart goes into it.
 */
const HEIGHT_LISTENER = `addEventListener("message",function(e){var d=e.data;if(!d||d.type!=="${EMBED_HEIGHT_MESSAGE}"||!(d.height>0))return;document.querySelectorAll("iframe").forEach(function(f){if(f.contentWindow===e.source)f.style.height=Math.ceil(d.height)+"px"})});`;

/**
 * The snippet: the iframe fills the width it is given up to `size.width` and is `size.height` tall (which fits its
 * content from 320 px up without JavaScript); the script then sizes it to the content's height as the embed reports it.
 */
export function iframeSnippet(src: string, title: string, size: { width: number; height: number }): string {
	const frame = htmlOf(el('iframe', { src, title, width: '100%', height: size.height, style: `max-width:${size.width}px;border:0`, loading: 'lazy' }));
	return `${frame}<script>${HEIGHT_LISTENER}</script>`;
}
