// The catalog: one row per drive × review it has results in (drives with no results anywhere get one row with
// no review), with the headline figures the catalog sorts by.
import { captionFor, sql, type BuiltQuery, type Lang } from './query.ts';

/** The headline figures, each the best value of the runs that match its definition. */
export const HEADLINES = [
	{ key: 'rand_read_4k_iops', unit: 'IOPS', best: 'max' },
	{ key: 'rand_write_4k_iops', unit: 'IOPS', best: 'max' },
	{ key: 'seq_read_bw_bytes_per_s', unit: 'bytes/s', best: 'max' },
	{ key: 'seq_write_bw_bytes_per_s', unit: 'bytes/s', best: 'max' },
	{ key: 'qd1_rand_read_lat_ns', unit: 'ns', best: 'min' },
] as const;

export type HeadlineKey = (typeof HEADLINES)[number]['key'];

export interface CatalogRow {
	device_id: string;
	vendor: string | null;
	model: string | null;
	capacity_bytes: number | null;
	interface: string | null;
	form_factor: string | null;
	review_id: string | null;
	title: string | null;
	title_en: string | null;
	publisher: string | null;
	year: number | null;
	language: string | null;
	/** Tools named by the runs, "; "-joined. */
	tools: string | null;
	/** measured, derived, published: the origins of the runs, ", "-joined. */
	origins: string | null;
	run_count: number;
	rand_read_4k_iops: number | null;
	rand_read_4k_iops_devices: number | null;
	rand_write_4k_iops: number | null;
	rand_write_4k_iops_devices: number | null;
	seq_read_bw_bytes_per_s: number | null;
	seq_read_bw_bytes_per_s_devices: number | null;
	seq_write_bw_bytes_per_s: number | null;
	seq_write_bw_bytes_per_s_devices: number | null;
	qd1_rand_read_lat_ns: number | null;
	qd1_rand_read_lat_ns_devices: number | null;
}

// IOPS falls back to bandwidth ÷ block size, and bandwidth to IOPS × block size: published figures often give one of them.
const IOPS = 'coalesce(iops, bw_bytes_per_s / block_size_bytes)';
const BW = 'coalesce(bw_bytes_per_s, iops * block_size_bytes)';
/** The best figure as recorded; converted through the block size only when no row of the pair recorded that quantity. */
const best = (recorded: string, converted: string, where: string) =>
	`coalesce(max(${recorded}) FILTER (WHERE ${where}), max(${converted}) FILTER (WHERE ${where}))`;
const LAT = 'coalesce(lat_mean_ns, clat_mean_ns)';
const RAND_4K = "access = 'random' AND block_size_bytes = 4096";
// A sequential figure counts from 64 KiB up; published sequential figures often leave the block size out.
const SEQ = "access = 'sequential' AND (block_size_bytes IS NULL OR block_size_bytes >= 65536)";
const QD1 = 'iodepth = 1 AND coalesce(numjobs, 1) = 1';

export interface CatalogParams {
	/** Headline figures from single-drive results only (leaves out figures of several drives tested together). */
	singleDrive?: boolean;
	lang?: Lang;
}

export function buildCatalogSql(params: CatalogParams = {}): BuiltQuery {
	const scope = params.singleDrive ? 'WHERE coalesce(device_count, 1) = 1' : '';
	const text = sql`
		WITH pairs AS (
			SELECT review_id, device_id FROM runs
			UNION SELECT review_id, device_id FROM figures
			UNION SELECT review_id, device_id FROM comparisons
		),
		headline AS (
			SELECT
				review_id,
				device_id,
				string_agg(DISTINCT tool, '; ' ORDER BY tool) AS tools,
				string_agg(DISTINCT value_origin, ', ' ORDER BY value_origin) AS origins,
				count(*)::INTEGER AS run_count,
				${best('iops', 'bw_bytes_per_s / block_size_bytes', `direction = 'read' AND ${RAND_4K}`)} AS rand_read_4k_iops,
				arg_max(device_count, ${IOPS}) FILTER (WHERE direction = 'read' AND ${RAND_4K}) AS rand_read_4k_iops_devices,
				${best('iops', 'bw_bytes_per_s / block_size_bytes', `direction = 'write' AND ${RAND_4K}`)} AS rand_write_4k_iops,
				arg_max(device_count, ${IOPS}) FILTER (WHERE direction = 'write' AND ${RAND_4K}) AS rand_write_4k_iops_devices,
				${best('bw_bytes_per_s', 'iops * block_size_bytes', `direction = 'read' AND ${SEQ}`)} AS seq_read_bw_bytes_per_s,
				arg_max(device_count, ${BW}) FILTER (WHERE direction = 'read' AND ${SEQ}) AS seq_read_bw_bytes_per_s_devices,
				${best('bw_bytes_per_s', 'iops * block_size_bytes', `direction = 'write' AND ${SEQ}`)} AS seq_write_bw_bytes_per_s,
				arg_max(device_count, ${BW}) FILTER (WHERE direction = 'write' AND ${SEQ}) AS seq_write_bw_bytes_per_s_devices,
				min(${LAT}) FILTER (WHERE direction = 'read' AND ${RAND_4K} AND ${QD1}) AS qd1_rand_read_lat_ns,
				arg_min(device_count, ${LAT}) FILTER (WHERE direction = 'read' AND ${RAND_4K} AND ${QD1}) AS qd1_rand_read_lat_ns_devices
			FROM runs
			${scope}
			GROUP BY review_id, device_id
		)
		SELECT
			d.device_id, d.vendor, d.model, d.capacity_bytes, d.interface, d.form_factor,
			p.review_id, rv.title, rv.title_en, rv.publisher, rv.year, rv.language,
			h.tools, h.origins, coalesce(h.run_count, 0)::INTEGER AS run_count,
			h.rand_read_4k_iops, h.rand_read_4k_iops_devices,
			h.rand_write_4k_iops, h.rand_write_4k_iops_devices,
			h.seq_read_bw_bytes_per_s, h.seq_read_bw_bytes_per_s_devices,
			h.seq_write_bw_bytes_per_s, h.seq_write_bw_bytes_per_s_devices,
			h.qd1_rand_read_lat_ns, h.qd1_rand_read_lat_ns_devices
		FROM devices d
		LEFT JOIN pairs p ON p.device_id = d.device_id
		LEFT JOIN reviews rv ON rv.review_id = p.review_id
		LEFT JOIN headline h ON h.review_id = p.review_id AND h.device_id = p.device_id
		ORDER BY d.vendor NULLS LAST, d.model NULLS LAST, d.device_id, rv.year NULLS LAST, p.review_id NULLS LAST
	`;
	return {
		sql: text,
		params: [],
		caption: captionFor(params.lang, {
			en: `Every drive with each review it has results in, and the best headline figures of those results${params.singleDrive ? ' (single-drive results only)' : ''}`,
			'zh-Hans': `每块硬盘及其有结果的每篇评测，以及这些结果中的最佳关键指标${params.singleDrive ? '（仅单盘结果）' : ''}`,
		}),
		tables: ['devices', 'reviews', 'runs', 'figures', 'comparisons'],
	};
}
