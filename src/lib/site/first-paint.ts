// The one script written into every page (the rest are files): it must run before the first paint, so it cannot wait
// for a request. Kept as text here so that the Content-Security-Policy can allow exactly it by its hash (headers.ts).
//
// The URL decides a page's language. The one exception is the site's front door, `/`: a reader arriving there from
// elsewhere (typed, bookmarked, another site's link) who once chose another language with the toggle is sent to the
// front page in that language. A link followed within the site is never redirected: it says which language it wants.
// The home page names its other languages' addresses in `data-lang-homes` (a JSON object); no other page has it.
export const FIRST_PAINT_SCRIPT = `
// Before first paint: theme (stored choice, else the system's) and, on the home page only, the stored language.
(function () {
	const d = document.documentElement;
	d.classList.add('js');
	let store = null;
	try {
		store = window.localStorage;
	} catch {
		// storage refused (private mode): system theme, page language
	}
	let theme = null;
	try {
		theme = store && store.getItem('theme');
	} catch {
		theme = null;
	}
	const dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
	d.classList.toggle('dark', dark);
	try {
		const homes = d.dataset.langHomes ? JSON.parse(d.dataset.langHomes) : null;
		const lang = homes && store && store.getItem('lang');
		let fromSite = false;
		try {
			fromSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
		} catch {
			fromSite = false;
		}
		if (lang && lang !== d.lang && Object.hasOwn(homes, lang) && !fromSite) {
			location.replace(homes[lang] + location.search + location.hash);
		}
	} catch {
		// no storage: the page's own language stays
	}
})();
`;
