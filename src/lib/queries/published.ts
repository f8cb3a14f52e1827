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

function subjectOf(filter: PublishedFilter): { en: string; 'zh-Hans': string } {
	if (filter.reviewId !== undefined) return { en: ` of review ${filter.reviewId}`, 'zh-Hans': `评测 ${filter.reviewId} 的` };
	if (filter.deviceId !== undefined) return { en: ` about drive ${filter.deviceId}`, 'zh-Hans': `关于硬盘 ${filter.deviceId} 的` };
	return { en: '', 'zh-Hans': '' };
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
		caption: captionFor(filter.lang, {
			en: `Every published figure${s.en}, as printed, with its value in base units`,
			'zh-Hans': `${s['zh-Hans']}全部公布数值（按原文）及其基本单位数值`,
		}),
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
		caption: captionFor(filter.lang, {
			en: `Relative published figures${s.en}: each a change (%) or ratio against a basis`,
			'zh-Hans': `${s['zh-Hans']}公布的相对数值：相对某一基准的变化（%）或倍数`,
		}),
		tables: ['comparisons'],
	};
}
