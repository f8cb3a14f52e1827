// Build-only: what the SQL console (/sql/) may read, from the manifests: each table's files with sizes and rows.
import { tableFile } from '../dataset-layout.ts';
import { TABLES } from '../schema.ts';
import type { SqlTableFiles } from '../sql/console.ts';
import { loadManifest, reviewScope, type ReviewScope } from './manifest.ts';

let partitions: ReviewScope['partitions'] | undefined;

/** Every partition of every table, from the reviews' manifests (each read once per build). */
const allPartitions = () => (partitions ??= reviewScope(Object.keys(loadManifest().reviews).sort()).partitions);

/** The published files of one table. */
export function sqlTableFiles(name: string): SqlTableFiles {
	const table = TABLES.find((t) => t.name === name);
	if (!table) throw new Error(`no table ${name}`);
	if (table.partitioned) return { table: name, files: (allPartitions()[name] ?? []).map((f) => ({ path: f.path, bytes: f.bytes, rows: f.rows ?? 0 })) };
	const record = loadManifest().tables[name]!;
	return { table: name, files: [{ path: tableFile(table), bytes: record.bytes, rows: record.rows }] };
}

/** Each table's totals for the page (rows, bytes, files), as manifest.json gives them. */
export function sqlTableTotals(): Record<string, { rows: number; bytes: number; files: number }> {
	const tables = loadManifest().tables;
	return Object.fromEntries(TABLES.map((t) => [t.name, { rows: tables[t.name]?.rows ?? 0, bytes: tables[t.name]?.bytes ?? 0, files: tables[t.name]?.files ?? 0 }]));
}
