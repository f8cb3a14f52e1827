// Reviews and devices as ingested from their YAML.
import { devices, reviews } from '../schema.ts';
import { Params, captionFor, sql, type BuiltQuery, type Lang } from './query.ts';

export function buildReviewsSql(filter: { reviewId?: string; lang?: Lang } = {}): BuiltQuery {
	const p = new Params();
	const where = filter.reviewId !== undefined ? `review_id = ${p.add(filter.reviewId)}` : 'TRUE';
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
			en: filter.reviewId !== undefined ? `Review ${filter.reviewId}` : 'Every review',
			'zh-Hans': filter.reviewId !== undefined ? `评测 ${filter.reviewId}` : '全部评测',
		}),
		tables: ['reviews'],
	};
}

export function buildDevicesSql(filter: { deviceId?: string; lang?: Lang } = {}): BuiltQuery {
	const p = new Params();
	const where = filter.deviceId !== undefined ? `device_id = ${p.add(filter.deviceId)}` : 'TRUE';
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
			en: filter.deviceId !== undefined ? `Drive ${filter.deviceId}` : 'Every drive',
			'zh-Hans': filter.deviceId !== undefined ? `硬盘 ${filter.deviceId}` : '全部硬盘',
		}),
		tables: ['devices'],
	};
}
