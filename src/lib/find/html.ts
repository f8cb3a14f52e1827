// The finder's answer as an element tree (src/lib/element.ts), built as DOM in the browser: what was asked, the ranked
// lists (each of results of one testbed or comparable ones), the drives whose curves stop short of the asked load,
// the figures that do not state a part of the workload, and the devices that are no drive. Text from the data is only
// ever text or an attribute value. Each table has its CSV (its rows as text, written by the one CSV writer).
import { punctuationOf } from '../../i18n/lang.ts';
import { t, tn, type Lang, type UiKey } from '../../i18n/strings.ts';
import { formatNumber } from '../charts/format.ts';
import { partsText, reasonText, workloadText } from '../compare/verdict.ts';
import { el, type El } from '../element.ts';
import type { CurveAnswer, FinderAnswer, FinderPoint, LooseResult } from './answer.ts';
import type { FinderFamily } from './family.ts';
import { BOUND_STATS, type BoundStat, type FinderQuery, type ShownPart } from './query.ts';

export interface FinderView {
	lang: Lang;
	family: FinderFamily;
	/** How many there are of each part of the answer (the answer shows the first ones). */
	totals: Record<ShownPart, number>;
	/** Where a review's and a drive's pages are. */
	reviewHref(reviewId: string): string;
	driveHref(deviceId: string): string;
	/** Where the comparison page is (with its language prefix). */
	compareHref(devices: readonly string[]): string;
	/** A review's title in the page's language. */
	reviewTitle(reviewId: string): string;
}

const us = (ns: number | null | undefined, lang: Lang) => (ns == null ? '—' : `${formatNumber(Math.round(ns / 100) / 10, lang)} µs`);
const iops = (v: number | null | undefined, lang: Lang) => (v == null ? '—' : `${formatNumber(Math.round(v), lang)} IOPS`);
const statName = (s: BoundStat, lang: Lang) => t(lang, `find_stat_${s}` as UiKey);

/** The question in words: "4 KiB random 70/30 read/write at 100,000 IOPS per drive, p99 ≤ 1,000 µs". */
export function questionText(q: FinderQuery, lang: Lang): string {
	const workload = workloadText({ access: q.access, direction: q.read_pct === 100 ? 'read' : q.read_pct === 0 ? 'write' : 'mixed', read_pct: q.read_pct, block_size_bytes: q.block_size_bytes, outstanding: q.outstanding, rate_limit_iops: null }, lang, []);
	const rate = q.rate_iops === null ? '' : t(lang, 'find_atRate', { rate: formatNumber(Math.round(q.rate_iops), lang) });
	const bounds = BOUND_STATS.filter((s) => q.bounds[s] !== undefined).map((s) => `${statName(s, lang)} ≤ ${formatNumber(q.bounds[s]!, lang)} µs`);
	return [workload + rate, ...bounds].join(punctuationOf(lang).clauses);
}

/** A measured point in words: its load and values ("QD 4: 33,913 IOPS, mean 117.6 µs"). */
function pointText(p: FinderPoint, lang: Lang): string {
	const load = p.rate_limit_iops !== null ? t(lang, 'find_rateStep', { rate: formatNumber(Math.round(p.rate_limit_iops), lang) }) : p.outstanding !== null ? `QD ${formatNumber(p.outstanding, lang)}` : t(lang, 'find_loadUnknown');
	return `${load}: ${iops(p.iops, lang)}, ${statName('mean', lang)} ${us(p.lat.mean, lang)}, ${statName('p99', lang)} ${us(p.lat.p99, lang)}`;
}

function driveCell(c: { device_id: string; host: string | null }, v: FinderView): El {
	const label = v.family.devices[c.device_id]?.label ?? c.device_id;
	return el('th', { scope: 'row' }, el('a', { href: v.driveHref(c.device_id) }, label), c.host ? el('span', { class: 'prose-muted block text-xs' }, c.host) : '');
}

const reviewCell = (reviewId: string, v: FinderView) => el('td', {}, el('a', { href: v.reviewHref(reviewId) }, v.reviewTitle(reviewId)));

/** How the value was read: at a measured point, or interpolated between two named points of one curve. */
function howCell(c: CurveAnswer, q: FinderQuery, v: FinderView): El {
	if (c.at) {
		const points = c.at.points.map((p) => pointText(p, v.lang));
		return el('td', { class: 'text-xs', 'data-how': c.at.interpolated ? 'interpolated' : 'measured' }, c.at.interpolated ? t(v.lang, 'find_interpolated') : t(v.lang, 'find_measured'), ...points.map((p) => el('span', { class: 'prose-muted block' }, p)));
	}
	const o = c.outside!;
	const limit = q.rate_iops !== null ? iops(o.limit, v.lang) : `QD ${formatNumber(o.limit, v.lang)}`;
	return el('td', { class: 'text-xs', 'data-how': `outside-${o.side}` }, t(v.lang, o.side === 'above' ? 'find_notAbove' : 'find_notBelow', { limit }), el('span', { class: 'prose-muted block' }, t(v.lang, 'find_nearest', { point: pointText(o.nearest, v.lang) })));
}

function meetsCell(c: CurveAnswer, lang: Lang): El {
	if (!c.bounds.length) return el('td', {}, '—');
	const detail = c.bounds.map((b) => `${statName(b.stat, lang)} ${us(b.value_ns, lang)} ${b.ok === null ? '?' : b.ok ? '≤' : '>'} ${formatNumber(b.bound_us, lang)} µs`);
	const word = c.meets === true ? 'find_meets' : c.meets === false ? 'find_fails' : 'find_unknown';
	return el('td', { 'data-meets': String(c.meets) }, el('strong', {}, t(lang, word)), ...detail.map((d) => el('span', { class: 'prose-muted block text-xs' }, d)));
}

/** The columns of an answer table, and a row's cells as text (the table's CSV). */
export function answerColumns(lang: Lang): string[] {
	return ['#', t(lang, 'find_colDrive'), t(lang, 'find_colIops'), ...BOUND_STATS.map((s) => `${statName(s, lang)} (µs)`), t(lang, 'find_colHow'), t(lang, 'find_colBounds'), t(lang, 'find_colReview')];
}

export function answerRowsCsv(list: readonly CurveAnswer[], v: FinderView): (string | number | null)[][] {
	return list.map((c, i) => [
		i + 1,
		`${v.family.devices[c.device_id]?.label ?? c.device_id}${c.host ? ` (${c.host})` : ''}`,
		c.at?.iops ?? null,
		...BOUND_STATS.map((s) => (c.at?.lat[s] == null ? null : c.at.lat[s]! / 1000)),
		c.at ? (c.at.interpolated ? 'interpolated' : 'measured') : c.outside ? `not measured ${c.outside.side} ${Math.round(c.outside.limit)}` : null,
		c.meets === null ? null : c.meets ? 'yes' : 'no',
		c.review_id,
	]);
}

function answerTable(list: readonly CurveAnswer[], q: FinderQuery, v: FinderView, testid: string): El {
	return el(
		'div',
		{ class: 'table-scroll mt-3 overflow-x-auto' },
		el(
			'table',
			{ class: 'data-table', 'data-testid': testid },
			el('thead', {}, el('tr', {}, ...answerColumns(v.lang).map((c) => el('th', { scope: 'col' }, c)))),
			el(
				'tbody',
				{},
				...list.map((c, i) =>
					el(
						'tr',
						{ 'data-device': c.device_id, 'data-review': c.review_id },
						el('td', { class: 'num' }, formatNumber(i + 1, v.lang)),
						driveCell(c, v),
						el('td', { class: 'num', 'data-value': c.at?.iops ?? '' }, iops(c.at?.iops, v.lang)),
						...BOUND_STATS.map((s) => el('td', { class: 'num', 'data-stat': s }, us(c.at?.lat[s], v.lang))),
						howCell(c, q, v),
						meetsCell(c, v.lang),
						reviewCell(c.review_id, v),
					),
				),
			),
		),
		el(
			'p',
			{ class: 'js-only mt-1 text-xs' },
			el('button', { type: 'button', class: 'button button-sm', 'data-find-csv': testid }, tn(v.lang, 'find_csvRows', list.length)),
		),
	);
}

function looseList(loose: readonly LooseResult[], v: FinderView): El {
	return el(
		'ul',
		{ class: 'mt-2 list-disc pl-5 text-sm', 'data-testid': 'find-loose' },
		...loose.map((l) =>
			el(
				'li',
				{ 'data-device': l.device_id },
				el('a', { href: v.driveHref(l.device_id) }, v.family.devices[l.device_id]?.label ?? l.device_id),
				`: ${pointText(l.point, v.lang)} — ${t(v.lang, 'find_unknownParts', { parts: partsText(l.unknown, v.lang) })} (`,
				el('a', { href: v.reviewHref(l.review_id) }, v.reviewTitle(l.review_id)),
				')',
			),
		),
	);
}

/** Drives with no result of this workload, and what they have nearby ("4 KiB random read at QD 1, 256"). */
function neighboursEl(v: FinderView, q: FinderQuery): El {
	const byDevice = new Map<string, string[]>();
	for (const n of v.family.neighbours) {
		const what = workloadText({ access: q.access, direction: n.read_pct === 100 ? 'read' : n.read_pct === 0 ? 'write' : 'mixed', read_pct: n.read_pct, block_size_bytes: n.block_size_bytes, outstanding: null, rate_limit_iops: null }, v.lang, []);
		byDevice.set(n.device_id, [...(byDevice.get(n.device_id) ?? []), `${what} (QD ${n.loads.map((l) => formatNumber(l, v.lang)).join(', ')})`]);
	}
	return el(
		'ul',
		{ class: 'mt-2 list-disc pl-5 text-sm', 'data-testid': 'find-neighbours' },
		...[...byDevice].map(([d, things]) =>
			el('li', { 'data-device': d }, el('a', { href: v.driveHref(d) }, v.family.devices[d]?.label ?? d), `: ${t(v.lang, 'find_onlyHas', { things: things.join(punctuationOf(v.lang).groups) })}`),
		),
	);
}

/** How many of a part are shown, and a button for the next ones when there are more. */
function moreEl(part: ShownPart, shown: number, v: FinderView): El | '' {
	const total = v.totals[part];
	if (total <= shown) return '';
	return el(
		'p',
		{ class: 'mt-2 flex flex-wrap items-center gap-2 text-sm', 'data-testid': `find-more-${part}` },
		el('span', { class: 'prose-muted' }, t(v.lang, 'find_shownOf', { shown: formatNumber(shown, v.lang), total: formatNumber(total, v.lang) })),
		el('button', { type: 'button', class: 'button button-sm', 'data-find-more': part }, t(v.lang, 'find_showMore')),
	);
}

/** The whole answer. `chart`: the figure of the ranking chart, drawn by the page. */
export function answerEl(q: FinderQuery, a: FinderAnswer, v: FinderView, chart: El | null): El {
	const { lang } = v;
	const top = a.ranked[0] ?? [];
	const lists = a.ranked.map((list, i) =>
		el(
			'section',
			{ class: 'mt-8', 'data-testid': 'find-ranked', 'data-list': i },
			el('h3', { class: 'text-lg' }, t(lang, i === 0 ? 'find_rankedFirst' : 'find_rankedOther', { review: v.reviewTitle(list[0]!.review_id) })),
			i > 0 ? el('p', { class: 'prose-muted text-sm', 'data-testid': 'find-between' }, t(lang, 'find_between', { reasons: a.between[i - 1]!.map((r) => reasonText(r.kind, lang)).join(punctuationOf(lang).items) })) : '',
			answerTable(list, q, v, `find-table-${i}`),
		),
	);
	const summary = top.length
		? t(lang, 'find_summary', { drive: v.family.devices[top[0]!.device_id]?.label ?? top[0]!.device_id, results: tn(lang, 'countResults', a.ranked.flat().length), lists: tn(lang, 'countRankedLists', a.ranked.length) })
		: t(lang, 'find_none');
	return el(
		'div',
		{ 'data-testid': 'find-answer' },
		el('h2', { class: 'text-xl' }, questionText(q, lang)),
		el('p', { class: 'mt-2 max-w-3xl', 'data-testid': 'find-summary' }, summary),
		top.length >= 2 ? el('p', { class: 'mt-2' }, el('a', { href: v.compareHref(top.slice(0, 8).map((c) => c.device_id)), 'data-testid': 'find-compare' }, t(lang, 'find_compareThese'))) : '',
		chart ?? '',
		...lists,
		moreEl('ranked', a.ranked.flat().length, v),
		a.apart.length
			? el('section', { class: 'mt-8' }, el('h3', { class: 'text-lg' }, t(lang, 'find_apart')), answerTable(a.apart, q, v, 'find-apart'), moreEl('apart', a.apart.length, v))
			: '',
		a.loose.length ? el('section', { class: 'mt-8' }, el('h3', { class: 'text-lg' }, t(lang, 'find_loose')), looseList(a.loose, v), moreEl('loose', a.loose.length, v)) : '',
		v.family.neighbours.length
			? el(
					'section',
					{ class: 'mt-8' },
					el('h3', { class: 'text-lg' }, t(lang, 'find_neighbours')),
					neighboursEl(v, q),
					moreEl('near', new Set(v.family.neighbours.map((n) => n.device_id)).size, v),
				)
			: '',
		a.notDrives.length
			? el(
					'section',
					{ class: 'mt-8' },
					el('h3', { class: 'text-lg' }, t(lang, 'find_notDrives')),
					answerTable(a.notDrives, q, v, 'find-not-drives'),
					moreEl('notDrives', a.notDrives.length, v),
				)
			: '',
	);
}

