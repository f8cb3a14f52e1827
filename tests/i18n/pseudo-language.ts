// A language that is not shipped: every string of the English file wrapped in ⟦…⟧ (placeholders kept, so values are
// filled in inside the markers), German number formatting and its own punctuation. Text a page writes in it shows
// at a glance which words came from a language file and which did not.
import type { Language } from '../../src/i18n/lang.ts';

export const OPEN = '⟦';
export const CLOSE = '⟧';

const wrap = <T extends Record<string, string>>(strings: T): T => Object.fromEntries(Object.entries(strings).map(([k, v]) => [k, `${OPEN}${v}${CLOSE}`])) as T;

export function pseudoLanguage(en: Language): Language & { code: 'x-test' } {
	return {
		...en,
		code: 'x-test',
		name: `${OPEN}x-test${CLOSE}`,
		locale: 'de-DE',
		ogLocale: 'x_TEST',
		previewFonts: [],
		punctuation: { words: '_', items: ' ¦ ', clauses: ' ‖ ', groups: ' ¶ ', sentences: ' ', sentenceEnd: '∎', sentenceEnds: '∎' },
		ui: wrap(en.ui),
		charts: wrap(en.charts),
		verdict: wrap(en.verdict),
		captions: wrap(en.captions),
	};
}

/** The text outside every ⟦…⟧ (markers nest where a string is filled into another). */
export function outsideMarkers(text: string): string {
	let rest = text;
	for (let before = ''; before !== rest; ) {
		before = rest;
		rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
	}
	return rest;
}
