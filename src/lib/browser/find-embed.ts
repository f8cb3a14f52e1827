// The embed of the finder's ranking chart: the question of its link (as the finder's), `theme=` its colours. The
// answer is computed by the finder's modules from the same files, and the chart drawn by the chart functions.
import { t } from '../../i18n/strings.ts';
import { questionText } from '../find/html.ts';
import { paramsOf, queryOf, shownOf } from '../find/query.ts';
import { chartRows, drawRankingChart, loadAnswer, rankingChart } from './find-data.ts';
import { liveEmbedFailed, liveEmbedReady, openLiveEmbed, showLiveChart } from './live-embed.ts';

const embed = openLiveEmbed('[data-find-embed]');
const { main, lang, query, frame } = embed;

async function draw(): Promise<void> {
	const q = queryOf(query);
	if (!q) throw new Error(t(lang, 'findNoFamily'));
	const loaded = await loadAnswer(q, shownOf(query));
	const chart = loaded && rankingChart(q, loaded.paged.answer);
	if (!loaded || !chart) throw new Error(`${questionText(q, lang)}: ${t(lang, 'find_none')}`);
	const drawn = await drawRankingChart(chart, chartRows(loaded.head, chart), loaded.paged.family, lang, frame.clientWidth || 640);
	const question = questionText(q, lang);
	showLiveChart(embed, { kind: chart.kind, element: drawn.element, summary: drawn.summary, title: question, documentTitle: `${question} · ${t(lang, 'findTitle')}` });
	main.querySelector<HTMLAnchorElement>('[data-embed-source] a')!.href = `${main.dataset.pageBase}find/?${paramsOf(q)}`;
	liveEmbedReady(embed);
}

draw().catch((err: unknown) => liveEmbedFailed(embed, t(lang, 'findFailed', { reason: err instanceof Error ? err.message : String(err) })));
