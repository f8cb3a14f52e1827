// Result rows (`runs`) of one review, one drive, or a list of runs: every column, as the chart functions take them.
import { DEFAULT_LANG, punctuationOf } from '../../i18n/lang.ts';
import { runs } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

export interface RunsFilter {
	reviewId?: string;
	deviceId?: string;
	runIds?: readonly string[];
	direction?: string;
	lang?: Lang;
}

const COLUMNS = runs.columns.map((c) => c.name).join(', ');

/** The WHERE clause of buildRunsSql in JavaScript: rows of a wider query split per filter, in the same order. */
export function matchesRunsFilter(
	row: { review_id: string; device_id: string; run_id: string; direction: string },
	filter: RunsFilter,
): boolean {
	return (
		(filter.reviewId === undefined || row.review_id === filter.reviewId) &&
		(filter.deviceId === undefined || row.device_id === filter.deviceId) &&
		(filter.runIds === undefined || filter.runIds.includes(row.run_id)) &&
		(filter.direction === undefined || row.direction === filter.direction)
	);
}

export function buildRunsSql(filter: RunsFilter): BuiltQuery {
	const p = new Params();
	const where: string[] = [];
	if (filter.reviewId !== undefined) where.push(`review_id = ${p.add(filter.reviewId)}`);
	if (filter.deviceId !== undefined) where.push(`device_id = ${p.add(filter.deviceId)}`);
	if (filter.runIds !== undefined) where.push(`run_id IN (${p.list(filter.runIds)})`);
	if (filter.direction !== undefined) where.push(`direction = ${p.add(filter.direction)}`);
	const text = sql`
		SELECT ${COLUMNS}
		FROM runs
		WHERE ${where.length ? where.join(' AND ') : 'TRUE'}
		ORDER BY review_id, device_id, run_id, direction
	`;
	const what = [
		filter.reviewId !== undefined ? captionFor(filter.lang, 'runsOfReview', { id: filter.reviewId }) : null,
		filter.deviceId !== undefined ? captionFor(filter.lang, 'runsOfDrive', { id: filter.deviceId }) : null,
		filter.runIds !== undefined ? captionFor(filter.lang, 'runsOfRuns', { ids: idsText(filter.runIds, filter.lang) }) : null,
	].filter((x) => x !== null);
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'runsAll', { what: what.join(punctuationOf(filter.lang ?? DEFAULT_LANG).clauses) || captionFor(filter.lang, 'theDataset') }),
		tables: ['runs'],
	};
}
