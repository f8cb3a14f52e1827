// The whole data table of one chart of a drive page, as CSV (en).
import { tableCsvRoute } from '../../../../lib/site/chart-tables.ts';

export const { getStaticPaths, GET } = tableCsvRoute('drives', 'en');
