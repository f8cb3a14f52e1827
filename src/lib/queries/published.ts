// Published figures as printed (the audit trail) and relative published figures (comparisons).
import { comparisons, figures } from '../schema.ts';
import { Params, captionFor, sql, type BuiltQuery, type Lang } from './query.ts';

export interface PublishedFilter {
	reviewId?: string;
	/** For comparisons: the drive as subject or as basis. */
	deviceId?: string;
	lang?: Lang;
}

function whereOf(p: Params, filter: PublishedFilter, deviceColumns: readonly string[]): string {
	const where: string[] = [];
	if (filter.reviewId !== undefined) where.push(`review_id = ${p.add(filter.reviewId)}`);
	if (filter.deviceId !== undefined) {
		const id = p.add(filter.deviceId);
		where.push(`(${deviceColumns.map((c) => `${c} = ${id}`).join(' OR ')})`);
	}
	return where.length ? where.join(' AND ') : 'TRUE';
}

function subjectOf(filter: PublishedFilter): string {
	if (filter.reviewId !== undefined) return captionFor(filter.lang, 'publishedOfReview', { id: filter.reviewId });
	if (filter.deviceId !== undefined) return captionFor(filter.lang, 'publishedAboutDrive', { id: filter.deviceId });
	return '';
}

export function buildFiguresSql(filter: PublishedFilter): BuiltQuery {
	const p = new Params();
	const text = sql`
		SELECT ${figures.columns.map((c) => c.name).join(', ')}
		FROM figures
		WHERE ${whereOf(p, filter, ['device_id'])}
		ORDER BY review_id, source_file, source_line
	`;
	const s = subjectOf(filter);
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'publishedAll', { subject: s }),
		tables: ['figures'],
	};
}

export function buildComparisonsSql(filter: PublishedFilter): BuiltQuery {
	const p = new Params();
	const text = sql`
		SELECT ${comparisons.columns.map((c) => c.name).join(', ')}
		FROM comparisons
		WHERE ${whereOf(p, filter, ['device_id', 'basis_device_id'])}
		ORDER BY review_id, source_file, source_line
	`;
	const s = subjectOf(filter);
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, 'publishedRelative', { subject: s }),
		tables: ['comparisons'],
	};
}
