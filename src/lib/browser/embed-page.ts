// The script of a chart's embed (/embed/…, written by src/lib/build/embed.ts). The chart is there without it. A page
// group's embed document holds all its charts, the URL's fragment naming the one shown: the script keeps that one
// alone (with its language's page config), so what follows acts on one chart as on a page of charts. It
// follows ?theme=light|dark, redraws the chart in the view the link carries (?stat=p99&unit=ms…, by the script of
// every page of charts), and with ?v=<dataset version> keeps the numbers of that version while it is hosted
// (see dataset-version.ts), saying so when newer data exists, or that the data changed when it is gone. It redraws the
// chart at the frame's width (the page carries it drawn at a few widths for a reader without JavaScript) and reports
// the content's height to the page framing it.
import { isDefaultView, viewFromQuery } from '../site/url-state.ts';
import { pinVersion } from './version-pin.ts';
import { reportEmbedHeight } from './embed-height.ts';

const root = document.documentElement;

/** Keeps the chart the fragment names (else the first) and its language's page config; returns it. */
function keepShownChart(): HTMLElement | null {
	// A host that appended the old URL's query after the redirect's fragment ("#r-lvi?stat=p99"): put it back before it.
	const [hash, moved] = location.hash.split('?');
	if (moved !== undefined) history.replaceState(null, '', `${location.pathname}?${moved}${hash}`);
	const sections = [...document.querySelectorAll<HTMLElement>('[data-embed-chart]')];
	const anchor = decodeURIComponent(location.hash.slice(1));
	const shown = sections.find((s) => s.id === anchor) ?? sections[0];
	if (!shown) return null;
	for (const s of sections) if (s !== shown) s.remove();
	for (const s of document.querySelectorAll<HTMLElement>('script[data-chart-page]')) if (s.dataset.lang !== shown.lang) s.remove();
	root.lang = shown.lang;
	if (shown.dataset.title) document.title = shown.dataset.title;
	// Another chart of the document is another embed: load it afresh.
	addEventListener('hashchange', () => location.reload());
	return shown;
}

if (root.dataset.embed !== undefined) {
	const shown = keepShownChart();
	const query = new URLSearchParams(location.search);
	const theme = query.get('theme');
	if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
	const pinned = query.get('v');
	const live = shown?.dataset.embedLive ?? root.dataset.embedLive;
	// A pre-rendered comparison's chart: another view or dataset version is drawn by the comparison's live embed.
	if (live && (!isDefaultView(viewFromQuery(query)) || pinned)) {
		location.replace(`${live}&${query.toString().replace(/%2C/g, ',')}`);
	} else {
		reportEmbedHeight();
		void (async () => {
			const moved = pinned ? await pinVersion(pinned) : false;
			if (!moved && isDefaultView(viewFromQuery(query))) root.dataset.liveData = 'off';
			// The page's chart script redraws in the link's view and version, and at the frame's width.
			if (document.querySelector('script[data-chart-page]')) await import('./charts-page.ts');
		})();
	}
}
