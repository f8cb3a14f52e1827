// Typed, deterministic Parquet output through DuckDB. Column types come from the schema
// module, never from the data; rows are sorted by each table's unique key; timeseries rows
// are staged as numbers and joined with their (constant) text columns only when written.
import {
	BIGINT,
	BOOLEAN,
	DOUBLE,
	DuckDBDataChunk,
	DuckDBInstance,
	INTEGER,
	UTINYINT,
	VARCHAR,
	type DuckDBConnection,
	type DuckDBType,
} from '@duckdb/node-api';
import { TABLES, series, timeseries, type ColumnType, type Table } from '../../src/lib/schema.ts';

const CHUNK = 2048;
const DUCK_TYPES: Record<ColumnType, DuckDBType> = { VARCHAR, DOUBLE, BIGINT, INTEGER, BOOLEAN };
const DIRECTION_CODES = ['read', 'write', 'trim', 'mixed'] as const;
const VALUE_KINDS = ['mean', 'max', 'per_io'] as const;

/** One series' row in the series table (points is counted here). */
export interface SeriesInfo {
	review_id: string;
	device_id: string;
	run_id: string | null;
	series_id: string;
	source_file: string;
	metric: 'bw' | 'iops' | 'lat' | 'clat' | 'slat';
	window_ms: number | null;
}

/** Columns of one log file, as typed arrays (see parseFioLogColumns). */
export interface SeriesColumns {
	length: number;
	seq: ArrayLike<number>;
	time_ms: ArrayLike<number>;
	/** 0 read, 1 write, 2 trim, 3 mixed */
	direction: ArrayLike<number>;
	/** 0 mean, 1 max, 2 per_io */
	value_kind: ArrayLike<number>;
	/** In the metric's base unit (IOPS, bytes/s or ns). */
	value: ArrayLike<number>;
	block_size_bytes?: ArrayLike<number> | null;
	offset_bytes?: ArrayLike<number> | null;
	prio?: ArrayLike<number> | null;
}

const STAGED_TYPES = [INTEGER, DOUBLE, DOUBLE, UTINYINT, UTINYINT, DOUBLE, DOUBLE, DOUBLE, DOUBLE];

type StagedItems = Float64Array | Uint8Array | Int32Array;

function fillVector(items: StagedItems, src: ArrayLike<number> | number, start: number, n: number): void {
	if (typeof src === 'number') items.fill(src, 0, n);
	else if (ArrayBuffer.isView(src)) items.set((src as unknown as Float64Array).subarray(start, start + n));
	else for (let i = 0; i < n; i++) items[i] = src[start + i]!;
}

function emptyTimeseriesSql(): string {
	return `SELECT ${timeseries.columns.map((c) => `NULL::${c.type} AS ${quoteIdent(c.name)}`).join(', ')} WHERE false`;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteText = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function duckdbVersionOf(versionText: string): string {
	return versionText.replace(/^v/, '');
}

export class DatasetWriter {
	private readonly instance: DuckDBInstance;
	readonly conn: DuckDBConnection;

	private constructor(instance: DuckDBInstance, conn: DuckDBConnection) {
		this.instance = instance;
		this.conn = conn;
	}

	/** series_id and metric of each staged series, by series number; appended in series_id order. */
	private readonly staged: { series_id: string; metric: SeriesInfo['metric'] }[] = [];

	static async open(): Promise<DatasetWriter> {
		const instance = await DuckDBInstance.create(':memory:', { threads: '2', preserve_insertion_order: 'true' });
		const conn = await instance.connect();
		const writer = new DatasetWriter(instance, conn);
		for (const t of TABLES) {
			if (t === timeseries) continue; // staged as numbers in ts_points
			const cols = t.columns.map((c) => `${quoteIdent(c.name)} ${c.type}${c.required ? ' NOT NULL' : ''}`);
			await conn.run(`CREATE TABLE ${quoteIdent(t.name)} (${cols.join(', ')})`);
		}
		await conn.run(`CREATE TABLE ts_points (series_no INTEGER, seq DOUBLE, time_ms DOUBLE, direction UTINYINT,
			value_kind UTINYINT, value DOUBLE, block_size_bytes DOUBLE, offset_bytes DOUBLE, prio DOUBLE)`);
		return writer;
	}

	async duckdbVersion(): Promise<string> {
		const r = await this.conn.runAndReadAll('SELECT version() AS v');
		return duckdbVersionOf(String(r.getRowObjects()[0]!.v));
	}

	/** Append row objects to a table (all tables but timeseries). */
	async append(table: Table, rows: readonly Record<string, unknown>[]): Promise<void> {
		if (rows.length === 0) return;
		const types = table.columns.map((c) => DUCK_TYPES[c.type]);
		const appender = await this.conn.createAppender(table.name);
		for (let start = 0; start < rows.length; start += CHUNK) {
			const n = Math.min(CHUNK, rows.length - start);
			const chunk = DuckDBDataChunk.create(types, n);
			table.columns.forEach((c, ci) => {
				const vector = chunk.getColumnVector(ci);
				for (let i = 0; i < n; i++) {
					const v = rows[start + i]![c.name];
					if (v === null || v === undefined) {
						if (c.required) throw new Error(`${table.name}.${c.name} is required but missing (row ${start + i})`);
						vector.setItem(i, null);
					} else if (c.type === 'BIGINT') vector.setItem(i, BigInt(Math.round(v as number)));
					else vector.setItem(i, v as never);
				}
				vector.flush();
			});
			appender.appendDataChunk(chunk);
		}
		appender.closeSync();
	}

	/** Register one log file and append its points in bulk, straight into DuckDB's vectors. */
	async appendSeries(info: SeriesInfo, cols: SeriesColumns): Promise<void> {
		const last = this.staged.at(-1);
		// Points are written in staging order, so series must arrive sorted (the table's key).
		if (last && !(last.series_id < info.series_id)) throw new Error(`series out of order: ${info.series_id} after ${last.series_id}`);
		const no = this.staged.length;
		this.staged.push({ series_id: info.series_id, metric: info.metric });
		await this.append(series, [{ ...info, points: cols.length }]);
		// Missing columns are staged as -1 (never a real value) and turned into NULL when written,
		// so every staged vector is fully valid and can be filled with one typed-array copy.
		const sources: (ArrayLike<number> | number)[] = [
			no,
			cols.seq,
			cols.time_ms,
			cols.direction,
			cols.value_kind,
			cols.value,
			cols.block_size_bytes ?? -1,
			cols.offset_bytes ?? -1,
			cols.prio ?? -1,
		];
		const appender = await this.conn.createAppender('ts_points');
		// One chunk, reused: the appender copies it, and fresh vectors per 2048 rows cost more in GC than the copy.
		const chunk = DuckDBDataChunk.create(STAGED_TYPES, CHUNK);
		const vectors = sources.map((_, ci) => chunk.getColumnVector(ci) as unknown as { items: StagedItems; flush(): void });
		for (let start = 0; start < cols.length; start += CHUNK) {
			const n = Math.min(CHUNK, cols.length - start);
			if (n < CHUNK) chunk.rowCount = n;
			sources.forEach((src, ci) => {
				fillVector(vectors[ci]!.items, src, start, n);
				vectors[ci]!.flush();
			});
			appender.appendDataChunk(chunk);
		}
		appender.closeSync();
	}

	async rowCount(table: Table): Promise<number> {
		const from = table === timeseries ? 'ts_points' : quoteIdent(table.name);
		const r = await this.conn.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${from}`);
		return Number(r.getRowObjects()[0]!.n);
	}

	/** The timeseries rows: staged numbers plus per-series constants (a projection: the staged order is kept). */
	private timeseriesSql(): string {
		const seriesNos = (metrics: string[]) => {
			const nos = this.staged.flatMap((s, i) => (metrics.includes(s.metric) ? [i] : []));
			return nos.length ? `p.series_no IN (${nos.join(', ')})` : 'false';
		};
		const ids = this.staged.map((s, i) => `WHEN ${i} THEN ${quoteText(s.series_id)}`).join(' ');
		const dir = DIRECTION_CODES.map((d, i) => `WHEN ${i} THEN '${d}'`).join(' ');
		const kind = VALUE_KINDS.map((d, i) => `WHEN ${i} THEN '${d}'`).join(' ');
		return `SELECT CASE p.series_no ${ids} END AS series_id, p.seq::BIGINT AS seq, CASE p.direction ${dir} END AS direction,
			round(p.time_ms)::BIGINT AS time_ms, CASE p.value_kind ${kind} END AS value_kind,
			CASE WHEN ${seriesNos(['iops'])} THEN p.value END AS iops,
			CASE WHEN ${seriesNos(['bw'])} THEN p.value END AS bw_bytes_per_s,
			CASE WHEN ${seriesNos(['lat', 'clat', 'slat'])} THEN p.value END AS lat_ns,
			CASE WHEN p.block_size_bytes > 0 THEN p.block_size_bytes::BIGINT END AS block_size_bytes,
			nullif(p.offset_bytes, -1)::BIGINT AS offset_bytes, nullif(p.prio, -1)::INTEGER AS prio
			FROM ts_points p`;
	}

	/** Write one table to a Parquet file, rows in the table's key order. */
	async writeParquet(table: Table, path: string): Promise<void> {
		const cols = table.columns.map((c) => quoteIdent(c.name)).join(', ');
		const options = `(FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 122880)`;
		if (table === timeseries) {
			// Already in key order (series sorted, lines in file order): no sort of millions of rows.
			if (this.staged.length === 0) await this.conn.run(`COPY (SELECT ${cols} FROM (${emptyTimeseriesSql()})) TO ${quoteText(path)} ${options}`);
			else await this.conn.run(`COPY (SELECT ${cols} FROM (${this.timeseriesSql()})) TO ${quoteText(path)} ${options}`);
			return;
		}
		const order = table.orderBy.map(quoteIdent).join(', ');
		await this.conn.run(`COPY (SELECT ${cols} FROM ${quoteIdent(table.name)} ORDER BY ${order}) TO ${quoteText(path)} ${options}`);
	}

	close(): void {
		this.conn.closeSync();
		this.instance.closeSync();
	}
}
