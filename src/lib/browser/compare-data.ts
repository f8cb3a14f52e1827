// What a comparison reads in the browser, for the comparison page and the comparison's embeds: each drive's file
// (/compare/drives/<id>.json, or a hosted dataset version's copy), its reviews' runs and percentiles partitions read
// with hyparquet (only those: the bytes grow with the drives compared, not the catalog), and, only for the charts
// that draw them, histogram bins and log points. A reader's own result joins them where given.
import type { HistogramRow, PercentileRow, RunRow, DeviceClass } from '../schema.ts';
import { TABLES } from '../schema.ts';
import { compareDriveFile, type CompareDriveFile, type CompareLog, type CompareReview, type CompareTable } from '../compare/drive-file.ts';
import type { LateNeed, LateRows } from '../compare/html.ts';
import { versionFolder } from '../dataset-versions.ts';
import type { OwnRows } from '../own-result/common.ts';
import { OWN_REVIEW_ID } from '../own-result/common.ts';
import { downsampleSeries } from '../own-result/series.ts';
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import { readTableRows, urlBuffer, type RowFilter } from './parquet.ts';
import { dataUrl } from '../data-url.ts';

export interface Loaded {
	files: CompareDriveFile[];
	/** Drives of the link that have no file. */
	unknown: string[];
	runs: RunRow[];
	percentiles: PercentileRow[];
	reviews: Map<string, CompareReview>;
	/** What each drive is (from its file). */
	deviceClasses: Map<string, DeviceClass>;
}

/** BIGINT columns arrive from hyparquet as bigint; the comparison, like the build, works on numbers. */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
	for (const [k, v] of Object.entries(row)) if (typeof v === 'bigint') row[k] = Number(v);
	return row;
}

export interface CompareSource {
	driveFile(id: string): Promise<CompareDriveFile | null>;
	load(devices: readonly string[]): Promise<Loaded>;
	lateRows(need: LateNeed, loaded: Loaded, own?: OwnRows | null): Promise<LateRows>;
}

/**
 * The files of data/, of the current dataset or of a hosted `version` (its copy of the drives' files
 * and its Parquet, under data/versions/<version>/). Each file is read once.
 */
export function compareSource(version?: string): CompareSource {
	const dataBase = `${dataUrl(version ? versionFolder(version) : '')}`;
	// A version keeps its own copy of the drives' files beside its Parquet (src/lib/build/version-hosting.ts).
	const driveUrl = (id: string) => `${dataBase}${compareDriveFile(id)}`;
	const driveFiles = new Map<string, Promise<CompareDriveFile | null>>();
	const partitions = new Map<string, Promise<Record<string, unknown>[]>>();

	function driveFile(id: string): Promise<CompareDriveFile | null> {
		let file = driveFiles.get(id);
		if (!file) {
			file = fetch(driveUrl(id)).then(async (r) => (r.ok ? ((await r.json()) as CompareDriveFile) : r.status === 404 ? null : Promise.reject(new Error(`${r.status} ${r.statusText}`))));
			file.catch(() => driveFiles.delete(id));
			driveFiles.set(id, file);
		}
		return file;
	}

	/** A partition's rows (those whose `filter` column is one of its values, when given). */
	function partitionRows(table: CompareTable, file: { path: string; bytes: number }, filter?: RowFilter): Promise<Record<string, unknown>[]> {
		const key = JSON.stringify([file.path, filter ?? null]);
		let rows = partitions.get(key);
		if (!rows) {
			const schema = TABLES.find((x) => x.name === table)!;
			rows = readTableRows(schema, [{ path: file.path, open: () => urlBuffer(`${dataBase}${file.path}`, file.bytes) }], filter).then((list) => list.map(plainRow));
			rows.catch(() => partitions.delete(key));
			partitions.set(key, rows);
		}
		return rows;
	}

	async function load(devices: readonly string[]): Promise<Loaded> {
		const found = await Promise.all(devices.map(driveFile));
		const files = found.filter((f): f is CompareDriveFile => f !== null);
		const unknown = devices.filter((_, i) => found[i] === null);
		const reviews = new Map(files.flatMap((f) => f.reviews.map((r) => [r.review_id, r] as const)));
		const chosen = new Set(devices);
		// Histogram bins and log points wait for the charts that draw them (lateRows).
		const [runs, percentiles] = await Promise.all(
			(['runs', 'percentiles'] as const).map(async (table) =>
				(await Promise.all([...reviews.values()].flatMap((r) => (r.partitions[table] ? [partitionRows(table, r.partitions[table]!)] : [])))).flat(),
			),
		);
		const mine = (runs as unknown as RunRow[]).filter((r) => chosen.has(r.device_id));
		const ids = new Set(mine.map((r) => r.run_id));
		const deviceClasses = new Map(files.map((f) => [f.device_id, f.device_class ?? 'unknown'] as const));
		return { files, unknown, runs: mine, percentiles: (percentiles as unknown as PercentileRow[]).filter((p) => ids.has(p.run_id)), reviews, deviceClasses };
	}

	/** One log's points, read from its review's timeseries partition and cut as the published chart's query cuts them. */
	async function logBuckets(review: CompareReview, log: CompareLog, deviceId: string): Promise<TimeseriesBucketRow[]> {
		const file = review.partitions.timeseries;
		if (!file) return [];
		const rows = await partitionRows('timeseries', file, { column: 'series_id', values: [log.series_id] });
		const directions = [...new Set(rows.map((r) => r.direction as string))].sort();
		const kinds = [...new Set(rows.map((r) => (r.value_kind as string | null) ?? ''))].sort();
		const value = (r: Record<string, unknown>) => (r.iops ?? r.bw_bytes_per_s ?? r.lat_ns ?? null) as number | null;
		return downsampleSeries(
			{ ...log, review_id: review.review_id, device_id: deviceId },
			{
				length: rows.length,
				time_ms: rows.map((r) => r.time_ms as number),
				direction: rows.map((r) => directions.indexOf(r.direction as string)),
				directions,
				value_kind: rows.map((r) => kinds.indexOf((r.value_kind as string | null) ?? '')),
				value_kinds: kinds,
				value: rows.map(value),
			},
		);
	}

	/** The rows a chart reads only when drawn: its runs' histogram bins or log points, from their reviews' partitions. */
	async function lateRows(need: LateNeed, loaded: Loaded, own?: OwnRows | null): Promise<LateRows> {
		const mine = need.runs.filter((r) => r.review_id === OWN_REVIEW_ID);
		const published = need.runs.filter((r) => r.review_id !== OWN_REVIEW_ID);
		if (need.table === 'histograms') {
			const parts = await Promise.all(
				[...new Set(published.map((r) => r.review_id))].map((id) => {
					const file = loaded.reviews.get(id)?.partitions.histograms;
					const runIds = published.filter((r) => r.review_id === id).map((r) => r.run_id);
					return file ? partitionRows('histograms', file, { column: 'run_id', values: runIds }) : [];
				}),
			);
			return { histograms: [...(parts.flat() as unknown as HistogramRow[]), ...(mine.length ? (own?.histograms ?? []) : [])] };
		}
		const runIds = new Set(published.map((r) => r.run_id));
		const logs = [...loaded.reviews.values()].flatMap((review) =>
			review.logs.filter((l) => l.run_id !== null && runIds.has(l.run_id) && l.metric === need.metric).map((log) => ({ review, log })),
		);
		const device = (runId: string | null) => published.find((r) => r.run_id === runId)?.device_id ?? '';
		const buckets = await Promise.all(logs.map(({ review, log }) => logBuckets(review, log, device(log.run_id))));
		return { timeseries: [...buckets.flat(), ...(mine.length ? (own?.timeseries ?? []) : [])] };
	}

	return { driveFile, load, lateRows };
}

/** The runs with histogram bins and each run's log metrics, as the drives' files list them (and a reader's file holds). */
export function lateIndex(reviews: Iterable<CompareReview>, own?: OwnRows | null): { histogramRuns: Set<string>; logs: Map<string, string[]> } {
	const histogramRuns = new Set<string>();
	const logs = new Map<string, string[]>();
	const addLog = (runId: string | null, metric: string) => runId !== null && logs.set(runId, [...new Set([...(logs.get(runId) ?? []), metric])]);
	for (const r of reviews) {
		for (const id of r.histogram_runs) histogramRuns.add(id);
		for (const l of r.logs) addLog(l.run_id, l.metric);
	}
	for (const h of own?.histograms ?? []) histogramRuns.add(h.run_id);
	for (const b of own?.timeseries ?? []) addLog(b.run_id, b.metric);
	return { histogramRuns, logs };
}
