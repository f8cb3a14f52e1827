// Whole-run latency histograms (fio json+ bins, Iometer bins, fio histogram logs summed by the chart) of some runs.
import { histograms } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

export interface HistogramFilter {
	runIds: readonly string[];
	direction?: string;
	/** clat, lat or slat; every kind when not given. */
	stat?: string;
	lang?: Lang;
}

/** The WHERE clause of buildHistogramsSql in JavaScript (see matchesRunsFilter in runs.ts). */
export function matchesHistogramFilter(row: { run_id: string; direction: string; stat: string }, filter: HistogramFilter): boolean {
	return (
		filter.runIds.includes(row.run_id) &&
		(filter.direction === undefined || row.direction === filter.direction) &&
		(filter.stat === undefined || row.stat === filter.stat)
	);
}

/** Which of some runs have histogram bins (what a page needs to know before it plans its charts). */
export function buildHistogramRunsSql(filter: Pick<HistogramFilter, 'runIds' | 'lang'>): BuiltQuery {
	const p = new Params();
	const text = sql`
		SELECT DISTINCT run_id
		FROM histograms
		WHERE run_id IN (${p.list(filter.runIds)})
		ORDER BY run_id
	`;
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'histogramRuns', { ids: idsText(filter.runIds, filter.lang) }),
		tables: ['histograms'],
		rowFilter: { histograms: { column: 'run_id', values: [...filter.runIds] } },
	};
}

export function buildHistogramsSql(filter: HistogramFilter): BuiltQuery {
	const p = new Params();
	const where = [`run_id IN (${p.list(filter.runIds)})`];
	if (filter.direction !== undefined) where.push(`direction = ${p.add(filter.direction)}`);
	if (filter.stat !== undefined) where.push(`stat = ${p.add(filter.stat)}`);
	const text = sql`
		SELECT ${histograms.columns.map((c) => c.name).join(', ')}
		FROM histograms
		WHERE ${where.join(' AND ')}
		ORDER BY run_id, direction, stat, time_ms NULLS FIRST, bin_lower_ns
	`;
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'histogramBins', { stat: filter.stat ?? captionFor(filter.lang, 'everyKind'), ids: idsText(filter.runIds, filter.lang) }),
		tables: ['histograms'],
		rowFilter: { histograms: { column: 'run_id', values: [...filter.runIds] } },
	};
}
