// The whole data table of one chart of a review page, as CSV (en).
import { tableCsvRoute } from '../../../../lib/site/chart-tables.ts';

export const { getStaticPaths, GET } = tableCsvRoute('reviews', 'en');
