// The finder's files, defined once for the build that writes them and the page that reads them. A workload family
// (access, read share, block size: family.ts) is written as
// - head.json: what every question of the family reads, whatever its load — the results that leave a part of the
//   workload out, the nearest things of drives outside the family, the facts of their reviews and devices, the load
//   bands written, and how many chart files there are;
// - <qd|rate>-<band>.json: per load band (outstanding I/Os, or IOPS per drive, in [2^band, 2^(band+1))), each curve's
//   points in the band, the points that enclose the band and the curve's two ends — all that a question in the band
//   reads: the value at a point, between the two enclosing points of one curve, or "not measured above/below" its end;
// - curves-<n>.json: whole curves by the chart's columns, read only for the ranking chart's first drives.
// A question thus reads the head and one band: a few points a curve, not the curves, and only the answer's columns.
import { jsonObject } from '../json-column.ts';
import { CONDITION_METHOD_KEYS } from '../compare/conditions.ts';
import { runs as runsTable, type RunRow } from '../schema.ts';
import { pointGroups, type CurveAnswer, type CurveKind, type PointGroup } from './answer.ts';
import { expandRow, type FinderFamily, type FinderFamilyEntry } from './family.ts';
import type { FinderQuery } from './query.ts';

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

/** The load bands a kind of question has files for: the lowest and the highest (a question beyond them reads the nearer). */
export type BandRange = [number, number];

export interface FinderHead {
	key: string;
	/** Rows of the results that leave a part of the workload out: listed in every answer, whatever its load. */
	loose: FinderTable;
	neighbours: FinderFamily['neighbours'];
	reviews: FinderFamily['reviews'];
	devices: FinderFamily['devices'];
	bands: Record<CurveKind, BandRange>;
	/** Files the whole curves are spread over (curves-0.json … curves-<n-1>.json). */
	curveFiles: number;
}

/** The curves the ranking chart draws: the first list's first drives (as many as "Compare these" opens). */
export const FINDER_CHART_CURVES = 8;
/** Curves a chart file holds, about: the chart reads one file per drive it draws. */
const CURVES_PER_FILE = 4;

const FOLDER = '/find/families';
/** Where a family's files are, under the site's root. */
export const finderHeadPath = (key: string) => `${FOLDER}/${key}/head.json`;
export const finderBandPath = (key: string, kind: CurveKind, band: number) => `${FOLDER}/${key}/${kind}-${band}.json`;
export const finderCurvesPath = (key: string, file: number) => `${FOLDER}/${key}/curves-${file}.json`;

/** The band of a load: outstanding I/Os or IOPS per drive in [2^band, 2^(band+1)); loads under 2 are band 0. */
export const bandOf = (load: number): number => Math.max(0, Math.floor(Math.log2(Math.max(1, load))));

/** The kind of band a question reads: IOPS for a target rate, outstanding I/Os for a queue depth. */
export const bandKindOf = (q: Pick<FinderQuery, 'rate_iops'>): CurveKind => (q.rate_iops !== null ? 'rate' : 'qd');

/** The band file a question reads: its load's band, within those written. */
export function bandOfQuery(head: Pick<FinderHead, 'bands'>, q: Pick<FinderQuery, 'rate_iops' | 'outstanding'>): { kind: CurveKind; band: number } {
	const kind = bandKindOf(q);
	const [lo, hi] = head.bands[kind];
	return { kind, band: Math.min(hi, Math.max(lo, bandOf(q.rate_iops ?? q.outstanding!))) };
}

const loadOfPoint = (kind: CurveKind, g: PointGroup) => (kind === 'rate' ? g.point.iops : g.point.outstanding);

/** The curve of a row (as answer.ts groups points): drive, review, host and kind. */
export const rowCurveKey = (row: Pick<RunRow, 'device_id' | 'review_id' | 'host' | 'rate_limit_iops'>): string =>
	[row.device_id, row.review_id, row.host ?? '', row.rate_limit_iops !== null ? 'rate' : 'qd'].join('\u0000');
export const curveKeyOfAnswer = (c: Pick<CurveAnswer, 'device_id' | 'review_id' | 'host' | 'kind'>): string => [c.device_id, c.review_id, c.host ?? '', c.kind].join('\u0000');

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

/** Of each curve's points (in row order), those a question in `band` reads. */
function bandGroups(curves: Map<string, PointGroup[]>, kind: CurveKind, band: number): Set<PointGroup> {
	const kept = new Set<PointGroup>();
	for (const points of curves.values()) {
		const byLoad = new Map<number, PointGroup[]>();
		for (const g of points) {
			const x = loadOfPoint(kind, g);
			if (x !== null) byLoad.set(x, [...(byLoad.get(x) ?? []), g]);
		}
		// A curve with no load on this axis is still a curve of the answer (with no value): one point names it.
		if (byLoad.size === 0) {
			kept.add(points[0]!);
			continue;
		}
		const loads = [...byLoad.keys()].sort((a, b) => a - b);
		const below = loads.filter((x) => bandOf(x) < band).at(-1);
		const above = loads.find((x) => bandOf(x) > band);
		// Of points at one load, the answer reads only the first (a measured value, the lower end of a curve or the
		// point above a load) and the last (the point below a load, the upper end): its sort keeps row order.
		for (const x of [...loads.filter((l) => bandOf(l) === band), below, above]) {
			if (x === undefined) continue;
			const at = byLoad.get(x)!;
			kept.add(at[0]!).add(at.at(-1)!);
		}
	}
	return kept;
}

export interface FinderFamilyFiles {
	head: FinderHead;
	/** "qd-3" → its table. */
	bands: Map<string, FinderTable>;
	/** Chart file number → whole curves (each point's row, by the chart's columns). */
	curves: Map<number, FinderTable>;
}

/** A family's files: its head, a file per load band, and its whole curves for the chart. */
export function familyFiles(entry: Pick<FinderFamilyEntry, 'access' | 'read_pct' | 'block_size_bytes'>, family: FinderFamily): FinderFamilyFiles {
	// The family's rows carry what was measured (family.ts compacts them): every column again, as the answer reads them.
	const groups = pointGroups(entry, family.runs.map(expandRow));
	const exact = groups.filter((g) => g.unknown.length === 0);
	const curves = new Map<string, PointGroup[]>();
	for (const g of exact) curves.set(rowCurveKey(g.point.row), [...(curves.get(rowCurveKey(g.point.row)) ?? []), g]);
	const rowsOfGroups = (kept: Set<PointGroup>) => groups.filter((g) => kept.has(g)).flatMap((g) => g.rows);
	const bands = new Map<string, FinderTable>();
	const ranges = {} as Record<CurveKind, BandRange>;
	for (const kind of ['qd', 'rate'] as const) {
		const loadBands = exact.map((g) => loadOfPoint(kind, g)).filter((x): x is number => x !== null).map(bandOf);
		const range: BandRange = loadBands.length ? [Math.min(...loadBands), Math.max(...loadBands)] : [0, 0];
		ranges[kind] = range;
		for (let band = range[0]; band <= range[1]; band++) bands.set(`${kind}-${band}`, tableOf(rowsOfGroups(bandGroups(curves, kind, band))));
	}
	const curveFiles = Math.max(1, Math.ceil(curves.size / CURVES_PER_FILE));
	const byFile = new Map<number, RunRow[]>();
	for (let i = 0; i < curveFiles; i++) byFile.set(i, []);
	for (const g of exact) byFile.get(curveFileOf(rowCurveKey(g.point.row), curveFiles))!.push(g.point.row);
	const charts = new Map([...byFile].map(([n, rows]) => [n, tableOf(rows, 'chart')]));
	// A review's facts as the answer reads them: of its methodology, only what decides a result's conditions.
	const reviews = Object.fromEntries(
		Object.entries(family.reviews).map(([id, r]) => {
			const method = jsonObject(r.methodology_json);
			const kept = Object.fromEntries(CONDITION_METHOD_KEYS.filter((k) => method[k] !== undefined).map((k) => [k, method[k]]));
			return [id, { ...r, methodology_json: r.methodology_json === null ? null : JSON.stringify(kept) }];
		}),
	);
	const head: FinderHead = {
		key: family.key,
		loose: tableOf(groups.filter((g) => g.unknown.length > 0).flatMap((g) => g.rows)),
		neighbours: family.neighbours,
		reviews,
		devices: family.devices,
		bands: ranges,
		curveFiles,
	};
	return { head, bands, curves: charts };
}

/** What the answer reads for a question in one band: the head's rows and the band's, and the head's facts. */
export function familyOfBand(head: FinderHead, band: FinderTable): FinderFamily {
	return { key: head.key, runs: [...rowsOf(head.loose), ...rowsOf(band)], neighbours: head.neighbours, reviews: head.reviews, devices: head.devices };
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
