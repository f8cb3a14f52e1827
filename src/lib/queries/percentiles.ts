// The percentile ladder's rows: every latency percentile the tool reported for some runs (the runs themselves
// come from buildRunsSql with the same ids).
import { DEFAULT_LANG, punctuationOf } from '../../i18n/lang.ts';
import { percentiles } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

export interface PercentileFilter {
	runIds: readonly string[];
	/** read, write, trim or mixed; every direction when not given. */
	direction?: string;
	/** clat, lat or slat; every kind when not given. */
	stat?: string;
	lang?: Lang;
}

/** The WHERE clause of buildPercentilesSql in JavaScript (see matchesRunsFilter). */
export function matchesPercentileFilter(row: { run_id: string; direction: string; stat: string }, filter: PercentileFilter): boolean {
	return (
		filter.runIds.includes(row.run_id) &&
		(filter.direction === undefined || row.direction === filter.direction) &&
		(filter.stat === undefined || row.stat === filter.stat)
	);
}

export function buildPercentilesSql(filter: PercentileFilter): BuiltQuery {
	const p = new Params();
	const where = [`run_id IN (${p.list(filter.runIds)})`];
	if (filter.direction !== undefined) where.push(`direction = ${p.add(filter.direction)}`);
	if (filter.stat !== undefined) where.push(`stat = ${p.add(filter.stat)}`);
	const text = sql`
		SELECT ${percentiles.columns.map((c) => c.name).join(', ')}
		FROM percentiles
		WHERE ${where.join(' AND ')}
		ORDER BY run_id, direction, stat, percentile
	`;
	const dir = filter.direction ?? '';
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'percentiles', {
			kind: [filter.stat ?? captionFor(filter.lang, 'everyKind'), dir].filter(Boolean).join(punctuationOf(filter.lang ?? DEFAULT_LANG).clauses),
			ids: idsText(filter.runIds, filter.lang),
		}),
		tables: ['percentiles'],
	};
}
