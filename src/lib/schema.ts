// The canonical dataset: every table, every column, its type, its unit and its meaning.
// Units live in column names; NULL means "not measured", never 0.
// The column dictionary (docs/columns.md) is generated from this file and checked by a test.

import { FORM_FACTOR_IDS, INTERFACE_IDS, TOOL_IDS, VENDOR_IDS } from './vocabulary.ts';

export const SCHEMA_VERSION = 1;

export type ColumnType = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'INTEGER' | 'BOOLEAN';

export interface Column<N extends string = string, T extends ColumnType = ColumnType, R extends boolean = boolean> {
	name: N;
	type: T;
	/** Unit of the values, '' for none (text, identifiers, flags). */
	unit: string;
	/** true: never NULL. */
	required: R;
	description: string;
}

function col<N extends string, T extends ColumnType>(name: N, type: T, unit: string, description: string): Column<N, T, false> {
	return { name, type, unit, required: false, description };
}
function key<N extends string, T extends ColumnType>(name: N, type: T, description: string): Column<N, T, true> {
	return { name, type, unit: '', required: true, description };
}

type TsOf<T extends ColumnType> = T extends 'VARCHAR' ? string : T extends 'BOOLEAN' ? boolean : number;
export type RowOf<Cols extends readonly Column[]> = {
	[C in Cols[number] as C['name']]: C['required'] extends true ? TsOf<C['type']> : TsOf<C['type']> | null;
};

export interface Table<Cols extends readonly Column[] = readonly Column[]> {
	name: string;
	/**
	 * Split by review (hive layout, see dataset-layout.ts): one file per review holding that review's rows, so a
	 * page reads only its own. The catalog tables (reviews, devices) are one small file each.
	 */
	partitioned: boolean;
	description: string;
	columns: Cols;
	/** Unique sort key: output rows are ordered by it, so the same input gives the same bytes. */
	orderBy: readonly string[];
}

const table = <const Cols extends readonly Column[]>(t: Table<Cols>): Table<Cols> => t;

export const DIRECTIONS = ['read', 'write', 'trim', 'mixed'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const VALUE_ORIGINS = ['measured', 'derived', 'published'] as const;
export type ValueOrigin = (typeof VALUE_ORIGINS)[number];
export const LAT_STATS = ['lat', 'clat', 'slat'] as const;
/** What a time series measures (timeseries_series.metric), in the order a comparison prefers them: rates, then latency. */
export const LOG_METRICS = ['iops', 'bw', 'lat', 'clat', 'slat'] as const;
export type LogMetric = (typeof LOG_METRICS)[number];
/**
 * What a device is: a drive (SSD, HDD), persistent memory on the memory bus, a virtual disk of a VM, an array or volume
 * made of several drives, or unknown. Catalog, comparisons and verdicts rank physical drives by default.
 */
export const DEVICE_CLASSES = ['ssd', 'hdd', 'persistent_memory', 'virtual_disk', 'array', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const PHYSICAL_DRIVE_CLASSES: ReadonlySet<DeviceClass> = new Set(['ssd', 'hdd']);
export type LatStat = (typeof LAT_STATS)[number];

/** The latency percentiles that get their own column in `runs` (the rest are in `percentiles`). */
export const PERCENTILE_COLUMNS = [
	[50, 'p50'],
	[90, 'p90'],
	[99, 'p99'],
	[99.9, 'p99_9'],
	[99.99, 'p99_99'],
] as const;

const provenance = [
	key('review_id', 'VARCHAR', 'Review the run belongs to (`data/reviews/<review_id>/`).'),
	key('device_id', 'VARCHAR', 'Device tested (`data/devices/<device_id>.yaml`).'),
	key('run_id', 'VARCHAR', 'Unique run: `<review_id>:<source file>#<run key>`.'),
	key('source_file', 'VARCHAR', 'Raw file the values come from, relative to the ingested root.'),
	col('source_line', 'INTEGER', '', 'First line (1-based) of this run in the raw file; NULL for JSON documents.'),
	key('source_format', 'VARCHAR', 'Format of the raw file, which decided the parser (the format list: src/lib/formats/index.ts).'),
] as const;

export const runs = table({
	name: 'runs',
	partitioned: true,
	description: 'One row per run × direction: the headline numbers of every job, group, total or published figure.',
	orderBy: ['run_id', 'direction'],
	columns: [
		...provenance,
		col('tool', 'VARCHAR', '', `Benchmark tool id (src/lib/vocabulary.ts: ${TOOL_IDS.join(', ')}): the format's, or the one a published figure names.`),
		col('tool_version', 'VARCHAR', '', 'Tool version as printed (e.g. "3.33", "2.18-59-g618e", "1.1.0").'),
		col('job_name', 'VARCHAR', '', 'fio job name, Iometer access specification name, or published workload label.'),
		col('job_index', 'INTEGER', '', '0-based position of the job in its file; NULL for totals.'),
		key('scope', 'VARCHAR', 'job (one fio job), group (fio group_reporting, Iometer ALL), total (aggregated here across jobs the way fio does), worker/manager/disk (Iometer rows), figure (published).'),
		key('direction', 'VARCHAR', 'read, write, trim, or mixed (read+write together: fio unified_rw_reporting, Iometer totals).'),
		col('rw', 'VARCHAR', '', 'Workload pattern: fio rw= (read, write, randread, randwrite, rw, randrw, trim…).'),
		col('access', 'VARCHAR', '', 'random, sequential, mixed (partly random), or application (a named application profile).'),
		col('read_pct', 'DOUBLE', '%', 'Share of I/Os that are reads.'),
		col('random_pct', 'DOUBLE', '%', 'Share of I/Os that are random.'),
		col('block_size_bytes', 'BIGINT', 'bytes', 'Block (transfer) size; NULL when several sizes are mixed.'),
		col('iodepth', 'INTEGER', 'I/Os', 'Queue depth per job (fio iodepth, Iometer outstanding I/Os per target).'),
		col('numjobs', 'INTEGER', 'jobs', 'Jobs or threads (fio numjobs, Iometer workers) behind this row.'),
		col('device_count', 'INTEGER', 'devices', 'Number of drives tested together (their IOPS and bandwidth are the sum over them).'),
		col('host', 'VARCHAR', '', 'Test host or platform of this run when a review used several (raw/runs.yaml `host`); NULL: the review\'s one platform.'),
		col('rate_limit_iops', 'DOUBLE', 'IOPS', 'Requested I/O rate (fio rate_iops) for rate-stepped runs; NULL when unthrottled.'),
		col('runtime_s', 'DOUBLE', 's', 'Time this direction was active (excludes ramp).'),
		col('iops', 'DOUBLE', 'IOPS', 'I/O operations per second.'),
		col('bw_bytes_per_s', 'DOUBLE', 'bytes/s', 'Bandwidth.'),
		col('io_bytes', 'BIGINT', 'bytes', 'Bytes transferred.'),
		col('total_ios', 'BIGINT', 'I/Os', 'I/Os completed.'),
		col('lat_mean_ns', 'DOUBLE', 'ns', 'Mean total latency (submission + completion; Iometer response time).'),
		col('lat_stddev_ns', 'DOUBLE', 'ns', 'Standard deviation of total latency.'),
		col('lat_min_ns', 'DOUBLE', 'ns', 'Minimum total latency.'),
		col('lat_max_ns', 'DOUBLE', 'ns', 'Maximum total latency.'),
		col('clat_mean_ns', 'DOUBLE', 'ns', 'Mean completion latency (fio clat).'),
		col('clat_stddev_ns', 'DOUBLE', 'ns', 'Standard deviation of completion latency.'),
		col('clat_min_ns', 'DOUBLE', 'ns', 'Minimum completion latency.'),
		col('clat_max_ns', 'DOUBLE', 'ns', 'Maximum completion latency.'),
		col('slat_mean_ns', 'DOUBLE', 'ns', 'Mean submission latency (fio slat).'),
		col('slat_max_ns', 'DOUBLE', 'ns', 'Maximum submission latency.'),
		col('clat_p50_ns', 'DOUBLE', 'ns', 'Completion latency, 50th percentile, as reported by the tool.'),
		col('clat_p90_ns', 'DOUBLE', 'ns', 'Completion latency, 90th percentile.'),
		col('clat_p99_ns', 'DOUBLE', 'ns', 'Completion latency, 99th percentile.'),
		col('clat_p99_9_ns', 'DOUBLE', 'ns', 'Completion latency, 99.9th percentile.'),
		col('clat_p99_99_ns', 'DOUBLE', 'ns', 'Completion latency, 99.99th percentile.'),
		col('lat_p50_ns', 'DOUBLE', 'ns', 'Total latency, 50th percentile (fio lat_percentiles=1, or a published "latency" percentile).'),
		col('lat_p90_ns', 'DOUBLE', 'ns', 'Total latency, 90th percentile.'),
		col('lat_p99_ns', 'DOUBLE', 'ns', 'Total latency, 99th percentile.'),
		col('lat_p99_9_ns', 'DOUBLE', 'ns', 'Total latency, 99.9th percentile.'),
		col('lat_p99_99_ns', 'DOUBLE', 'ns', 'Total latency, 99.99th percentile.'),
		col('tps', 'DOUBLE', 'transactions/s', 'Transactions per second of an application benchmark (Sysbench, ACT…).'),
		col('usr_cpu_pct', 'DOUBLE', '%', 'User CPU time.'),
		col('sys_cpu_pct', 'DOUBLE', '%', 'System CPU time.'),
		col('error_code', 'INTEGER', '', 'Tool error (fio errno of the first error, Iometer error count); NULL when none reported.'),
		col('steadystate_attained', 'BOOLEAN', '', 'fio steadystate criterion met; NULL when no steady-state detection ran.'),
		col('started_at', 'VARCHAR', '', 'When the run ended/was reported, as ISO 8601 (UTC when the tool gives an epoch).'),
		col('workload', 'VARCHAR', '', 'Workload label from the review or sidecar (e.g. "4k-random-read", "file server").'),
		col('condition', 'VARCHAR', '', 'Conditions in words (published condition, Iometer test description, sidecar note).'),
		key('value_origin', 'VARCHAR', 'measured (read from a raw tool output), derived (computed here, e.g. totals), published (transcribed from an article).'),
		col('correction', 'VARCHAR', '', 'For published figures corrected in transcription: the correction note; NULL otherwise.'),
		col('quote', 'VARCHAR', '', 'For published figures: the sentence of the article it comes from.'),
	],
});

export const percentiles = table({
	name: 'percentiles',
	partitioned: true,
	description: 'Every latency percentile the tool reported, long form.',
	orderBy: ['run_id', 'direction', 'stat', 'percentile'],
	columns: [
		key('run_id', 'VARCHAR', 'Run (see runs.run_id).'),
		key('direction', 'VARCHAR', 'read, write, trim, mixed.'),
		key('stat', 'VARCHAR', 'Which latency: clat (completion), lat (total), slat (submission).'),
		key('percentile', 'DOUBLE', 'Percentile (e.g. 99.9).'),
		key('value_ns', 'DOUBLE', 'Latency at that percentile, in ns, exactly as reported (never recomputed).'),
	],
});

export const histograms = table({
	name: 'histograms',
	partitioned: true,
	description: 'Latency histograms: fio json+ bins, fio histogram logs (per interval), Iometer 1.1.0 latency bins and Vdbench response-time histograms. Only non-empty bins.',
	orderBy: ['run_id', 'direction', 'stat', 'time_ms', 'bin_lower_ns'],
	columns: [
		key('run_id', 'VARCHAR', 'Run (see runs.run_id).'),
		key('direction', 'VARCHAR', 'read, write, trim, mixed.'),
		key('stat', 'VARCHAR', 'clat, lat or slat.'),
		key('source', 'VARCHAR', 'fio-jsonplus, fio-histlog, iometer-bins or vdbench-histogram.'),
		col('time_ms', 'BIGINT', 'ms', 'End of the logging interval (histogram logs); NULL for whole-run histograms.'),
		col('bin_index', 'INTEGER', '', "fio's bucket index (plat_idx); NULL for Iometer bins."),
		key('bin_lower_ns', 'DOUBLE', 'Lower edge of the bin, ns (inclusive).'),
		col('bin_upper_ns', 'DOUBLE', 'ns', 'Upper edge of the bin, ns (exclusive); NULL for an open last bin.'),
		key('count', 'BIGINT', 'I/Os whose latency fell in the bin.'),
	],
});

export const series = table({
	name: 'series',
	partitioned: true,
	description: 'One row per time series (one fio log file, or one metric of an Iometer instantaneous file): what its points in timeseries are.',
	orderBy: ['series_id'],
	columns: [
		key('series_id', 'VARCHAR', 'Series: `<review_id>:<source file>` (plus `#<metric>` or `#<worker>` when a file holds several).'),
		key('review_id', 'VARCHAR', 'Review.'),
		key('device_id', 'VARCHAR', 'Device.'),
		col('run_id', 'VARCHAR', '', 'Run the log belongs to (sidecar `run_of`), NULL when not linked.'),
		key('source_file', 'VARCHAR', 'Raw log file.'),
		key('metric', 'VARCHAR', 'bw, iops, lat, clat or slat: which of the value columns of timeseries is filled.'),
		col('window_ms', 'INTEGER', 'ms', 'Averaging window (log_avg_msec); NULL for per-I/O logs or when unknown.'),
		key('points', 'BIGINT', 'Rows of this series in timeseries.'),
	],
});

export const timeseries = table({
	name: 'timeseries',
	partitioned: true,
	description: 'fio bw/iops/lat/clat/slat logs and Iometer instantaneous files, one row per log line and value, in base units. See series for each series.',
	orderBy: ['series_id', 'seq', 'value_kind'],
	columns: [
		key('series_id', 'VARCHAR', 'Series (see series.series_id).'),
		key('seq', 'BIGINT', 'Line number (1-based) in the log file; with log_window_value=both a line gives a mean and a max row.'),
		key('direction', 'VARCHAR', 'read, write, trim (mixed for Iometer totals).'),
		key('time_ms', 'BIGINT', 'Time since job start (after ramp), ms.'),
		col('value_kind', 'VARCHAR', '', 'mean or max over the window, or per_io.'),
		col('iops', 'DOUBLE', 'IOPS', 'IOPS in the window (metric iops).'),
		col('bw_bytes_per_s', 'DOUBLE', 'bytes/s', 'Bandwidth (metric bw).'),
		col('lat_ns', 'DOUBLE', 'ns', 'Latency (metric lat, clat, slat).'),
		col('block_size_bytes', 'BIGINT', 'bytes', 'Block size of the I/O (per-I/O logs); NULL when the log says 0.'),
		col('offset_bytes', 'BIGINT', 'bytes', 'Offset of the I/O (log_offset=1).'),
		col('prio', 'INTEGER', '', 'I/O priority value (class<<13 | level with log_prio=1).'),
	],
});

export const steadyState = table({
	name: 'steady_state',
	partitioned: true,
	description:
		'Whether and where each time series (per direction) reached steady state by the SNIA PTS rule: over 5 consecutive rounds (the series cut into at most 25 equal time slices), data excursion ≤ 20 % and slope excursion (|slope| × 4 rounds) ≤ 10 % of the mean.',
	orderBy: ['series_id', 'direction'],
	columns: [
		key('series_id', 'VARCHAR', 'Series (see series.series_id).'),
		key('direction', 'VARCHAR', 'read, write, trim (mixed for Iometer totals).'),
		key('rounds', 'INTEGER', 'Rounds the series was judged on (time slices with points, at most 25).'),
		col('attained', 'BOOLEAN', '', 'A window held; NULL when the series has fewer than 5 rounds (not judged).'),
		col('window_start_ms', 'BIGINT', 'ms', 'Start of the first window that held: steady from here. NULL when none did.'),
		col('window_end_ms', 'BIGINT', 'ms', 'End of that window.'),
		col('data_excursion_pct', 'DOUBLE', '%', '(max − min) of the window over its mean; of the last window when none held.'),
		col('slope_excursion_pct', 'DOUBLE', '%', 'Least-squares slope × 4 rounds over the window mean; of the last window when none held.'),
	],
});

export const reviews = table({
	name: 'reviews',
	partitioned: false,
	description: 'One row per review, from review.yaml.',
	orderBy: ['review_id'],
	columns: [
		key('review_id', 'VARCHAR', 'Review id (folder name).'),
		key('title', 'VARCHAR', 'Title in the original language.'),
		col('title_en', 'VARCHAR', '', 'English title.'),
		col('publisher', 'VARCHAR', '', 'Publisher.'),
		col('author', 'VARCHAR', '', 'Author.'),
		col('date', 'VARCHAR', '', 'Publication date (YYYY-MM-DD).'),
		col('year', 'INTEGER', '', 'Publication year (given or inferred).'),
		col('url', 'VARCHAR', '', 'Original article, or the repository the raw files come from.'),
		col('licence', 'VARCHAR', '', 'Licence of the review\'s raw files and figures as their source grants it (e.g. GPL-3.0, MIT); NULL when it grants none: transcribed facts, see data/README.md.'),
		col('language', 'VARCHAR', '', 'Language of the article (BCP 47, e.g. zh-Hans, en).'),
		col('machine_translated', 'BOOLEAN', '', 'The source text is a machine translation.'),
		col('platform_server', 'VARCHAR', '', 'Test server or board.'),
		col('platform_cpu', 'VARCHAR', '', 'CPU.'),
		col('platform_memory', 'VARCHAR', '', 'Memory.'),
		col('platform_os', 'VARCHAR', '', 'Operating system.'),
		col('platform_kernel', 'VARCHAR', '', 'Kernel.'),
		col('tools', 'VARCHAR', '', 'Tools and versions, "name version" joined by "; " (names of the tool ids of src/lib/vocabulary.ts).'),
		col('drive_count', 'INTEGER', 'devices', 'Drives tested at once.'),
		col('methodology_json', 'VARCHAR', '', 'Methodology (preconditioning, steady state, footprint, threads × QD, power mode, OP…) as JSON.'),
		col('devices_json', 'VARCHAR', '', 'Devices tested and their roles, as JSON.'),
		col('notes', 'VARCHAR', '', 'Free notes.'),
		col('extra_json', 'VARCHAR', '', 'Other facts from review.yaml (notes on title, date or URL, sponsor, models mentioned…) as JSON.'),
	],
});

export const devices = table({
	name: 'devices',
	partitioned: false,
	description: 'One row per device model, from data/devices/*.yaml. Claimed (spec sheet) figures stay in claimed_json.',
	orderBy: ['device_id'],
	columns: [
		key('device_id', 'VARCHAR', 'Device id (file name).'),
		col('vendor', 'VARCHAR', '', `Vendor id (src/lib/vocabulary.ts: ${VENDOR_IDS.join(', ')}); NULL when not named. What the source said besides is in extra_json.vendor_note.`),
		col('model', 'VARCHAR', '', 'Model.'),
		key('device_class', 'VARCHAR', `What the device is: ${DEVICE_CLASSES.join(', ')} (persistent memory on the memory bus; a VM's virtual disk; an array or volume of several drives).`),
		col('capacity_bytes', 'BIGINT', 'bytes', 'User capacity.'),
		col('interface', 'VARCHAR', '', `Interface id: bus generation and protocol (${INTERFACE_IDS.join(', ')}); the rest as printed in extra_json.interface_note.`),
		col('interface_lanes', 'INTEGER', 'lanes', 'PCIe lanes, when stated.'),
		col('form_factor', 'VARCHAR', '', `Form factor id (${FORM_FACTOR_IDS.join(', ')}); the rest as printed (thickness, other versions) in extra_json.form_factor_note.`),
		col('nand', 'VARCHAR', '', 'NAND.'),
		col('controller', 'VARCHAR', '', 'Controller.'),
		col('dram', 'VARCHAR', '', 'DRAM.'),
		col('endurance_dwpd', 'DOUBLE', 'drive writes/day', 'Rated endurance in drive writes per day.'),
		col('endurance_pbw', 'DOUBLE', 'PB', 'Rated endurance in petabytes written.'),
		col('warranty_years', 'DOUBLE', 'years', 'Warranty.'),
		col('firmware', 'VARCHAR', '', 'Firmware tested.'),
		col('claimed_json', 'VARCHAR', '', 'Claimed spec figures (vendor), as JSON: [{item, value, unit, quote}].'),
		col('extra_json', 'VARCHAR', '', 'Other facts from the device YAML (endurance as printed, power, teardown notes…) as JSON.'),
	],
});

export const figures = table({
	name: 'figures',
	partitioned: true,
	description: 'Every published figure exactly as printed, with its normalized value: the audit trail of published data.',
	orderBy: ['review_id', 'source_file', 'source_line'],
	columns: [
		key('review_id', 'VARCHAR', 'Review.'),
		key('device_id', 'VARCHAR', 'Device the figure is about.'),
		key('source_file', 'VARCHAR', 'Published-figures CSV.'),
		key('source_line', 'INTEGER', 'Line in that CSV.'),
		col('run_id', 'VARCHAR', '', 'Row in runs made from this figure; NULL for non-performance figures and comparisons.'),
		col('workload', 'VARCHAR', '', 'Workload label.'),
		key('metric', 'VARCHAR', 'Metric as transcribed (iops, bandwidth, lat_avg, lat_p99, tps, relative_change, capacity…).'),
		key('value_printed', 'VARCHAR', 'Number as printed.'),
		key('unit_printed', 'VARCHAR', 'Unit as printed (IOPS, MiB/s, 微秒, 倍…).'),
		key('value', 'DOUBLE', 'The number in base_unit.'),
		key('base_unit', 'VARCHAR', 'count/s, bytes/s, ns, bytes, %, ratio…'),
		col('condition', 'VARCHAR', '', 'Condition as transcribed.'),
		col('correction', 'VARCHAR', '', 'Correction note when the figure was corrected in transcription.'),
		col('quote', 'VARCHAR', '', 'The sentence it comes from.'),
	],
});

export const comparisons = table({
	name: 'comparisons',
	partitioned: true,
	description: 'Relative published figures ("+108 % vs SSD 710"): a subject, a basis and a delta or ratio.',
	orderBy: ['review_id', 'source_file', 'source_line'],
	columns: [
		key('review_id', 'VARCHAR', 'Review.'),
		key('device_id', 'VARCHAR', 'Subject device.'),
		key('source_file', 'VARCHAR', 'Published-figures CSV.'),
		key('source_line', 'INTEGER', 'Line in that CSV.'),
		col('workload', 'VARCHAR', '', 'Workload label.'),
		col('iodepth', 'INTEGER', 'I/Os', 'Queue depth, when stated.'),
		key('kind', 'VARCHAR', 'delta (a change, in %) or ratio (subject / basis).'),
		key('basis', 'VARCHAR', 'What the subject is compared with: a device_id or a named reference (spec, same drive aligned…).'),
		col('basis_device_id', 'VARCHAR', '', 'The basis when it is a device.'),
		col('quantity', 'VARCHAR', '', 'What is compared: iops, latency, … (from the condition text).'),
		col('delta_pct', 'DOUBLE', '%', 'Signed change in percent (kind = delta; negative = reduction).'),
		col('ratio', 'DOUBLE', '', 'Subject / basis (kind = ratio; a "%" ratio is stored as a fraction).'),
		col('condition', 'VARCHAR', '', 'Condition as transcribed.'),
		col('quote', 'VARCHAR', '', 'The sentence it comes from.'),
	],
});

export const TABLES = [runs, percentiles, histograms, series, timeseries, steadyState, reviews, devices, figures, comparisons] as const;

export type RunRow = RowOf<typeof runs.columns>;
export type PercentileRow = RowOf<typeof percentiles.columns>;
export type HistogramRow = RowOf<typeof histograms.columns>;
export type TimeseriesRow = RowOf<typeof timeseries.columns>;
export type SeriesRow = RowOf<typeof series.columns>;
export type SteadyStateRow = RowOf<typeof steadyState.columns>;
export type ReviewRow = RowOf<typeof reviews.columns>;
export type DeviceRow = RowOf<typeof devices.columns>;
export type FigureRow = RowOf<typeof figures.columns>;
export type ComparisonRow = RowOf<typeof comparisons.columns>;
