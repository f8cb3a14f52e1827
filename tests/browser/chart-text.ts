// The size chart text is drawn at in a page or an embed, measured in Chromium.
import type { Frame, Page } from 'playwright-core';

/**
 * The drawn size of the chart text in a frame or page: each <text> of each chart SVG shown, its font size times the
 * SVG's scale; the smallest, and how far right the charts reach in the chart frame (a share of its width).
 */
export function chartText(root: Frame | Page, scope = '[data-chart-frame]') {
	return root.evaluate((sel) => {
		let smallest = Infinity;
		let fill = 0;
		for (const frame of document.querySelectorAll<HTMLElement>(sel)) {
			const box = frame.getBoundingClientRect();
			for (const svg of frame.querySelectorAll<SVGSVGElement>('svg[viewBox]')) {
				const r = svg.getBoundingClientRect();
				if (r.width === 0 || svg.viewBox.baseVal.width === 0) continue;
				const scale = r.width / svg.viewBox.baseVal.width;
				fill = Math.max(fill, (r.right - box.left) / box.width);
				for (const text of svg.querySelectorAll('text')) {
					if (!text.textContent?.trim() || text.getBoundingClientRect().width === 0) continue;
					smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * scale);
				}
			}
		}
		return { smallest, fill };
	}, scope);
}

