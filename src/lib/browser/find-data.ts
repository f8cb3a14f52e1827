// What the finder's page and its embed share in the browser: the files a question reads (its family's head and the
// band of its load: src/lib/find/layout.ts), each fetched and parsed once a page, and the ranking chart (the first
// ranked list's first drives, their whole curves: latency vs IOPS for a rate, QD scaling for a queue depth).
import type { Lang } from '../../i18n/strings.ts';
import { perDriveRow } from '../compare/per-drive.ts';
import type { CurveAnswer, FinderAnswer } from '../find/answer.ts';
import type { FinderFamily } from '../find/family.ts';
import {
	bandOfQuery,
	chartFilesOf,
	chartRowsOf,
	familyOfBand,
	FINDER_CHART_CURVES,
	finderBandPath,
	finderCurvesPath,
	finderHeadPath,
	type FinderHead,
	type FinderTable,
} from '../find/layout.ts';
import { familyFileKey, type FinderQuery } from '../find/query.ts';
import type { RenderedChart } from '../site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../site/view.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';
import type { RunRow } from '../schema.ts';

const fetched = new Map<string, Promise<unknown>>();

/** A finder file's JSON, fetched once a page; null when the site has no such file. */
function fetchJson<T>(siteBase: string, path: string): Promise<T | null> {
	const url = `${siteBase}${path.slice(1)}`;
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

export interface LoadedFamily {
	head: FinderHead;
	family: FinderFamily;
}

const families = new Map<string, FinderFamily>();

/** What a question reads: its family's head and the band of its load, as one family (built once a band a page); null when the dataset has none of that workload. */
export async function loadFamily(siteBase: string, q: FinderQuery): Promise<LoadedFamily | null> {
	const key = familyFileKey(q);
	const head = await fetchJson<FinderHead>(siteBase, finderHeadPath(key));
	if (!head) return null;
	const { kind, band } = bandOfQuery(head, q);
	const path = finderBandPath(key, kind, band);
	const table = await fetchJson<FinderTable>(siteBase, path);
	if (!table) return null;
	let family = families.get(path);
	if (!family) families.set(path, (family = familyOfBand(head, table)));
	return { head, family };
}

export interface RankingChart {
	kind: 'lvi' | 'qd';
	/** The curves drawn: the first list's first drives. */
	curves: CurveAnswer[];
	/** Results in the first list (more than drawn when it is long). */
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
export async function chartRows(siteBase: string, head: FinderHead, chart: RankingChart, own: (c: CurveAnswer) => boolean = () => false): Promise<RunRow[]> {
	const published = chart.curves.filter((c) => !own(c));
	const files = new Map(
		await Promise.all(chartFilesOf(published, head.curveFiles).map(async (n) => [n, (await fetchJson<FinderTable>(siteBase, finderCurvesPath(head.key, n))) ?? { columns: [], values: [], length: 0 }] as const)),
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
