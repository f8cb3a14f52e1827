// Chart data tables beyond the page: the page shows each table's first rows; the whole table is a CSV file
// published beside the page ("<page>/tables/<chart id>.csv", in the page's language and the default view),
// written by the chart's figure as the page renders.
import type { Lang } from '../../i18n/strings.ts';
import { pathFor } from '../../i18n/routes.ts';
import type { ChartTable } from '../charts/table.ts';
import { csvText } from '../csv.ts';
import { emitFile } from '../build/emitted-files.ts';

/** Rows of a chart table written into the page: a preview (the rows are most of a page's elements otherwise). */
export const TABLE_ROWS = 10;

export function tableCsvPath(lang: Lang, pagePath: string, chartId: string): string {
	return pathFor(lang, `${pagePath}tables/${chartId}.csv`);
}

/** Publishes a chart's whole table beside its page (written while the page renders; see emitted-files.ts). */
export function emitTableCsv(lang: Lang, pagePath: string, chartId: string, table: ChartTable): void {
	emitFile(tableCsvPath(lang, pagePath, chartId), csvText(table));
}
