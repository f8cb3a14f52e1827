// What the build tells a page's scripts: the data the page may query in the browser and, on a page of charts, its
// language, drives' names and status messages. Written by src/lib/build/chart-page-config.ts, read by
// src/lib/browser/charts-page.ts and version-pin.ts: a type both runtimes import, so it lives in neither's folder.
import type { Lang } from '../../i18n/strings.ts';

export interface DataSource {
	/** URL of the data folder ("/data/"). */
	dataBase: string;
	/** URL of the self-hosted extension repository ("/duckdb-ext"). */
	extensionRepository: string;
	/** The build found DuckDB's parquet extension in public/duckdb-ext (checked again with a HEAD request). */
	parquetExtension: boolean;
	/**
	 * The files of each table this page may read, under dataBase: a catalog table's one file, or the page's own
	 * reviews' partitions of a partitioned table (see dataset-layout.ts). Nothing else is ever fetched.
	 */
	tables: Record<string, { path: string; bytes: number }[]>;
}

/** What a page of charts (or a chart's embed) tells its chart script. */
export interface PageConfig extends DataSource {
	lang: Lang;
	labels: Record<string, string>;
	directions: string[];
	messages: { loading: string; ready: string; error: string };
}
