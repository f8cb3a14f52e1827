import { siteQuery } from './src/lib/site/db.ts';
import { buildRunsSql } from './src/lib/queries/runs.ts';
import { buildSeriesListSql } from './src/lib/queries/timeseries.ts';
import { buildPercentilesSql } from './src/lib/queries/percentiles.ts';
import { buildFiguresSql, buildComparisonsSql } from './src/lib/queries/published.ts';
import { buildReviewsSql, buildDevicesSql } from './src/lib/queries/metadata.ts';
const reviewId = 'anon-2022-solidigm-d7-p5520';
for (const q of [buildReviewsSql({reviewId}), buildDevicesSql(), buildRunsSql({reviewId}), buildFiguresSql({reviewId}), buildComparisonsSql({reviewId}), buildSeriesListSql({reviewId}), buildPercentilesSql({runIds:['a','b']})]) {
  try { const r = await siteQuery(q); console.log('ok', r.length); } catch (e) { console.log('FAIL', q.sql.slice(0,200), q.params, e); }
}
