// The image buttons under every chart ("SVG", "PNG"): they need JavaScript (src/lib/browser/chart-export.ts draws the
// chart as it is now), so they are shown only with it. One definition for the pages' charts and the comparison's.
import { t, type Lang } from '../i18n/strings.ts';
import { el, type El } from './element.ts';

export function chartExportsEl(lang: Lang): El {
	const button = (kind: string, text: string) => el('button', { type: 'button', class: 'button button-sm', 'data-chart-export': kind }, text);
	return el(
		'p',
		{ class: 'js-only chart-exports', 'data-chart-exports': '' },
		el('span', {}, `${t(lang, 'chartExport')}${t(lang, 'labelSeparator')}`),
		button('svg', 'SVG'),
		button('png', 'PNG'),
	);
}
