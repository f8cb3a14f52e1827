// Charts' rows from DuckDB-wasm: the queries of many charts batched into one query per table where the filters
// allow (see batchQueries), run against the Parquet files, and split back per chart.
import { TIMESERIES_POINT_COLUMNS } from '../charts/timeseries/points.ts';
import { batchQueries, type ChartQueries, type QueryResults } from '../site/chart-data.ts';
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import { liveDatabase, runLiveQuery } from './duckdb.ts';
import type { DataSource } from '../site/page-config.ts';

export { liveDatabase };

export async function fetchChartRows(source: DataSource, list: readonly ChartQueries[]): Promise<QueryResults[]> {
	if (list.length === 0) return [];
	const batch = batchQueries(list);
	const results = await Promise.all(batch.queries.map(({ query }) => runLiveQuery<unknown>(source, query)));
	return batch.split(results).map((r) => (r.timeseries ? { ...r, timeseries: r.timeseries.map(pointColumns) } : r));
}

/** Log rows with only what the chart reads, as the page carries them (so the two compare equal). */
function pointColumns(row: TimeseriesBucketRow): TimeseriesBucketRow {
	const out: Record<string, unknown> = {};
	for (const c of TIMESERIES_POINT_COLUMNS) out[c] = row[c];
	return out as unknown as TimeseriesBucketRow;
}
