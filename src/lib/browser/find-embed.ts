// The embed of the finder's ranking chart: the question of its link (as the finder's), `theme=` its colours. The
// answer is computed by the finder's modules from the same files, and the chart drawn by the chart functions.
import { t, type Lang } from '../../i18n/strings.ts';
import { questionText } from '../find/html.ts';
import { paramsOf, queryOf, shownOf } from '../find/query.ts';
import { chartRows, drawRankingChart, loadAnswer, rankingChart } from './find-data.ts';
import { reportEmbedHeight } from './embed-height.ts';

const root = document.documentElement;
const main = document.querySelector<HTMLElement>('[data-find-embed]')!;
const lang = root.lang as Lang;
const status = main.querySelector<HTMLElement>('[data-embed-status]')!;
const query = new URLSearchParams(location.search);
const theme = query.get('theme');
if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
reportEmbedHeight();

async function draw(): Promise<void> {
	const q = queryOf(query);
	if (!q) throw new Error(t(lang, 'findNoFamily'));
	const loaded = await loadAnswer(q, shownOf(query));
	const chart = loaded && rankingChart(q, loaded.paged.answer);
	if (!loaded || !chart) throw new Error(`${questionText(q, lang)}: ${t(lang, 'find_none')}`);
	const frame = main.querySelector<HTMLElement>('[data-chart-frame]')!;
	const drawn = await drawRankingChart(chart, chartRows(loaded.head, chart), loaded.paged.family, lang, frame.clientWidth || 640);
	frame.replaceChildren(drawn.element);
	const figure = main.querySelector<HTMLElement>('figure[data-chart]')!;
	figure.dataset.chart = chart.kind;
	main.querySelector('[data-chart-summary]')!.textContent = drawn.summary;
	main.querySelector('[data-embed-title]')!.textContent = questionText(q, lang);
	document.title = `${questionText(q, lang)} · ${t(lang, 'findTitle')}`;
	main.querySelector<HTMLAnchorElement>('[data-embed-source] a')!.href = `${main.dataset.pageBase}find/?${paramsOf(q)}`;
	status.remove();
	root.dataset.state = 'ready';
}

draw().catch((err: unknown) => {
	status.textContent = t(lang, 'findFailed', { reason: err instanceof Error ? err.message : String(err) });
	root.dataset.state = 'failed';
});
