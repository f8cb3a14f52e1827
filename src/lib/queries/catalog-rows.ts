// The catalog: one row per drive × review it has results in (drives with no results anywhere get one row with
// no review), and the results its columns are picked from (the columns are slots: site/slot-cells.ts picks them).
import { CATALOG_SLOTS } from '../compare/slots.ts';
import { SLOT_RUN_COLUMNS } from '../site/slot-cells.ts';
import { captionFor, sql, type BuiltQuery, type Lang } from './query.ts';

export interface CatalogRow {
	device_id: string;
	vendor: string | null;
	model: string | null;
	/** ssd, hdd, persistent_memory, virtual_disk, array, unknown (schema DEVICE_CLASSES). */
	device_class: string;
	capacity_bytes: number | null;
	/** Vendor, interface and form factor ids (src/lib/vocabulary.ts); PCIe lanes when stated. */
	interface: string | null;
	interface_lanes: number | null;
	form_factor: string | null;
	review_id: string | null;
	title: string | null;
	title_en: string | null;
	publisher: string | null;
	year: number | null;
	language: string | null;
	/** Tool ids of the runs, "; "-joined. */
	tools: string | null;
	/** measured, derived, published: the origins of the runs, ", "-joined. */
	origins: string | null;
	run_count: number;
}

export interface CatalogParams {
	lang?: Lang;
}

export function buildCatalogSql(params: CatalogParams = {}): BuiltQuery {
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
				count(*)::INTEGER AS run_count
			FROM runs
			GROUP BY review_id, device_id
		)
		SELECT
			d.device_id, d.vendor, d.model, d.device_class, d.capacity_bytes, d.interface, d.interface_lanes, d.form_factor,
			p.review_id, rv.title, rv.title_en, rv.publisher, rv.year, rv.language,
			h.tools, h.origins, coalesce(h.run_count, 0)::INTEGER AS run_count
		FROM devices d
		LEFT JOIN pairs p ON p.device_id = d.device_id
		LEFT JOIN reviews rv ON rv.review_id = p.review_id
		LEFT JOIN headline h ON h.review_id = p.review_id AND h.device_id = p.device_id
		ORDER BY d.vendor NULLS LAST, d.model NULLS LAST, d.device_id, rv.year NULLS LAST, p.review_id NULLS LAST
	`;
	return {
		sql: text,
		params: [],
		caption: captionFor(params.lang, 'catalogDrives'),
		tables: ['devices', 'reviews', 'runs', 'figures', 'comparisons'],
	};
}

const SLOT_BLOCK_SIZES = [...new Set(CATALOG_SLOTS.map((s) => s.block_size_bytes))].sort((a, b) => a - b);

/**
 * The results the catalog's columns may take a figure from: pure reads and writes of the columns' block sizes (a
 * narrowing only; which result fits which column is fitsSlot's to say). One device's, or every device's.
 */
export function buildCatalogRunsSql(params: { deviceId?: string; lang?: Lang } = {}): BuiltQuery {
	const device = params.deviceId === undefined ? '' : 'AND device_id = ?';
	const text = sql`
		SELECT ${SLOT_RUN_COLUMNS.join(', ')}
		FROM runs
		WHERE direction IN ('read', 'write') AND block_size_bytes IN (${SLOT_BLOCK_SIZES.join(', ')}) ${device}
		ORDER BY review_id, device_id, run_id
	`;
	return {
		sql: text,
		params: params.deviceId === undefined ? [] : [params.deviceId],
		caption: captionFor(params.lang, 'catalogRuns'),
		tables: ['runs'],
	};
}
