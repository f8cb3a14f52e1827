// The one script written into every page (the rest are files): it must run before the first paint, so it cannot wait
// for a request. Kept as text here so that the Content-Security-Policy can allow exactly it by its hash (headers.ts).
export const FIRST_PAINT_SCRIPT = `
// Before first paint: theme (stored choice, else the system's) and language (?lang=, else the stored choice).
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
		const query = new URLSearchParams(location.search);
		let lang = query.get('lang');
		if (lang === 'en' || lang === 'zh-Hans') {
			if (store) store.setItem('lang', lang);
		} else {
			lang = store && store.getItem('lang');
		}
		if ((lang === 'en' || lang === 'zh-Hans') && lang !== d.lang) {
			query.delete('lang');
			const rest = query.toString();
			location.replace((lang === 'en' ? d.dataset.altEn : d.dataset.altZhHans) + (rest ? '?' + rest : '') + location.hash);
		}
	} catch {
		// no storage: the page's own language stays
	}
})();
`;
