// An embed tells the page framing it how tall its content is, now and whenever that changes (a chart redrawn at the
// frame's width, a notice shown): the snippet's script (src/lib/embed-snippet.ts) sizes the iframe to it.
import { EMBED_HEIGHT_MESSAGE } from '../embed-snippet.ts';

export function reportEmbedHeight(): void {
	if (window.parent === window) return;
	let last = 0;
	const post = () => {
		const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
		if (height === last) return;
		last = height;
		// The height is no secret: any page may frame an embed, and learns it.
		window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
	};
	new ResizeObserver(post).observe(document.documentElement);
	post();
}
