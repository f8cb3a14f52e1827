// What the comparison page reads for one drive (/compare/drives/<id>.json, written by the build): its name, and per
// review that names it the review's facts (conditions) and its partition files of the tables the comparison draws.
// A comparison then fetches files of its drives' reviews only: its bytes grow with the drives, not the catalog.
import type { FileRecord } from '../dataset-layout.ts';
import { KEBAB_ID } from '../ids.ts';
import type { DeviceClass, SeriesRow } from '../schema.ts';
import type { ReviewFacts } from './conditions.ts';

/**
 * Tables the comparison reads: runs for every figure and percentiles for the ladders, at once; histogram bins and log
 * points only for the charts that draw them, when they come into view.
 */
export const COMPARE_TABLES = ['runs', 'percentiles', 'histograms', 'timeseries'] as const;
export type CompareTable = (typeof COMPARE_TABLES)[number];

/** A log of a run: which series of the timeseries table holds it. */
export type CompareLog = Pick<SeriesRow, 'series_id' | 'run_id' | 'source_file' | 'metric' | 'window_ms'>;

export interface CompareReview extends ReviewFacts {
	title: string;
	title_en: string | null;
	partitions: Partial<Record<CompareTable, FileRecord>>;
	/** Runs with latency histogram bins. */
	histogram_runs: string[];
	/** The review's logs that belong to a run of the drive. */
	logs: CompareLog[];
}

export interface CompareDriveFile {
	device_id: string;
	label: string;
	/** What the device is: the comparison ranks physical drives against each other only. */
	device_class: DeviceClass;
	reviews: CompareReview[];
}

/** Where the drives' files are under data/ (and under a hosted dataset version's folder): they go where data/ goes. */
export const COMPARE_DRIVES_FOLDER = 'compare/drives';

/** A drive's file, relative to data/ (or to a dataset version's folder). */
export const compareDriveFile = (deviceId: string) => `${COMPARE_DRIVES_FOLDER}/${deviceId}.json`;

/** Site path of a drive's file as the build writes it (/data/compare/drives/<id>.json). */
export const compareDrivePath = (deviceId: string) => `/data/${compareDriveFile(deviceId)}`;

/** Site path of the pre-rendered page of two drives ("/compare/a-vs-b/", ids sorted). */
export function comparePairPath(a: string, b: string): string {
	const [x, y] = [a, b].sort();
	return `/compare/${x}-vs-${y}/`;
}

/** The embed of a comparison's chart drawn in the browser (under the site's root): /embed/compare/?devices=a,b&chart=id. */
export function compareEmbedPath(langPrefix: string, query: URLSearchParams, chartId: string): string {
	const q = new URLSearchParams(query);
	for (const k of ['v', 'theme']) q.delete(k);
	q.set('chart', chartId);
	return `/embed/${langPrefix}compare/?${q.toString().replace(/%2C/g, ',')}`;
}

/** The page of a comparison drawn in the browser: /compare/?devices=a,b&base=a. */
export function compareQuery(devices: readonly string[], base?: string): string {
	const q = new URLSearchParams({ devices: devices.join(',') });
	if (base && base !== devices[0]) q.set('base', base);
	return `/compare/?${q.toString().replace(/%2C/g, ',')}`;
}

/**
 * The drives of a comparison URL: kebab-case ids, each once, at most `max`. `devices` is a comma-separated list, and
 * may be given several times (the catalog's ticked drives, sent by a plain form).
 */
export function devicesOfQuery(query: URLSearchParams, max = 8): { devices: string[]; given: number; base: string | null } {
	const ids = [...new Set(query.getAll('devices').flatMap((v) => v.split(',')).map((s) => s.trim()).filter((s) => KEBAB_ID.test(s)))];
	const base = query.get('base');
	return { devices: ids.slice(0, max), given: ids.length, base: base && ids.includes(base) ? base : null };
}

/** The reader's switch that lets results of every comparability class compete: `all=1` in a comparison's URL. */
export const includeAllOfQuery = (query: URLSearchParams): boolean => query.get('all') === '1';
