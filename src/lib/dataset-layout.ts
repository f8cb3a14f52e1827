// Where each table's rows live in the published data folder, and the manifests that list them. Written by the
// ingest, read by the build and the browser, and plain enough for any engine:
//
//   reviews.parquet  devices.parquet                      the catalog tables, one small file each
//   runs.parquet  percentiles.parquet …                   each partitioned table whole, every review's rows in one
//                                                         file (with review_id when the table has it), a download
//   runs/review_id=<id>/part-0.parquet                    a partitioned table: one file per review (hive layout;
//   …                                                     the files hold every column but review_id, which is the
//                                                         folder's, as Spark, Trino and DuckDB expect)
//   manifests/<id>.json                                   one review: its partitions, inputs, raw copies, warnings
//   raw/…                                                 the raw inputs as published
//   reviews.csv  devices.csv  csv/runs/review_id=<id>/part-0.csv …
//                                                         every table file again as CSV (outside the table folders,
//                                                         which engines read as Parquet only)
//   runs.csv  percentiles.csv …                           each partitioned table whole again as CSV
//   archives/<id>.zip                                     one review: raw files, YAML, its rows as CSV and Parquet
//   ssd-review-data.zip                                   the whole dataset: every table whole as Parquet, the raw
//                                                         files, a README with each review's source and licence
//   manifest.json  SHA256SUMS                             the whole dataset
import type { Column, Table } from './schema.ts';
import { quoteIdent, quoteText } from './sql/quote.ts';

/** The column a partitioned table is split by; it lives in the folder name, not in the files. */
export const PARTITION_COLUMN = 'review_id';
const PART_FILE = 'part-0.parquet';

/** A table in one file: a catalog table's only file, a partitioned table's every partition together (review_id, when the table has it, a column). */
export function tableFile(table: Pick<Table, 'name'>): string {
	return `${table.name}.parquet`;
}

/** The folder of a partitioned table. */
export function tableFolder(table: Pick<Table, 'name'>): string {
	return `${table.name}/`;
}

/** One review's file of a partitioned table. */
export function partitionFile(table: Pick<Table, 'name'>, reviewId: string): string {
	return `${table.name}/${PARTITION_COLUMN}=${reviewId}/${PART_FILE}`;
}

/** Every partition of a table, as a glob (for engines that can list the folder: a disk, S3, GCS, HDFS). */
export function partitionGlob(table: Pick<Table, 'name'>): string {
	return `${table.name}/*/*.parquet`;
}

/** A table's one CSV file (catalog or whole partitioned table), beside its Parquet file. */
export function tableCsvFile(table: Pick<Table, 'name'>): string {
	return `${table.name}.csv`;
}

/** The folder of a partitioned table's CSV files: the table's layout under csv/. */
export function csvFolder(table: Pick<Table, 'name'>): string {
	return `csv/${table.name}/`;
}

/** One review's CSV of a partitioned table (the same rows and columns as its Parquet file). */
export function partitionCsvFile(table: Pick<Table, 'name'>, reviewId: string): string {
	return `csv/${partitionFile(table, reviewId).replace(/\.parquet$/, '.csv')}`;
}

/** One review's archive: its raw files, metadata YAML and rows, with a README. */
export function reviewArchiveFile(reviewId: string): string {
	return `archives/${reviewId}.zip`;
}

/** The whole dataset's archive: every table whole as Parquet, the raw files, a README (sources, licences, SHA-256). */
export const DATASET_ARCHIVE = 'ssd-review-data.zip';

/** A column's name in a CSV header: the name, and its unit in brackets when it has one ("lat_mean_ns [ns]"). */
export function csvHeader(column: Pick<Column, 'name' | 'unit'>): string {
	return column.unit ? `${column.name} [${column.unit}]` : column.name;
}

/** The review a partition file belongs to ("runs/review_id=x/part-0.parquet" → "x"). */
export function reviewOfPartition(path: string): string | undefined {
	return new RegExp(`(?:^|/)${PARTITION_COLUMN}=([^/]+)/[^/]+$`).exec(path)?.[1];
}

/** The columns written into a table's files (a partitioned table's review_id comes from the folder). */
export function fileColumns(table: { partitioned: boolean; columns: readonly Column[] }): Column[] {
	return table.partitioned ? table.columns.filter((c) => c.name !== PARTITION_COLUMN) : [...table.columns];
}

/**
 * DuckDB SQL reading a table from some of its files (a list, or one path or glob), with the schema's columns in
 * order; a partitioned table's review_id comes from the folder names. No files: no rows, same columns.
 */
export function readTableSql(table: Pick<Table, 'columns' | 'partitioned'>, files: readonly string[] | string): string {
	if (files.length === 0) return `SELECT ${table.columns.map((c) => `NULL::${c.type} AS ${quoteIdent(c.name)}`).join(', ')} WHERE false`;
	const list = typeof files === 'string' ? quoteText(files) : `[${files.map(quoteText).join(', ')}]`;
	const hive = table.partitioned ? `, hive_partitioning = true, hive_types = {'${PARTITION_COLUMN}': VARCHAR}` : '';
	return `SELECT ${table.columns.map((c) => quoteIdent(c.name)).join(', ')} FROM read_parquet(${list}${hive})`;
}

export function reviewManifestFile(reviewId: string): string {
	return `manifests/${reviewId}.json`;
}

/** A published file: where under the data folder, its size and hash, and its rows when it is a table. */
export interface FileRecord {
	path: string;
	bytes: number;
	sha256: string;
	rows?: number;
}

/** A file the ingest read. */
export interface InputRecord {
	path: string;
	bytes: number;
	sha256: string;
	format: string;
}

/** A warning of the ingest about one input file. */
export interface InputWarning {
	file: string;
	line?: number;
	field?: string;
	code: string;
	message: string;
}

/** A table of the dataset as a whole: its file or folder, and totals over its partitions. */
export interface TableRecord {
	path: string;
	partitioned: boolean;
	rows: number;
	bytes: number;
	/** Files it is made of (1 for a catalog table; one per review with rows for a partitioned one). */
	files: number;
	/** The file's SHA-256 (catalog tables; each partition's is in its review's manifest). */
	sha256?: string;
	/** The same rows as CSV: its file (catalog tables, with its SHA-256) or folder, and bytes in all. */
	csv: { path: string; bytes: number; sha256?: string };
	/** A partitioned table's rows in one file (tableFile) and its CSV (tableCsvFile); `key` hashes the partitions it was made from. */
	whole?: WholeTable;
}

/** A partitioned table written whole: every partition's rows, in review order (review_id, when the table has it, a column). */
export interface WholeTable {
	parquet: FileRecord;
	csv: FileRecord;
	/** SHA-256 of its partitions' list (`<sha256>  <path>` lines): the same partitions give the same files. */
	key: string;
}

/** manifests/<id>.json: everything published from one review, and what it was made from. */
export interface ReviewManifest {
	review_id: string;
	/** Hash of the review's input files and of the ingest that read them: equal keys give equal files. */
	key: string;
	/** Devices its rows name (a reused review is checked again when one of them disappears). */
	devices: string[];
	/** Its file of each partitioned table that has rows of it. */
	partitions: Record<string, FileRecord>;
	/** The same files as CSV, by table. */
	csv: Record<string, FileRecord>;
	/** Its archive (reviewArchiveFile). */
	archive: FileRecord;
	inputs: InputRecord[];
	raw: FileRecord[];
	warnings: InputWarning[];
}

/** manifest.json */
export interface DatasetManifest {
	schema_version: number;
	duckdb_version: string;
	/** Hash of the ingest's own code: a new ingest reads every review again. */
	ingest_version: string;
	/** SHA-256 of SHA256SUMS, so of every published file: changes whenever any number does. */
	dataset_version: string;
	/**
	 * Day (UTC, YYYY-MM-DD) this dataset version was first written: kept while the version stays, from SOURCE_DATE_EPOCH
	 * when set. Only here, so the data files stay byte-identical whenever they are made.
	 */
	generated: string;
	tables: Record<string, TableRecord>;
	/** The whole dataset's archive (DATASET_ARCHIVE); `key` is the SHA-256 of its README, which lists every entry's SHA-256 and each review's source and licence. */
	archive: FileRecord & { key: string };
	/** Each review's manifest (path, size, hash), key, and the devices its rows name. */
	reviews: Record<string, FileRecord & { key: string; devices: string[] }>;
	/** Inputs that belong to no review (device YAML files). */
	inputs: InputRecord[];
	/** Input files in all, reviews' included. */
	input_files: number;
	warnings: number;
}

/** Raw names a browser never renders as a page: others are published with ".txt" added (an .html, .svg or .xml could run script). */
const PLAIN_TEXT_NAME = /\.(json|log|txt|csv|out|terse)$/i;

/** Where the published copy of a raw input file (a path as in `source_file`) is, under the data folder. */
export function publishedRawPath(sourceFile: string): string {
	return `raw/${sourceFile}${PLAIN_TEXT_NAME.test(sourceFile) ? '' : '.txt'}`;
}
