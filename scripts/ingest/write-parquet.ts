// Typed, deterministic Parquet output through DuckDB. Column types come from the schema
// module, never from the data; rows are sorted by each table's unique key. Timeseries points
// (millions per log) are staged as typed arrays in a plain Parquet file (staging-parquet.ts),
// in key order, and given their text columns by one projection when written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
	BIGINT,
	BOOLEAN,
	DOUBLE,
	DuckDBDataChunk,
	DuckDBInstance,
	INTEGER,
	VARCHAR,
	type DuckDBConnection,
	type DuckDBType,
} from '@duckdb/node-api';
import { fileColumns, readTableSql } from '../../src/lib/dataset-layout.ts';
import { buildTimeseriesSql, type TimeseriesBucketRow } from '../../src/lib/queries/timeseries.ts';
import { TABLES, series, steadyState, timeseries, type ColumnType, type Table } from '../../src/lib/schema.ts';
import { STEADY_ROUNDS, judgeSteadyState, type Round } from '../../src/lib/steady-state.ts';
import { StagingParquetWriter, type StagingColumn, type StagingMark } from './staging-parquet.ts';
import { quoteIdent, quoteText } from '../../src/lib/sql/quote.ts';

const CHUNK = 2048;
const DUCK_TYPES: Record<ColumnType, DuckDBType> = { VARCHAR, DOUBLE, BIGINT, INTEGER, BOOLEAN };
/** Staged codes of direction and value_kind: the position in these lists. */
export const DIRECTION_CODES = ['read', 'write', 'trim', 'mixed'] as const;
export const VALUE_KINDS = ['mean', 'max', 'per_io'] as const;
const VALUE_COLUMNS = ['iops', 'bw_bytes_per_s', 'lat_ns'] as const;
const VALUE_COLUMN_OF: Record<SeriesInfo['metric'], number> = { iops: 0, bw: 1, lat: 2, clat: 2, slat: 2 };

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

/** Columns of (part of) one series, as typed arrays (see parseFioLogColumns) or plain arrays. */
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

// Staged point columns. `codes` packs direction (bits 0-1), value_kind (bits 2-3), the value
// column of the series' metric (bits 4-5) and the series number (from bit 6). The numbers stay the
// doubles the parser gives, written out as they lie in memory: DuckDB casts them to BIGINT or
// INTEGER in the final projection. Missing values are staged as -1 (never a real value) and
// become NULL there.
const STAGED: readonly StagingColumn[] = [
	{ name: 'codes', type: 'INT32' },
	{ name: 'seq', type: 'DOUBLE' },
	{ name: 'time_ms', type: 'DOUBLE' },
	{ name: 'value', type: 'DOUBLE' },
	{ name: 'block_size_bytes', type: 'DOUBLE' },
	{ name: 'offset_bytes', type: 'DOUBLE' },
	{ name: 'prio', type: 'DOUBLE' },
];
const DOUBLE_SOURCES = ['seq', 'time_ms', 'value', 'block_size_bytes', 'offset_bytes', 'prio'] as const;
/** Rows per row group of every table written. */
const ROW_GROUP_SIZE = 122880;
// Format version 2 pages: delta encodings for the integer columns (seq, time_ms, offsets), a tenth of version 1's
// bytes for a per-I/O log, and written faster. Readers of the site (hyparquet) and every current engine read them.
const PARQUET_OPTIONS = `(FORMAT parquet, COMPRESSION snappy, PARQUET_VERSION v2, ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`;
/** Rows per staged row group: the output's, so that DuckDB need not regroup them (the output is the same either way). */
const STAGE_ROWS = ROW_GROUP_SIZE;
/** Series numbers fit in `codes` above bit 6. */
const MAX_SERIES = 1 << 25;

/** Staged rows not yet written out, one typed array per staged column. */
class StageBuffer {
	readonly codes = new Int32Array(STAGE_ROWS);
	readonly doubles = DOUBLE_SOURCES.map(() => new Float64Array(STAGE_ROWS));
	rows = 0;

	columns(rows: number): (Int32Array | Float64Array)[] {
		return [this.codes.subarray(0, rows), ...this.doubles.map((d) => d.subarray(0, rows))];
	}

	/** A copy of the first `rows` rows (to restore after a rollback). */
	copy(rows: number): { codes: Int32Array; doubles: Float64Array[] } {
		return { codes: this.codes.slice(0, rows), doubles: this.doubles.map((d) => d.slice(0, rows)) };
	}

	restore(saved: { codes: Int32Array; doubles: Float64Array[] }): void {
		this.codes.set(saved.codes);
		saved.doubles.forEach((d, i) => this.doubles[i]!.set(d));
		this.rows = saved.codes.length;
	}
}

function fillDoubles(dst: Float64Array, at: number, src: ArrayLike<number> | null | undefined, start: number, n: number): void {
	if (src === null || src === undefined) dst.fill(-1, at, at + n);
	else if (src instanceof Float64Array) dst.set(src.subarray(start, start + n), at);
	else for (let i = 0; i < n; i++) dst[at + i] = src[start + i]!;
}

/** `code` mapped to names[code], typed as an ENUM of the names whose bit is set in `present`. */
function enumCase(code: string, names: readonly string[], present: number): string {
	const used = names.flatMap((name, i) => (present & (1 << i) ? [{ name, i }] : []));
	const type = `ENUM(${used.map((u) => quoteText(u.name)).join(', ')})`;
	return `CASE ${code} ${used.map((u) => `WHEN ${u.i} THEN ${quoteText(u.name)}::${type}`).join(' ')} END`;
}

export function duckdbVersionOf(versionText: string): string {
	return versionText.replace(/^v/, '');
}

/** What a series' points need to be staged; the rest of its row comes when it ends. */
export type SeriesKey = Pick<SeriesInfo, 'series_id' | 'metric'>;

/** The series being staged, and the state to go back to if it is aborted. */
interface OpenSeries {
	sink: SeriesSink;
	key: SeriesKey;
	mark: StagingMark;
	buffered: number;
	rows: number;
	directions: number;
	kinds: number;
	/** Rows of earlier series that left the buffer in the first row group this series wrote. */
	saved?: ReturnType<StageBuffer['copy']>;
}

/**
 * Points of one series on their way in: append its rows in order (in as many parts as suits the
 * caller), then end() registers the series, or abort() drops every row appended since it began.
 */
export class SeriesSink {
	private readonly writer: DatasetWriter;
	private readonly base: number;
	points = 0;

	constructor(writer: DatasetWriter, base: number) {
		this.writer = writer;
		this.base = base;
	}

	append(cols: SeriesColumns): void {
		this.writer.stagePoints(this, this.base, cols);
		this.points += cols.length;
	}

	/** Registers the series with the rest of its row (series_id and metric must be the ones it began with). */
	async end(info: SeriesInfo): Promise<void> {
		await this.writer.endSeries(this, info);
	}

	abort(): void {
		this.writer.abortSeries(this);
	}
}

export class DatasetWriter {
	private readonly instance: DuckDBInstance;
	readonly conn: DuckDBConnection;
	private readonly dir: string;
	private stagingPath = '';
	private staging!: StagingParquetWriter;
	/** Staging files made so far (one per reset). */
	private stagings = 0;
	private readonly buffer = new StageBuffer();
	/** series_id and metric of each staged series, by series number; appended in series_id order. */
	private readonly staged: { series_id: string; metric: SeriesInfo['metric'] }[] = [];
	private stagedRows = 0;
	/** The staging file is complete (timeseries written): no more series. */
	private finished = false;
	/** Bit sets of the direction and value_kind codes staged so far. */
	private directions = 0;
	private kinds = 0;
	private open: OpenSeries | null = null;

	/** DuckDB's worker threads, as opened. */
	private readonly threads: number;

	private constructor(instance: DuckDBInstance, conn: DuckDBConnection, dir: string, threads: number) {
		this.instance = instance;
		this.conn = conn;
		this.dir = dir;
		this.threads = threads;
		this.newStaging();
	}

	private newStaging(): void {
		this.stagingPath = join(this.dir, `timeseries-staged-${this.stagings++}.parquet`);
		this.staging = new StagingParquetWriter(this.stagingPath, STAGED);
	}

	/** Empties every table and the staged series, for the next review (one DuckDB for the whole ingest). */
	async reset(): Promise<void> {
		if (this.open) throw new Error(`series ${this.open.key.series_id} is still open`);
		// New tables rather than DELETE, which keeps the deleted rows' memory until the database closes.
		await this.createTables();
		this.staging.close();
		rmSync(this.stagingPath, { force: true });
		this.newStaging();
		this.buffer.rows = 0;
		this.staged.length = 0;
		this.stagedRows = 0;
		this.finished = false;
		this.directions = 0;
		this.kinds = 0;
	}

	/** `threads`: DuckDB's worker threads (the output is the same for any count: tests/scripts/ingest/determinism.test.ts). */
	static async open(threads = 2): Promise<DatasetWriter> {
		const dir = mkdtempSync(join(tmpdir(), 'ssd-ingest-'));
		// Bounded memory, whatever the size of a log: left to its default (80 % of RAM), DuckDB holds some 700 MB while
		// it writes a series of 24 M points. Beyond the limit it spills into the writer's folder. The files are the same.
		const config = { threads: String(threads), preserve_insertion_order: 'true', memory_limit: '256MB', temp_directory: join(dir, 'spill') };
		const instance = await DuckDBInstance.create(':memory:', config);
		const conn = await instance.connect();
		const writer = new DatasetWriter(instance, conn, dir, threads);
		await writer.createTables();
		return writer;
	}

	/** The tables, empty (timeseries is staged in a file, see stagePoints). */
	private async createTables(): Promise<void> {
		for (const t of TABLES) {
			if (t === timeseries) continue;
			const cols = t.columns.map((c) => `${quoteIdent(c.name)} ${c.type}${c.required ? ' NOT NULL' : ''}`);
			await this.conn.run(`CREATE OR REPLACE TABLE ${quoteIdent(t.name)} (${cols.join(', ')})`);
		}
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

	/** Register one series and append all its points at once. */
	async appendSeries(info: SeriesInfo, cols: SeriesColumns): Promise<void> {
		const sink = this.beginSeries(info);
		try {
			sink.append(cols);
		} catch (err) {
			sink.abort();
			throw err;
		}
		await sink.end(info);
	}

	/** Start a series; its points follow through the sink. Series must come in series_id order, one at a time. */
	beginSeries(key: SeriesKey): SeriesSink {
		if (this.open) throw new Error(`series ${key.series_id} begun while ${this.open.key.series_id} is still open`);
		if (this.finished) throw new Error('timeseries already written');
		const last = this.staged.at(-1);
		// Points are written in staging order, so series must arrive sorted (the table's key).
		if (last && !(last.series_id < key.series_id)) throw new Error(`series out of order: ${key.series_id} after ${last.series_id}`);
		const no = this.staged.length;
		if (no >= MAX_SERIES) throw new Error(`more than ${MAX_SERIES} series`);
		const base = (no << 6) | (VALUE_COLUMN_OF[key.metric] << 4);
		const sink = new SeriesSink(this, base);
		const mark = this.staging.mark();
		const { directions, kinds } = this;
		this.open = { sink, key, mark, buffered: this.buffer.rows, rows: this.stagedRows, directions, kinds };
		this.staged.push({ series_id: key.series_id, metric: key.metric });
		return sink;
	}

	/** Copies points into the stage buffer, writing out each full row group (see SeriesSink.append). */
	stagePoints(sink: SeriesSink, base: number, cols: SeriesColumns): void {
		const open = this.openFor(sink);
		const b = this.buffer;
		const sources = DOUBLE_SOURCES.map((k) => cols[k]);
		const { direction, value_kind: kind } = cols;
		for (let start = 0; start < cols.length; ) {
			const n = Math.min(cols.length - start, STAGE_ROWS - b.rows);
			const at = b.rows;
			const codes = b.codes;
			let dirs = 0;
			let kinds = 0;
			for (let i = 0; i < n; i++) {
				const d = direction[start + i]!;
				const k = kind[start + i]!;
				dirs |= 1 << d;
				kinds |= 1 << k;
				codes[at + i] = base | (k << 2) | d;
			}
			if (dirs >>> DIRECTION_CODES.length !== 0 || kinds >>> VALUE_KINDS.length !== 0) {
				throw new Error(`series ${open.key.series_id}: direction or value_kind code out of range`);
			}
			this.directions |= dirs;
			this.kinds |= kinds;
			sources.forEach((src, ci) => fillDoubles(b.doubles[ci]!, at, src, start, n));
			b.rows += n;
			start += n;
			if (b.rows === STAGE_ROWS) {
				// Rows of earlier series go out with this group: keep a copy in case this series is aborted.
				if (open.buffered > 0 && !open.saved && this.staging.rowGroups === open.mark.groups) open.saved = b.copy(open.buffered);
				this.flushBuffer();
			}
		}
		this.stagedRows += cols.length;
	}

	private flushBuffer(): void {
		this.staging.writeRowGroup(this.buffer.rows, this.buffer.columns(this.buffer.rows));
		this.buffer.rows = 0;
	}

	private openFor(sink: SeriesSink): OpenSeries {
		if (!this.open || this.open.sink !== sink) throw new Error('series is not open');
		return this.open;
	}

	async endSeries(sink: SeriesSink, info: SeriesInfo): Promise<void> {
		const { key } = this.openFor(sink);
		if (info.series_id !== key.series_id || info.metric !== key.metric) {
			throw new Error(`series ${key.series_id} (${key.metric}) ended as ${info.series_id} (${info.metric})`);
		}
		this.open = null;
		await this.append(series, [{ ...info, points: sink.points }]);
	}

	/** Forget every point of the open series, as if it had never begun. */
	abortSeries(sink: SeriesSink): void {
		if (!this.open || this.open.sink !== sink) return;
		const { mark, buffered, rows, directions, kinds, saved } = this.open;
		this.open = null;
		this.staging.rollback(mark);
		if (saved) this.buffer.restore(saved);
		else this.buffer.rows = buffered;
		this.stagedRows = rows;
		this.directions = directions;
		this.kinds = kinds;
		this.staged.pop();
	}

	/**
	 * Fills steady_state from a written timeseries file: each series and direction cut into rounds (the site's own
	 * downsampling query, STEADY_ROUNDS slices), judged by src/lib/steady-state.ts.
	 */
	async judgeSteadyState(timeseriesFile: string): Promise<void> {
		await this.conn.run(`CREATE OR REPLACE TEMP VIEW ${quoteIdent(timeseries.name)} AS SELECT * FROM read_parquet(${quoteText(timeseriesFile)})`);
		const query = buildTimeseriesSql({ buckets: STEADY_ROUNDS });
		// DuckDB materializes a CTE that is read twice: every point of a per-I/O log with its series' text columns, spilled
		// past memory_limit (4 GiB of log: minutes, and the ingest's peak memory). Read twice from the file instead.
		const sql = query.sql.replace(/\bWITH points AS \(/, 'WITH points AS NOT MATERIALIZED (');
		if (sql === query.sql) throw new Error('the timeseries query no longer begins WITH points AS (');
		const reader = await this.conn.runAndReadAll(sql, query.params as never);
		const rounds = new Map<string, { series_id: string; direction: string; rounds: Round[] }>();
		for (const r of reader.getRowObjectsJS() as unknown as TimeseriesBucketRow[]) {
			const k = `${r.series_id}\u0000${r.direction}`;
			const entry = rounds.get(k) ?? { series_id: r.series_id, direction: r.direction, rounds: [] };
			if (r.value_mean !== null) entry.rounds.push({ start_ms: r.time_start_ms, end_ms: r.time_end_ms, value: r.value_mean });
			rounds.set(k, entry);
		}
		await this.conn.run(`DROP VIEW ${quoteIdent(timeseries.name)}`);
		await this.append(
			steadyState,
			[...rounds.values()].map((e) => ({ series_id: e.series_id, direction: e.direction, ...judgeSteadyState(e.rounds) })),
		);
	}

	async rowCount(table: Table): Promise<number> {
		if (table === timeseries) return this.stagedRows;
		const r = await this.conn.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${quoteIdent(table.name)}`);
		return Number(r.getRowObjects()[0]!.n);
	}

	/**
	 * The timeseries rows: staged numbers plus per-series constants (a projection: the staged order
	 * is kept). direction and value_kind are made as ENUMs of the codes present: DuckDB writes an
	 * ENUM column as the same UTF8 strings, dictionary-encoded straight from the codes, where text
	 * would be hashed row by row (the statistics then bound the file's values, not each row group's).
	 */
	private timeseriesSql(): string {
		const ids = this.staged.map((s) => quoteText(s.series_id));
		const seriesId = ids.length === 1 ? ids[0]! : `[${ids.join(', ')}][(p.codes >> 6) + 1]`;
		const valueColumns = new Set(this.staged.map((s) => VALUE_COLUMN_OF[s.metric]));
		const values = VALUE_COLUMNS.map((name, i) => {
			if (!valueColumns.has(i)) return `NULL::DOUBLE AS ${name}`;
			return valueColumns.size === 1 ? `p.value AS ${name}` : `CASE WHEN (p.codes >> 4) & 3 = ${i} THEN p.value END AS ${name}`;
		});
		const direction = enumCase('p.codes & 3', DIRECTION_CODES, this.directions);
		const kind = enumCase('(p.codes >> 2) & 3', VALUE_KINDS, this.kinds);
		return `SELECT ${seriesId} AS series_id, p.seq::BIGINT AS seq, ${direction} AS direction,
			round(p.time_ms)::BIGINT AS time_ms, ${kind} AS value_kind, ${values.join(', ')},
			CASE WHEN p.block_size_bytes > 0 THEN p.block_size_bytes::BIGINT END AS block_size_bytes,
			nullif(p.offset_bytes, -1)::BIGINT AS offset_bytes, nullif(p.prio, -1)::INTEGER AS prio
			FROM read_parquet(${quoteText(this.stagingPath)}) p`;
	}

	/** Write one table to a Parquet file, rows in the table's key order (a partitioned table without review_id: its folder holds it). */
	async writeParquet(table: Table, path: string): Promise<void> {
		const cols = fileColumns(table)
			.map((c) => quoteIdent(c.name))
			.join(', ');
		const options = PARQUET_OPTIONS;
		if (table === timeseries) {
			if (this.open) throw new Error(`series ${this.open.key.series_id} is still open`);
			if (this.buffer.rows > 0) this.flushBuffer();
			this.staging.finish();
			this.finished = true;
			// Already in key order (series sorted, lines in file order): no sort of millions of rows.
			const from = this.stagedRows === 0 ? readTableSql(timeseries, []) : this.timeseriesSql();
			// One thread: with two, DuckDB holds row groups one thread finished early until their turn (75 MB more at the
			// peak for a 400 MB log) and writes no faster.
			await this.conn.run('SET threads = 1');
			try {
				await this.conn.run(`COPY (SELECT ${cols} FROM (${from})) TO ${quoteText(path)} ${options}`);
			} finally {
				await this.conn.run(`SET threads = ${this.threads}`);
			}
			return;
		}
		const order = table.orderBy.map(quoteIdent).join(', ');
		await this.conn.run(`COPY (SELECT ${cols} FROM ${quoteIdent(table.name)} ORDER BY ${order}) TO ${quoteText(path)} ${options}`);
	}

	/**
	 * Writes a partitioned table whole (tableFile): the rows of its partition `files`, file after file as listed and each
	 * file's rows in order (DuckDB keeps insertion order), every column, review_id from the folder names.
	 */
	async writeWholeParquet(table: Table, files: readonly string[], path: string): Promise<void> {
		await this.conn.run(`COPY (${readTableSql(table, files)}) TO ${quoteText(path)} ${PARQUET_OPTIONS}`);
	}

	close(): void {
		this.staging.close();
		rmSync(this.dir, { recursive: true, force: true });
		this.conn.closeSync();
		this.instance.closeSync();
	}
}
