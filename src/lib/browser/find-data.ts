// What the finder's page and its embed share in the browser: the family file a question reads, and the ranking chart
// (the first ranked list's measured curves, per drive: latency vs IOPS for a rate, QD scaling for a queue depth).
import type { Lang } from '../../i18n/strings.ts';
import { perDriveRow } from '../compare/per-drive.ts';
import type { FinderAnswer } from '../find/answer.ts';
import { expandRow, finderFamilyPath, type FinderFamily } from '../find/family.ts';
import { familyFileKey, type FinderQuery } from '../find/query.ts';
import type { RenderedChart } from '../site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../site/view.ts';
import { MIN_DRAWN_WIDTH } from '../charts/options.ts';

const families = new Map<string, Promise<FinderFamily | null>>();

/** The family a question reads, its rows expanded; null when the dataset has none of that workload. Read once a page. */
export function loadFamily(siteBase: string, q: FinderQuery): Promise<FinderFamily | null> {
	const url = `${siteBase}${finderFamilyPath(familyFileKey(q)).slice(1)}`;
	let family = families.get(url);
	if (!family) {
		family = fetch(url).then(async (r) => {
			if (r.status === 404) return null;
			if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
			const f = (await r.json()) as FinderFamily;
			return { ...f, runs: f.runs.map(expandRow) };
		});
		family.catch(() => families.delete(url));
		families.set(url, family);
	}
	return family;
}

/** The ranking chart's kind and rows; null when nothing is ranked. Only the first list: two lists are not comparable. */
export function rankingChart(q: FinderQuery, a: FinderAnswer): { kind: 'lvi' | 'qd'; runs: ReturnType<typeof perDriveRow>[] } | null {
	const ranked = a.ranked[0] ?? [];
	if (ranked.length === 0) return null;
	return { kind: q.rate_iops !== null ? 'lvi' : 'qd', runs: ranked.flatMap((c) => c.points.map((p) => perDriveRow(p.row))) };
}

/** The ranking chart drawn by the chart library at `width`. */
export async function drawRankingChart(chart: NonNullable<ReturnType<typeof rankingChart>>, family: FinderFamily, lang: Lang, width: number): Promise<RenderedChart> {
	const kinds = await import('../site/chart-kinds.ts');
	const labels = Object.fromEntries(Object.entries(family.devices).map(([id, d]) => [id, d.label]));
	const options = kinds.chartOptions({ fixed: {} }, DEFAULT_VIEW, { lang, deviceLabels: labels, document });
	options.width = Math.max(MIN_DRAWN_WIDTH, Math.min(960, Math.floor(width)));
	return kinds.renderChart(chart.kind, chart.runs, options);
}
