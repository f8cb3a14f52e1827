// Reviews and devices as ingested from their YAML.
import { devices, reviews } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type Lang } from './query.ts';

/** Rows of a catalog table: all of them, the one with an id, or those of a list of ids, in id order. */
function byIdSql(
	table: typeof reviews | typeof devices,
	id: 'review_id' | 'device_id',
	filter: { one?: string; many?: readonly string[]; lang?: Lang },
	words: { en: [one: string, many: string, all: string]; 'zh-Hans': [one: string, many: string, all: string] },
): BuiltQuery {
	const p = new Params();
	const where = filter.one !== undefined ? `${id} = ${p.add(filter.one)}` : filter.many !== undefined ? `${id} IN (${p.list(filter.many)})` : 'TRUE';
	const text = sql`
		SELECT ${table.columns.map((c) => c.name).join(', ')}
		FROM ${table.name}
		WHERE ${where}
		ORDER BY ${id}
	`;
	const caption = (lang: Lang) => {
		const [one, many, all] = words[lang];
		return filter.one !== undefined ? `${one} ${filter.one}` : filter.many !== undefined ? `${many} ${idsText(filter.many, lang)}` : all;
	};
	return {
		sql: text,
		params: p.values,
		caption: captionFor(filter.lang, { en: caption('en'), 'zh-Hans': caption('zh-Hans') }),
		tables: [table.name as 'reviews' | 'devices'],
	};
}

export function buildReviewsSql(filter: { reviewId?: string; reviewIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	return byIdSql(reviews, 'review_id', { one: filter.reviewId, many: filter.reviewIds, lang: filter.lang }, {
		en: ['Review', 'Reviews', 'Every review'],
		'zh-Hans': ['评测', '评测', '全部评测'],
	});
}

export function buildDevicesSql(filter: { deviceId?: string; deviceIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	return byIdSql(devices, 'device_id', { one: filter.deviceId, many: filter.deviceIds, lang: filter.lang }, {
		en: ['Drive', 'Drives', 'Every drive'],
		'zh-Hans': ['硬盘', '硬盘', '全部硬盘'],
	});
}
