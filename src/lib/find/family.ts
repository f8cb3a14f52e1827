// What the finder reads for one workload family (access, read share, block size): the rows of every result that fits
// it exactly or loosely, without their NULL columns, and the facts of their reviews and devices; layout.ts writes it as files.
import type { ReviewFacts } from '../compare/conditions.ts';
import { fingerprintOf } from '../compare/fingerprint.ts';
import { headlineRows } from '../compare/workloads.ts';
import { runs as runsTable, type DeviceClass, type DeviceRow, type ReviewRow, type RunRow } from '../schema.ts';
import { familyFileKey } from './query.ts';

/** What a drive has in a related family (same access, and the same read share or block size): its measured loads. */
export interface FinderNeighbour {
	device_id: string;
	read_pct: number;
	block_size_bytes: number;
	/** Outstanding I/Os measured (rate steps are at one of them). */
	loads: number[];
}

export interface FinderFamily {
	key: string;
	runs: RunRow[];
	/** Drives with no result in this family but one in a related family: the nearest thing they have. */
	neighbours: FinderNeighbour[];
	reviews: Record<string, ReviewFacts & { title: string; title_en: string | null }>;
	devices: Record<string, { label: string; device_class: DeviceClass }>;
}

/** A row without its NULL columns: the files carry what was measured. */
export function compactRow(row: RunRow): Partial<RunRow> {
	return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Partial<RunRow>;
}

/** A compacted row with every column again (NULL where it was left out). */
export function expandRow(row: Partial<RunRow>): RunRow {
	const full: Record<string, unknown> = {};
	for (const c of runsTable.columns) full[c.name] = null;
	return Object.assign(full, row) as RunRow;
}

export interface FinderFamilyEntry {
	key: string;
	access: 'random' | 'sequential';
	read_pct: number;
	block_size_bytes: number;
	/** Drives with a result of exactly this family. */
	drives: number;
}

export interface FinderFamilies {
	list: FinderFamilyEntry[];
	files: Map<string, FinderFamily>;
}

/** The families of some results: each family's exact results and those that match the parts they state. */
export function finderFamiliesOf(rows: readonly RunRow[], reviews: readonly ReviewRow[], devices: readonly DeviceRow[], labels: Record<string, string>): FinderFamilies {
	const results = headlineRows(rows).flatMap((row) => {
		const fp = fingerprintOf(row);
		return fp && (fp.access === 'random' || fp.access === 'sequential') ? [{ row, fp }] : [];
	});
	const entries = new Map<string, Omit<FinderFamilyEntry, 'drives'> & { deviceIds: Set<string> }>();
	for (const { row, fp } of results) {
		if (fp.read_pct === null || fp.block_size_bytes === null || fp.outstanding === null) continue;
		const f = { access: fp.access as FinderFamilyEntry['access'], read_pct: fp.read_pct, block_size_bytes: fp.block_size_bytes };
		const key = familyFileKey(f);
		const e = entries.get(key) ?? { key, ...f, deviceIds: new Set<string>() };
		e.deviceIds.add(row.device_id);
		entries.set(key, e);
	}
	// Per family, per drive, the loads measured: what a related family's file names as "the nearest thing".
	const loads = new Map<string, Map<string, Set<number>>>();
	for (const { row, fp } of results) {
		if (fp.read_pct === null || fp.block_size_bytes === null || fp.outstanding === null) continue;
		const key = familyFileKey({ access: fp.access as FinderFamilyEntry['access'], read_pct: fp.read_pct, block_size_bytes: fp.block_size_bytes });
		const byDevice = loads.get(key) ?? new Map<string, Set<number>>();
		byDevice.set(row.device_id, (byDevice.get(row.device_id) ?? new Set()).add(fp.outstanding));
		loads.set(key, byDevice);
	}
	const files = new Map<string, FinderFamily>();
	for (const e of entries.values()) {
		const mine = results
			.filter(({ fp }) => fp.access === e.access && (fp.read_pct ?? e.read_pct) === e.read_pct && (fp.block_size_bytes ?? e.block_size_bytes) === e.block_size_bytes)
			.map((x) => x.row);
		const reviewIds = new Set(mine.map((r) => r.review_id));
		const deviceIds = new Set(mine.map((r) => r.device_id));
		const neighbours = [...entries.values()]
			.filter((o) => o.key !== e.key && o.access === e.access && (o.read_pct === e.read_pct || o.block_size_bytes === e.block_size_bytes))
			.flatMap((o) =>
				[...loads.get(o.key)!]
					.filter(([d]) => !e.deviceIds.has(d))
					.map(([device_id, l]) => ({ device_id, read_pct: o.read_pct, block_size_bytes: o.block_size_bytes, loads: [...l].sort((a, b) => a - b) })),
			)
			.sort((a, b) => (a.device_id < b.device_id ? -1 : a.device_id > b.device_id ? 1 : a.block_size_bytes - b.block_size_bytes || a.read_pct - b.read_pct));
		for (const n of neighbours) deviceIds.add(n.device_id);
		files.set(e.key, {
			key: e.key,
			runs: mine.map(compactRow) as RunRow[],
			neighbours,
			reviews: Object.fromEntries(
				reviews
					.filter((r) => reviewIds.has(r.review_id))
					.map((r) => [r.review_id, { review_id: r.review_id, title: r.title, title_en: r.title_en, year: r.year, platform_cpu: r.platform_cpu, platform_os: r.platform_os, drive_count: r.drive_count, methodology_json: r.methodology_json }]),
			),
			devices: Object.fromEntries(devices.filter((d) => deviceIds.has(d.device_id)).map((d) => [d.device_id, { label: labels[d.device_id] ?? d.device_id, device_class: d.device_class as DeviceClass }])),
		});
	}
	const list = [...entries.values()].map(({ deviceIds, ...e }) => ({ ...e, drives: deviceIds.size })).sort((a, b) => (a.key < b.key ? -1 : 1));
	return { list, files };
}
