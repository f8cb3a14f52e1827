// The percentile ladder's rows: every latency percentile the tool reported for some runs (the runs themselves
// come from buildRunsSql with the same ids).
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
		caption: captionFor(filter.lang, {
			en: `Latency percentiles (${filter.stat ?? 'every kind'}${dir ? `, ${dir}` : ''}) as reported by the tool, for runs ${idsText(filter.runIds, 'en')}`,
			'zh-Hans': `运行 ${idsText(filter.runIds, 'zh-Hans')} 的延迟百分位（${filter.stat ?? '全部类型'}${dir ? `，${dir}` : ''}），按工具报告值`,
		}),
		tables: ['percentiles'],
	};
}
