// What the finder's page and its embed share in the browser: the files a question reads (its family's head, its
// load's band index and the pages of the answer it shows: src/lib/find/layout.ts, paged.ts), each fetched and parsed
// once a page, and the ranking chart (the first ranked list's first drives, their whole curves: latency vs IOPS for a
// rate, QD scaling for a queue depth).
import type { Lang } from '../../i18n/strings.ts';
import { perDriveRow } from '../compare/per-drive.ts';
import type { CurveAnswer, FinderAnswer } from '../find/answer.ts';
import type { FinderFamily } from '../find/family.ts';
import { chartFilesOf, chartRowsOf, FINDER_CHART_CURVES, finderBandPath, finderCurvesPath, finderHeadPath, finderLoosePath, finderNearPath, finderStreamPath, type FinderHead, type FinderTable } from '../find/layout.ts';
import { pagedAnswer, type ExtraRows, type FinderSource, type PagedAnswer, type Shown } from '../find/paged.ts';
import { familyFileKey, type FinderQuery } from '../find/query.ts';
import type { RenderedChart } from '../site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../site/view.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';
import type { RunRow } from '../schema.ts';
import { dataUrl } from '../data-url.ts';

const fetched = new Map<string, Promise<unknown>>();

/** A finder file's JSON (its path relative to data/), fetched once a page; null when the site has no such file. */
function fetchJson<T>(path: string): Promise<T | null> {
	const url = dataUrl(path);
	let file = fetched.get(url);
	if (!file) {
		file = fetch(url).then(async (r) => {
			if (r.status === 404) return null;
			if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
			return r.json();
		});
		file.catch(() => fetched.delete(url));
		fetched.set(url, file);
	}
	return file as Promise<T | null>;
}

export interface LoadedAnswer {
	head: FinderHead;
	paged: PagedAnswer;
}

/**
 * A question's answer, showing `shown` of each part, read from its family's head, its band's index and the pages it
 * needs (each file fetched once a page); null when the dataset has none of that workload.
 */
export async function loadAnswer(q: FinderQuery, shown: Shown, extra: ExtraRows | null = null): Promise<LoadedAnswer | null> {
	const key = familyFileKey(q);
	const head = await fetchJson<FinderHead>(finderHeadPath(key));
	if (!head) return null;
	const need = async <T>(path: string): Promise<T> => {
		const file = await fetchJson<T>(path);
		if (file === null) throw new Error(`404 ${path}`);
		return file;
	};
	const source: FinderSource = {
		head,
		band: (kind, band) => need(finderBandPath(key, kind, band)),
		stream: (kind, band, stream, page) => need(finderStreamPath(key, kind, band, stream, page)),
		loose: (page) => need(finderLoosePath(key, page)),
		near: (page) => need(finderNearPath(key, page)),
	};
	return { head, paged: await pagedAnswer(q, source, shown, extra) };
}

export interface RankingChart {
	kind: 'lvi' | 'qd';
	/** The curves drawn: the first list's first drives. */
	curves: CurveAnswer[];
	/** Results of the first list shown (more than drawn when it is long). */
	total: number;
}

/** The ranking chart's kind and curves; null when nothing is ranked. Only the first list: two lists are not comparable. */
export function rankingChart(q: FinderQuery, a: FinderAnswer): RankingChart | null {
	const ranked = a.ranked[0] ?? [];
	if (ranked.length === 0) return null;
	return { kind: q.rate_iops !== null ? 'lvi' : 'qd', curves: ranked.slice(0, FINDER_CHART_CURVES), total: ranked.length };
}

/**
 * The chart's rows: each drawn curve whole (from the family's chart files; a reader's own result from its answer).
 * Started as soon as the answer is known, so the files arrive while the answer's tables are built.
 */
export async function chartRows(head: FinderHead, chart: RankingChart, own: (c: CurveAnswer) => boolean = () => false): Promise<RunRow[]> {
	const published = chart.curves.filter((c) => !own(c));
	const files = new Map(
		await Promise.all(chartFilesOf(published, head.curveFiles).map(async (n) => [n, (await fetchJson<FinderTable>(finderCurvesPath(head.key, n))) ?? { columns: [], values: [], length: 0 }] as const)),
	);
	return chart.curves.flatMap((c) => (own(c) ? c.points.map((p) => p.row) : chartRowsOf([c], files, head.curveFiles)));
}

/** The ranking chart drawn by the chart library at `width`, from its rows (chartRows). */
export async function drawRankingChart(chart: RankingChart, rows: Promise<RunRow[]>, family: FinderFamily, lang: Lang, width: number): Promise<RenderedChart> {
	const [kinds, runs] = await Promise.all([import('../site/chart-kinds.ts'), rows]);
	const labels = Object.fromEntries(Object.entries(family.devices).map(([id, d]) => [id, d.label]));
	const options = kinds.chartOptions({ fixed: {} }, DEFAULT_VIEW, { lang, deviceLabels: labels, document });
	options.width = Math.max(MIN_DRAWN_WIDTH, Math.min(960, Math.floor(width)));
	return kinds.renderChart(chart.kind, runs.map(perDriveRow), options);
}
