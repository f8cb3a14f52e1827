// Cells of a chart's data table as text: numbers in the page's locale with the precision the data has
// (up to 6 significant digits), text as is. Shared by the build-time page and the browser's redraw.
import { localeOf, type Lang } from '../../i18n/lang.ts';

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, large: boolean): Intl.NumberFormat {
	const key = `${lang}:${large}`;
	let f = formatters.get(key);
	if (!f) {
		f = new Intl.NumberFormat(localeOf(lang), large ? { maximumFractionDigits: 0 } : { maximumSignificantDigits: 6 });
		formatters.set(key, f);
	}
	return f;
}

export function cellText(value: string | number | null, lang: Lang): string {
	if (value === null) return '—';
	if (typeof value === 'number') return numberFormat(lang, Math.abs(value) >= 1e6).format(value);
	return value;
}

export const isNumericCell = (value: string | number | null) => typeof value === 'number';
