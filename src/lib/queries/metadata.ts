// Reviews and devices as ingested from their YAML.
import { devices, reviews } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

export function buildReviewsSql(filter: { reviewId?: string; reviewIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	const p = new Params();
	const where =
		filter.reviewId !== undefined
			? `review_id = ${p.add(filter.reviewId)}`
			: filter.reviewIds !== undefined
				? `review_id IN (${p.list(filter.reviewIds)})`
				: 'TRUE';
	const text = sql`
		SELECT ${reviews.columns.map((c) => c.name).join(', ')}
		FROM reviews
		WHERE ${where}
		ORDER BY review_id
	`;
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, {
			en: filter.reviewId !== undefined ? `Review ${filter.reviewId}` : filter.reviewIds !== undefined ? `Reviews ${idsText(filter.reviewIds, 'en')}` : 'Every review',
			'zh-Hans':
				filter.reviewId !== undefined ? `评测 ${filter.reviewId}` : filter.reviewIds !== undefined ? `评测 ${idsText(filter.reviewIds, 'zh-Hans')}` : '全部评测',
		}),
		tables: ['reviews'],
	};
}

export function buildDevicesSql(filter: { deviceId?: string; deviceIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	const p = new Params();
	const where =
		filter.deviceId !== undefined
			? `device_id = ${p.add(filter.deviceId)}`
			: filter.deviceIds !== undefined
				? `device_id IN (${p.list(filter.deviceIds)})`
				: 'TRUE';
	const text = sql`
		SELECT ${devices.columns.map((c) => c.name).join(', ')}
		FROM devices
		WHERE ${where}
		ORDER BY device_id
	`;
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, {
			en: filter.deviceId !== undefined ? `Drive ${filter.deviceId}` : filter.deviceIds !== undefined ? `Drives ${idsText(filter.deviceIds, 'en')}` : 'Every drive',
			'zh-Hans':
				filter.deviceId !== undefined ? `硬盘 ${filter.deviceId}` : filter.deviceIds !== undefined ? `硬盘 ${idsText(filter.deviceIds, 'zh-Hans')}` : '全部硬盘',
		}),
		tables: ['devices'],
	};
}
