// A minimal Parquet writer for data that DuckDB reads straight back with read_parquet: flat
// REQUIRED columns, PLAIN encoding, no compression, one page per column and row group. It hands
// millions of typed-array rows to DuckDB as a plain memory copy — DuckDB's appender costs more
// than writing the bytes out and letting read_parquet map them. Never a published file.
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';

export type StagingType = 'INT32' | 'DOUBLE';

export interface StagingColumn {
	name: string;
	type: StagingType;
}

export type StagingData = Int32Array | Float64Array;

/** Where the file stood: rolling back to it drops every row group written since. */
export interface StagingMark {
	bytes: number;
	groups: number;
}

// parquet.thrift enum values
const PHYSICAL_TYPE: Record<StagingType, number> = { INT32: 1, DOUBLE: 5 };
const WIDTH: Record<StagingType, number> = { INT32: 4, DOUBLE: 8 };
const REQUIRED = 0;
const PLAIN = 0;
const RLE = 3;
const UNCOMPRESSED = 0;
const DATA_PAGE = 0;

// Thrift compact protocol type ids
const T_I32 = 5;
const T_I64 = 6;
const T_BINARY = 8;
const T_LIST = 9;
const T_STRUCT = 12;

const MAGIC = new Uint8Array([0x50, 0x41, 0x52, 0x31]); // PAR1
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Thrift compact protocol, only what page headers and the footer need. */
class CompactWriter {
	private buf = new Uint8Array(1024);
	private n = 0;
	private readonly lastField: number[] = [0];

	bytes(): Uint8Array {
		return this.buf.subarray(0, this.n);
	}

	private ensure(k: number): void {
		if (this.n + k <= this.buf.length) return;
		const grown = new Uint8Array(Math.max(this.buf.length * 2, this.n + k));
		grown.set(this.buf.subarray(0, this.n));
		this.buf = grown;
	}

	byte(b: number): void {
		this.ensure(1);
		this.buf[this.n++] = b;
	}

	varint(v: number): void {
		while (v >= 0x80) {
			this.byte((v % 0x80) | 0x80);
			v = Math.floor(v / 0x80);
		}
		this.byte(v);
	}

	private zigzag(v: number): void {
		this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
	}

	private field(id: number, type: number): void {
		const last = this.lastField.length - 1;
		const delta = id - this.lastField[last]!;
		if (delta > 0 && delta <= 15) this.byte((delta << 4) | type);
		else {
			this.byte(type);
			this.zigzag(id);
		}
		this.lastField[last] = id;
	}

	i32(id: number, v: number): void {
		this.field(id, T_I32);
		this.zigzag(v);
	}

	i64(id: number, v: number): void {
		this.field(id, T_I64);
		this.zigzag(v);
	}

	string(id: number, s: string): void {
		this.field(id, T_BINARY);
		this.rawString(s);
	}

	rawString(s: string): void {
		const b = Buffer.from(s, 'utf8');
		this.varint(b.length);
		this.ensure(b.length);
		this.buf.set(b, this.n);
		this.n += b.length;
	}

	list(id: number, elementType: number, size: number): void {
		this.field(id, T_LIST);
		if (size < 15) this.byte((size << 4) | elementType);
		else {
			this.byte(0xf0 | elementType);
			this.varint(size);
		}
	}

	/** A struct as a field (id > 0) or as a list element (id 0). */
	beginStruct(id = 0): void {
		if (id > 0) this.field(id, T_STRUCT);
		this.lastField.push(0);
	}

	endStruct(): void {
		this.byte(0);
		this.lastField.pop();
	}
}

interface ChunkMeta {
	offset: number;
	size: number;
}

export class StagingParquetWriter {
	private readonly fd: number;
	private readonly columns: readonly StagingColumn[];
	private bytes = 0;
	private groups: { rows: number; chunks: ChunkMeta[] }[] = [];
	private open = true;

	constructor(path: string, columns: readonly StagingColumn[]) {
		if (!LITTLE_ENDIAN) throw new Error('staging Parquet needs a little-endian machine (typed arrays are written as they lie in memory)');
		this.columns = columns;
		this.fd = openSync(path, 'w');
		this.write(MAGIC);
	}

	get rowGroups(): number {
		return this.groups.length;
	}

	mark(): StagingMark {
		return { bytes: this.bytes, groups: this.groups.length };
	}

	rollback(to: StagingMark): void {
		if (!this.open) throw new Error('staging file already finished');
		ftruncateSync(this.fd, to.bytes);
		this.bytes = to.bytes;
		this.groups.length = to.groups;
	}

	private write(b: Uint8Array): void {
		let done = 0;
		while (done < b.length) done += writeSync(this.fd, b, done, b.length - done, this.bytes + done);
		this.bytes += b.length;
	}

	/** One row group; data[i] holds exactly `rows` values of column i. */
	writeRowGroup(rows: number, data: readonly StagingData[]): void {
		if (!this.open) throw new Error('staging file already finished');
		if (rows === 0) return;
		const chunks = this.columns.map((c, i): ChunkMeta => {
			const values = data[i]!;
			const size = rows * WIDTH[c.type];
			if (values.length !== rows || values.BYTES_PER_ELEMENT !== WIDTH[c.type]) {
				throw new Error(`staging column ${c.name}: wrong type or length`);
			}
			const h = new CompactWriter();
			h.i32(1, DATA_PAGE);
			h.i32(2, size);
			h.i32(3, size);
			h.beginStruct(5);
			h.i32(1, rows);
			h.i32(2, PLAIN);
			h.i32(3, RLE);
			h.i32(4, RLE);
			h.endStruct();
			h.byte(0); // end of PageHeader
			const offset = this.bytes;
			this.write(h.bytes());
			this.write(new Uint8Array(values.buffer, values.byteOffset, size));
			return { offset, size: this.bytes - offset };
		});
		this.groups.push({ rows, chunks });
	}

	/** Writes the footer and closes the file. */
	finish(): void {
		if (!this.open) return;
		const t = new CompactWriter();
		t.i32(1, 1);
		t.list(2, T_STRUCT, this.columns.length + 1);
		t.beginStruct();
		t.string(4, 'staging');
		t.i32(5, this.columns.length);
		t.endStruct();
		for (const c of this.columns) {
			t.beginStruct();
			t.i32(1, PHYSICAL_TYPE[c.type]);
			t.i32(3, REQUIRED);
			t.string(4, c.name);
			t.endStruct();
		}
		t.i64(3, this.groups.reduce((s, g) => s + g.rows, 0));
		t.list(4, T_STRUCT, this.groups.length);
		for (const g of this.groups) {
			t.beginStruct();
			t.list(1, T_STRUCT, g.chunks.length);
			g.chunks.forEach((chunk, i) => {
				const c = this.columns[i]!;
				t.beginStruct();
				t.i64(2, chunk.offset);
				t.beginStruct(3);
				t.i32(1, PHYSICAL_TYPE[c.type]);
				t.list(2, T_I32, 1);
				t.varint(PLAIN * 2); // zigzag
				t.list(3, T_BINARY, 1);
				t.rawString(c.name);
				t.i32(4, UNCOMPRESSED);
				t.i64(5, g.rows);
				t.i64(6, chunk.size);
				t.i64(7, chunk.size);
				t.i64(9, chunk.offset);
				t.endStruct();
				t.endStruct();
			});
			t.i64(2, g.chunks.reduce((s, c) => s + c.size, 0));
			t.i64(3, g.rows);
			t.endStruct();
		}
		t.endStruct();
		const footer = t.bytes();
		const length = new Uint8Array(4);
		new DataView(length.buffer).setUint32(0, footer.length, true);
		this.write(footer);
		this.write(length);
		this.write(MAGIC);
		this.close();
	}

	close(): void {
		if (!this.open) return;
		this.open = false;
		closeSync(this.fd);
	}
}
