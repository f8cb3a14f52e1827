// Build-only: what the chart script of a page (src/lib/browser/charts-page.ts) is told about it: its language, the
// drives' names, the data it may read (only its reviews' Parquet files) and its status messages. Written into every
// page of charts and into every chart's embed.
import { t, type Lang } from '../../i18n/strings.ts';
import { assetPath } from '../../i18n/routes.ts';
import { tableFile } from '../dataset-layout.ts';
import { TABLES } from '../schema.ts';
import type { PageConfig } from '../site/page-config.ts';
import type { RunRow } from '../schema.ts';
import { packChart, packPageRuns, type ChartSpec, type PageRows } from '../site/chart-data.ts';
import { hasParquetExtension, loadManifest, publishedRawFiles, type ReviewScope } from './manifest.ts';
import { dataBase } from '../data-url.ts';

export function chartPageConfig(lang: Lang, labels: Record<string, string>, directions: string[], scope: ReviewScope): PageConfig {
	const manifest = loadManifest();
	return {
		lang,
		labels,
		dataBase: dataBase(),
		extensionRepository: assetPath('/duckdb-ext'),
		parquetExtension: hasParquetExtension(manifest.duckdb_version),
		tables: Object.fromEntries(
			TABLES.map((table) => [
				table.name,
				table.partitioned
					? (scope.partitions[table.name] ?? []).map((f) => ({ path: f.path, bytes: f.bytes }))
					: [{ path: tableFile(table), bytes: manifest.tables[table.name]!.bytes }],
			]),
		),
		directions,
		messages: { loading: t(lang, 'liveLoading'), ready: t(lang, 'liveReady'), error: t(lang, 'liveError') },
	};
}

/**
 * The runs the page's charts redraw from, and which of their raw files the site publishes (chart links to them); with
 * `charts`, each one's spec (packChart), which a page's figures do not carry.
 */
export function chartPageRows(runs: readonly RunRow[], charts?: readonly ChartSpec[]): PageRows {
	return {
		runs: packPageRuns(runs),
		rawFiles: [...new Set(runs.map((r) => r.source_file))].filter((f) => publishedRawFiles.has(f)),
		...(charts ? { charts: Object.fromEntries(charts.map((c) => [c.id, packChart(c)])) } : {}),
	};
}
