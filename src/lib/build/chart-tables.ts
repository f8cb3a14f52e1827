// Chart data tables beyond the page: the page shows each table's first rows; the whole table is a CSV file in the
// page's language and the default view, written by the chart's figure as the page renders. The CSVs live under
// data/charts/ ("data/charts/<page>/tables/<chart id>.csv", a page's own folder apart from its subpages'), not beside the page: they go where data/ goes (object storage,
// when SITE_DATA_URL says so), and the site itself keeps within a static host's file count.
import type { Lang } from '../../i18n/strings.ts';
import { assetPath, langPath } from '../../i18n/routes.ts';
import type { ChartTable } from '../charts/table.ts';
import { csvText } from '../csv.ts';
import { emitFile } from './emitted-files.ts';
import { dataUrl } from '../data-url.ts';

/** Rows of a chart table written into the page: a preview (the rows are most of a page's elements otherwise). */
export const TABLE_ROWS = 10;

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
