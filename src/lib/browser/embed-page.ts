// The script of a chart's embed (/embed/…, written by src/lib/build/embed.ts). The chart is there without it; it
// follows ?theme=light|dark, redraws the chart in the view the link carries (?stat=p99&unit=ms…, by the script of
// every page of charts), and with ?v=<dataset version> keeps the numbers of that version while it is hosted
// (see dataset-version.ts), saying so when newer data exists, or that the data changed when it is gone. It redraws the
// chart at the frame's width (the page carries it drawn at a few widths for a reader without JavaScript) and reports
// the content's height to the page framing it.
import { isDefaultView, viewFromQuery } from '../site/url-state.ts';
import { pinVersion } from './version-pin.ts';
import { reportEmbedHeight } from './embed-height.ts';

const root = document.documentElement;

if (root.dataset.embed !== undefined) {
	const query = new URLSearchParams(location.search);
	const theme = query.get('theme');
	if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
	const pinned = query.get('v');
	const live = root.dataset.embedLive;
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
