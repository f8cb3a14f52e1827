// The finder's files, defined once for the build that writes them and the page that reads them. A workload family
// (access, read share, block size: family.ts) is written as
// - head.json: what every question of the family reads, whatever its load: the load bands written, how many chart
//   files there are, and the first few results that leave a part of the workload out and drives outside the family
//   with their nearest things (each with its count; the rest in loose-<n>.json and near-<n>.json);
// - <qd|rate>-<band>.json: per load band (outstanding I/Os, or IOPS per drive, in (2^(band-1), 2^band]) an index of the
//   band's streams: each stream's count, and per page the bound of its first result;
// - <qd|rate>-<band>-<stream>-<n>.json: the pages of a stream. A stream's result is a drive's results of one review and
//   host (its curves' points in the band, the points that enclose the band and so the curves' ends: all that a question
//   in the band reads), with the facts of their reviews and devices. The drives' and the other devices' streams are
//   sorted best first by a bound no answer in the band beats (the most IOPS, or the least latency, their curves reach
//   over the band), so a reader stops once its N-th answer beats the next page's bound (paged.ts). The drives that may
//   have no value in the band are one more stream, sorted by drive, with the measured ranges of those that have a value
//   in a part of the band only: the count of those listed apart is exact without reading them;
// - curves-<n>.json: whole curves by the chart's columns, read only for the ranking chart's first drives.
// A question thus reads the head, its band's index and first pages: what it reads grows with what it shows.
import { jsonObject } from '../json-column.ts';
import { CONDITION_METHOD_KEYS } from '../compare/conditions.ts';
import { runs as runsTable, type RunRow } from '../schema.ts';
import { entryKeyOf, isDrive, loadOf, pointGroups, type CurveAnswer, type CurveKind, type FinderPoint, type PointGroup } from './answer.ts';
import { expandRow, type FinderFamily, type FinderFamilyEntry, type FinderNeighbour } from './family.ts';
import { BOUND_STATS, type BoundStat, type FinderQuery } from './query.ts';

/**
 * The columns the answer reads (answer.ts, comparability.ts, conditions.ts, per-drive.ts): the band files carry no
 * other. Not the scope and source file either: the files hold only the rows that stand for a whole test (pointGroups
 * picks them), so the rows of one file never need picking again.
 */
export const ANSWER_COLUMNS = [
	'run_id',
	'review_id',
	'device_id',
	'host',
	'tool',
	'tool_version',
	'value_origin',
	'device_count',
	'steadystate_attained',
	'condition',
	'workload',
	'job_name',
	'direction',
	'rw',
	'access',
	'read_pct',
	'random_pct',
	'block_size_bytes',
	'iodepth',
	'numjobs',
	'rate_limit_iops',
	'iops',
	'bw_bytes_per_s',
	'lat_mean_ns',
	'clat_mean_ns',
	'lat_p99_ns',
	'clat_p99_ns',
	'lat_p99_9_ns',
	'clat_p99_9_ns',
	'lat_p99_99_ns',
	'clat_p99_99_ns',
] as const satisfies readonly (keyof RunRow)[];

/**
 * The columns the ranking chart reads (latency vs IOPS and QD scaling at the default view, their summaries and
 * tables): the chart files carry no other.
 */
export const CHART_COLUMNS = [
	'run_id',
	'review_id',
	'device_id',
	'source_file',
	'host',
	'tool',
	'tool_version',
	'value_origin',
	'device_count',
	'direction',
	'block_size_bytes',
	'iodepth',
	'numjobs',
	'rate_limit_iops',
	'iops',
	'bw_bytes_per_s',
	'lat_mean_ns',
	'clat_mean_ns',
] as const satisfies readonly (keyof RunRow)[];

/** Values the answer never reads: the completion latency where the total is given, the bandwidth where IOPS are. */
const UNREAD: readonly [keyof RunRow, keyof RunRow][] = [
	['clat_mean_ns', 'lat_mean_ns'],
	['clat_p99_ns', 'lat_p99_ns'],
	['clat_p99_9_ns', 'lat_p99_9_ns'],
	['clat_p99_99_ns', 'lat_p99_99_ns'],
	['bw_bytes_per_s', 'iops'],
];

type Cell = string | number | boolean | null;

/** Rows as one array of values per column (a column NULL in every row left out): what compresses best. */
export interface FinderTable {
	columns: string[];
	values: Cell[][];
	length: number;
}


/**
 * The load bands a family has files for. At a queue depth: its measured outstanding I/Os, each a band of its own,
 * and a band between each two (the first and the last reach below and above all); at a rate: powers of two, from the
 * lowest to the highest band written.
 */
export interface FinderBands {
	qd: number[];
	rate: [number, number];
}

/** The loads a question in a band may ask: from `low` (itself too if `lowIn`) up to `high`. */
export interface BandInterval {
	low: number;
	lowIn: boolean;
	high: number;
}

type Facts = Pick<FinderFamily, 'reviews' | 'devices'>;

/** Some results' rows (the answer's columns) and the facts of their reviews and devices. */
export interface FinderPage extends Facts {
	rows: FinderTable;
	/** Each row's place among the family's rows: the answer reads them in that order (it breaks no tie by it, but an answer without IOPS at a queue depth is ranked by its latency, and such an order is not always transitive). */
	order: number[];
}

/** Drives outside the family and their nearest things, with their labels. */
export interface FinderNearPage {
	neighbours: FinderNeighbour[];
	devices: FinderFamily['devices'];
}

/** A part read in pages: how many it holds (results, or drives), and its pages. */
export interface Paged<P> {
	count: number;
	pages: number;
	first: P;
}

export interface FinderHead {
	key: string;
	bands: FinderBands;
	/** Files the whole curves are spread over (curves-0.json … curves-<n-1>.json). */
	curveFiles: number;
	/** The results that leave a part of the workload out: in every answer, whatever its load. */
	loose: Paged<FinderPage>;
	/** Drives with no result in this family: the nearest thing they have (counted and paged by drive). */
	near: Paged<FinderNearPage>;
}

/**
 * What a ranked stream is sorted by. At a queue depth: IOPS (the results with IOPS at every load of the band), or the
 * mean latency (those whose value may lack IOPS: answer.ts ranks them by their latency); at a target rate: the
 * latency statistic the question ranks by.
 */
export type StreamOrder = 'iops' | BoundStat;
/** The streams of a band: the drives, the devices that are no drive (each sorted by a bound), those maybe apart. */
export type StreamName = `${'drives' | 'others'}-${StreamOrder}` | 'apart';

/**
 * What no result on a page or a later one of a stream beats: the most IOPS and the least latency (the mean at a queue
 * depth, the stream's statistic at a rate) any of them reaches in the band (null: none has such a value), and
 * whether one of them may lack IOPS at a queue depth.
 */
export interface StreamPage {
	iops: number | null;
	lat: number | null;
	open: boolean;
	/** Of the results that reach that best value, the first by drive, review and host (an equal answer is ranked by them). */
	iopsKey: string | null;
	latKey: string | null;
}

export interface FinderStream {
	count: number;
	pages: StreamPage[];
}

export interface FinderBandIndex {
	streams: Partial<Record<StreamName, FinderStream>>;
	/** Of the apart stream: how many have no value anywhere in the band. */
	apartSure: number;
	/** Of the apart stream's drives that have a value in a part of the band: their measured ranges ([low, high] per curve). */
	edges: [number, number][][];
}

/** The curves the ranking chart draws: the first list's first drives (as many as "Compare these" opens). */
export const FINDER_CHART_CURVES = 8;
/** Curves a chart file holds, about: the chart reads one file per drive it draws. */
const CURVES_PER_FILE = 4;

/** Results on a stream's first page, loose results and drives outside the family on theirs (pages then double: a question that reads far reads few files). */
export type FirstPages = Record<'drives' | 'others' | 'apart' | 'loose' | 'near', number>;
export const FIRST_PAGES: FirstPages = { drives: 25, others: 10, apart: 10, loose: 10, near: 10 };

/** Page sizes: first, first, 2 × first, 4 × first… */
export const pageSize = (first: number, page: number): number => (page === 0 ? first : first * 2 ** (page - 1));

/** Items into pages of pageSize. */
export function intoPages<T>(items: readonly T[], first: number): T[][] {
	const pages: T[][] = [];
	for (let at = 0, n = 0; at < items.length || n === 0; n++) {
		pages.push(items.slice(at, at + pageSize(first, n)));
		at += pageSize(first, n);
	}
	return pages;
}

/** Where the finder's files are under data/ (data that goes where data/ goes, not pages): one folder per family. */
export const FINDER_FOLDER = 'find/families';
/** A family's files, relative to data/ (the build writes them under the site's /data/, the browser reads them with dataUrl). */
export const finderHeadPath = (key: string) => `${FINDER_FOLDER}/${key}/head.json`;
export const finderBandPath = (key: string, kind: CurveKind, band: number) => `${FINDER_FOLDER}/${key}/${kind}-${band}.json`;
export const finderStreamPath = (key: string, kind: CurveKind, band: number, stream: StreamName, page: number) => `${FINDER_FOLDER}/${key}/${kind}-${band}-${stream}-${page}.json`;
export const finderLoosePath = (key: string, page: number) => `${FINDER_FOLDER}/${key}/loose-${page}.json`;
export const finderNearPath = (key: string, page: number) => `${FINDER_FOLDER}/${key}/near-${page}.json`;
export const finderCurvesPath = (key: string, file: number) => `${FINDER_FOLDER}/${key}/curves-${file}.json`;

/** The rate band of a load: IOPS per drive in (2^(band-1), 2^band]; loads up to 1 are band 0. */
export const bandOf = (load: number): number => (load <= 1 ? 0 : Math.ceil(Math.log2(load)));

/** The kind of band a question reads: IOPS for a target rate, outstanding I/Os for a queue depth. */
export const bandKindOf = (q: Pick<FinderQuery, 'rate_iops'>): CurveKind => (q.rate_iops !== null ? 'rate' : 'qd');

/** The streams a question reads: at a queue depth those by IOPS and by mean latency; at a target rate, the one of the latency it ranks by (answer.ts). */
export const streamOrdersOf = (q: Pick<FinderQuery, 'rate_iops' | 'bounds'>): StreamOrder[] =>
	q.rate_iops === null ? ['iops', 'mean'] : [BOUND_STATS.find((s) => q.bounds[s] !== undefined) ?? 'mean'];

/**
 * The band a question reads. At a queue depth: the band of a measured load, or of those between two. At a rate: its
 * load's band, within those written (one under the lowest measured and one over the highest, where no curve has a value).
 */
export function bandOfQuery(head: Pick<FinderHead, 'bands'>, q: Pick<FinderQuery, 'rate_iops' | 'outstanding'>): { kind: CurveKind; band: number } {
	const kind = bandKindOf(q);
	if (kind === 'qd') {
		const loads = head.bands.qd;
		const at = loads.indexOf(q.outstanding!);
		return { kind, band: at >= 0 ? 2 * at + 1 : 2 * loads.filter((l) => l < q.outstanding!).length };
	}
	const [lo, hi] = head.bands.rate;
	return { kind, band: Math.min(hi, Math.max(lo, bandOf(q.rate_iops!))) };
}

/** The loads a question in a band may ask: integers from 1 for a queue depth, any rate above the band's floor. */
export function bandIntervalOf(bands: FinderBands, kind: CurveKind, band: number): BandInterval {
	if (kind === 'rate') return { low: band === 0 ? 0 : 2 ** (band - 1), lowIn: false, high: 2 ** band };
	const i = Math.floor(band / 2);
	if (band % 2 === 1) return { low: bands.qd[i]!, lowIn: true, high: bands.qd[i]! };
	return { low: i === 0 ? 1 : bands.qd[i - 1]! + 1, lowIn: true, high: i === bands.qd.length ? Infinity : bands.qd[i]! - 1 };
}

/** Whether a load is one a question may ask in the measured range [low, high] (the page's count of those apart). */
export const inRange = (load: number, range: readonly [number, number]): boolean => load >= range[0] && load <= range[1];

/** The curve of a row (as answer.ts groups points): drive, review, host and kind. */
export const rowCurveKey = (row: Pick<RunRow, 'device_id' | 'review_id' | 'host' | 'rate_limit_iops'>): string =>
	`${entryKeyOf(row)}\u0000${row.rate_limit_iops !== null ? 'rate' : 'qd'}`;
export const curveKeyOfAnswer = (c: Pick<CurveAnswer, 'device_id' | 'review_id' | 'host' | 'kind'>): string => `${entryKeyOf(c)}\u0000${c.kind}`;

/** The chart file a curve is in (FNV-1a of its key). */
export function curveFileOf(curveKey: string, files: number): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < curveKey.length; i++) h = Math.imul(h ^ curveKey.charCodeAt(i), 0x01000193);
	return (h >>> 0) % files;
}

/** Rows by some columns (the answer's, without the values it never reads; or the chart's). */
export function tableOf(rows: readonly RunRow[], of: 'answer' | 'chart' = 'answer'): FinderTable {
	const wanted: readonly (keyof RunRow)[] = of === 'answer' ? ANSWER_COLUMNS : CHART_COLUMNS;
	const read = rows.map((r) => {
		const row: Record<string, Cell> = {};
		for (const c of wanted) row[c] = r[c];
		if (of === 'answer') for (const [unread, instead] of UNREAD) if (r[instead] !== null) row[unread] = null;
		return row;
	});
	const columns = wanted.filter((c) => read.some((r) => r[c] !== null));
	return { columns, values: columns.map((c) => read.map((r) => r[c] ?? null)), length: rows.length };
}

const EMPTY_ROW: Record<string, null> = Object.fromEntries(runsTable.columns.map((c) => [c.name, null]));

/** A table's rows with every column again (NULL where it was left out). */
export function rowsOf(table: FinderTable): RunRow[] {
	const rows: Record<string, unknown>[] = Array.from({ length: table.length }, () => ({ ...EMPTY_ROW }));
	table.columns.forEach((c, j) => {
		const values = table.values[j]!;
		for (let i = 0; i < rows.length; i++) rows[i]![c] = values[i];
	});
	return rows as RunRow[];
}


const loadOfKind = (kind: CurveKind, p: FinderPoint): number | null => loadOf({ rate_iops: kind === 'rate' ? 1 : null }, p);

/** Of a curve's points (in row order), those a question in `band` reads: in the band, the two enclosing it, and so its ends. */
function bandPoints(points: readonly PointGroup[], kind: CurveKind, { low, lowIn, high }: BandInterval): PointGroup[] {
	const byLoad = new Map<number, PointGroup[]>();
	for (const g of points) {
		const x = loadOfKind(kind, g.point);
		if (x !== null) byLoad.set(x, [...(byLoad.get(x) ?? []), g]);
	}
	// A curve with no load on this axis is still a curve of the answer (with no value): one point names it.
	if (byLoad.size === 0) return [points[0]!];
	const loads = [...byLoad.keys()].sort((a, b) => a - b);
	const inBand = (x: number) => (lowIn ? x >= low : x > low) && x <= high;
	const below = loads.filter((x) => (lowIn ? x < low : x <= low)).at(-1);
	const above = loads.find((x) => x > high);
	const kept = new Set<PointGroup>();
	// Of points at one load, the answer reads only the first (a measured value, the lower end of a curve or the
	// point above a load) and the last (the point below a load, the upper end): its sort keeps row order.
	for (const x of [...loads.filter(inBand), below, above]) {
		if (x === undefined) continue;
		const at = byLoad.get(x)!;
		kept.add(at[0]!).add(at.at(-1)!);
	}
	return points.filter((g) => kept.has(g));
}

/** A point's value in a stream's order: its IOPS, or its latency statistic (null: not measured). */
const valueOf = (order: StreamOrder, p: FinderPoint): number | null => (order === 'iops' ? p.iops : p.lat[order]);

/**
 * The values a curve may take at a load of the band, as the answer reads them (answer.ts readCurve): its points in the
 * band, and where the band's ends fall between two points, the line between them there. A line's extremes are at its
 * ends, so the best of these is a bound no answer in the band beats. `open`: one of them is not measured (IOPS).
 */
function curveValues(points: readonly FinderPoint[], kind: CurveKind, { low, lowIn, high }: BandInterval, order: StreamOrder): { values: number[]; open: boolean } {
	const sorted = points.filter((p) => loadOfKind(kind, p) !== null).sort((a, b) => loadOfKind(kind, a)! - loadOfKind(kind, b)!);
	const x = (p: FinderPoint) => loadOfKind(kind, p)!;
	// Of points at one load, the answer reads the first there and the last from above it (not above the band).
	const inBand = sorted.filter((p) => (lowIn ? x(p) >= low : x(p) > low) && x(p) <= high);
	const first = new Map<number, FinderPoint>();
	const last = new Map<number, FinderPoint>();
	for (const p of inBand) {
		if (!first.has(x(p))) first.set(x(p), p);
		last.set(x(p), p);
	}
	const values: (number | null)[] = [...first].flatMap(([load, p]) => (load === high ? [p] : [p, last.get(load)!])).map((p) => valueOf(order, p));
	for (const at of [low, high]) {
		if (at === high && inBand.some((p) => x(p) === high)) continue;
		const a = sorted.filter((p) => x(p) <= at).at(-1);
		const b = sorted.find((p) => x(p) > at);
		if (!a || !b) continue;
		const [ya, yb] = [valueOf(order, a), valueOf(order, b)];
		values.push(ya === null || yb === null ? null : ya + ((yb - ya) * (at - x(a))) / (x(b) - x(a)));
	}
	return { values: values.filter((v): v is number => v !== null), open: order === 'iops' && values.some((v) => v === null) };
}

/** A curve's measured range on an axis (null: no load on it). */
function rangeOf(points: readonly FinderPoint[], kind: CurveKind): [number, number] | null {
	const loads = points.map((p) => loadOfKind(kind, p)).filter((x): x is number => x !== null);
	return loads.length ? [Math.min(...loads), Math.max(...loads)] : null;
}

type EntryBound = Pick<StreamPage, 'iops' | 'lat' | 'open'>;

/** A drive's results of one review and host: every curve of them. */
interface Entry {
	key: string;
	device_id: string;
	review_id: string;
	host: string;
	curves: PointGroup[][];
}

const compareKeys = (a: Entry, b: Entry) => (a.device_id !== b.device_id ? (a.device_id < b.device_id ? -1 : 1) : a.review_id !== b.review_id ? (a.review_id < b.review_id ? -1 : 1) : a.host < b.host ? -1 : a.host > b.host ? 1 : 0);

/** The facts the answer reads of some rows' reviews and devices. */
function factsOf(rows: readonly RunRow[], family: FinderFamily, reviews: FinderFamily['reviews']): Facts {
	const reviewIds = [...new Set(rows.map((r) => r.review_id))].sort();
	const deviceIds = [...new Set(rows.map((r) => r.device_id))].sort();
	return {
		reviews: Object.fromEntries(reviewIds.filter((id) => reviews[id]).map((id) => [id, reviews[id]!])),
		devices: Object.fromEntries(deviceIds.filter((id) => family.devices[id]).map((id) => [id, family.devices[id]!])),
	};
}

export interface FinderFamilyFiles {
	head: FinderHead;
	/** Every other file of the family by its site path: band indexes, stream pages, loose and near pages, chart files. */
	files: Map<string, unknown>;
}

/** A family's files: its head, per load band an index and its streams' pages, loose and near pages, and its whole curves for the chart. */
export function familyFiles(
	entry: Pick<FinderFamilyEntry, 'access' | 'read_pct' | 'block_size_bytes'>,
	family: FinderFamily,
	firstPages: FirstPages = FIRST_PAGES,
): FinderFamilyFiles {
	const key = family.key;
	const files = new Map<string, unknown>();
	// The family's rows carry what was measured (family.ts compacts them): every column again, as the answer reads them.
	const expanded = family.runs.map(expandRow);
	const groups = pointGroups(entry, expanded);
	const order = new Map(groups.map((g, i) => [g, i]));
	const rowIndex = new Map(expanded.map((r, i) => [r, i]));
	const exact = groups.filter((g) => g.unknown.length === 0);
	const curves = new Map<string, PointGroup[]>();
	for (const g of exact) curves.set(rowCurveKey(g.point.row), [...(curves.get(rowCurveKey(g.point.row)) ?? []), g]);
	const entries = new Map<string, Entry>();
	for (const points of curves.values()) {
		const row = points[0]!.point.row;
		const k = entryKeyOf(row);
		const e = entries.get(k) ?? { key: k, device_id: row.device_id, review_id: row.review_id, host: row.host ?? '', curves: [] };
		e.curves.push(points);
		entries.set(k, e);
	}
	// A review's facts as the answer reads them: of its methodology, only what decides a result's conditions.
	const reviews = Object.fromEntries(
		Object.entries(family.reviews).map(([id, r]) => {
			const method = jsonObject(r.methodology_json);
			const kept = Object.fromEntries(CONDITION_METHOD_KEYS.filter((k) => method[k] !== undefined).map((k) => [k, method[k]]));
			return [id, { ...r, methodology_json: r.methodology_json === null ? null : JSON.stringify(kept) }];
		}),
	);
	const pageOf = (gs: PointGroup[]): FinderPage => {
		const rows = gs.sort((a, b) => order.get(a)! - order.get(b)!).flatMap((g) => g.rows);
		return { rows: tableOf(rows), order: rows.map((r) => rowIndex.get(r)!), ...factsOf(rows, family, reviews) };
	};
	const all = [...entries.values()].sort(compareKeys);
	const loadsOf = (kind: CurveKind) => [...new Set(exact.map((g) => loadOfKind(kind, g.point)).filter((x): x is number => x !== null))].sort((a, b) => a - b);
	const rateBands = loadsOf('rate').map(bandOf);
	// Rates: one band under the lowest measured and one over the highest (there, no curve has a value).
	const bands: FinderBands = { qd: loadsOf('qd'), rate: rateBands.length ? [Math.max(0, Math.min(...rateBands) - 1), Math.max(...rateBands) + 1] : [0, 0] };
	for (const kind of ['qd', 'rate'] as const) {
		const [first, last] = kind === 'qd' ? [0, 2 * bands.qd.length] : bands.rate;
		for (let band = first; band <= last; band++) {
			const interval = bandIntervalOf(bands, kind, band);
			const { low, lowIn, high } = interval;
			// A band no question reaches (between two consecutive queue depths) has no files.
			if (low > high) continue;
			const index: FinderBandIndex = { streams: {}, apartSure: 0, edges: [] };
			const read = new Map(all.map((e) => [e, e.curves.flatMap((c) => bandPoints(c, kind, interval))]));
			const measured = new Map(all.map((e) => [e, e.curves.map((c) => rangeOf(c.map((g) => g.point), kind)).filter((r): r is [number, number] => r !== null)]));
			const covers = (r: [number, number]) => r[0] <= low && r[1] >= high;
			const meets = (r: [number, number]) => (lowIn ? r[1] >= low : r[1] > low) && r[0] <= high;
			const write = (name: StreamName, list: Entry[], bounds: Map<Entry, EntryBound> | null) => {
				if (!list.length) return;
				const pages = intoPages(list, firstPages[name === 'apart' ? 'apart' : name.startsWith('drives') ? 'drives' : 'others']);
				pages.forEach((p, n) => files.set(finderStreamPath(key, kind, band, name, n), pageOf(p.flatMap((e) => read.get(e)!))));
				// Each page's bound is of it and every later page: the best value any of them reaches.
				const rest = pages.map((_, n) => pages.slice(n).flat());
				const best = (r: Entry[], value: (b: EntryBound) => number | null, most: boolean): [number | null, string | null] => {
					const known = r.filter((e) => bounds && value(bounds.get(e)!) !== null);
					if (!known.length) return [null, null];
					const v = most ? Math.max(...known.map((e) => value(bounds!.get(e)!)!)) : Math.min(...known.map((e) => value(bounds!.get(e)!)!));
					return [v, known.filter((e) => value(bounds!.get(e)!) === v).sort(compareKeys)[0]!.key];
				};
				index.streams[name] = {
					count: list.length,
					pages: rest.map((r) => {
						const [iops, iopsKey] = best(r, (b) => b.iops, true);
						const [lat, latKey] = best(r, (b) => b.lat, false);
						return { iops, lat, open: r.some((e) => bounds?.get(e)?.open === true), iopsKey, latKey };
					}),
				};
			};
			const physical = all.filter((e) => isDrive(family, new Set(), e.device_id));
			const others = all.filter((e) => !isDrive(family, new Set(), e.device_id));
			// Drives with a value somewhere in the band are ranked; those with none anywhere in it, or only in a part of it, are maybe apart.
			const answering = physical.filter((e) => measured.get(e)!.some(meets));
			const sure = physical.filter((e) => !measured.get(e)!.some(meets));
			const partly = answering.filter((e) => !measured.get(e)!.some(covers));
			write('apart', [...sure, ...partly].sort(compareKeys), null);
			index.apartSure = sure.length;
			index.edges = partly.map((e) => measured.get(e)!.filter(meets));
			// The curves that may answer in the band: a drive's rate steps answer before its QD sweep (answer.ts), wherever they reach.
			const answeringCurves = (e: Entry) => {
				const steps = e.curves.find((c) => c[0]!.point.rate_limit_iops !== null);
				const range = steps && rangeOf(steps.map((g) => g.point), kind);
				return range && covers(range) ? [steps!] : e.curves;
			};
			const boundOf = (e: Entry, by: StreamOrder): number | null => {
				const values = answeringCurves(e).flatMap((c) => curveValues(c.map((g) => g.point), kind, interval, by).values);
				return values.length ? (by === 'iops' ? Math.max(...values) : Math.min(...values)) : null;
			};
			// Best first (none last, then by drive): at a queue depth by IOPS, and those that may lack IOPS by mean latency.
			const sorted = (list: Entry[], bounds: Map<Entry, EntryBound>, most: boolean) =>
				[...list].sort((a, b) => {
					const [x, y] = [most ? bounds.get(a)!.iops : bounds.get(a)!.lat, most ? bounds.get(b)!.iops : bounds.get(b)!.lat];
					if (x !== y) return x === null ? 1 : y === null ? -1 : most ? y - x : x - y;
					return compareKeys(a, b);
				});
			if (kind === 'qd') {
				const bounds = new Map(
					all.map((e): [Entry, EntryBound] => [
						e,
						{ iops: boundOf(e, 'iops'), lat: boundOf(e, 'mean'), open: answeringCurves(e).some((c) => curveValues(c.map((g) => g.point), kind, interval, 'iops').open) },
					]),
				);
				for (const [set, list] of [['drives', answering], ['others', others]] as const) {
					write(`${set}-iops`, sorted(list.filter((e) => !bounds.get(e)!.open), bounds, true), bounds);
					write(`${set}-mean`, sorted(list.filter((e) => bounds.get(e)!.open), bounds, false), bounds);
				}
			} else {
				for (const stat of BOUND_STATS) {
					const bounds = new Map(all.map((e): [Entry, EntryBound] => [e, { iops: null, lat: boundOf(e, stat), open: false }]));
					write(`drives-${stat}`, sorted(answering, bounds, false), bounds);
					write(`others-${stat}`, sorted(others, bounds, false), bounds);
				}
			}
			files.set(finderBandPath(key, kind, band), index);
		}
	}
	// The loose results in row order, and the drives outside the family by drive, each paged.
	const loose = intoPages(
		groups.filter((g) => g.unknown.length > 0),
		firstPages.loose,
	).map(pageOf);
	loose.slice(1).forEach((p, n) => files.set(finderLoosePath(key, n + 1), p));
	const nearDevices = [...new Set(family.neighbours.map((n) => n.device_id))];
	const near = intoPages(nearDevices, firstPages.near).map((ids) => {
		const set = new Set(ids);
		return { neighbours: family.neighbours.filter((n) => set.has(n.device_id)), devices: Object.fromEntries(ids.filter((id) => family.devices[id]).map((id) => [id, family.devices[id]!])) };
	});
	near.slice(1).forEach((p, n) => files.set(finderNearPath(key, n + 1), p));
	const curveFiles = Math.max(1, Math.ceil(curves.size / CURVES_PER_FILE));
	const byFile = new Map<number, RunRow[]>();
	for (let i = 0; i < curveFiles; i++) byFile.set(i, []);
	for (const g of exact) byFile.get(curveFileOf(rowCurveKey(g.point.row), curveFiles))!.push(g.point.row);
	for (const [n, rows] of byFile) files.set(finderCurvesPath(key, n), tableOf(rows, 'chart'));
	const head: FinderHead = {
		key,
		bands,
		curveFiles,
		loose: { count: groups.length - exact.length, pages: loose.length, first: loose[0]! },
		near: { count: nearDevices.length, pages: near.length, first: near[0]! },
	};
	return { head, files };
}

/** The whole curves of some answers, in their order, each curve's points in row order (as the answer's from all rows). */
export function chartRowsOf(curves: readonly Pick<CurveAnswer, 'device_id' | 'review_id' | 'host' | 'kind'>[], files: ReadonlyMap<number, FinderTable>, curveFiles: number): RunRow[] {
	return curves.flatMap((c) => {
		const key = curveKeyOfAnswer(c);
		const file = files.get(curveFileOf(key, curveFiles));
		return file ? rowsOf(file).filter((r) => rowCurveKey(r) === key) : [];
	});
}

/** The chart files some answers' curves are in. */
export const chartFilesOf = (curves: readonly Pick<CurveAnswer, 'device_id' | 'review_id' | 'host' | 'kind'>[], curveFiles: number): number[] => [
	...new Set(curves.map((c) => curveFileOf(curveKeyOfAnswer(c), curveFiles))),
];
