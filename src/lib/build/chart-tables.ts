// Chart data beyond the page: the page writes each table's rows when it is opened (its script, from the runs below);
// the whole table is a CSV file in the page's language and the default view, which serves a reader without
// JavaScript, written by the chart's figure as the page renders. And the runs the page's charts are redrawn from, one
// JSON file for every language's page (the same rows), which its script fetches. They live under
// data/charts/ ("data/charts/<page>/tables/<chart id>.csv", a page's own folder apart from its subpages';
// "data/charts/<page without language>/rows.json"), not in the page: they go where data/ goes (object storage, when
// SITE_DATA_URL says so), and the site itself keeps within a static host's files and bytes.
import type { Lang } from '../../i18n/strings.ts';
import { assetPath, langPath } from '../../i18n/routes.ts';
import type { ChartTable } from '../charts/table.ts';
import { csvText } from '../csv.ts';
import { emitFile } from './emitted-files.ts';
import { dataUrl } from '../data-url.ts';

/** The folder under data/ of the chart CSVs; the dataset's own files are elsewhere, and its versions leave it out. */
export const CHART_TABLES_FOLDER = 'charts/';

/** The folder, relative to data/, of a page's chart CSVs ("charts/zh-Hans/reviews/x/tables/"), from the page's path with its language. */
export const chartTablesFolder = (pageLangPath: string) => `${CHART_TABLES_FOLDER}${pageLangPath.replace(/^\/+/, '')}tables/`;

const tableFile = (lang: Lang, pagePath: string, chartId: string) => `${chartTablesFolder(langPath(lang, pagePath))}${chartId}.csv`;

/** The link to a chart's CSV, at the data folder's URL. */
export function tableCsvPath(lang: Lang, pagePath: string, chartId: string): string {
	return dataUrl(tableFile(lang, pagePath, chartId));
}

/** Publishes a chart's whole table under data/charts/ (written while the page renders; see emitted-files.ts). */
export function emitTableCsv(lang: Lang, pagePath: string, chartId: string, table: ChartTable): void {
	emitFile(assetPath(`/data/${tableFile(lang, pagePath, chartId)}`), csvText(table));
}

/** The runs a page's charts are redrawn from, relative to data/, from the page's path without its language ("charts/reviews/x/rows.json"). */
export const chartRowsFile = (pagePath: string) => `${CHART_TABLES_FOLDER}${pagePath.replace(/^\/+/, '')}rows.json`;

/** Publishes the runs of a page's charts under data/charts/ and returns their URL (every language's page writes the same bytes). */
export function emitChartRows(pagePath: string, rows: unknown): string {
	emitFile(assetPath(`/data/${chartRowsFile(pagePath)}`), JSON.stringify(rows));
	return dataUrl(chartRowsFile(pagePath));
}
