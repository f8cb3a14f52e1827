// Theme and language toggles. The inline script in the layout already applied both before first paint;
// this only reacts to clicks and to the system theme changing.
const root = document.documentElement;

function stored(key: string): string | null {
	try {
		return window.localStorage.getItem(key);
	} catch {
		return null;
	}
}

function store(key: string, value: string): void {
	try {
		window.localStorage.setItem(key, value);
	} catch {
		// Private modes may refuse storage: the choice then lasts for this page only.
	}
}

function applyTheme(dark: boolean): void {
	root.classList.toggle('dark', dark);
	for (const button of document.querySelectorAll('[data-testid="theme-toggle"]')) {
		button.setAttribute('aria-pressed', String(dark));
	}
	root.dispatchEvent(new CustomEvent('themechange', { detail: { dark } }));
}

const system = window.matchMedia('(prefers-color-scheme: dark)');
applyTheme(root.classList.contains('dark'));
system.addEventListener('change', (e) => {
	if (!stored('theme')) applyTheme(e.matches);
});

for (const button of document.querySelectorAll('[data-testid="theme-toggle"]')) {
	button.addEventListener('click', () => {
		const dark = !root.classList.contains('dark');
		store('theme', dark ? 'dark' : 'light');
		applyTheme(dark);
	});
}

// The language links (site/language-switch.ts) work without JavaScript; with it, the choice is remembered and the
// view (query, hash) kept.
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang-target]')) {
	link.addEventListener('click', (e) => {
		const target = link.dataset.langTarget;
		if (!target) return;
		store('lang', target);
		e.preventDefault();
		location.assign(link.pathname + location.search + location.hash);
	});
}
