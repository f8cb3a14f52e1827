// Reviews and devices as ingested from their YAML.
import { devices, reviews } from '../schema.ts';
import { Params, captionFor, idsText, sql, type BuiltQuery, type CaptionKey, type Lang } from './query.ts';

/** Rows of a catalog table: all of them, the one with an id, or those of a list of ids, in id order. */
function byIdSql(
	table: typeof reviews | typeof devices,
	id: 'review_id' | 'device_id',
	filter: { one?: string; many?: readonly string[]; lang?: Lang },
	words: [one: CaptionKey, many: CaptionKey, all: CaptionKey],
): BuiltQuery {
	const p = new Params();
	const where = filter.one !== undefined ? `${id} = ${p.add(filter.one)}` : filter.many !== undefined ? `${id} IN (${p.list(filter.many)})` : 'TRUE';
	const select = (condition: string) => sql`
		SELECT ${table.columns.map((c) => c.name).join(', ')}
		FROM ${table.name}
		WHERE ${condition}
		ORDER BY ${id}
	`;
	const [one, many, all] = words;
	const { lang } = filter;
	const caption = filter.one !== undefined ? captionFor(lang, one, { id: filter.one }) : filter.many !== undefined ? captionFor(lang, many, { ids: idsText(filter.many, lang) }) : captionFor(lang, all);
	const tables = [table.name as 'reviews' | 'devices'];
	const ids = filter.one !== undefined ? [filter.one] : filter.many;
	return {
		sql: select(where),
		params: p.values,
		caption,
		tables,
		...(ids && { byIds: { column: id, ids: [...ids], every: { sql: select('TRUE'), params: [], tables } } }),
	};
}

export function buildReviewsSql(filter: { reviewId?: string; reviewIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	return byIdSql(reviews, 'review_id', { one: filter.reviewId, many: filter.reviewIds, lang: filter.lang }, ['reviewOne', 'reviewsMany', 'reviewsAll']);
}

export function buildDevicesSql(filter: { deviceId?: string; deviceIds?: readonly string[]; lang?: Lang } = {}): BuiltQuery {
	return byIdSql(devices, 'device_id', { one: filter.deviceId, many: filter.deviceIds, lang: filter.lang }, ['driveOne', 'drivesMany', 'drivesAll']);
}
