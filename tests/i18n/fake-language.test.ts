// Adding a language is its file and a line in the list: a language that is not shipped (x-test, the English strings
// wrapped in ⟦…⟧, German numbers) is added to the list the site reads, and real site output in it — interface strings
// and plurals, page routes and links, a chart with its caption, summary and tooltips, the comparison's words — is
// checked to hold only its strings: no English or Chinese text outside its markers, its numbers and punctuation.
import { describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../src/i18n/lang.ts';
import type { FingerprintRow } from '../../src/lib/compare/fingerprint.ts';
import { parseHTML } from 'linkedom';
import { outsideMarkers } from './pseudo-language.ts';

vi.mock('../../src/i18n/languages.ts', async (importOriginal) => {
	const { LANGUAGES } = await importOriginal<typeof import('../../src/i18n/languages.ts')>();
	const { pseudoLanguage: pseudo } = await import('./pseudo-language.ts');
	return { LANGUAGES: [...LANGUAGES, pseudo(LANGUAGES[0])] };
});

const { LANGUAGES } = await import('../../src/i18n/languages.ts');
const { LANGS, localeOf } = await import('../../src/i18n/lang.ts');
const { t, tn } = await import('../../src/i18n/strings.ts');
const { inEveryLang, langOfParam, langParams, otherLang, pathFor } = await import('../../src/i18n/routes.ts');
const { languageSwitchEl } = await import('../../src/lib/site/language-switch.ts');
const { htmlOf } = await import('../../src/lib/element.ts');
const charts = await import('../../src/lib/charts/index.ts');
const { CHART_LABELS } = await import('../../src/lib/charts/labels.ts');
const { verdictOf, verdictText, workloadText, reasonText, metricText } = await import('../../src/lib/compare/verdict.ts');
const { fingerprintOf } = await import('../../src/lib/compare/fingerprint.ts');
const { base, captionOf } = await import('../lib/charts/render.ts');
const { sweepRows, DEVICE_LABELS } = await import('../lib/charts/sweeps.ts');

// The pseudo language's code is not in the shipped union: the site's functions take it as any other code.
const X = 'x-test' as Lang;
const english = LANGUAGES[0];

/** Every run of English text the language files hold (the fixed parts around placeholders), longest first. */
const englishFragments = [...new Set([english.ui, english.charts, english.verdict].flatMap((part) => Object.values(part).flatMap((s) => s.split(/\{\w+\}/))))]
	.map((s) => s.trim())
	.filter((s) => s.length >= 4 && /[a-z]{3}/.test(s))
	.sort((a, b) => b.length - a.length);

/** Asserts the text has strings of the pseudo language and no English or Chinese string outside them; `data` are values (drive names, tools) the output may hold as they are. */
function onlyPseudo(text: string, data: readonly string[] = []): void {
	expect(text).toContain('⟦');
	expect(text).not.toMatch(/[\u4e00-\u9fff]/);
	let rest = outsideMarkers(text);
	for (const value of data) rest = rest.split(value).join(' ');
	// Identifiers, paths and ids (lat_mean_ns, review-a:kioxia/x.json#qd1) are data, the same in every language.
	rest = rest.replace(/\S*[_/#]\S*/g, ' ');
	for (const fragment of englishFragments) expect(rest, `"${fragment}" written outside the language's strings in: ${text}`).not.toContain(fragment);
	expect(rest, text).not.toMatch(/[a-z]{4,}/);
}

describe('a third language, added as one file and one line', () => {
	it('is in the list the site reads, after the shipped ones', () => {
		expect(LANGS).toEqual(['en', 'zh-Hans', 'x-test']);
		expect(localeOf(X)).toBe('de-DE');
	});

	it('writes interface strings and plurals from its file, with its own number format', () => {
		expect(t(X, 'navCatalog')).toBe('⟦Catalog⟧');
		expect(tn(X, 'catalogCount', 1)).toBe('⟦1 entry⟧');
		expect(tn(X, 'catalogCount', 1200)).toBe('⟦1.200 entries⟧');
		onlyPseudo(t(X, 'footerData', { version: 'v1', schema: 3, runs: tn(X, 'countResultRows', 12), files: tn(X, 'countInputFiles', 1) }), ['v1']);
	});

	it('has its pages under /x-test/, from the same route files as every language', () => {
		expect(pathFor(X, '/reviews/r/')).toBe('/x-test/reviews/r/');
		expect(langParams()).toEqual([{ params: { lang: undefined } }, { params: { lang: 'zh-Hans' } }, { params: { lang: 'x-test' } }]);
		expect(inEveryLang([{ params: { id: 'r' } }]).map((p) => p.params.lang)).toEqual([undefined, 'zh-Hans', 'x-test']);
		expect(langOfParam('x-test')).toBe(X);
		// With two languages, its toggle would lead to the default language, in its own words (with three, the header has a menu: below).
		expect(otherLang(X)).toBe('en');
		expect(t(X, 'langToggleLabel')).toBe(`⟦${english.ui.langToggleLabel}⟧`);
	});

	it('draws a chart whose every text — caption, summary, axes, tooltips — is its own', () => {
		const options = { ...base, lang: X };
		expect(CHART_LABELS[X].noData).toBe('⟦No data to show⟧');
		const chart = charts.latencyVsIops(sweepRows, options);
		const labels = Object.values(DEVICE_LABELS);
		onlyPseudo(captionOf(chart), [...labels, 'fio 3.33']);
		const summary = charts.latencyVsIopsSummary(sweepRows, options);
		expect(summary).toBe(chart.getAttribute('aria-description') ?? chart.querySelector('svg[aria-description]')?.getAttribute('aria-description'));
		onlyPseudo(summary, labels);
		for (const text of chart.querySelectorAll('svg text, title')) if (/[a-z]{4,}/i.test(text.textContent ?? '')) onlyPseudo(text.textContent!, labels);
		const empty = charts.latencyVsIops([], options);
		for (const style of empty.querySelectorAll('style')) style.remove();
		onlyPseudo(empty.textContent ?? '');
	});

	it('puts the comparison in its words and punctuation', () => {
		const fp = fingerprintOf({ ...FP_ROW, rw: 'randrw', direction: 'mixed', read_pct: 70, block_size_bytes: null })!;
		const words = workloadText(fp, X);
		expect(words).toContain(' ‖ ');
		onlyPseudo(words);
		onlyPseudo(reasonText('host', X));
		onlyPseudo(metricText('iops', X));
		onlyPseudo(verdictText(verdictOf([], ['a', 'b'], []), 0, 2, { a: 'A', b: 'B' }, X));
	});

	it('turns the header’s language toggle into a menu of all three, each leading to the same page in its language', () => {
		for (const lang of LANGS) {
			const { document } = parseHTML(`<header>${htmlOf(languageSwitchEl(lang, '/reviews/r/'))}</header>`);
			// No single toggle: a <details> menu, which opens without JavaScript.
			expect(document.querySelector('[data-testid="lang-toggle"]')).toBeNull();
			const menu = document.querySelector('details[data-testid="lang-menu"]')!;
			expect(menu.querySelector('summary')!.textContent).toBe(LANGUAGES.find((l) => l.code === lang)!.name);
			expect(menu.querySelector('summary')!.getAttribute('aria-label')).toBe(t(lang, 'langMenuLabel'));
			const links = [...menu.querySelectorAll('a')].map((a) => ({
				href: a.getAttribute('href'),
				lang: a.getAttribute('lang'),
				text: a.textContent,
				current: a.getAttribute('aria-current'),
				target: a.getAttribute('data-lang-target'),
			}));
			expect(links).toEqual([
				{ href: '/reviews/r/', lang: 'en', text: 'English', current: lang === 'en' ? 'true' : null, target: lang === 'en' ? null : 'en' },
				{ href: '/zh-Hans/reviews/r/', lang: 'zh-Hans', text: '中文', current: lang === 'zh-Hans' ? 'true' : null, target: lang === 'zh-Hans' ? null : 'zh-Hans' },
				{ href: '/x-test/reviews/r/', lang: 'x-test', text: '⟦x-test⟧', current: lang === X ? 'true' : null, target: lang === X ? null : 'x-test' },
			]);
		}
	});
});

const FP_ROW: FingerprintRow = {
	access: 'random',
	direction: 'read',
	rw: 'randread',
	read_pct: 100,
	random_pct: 100,
	block_size_bytes: 4096,
	iodepth: 32,
	numjobs: 4,
	rate_limit_iops: null,
};
