// A value of a DuckDB-wasm result (Arrow) as the SQL console shows it and writes it to CSV: numbers stay numbers,
// everything else becomes the text DuckDB would print. BIGINT, HUGEINT and DECIMAL arrive as doubles (see duckdb.ts).
import { Type, type DataType } from 'apache-arrow';
import type { CsvValue } from '../csv.ts';

const json = (v: unknown) => JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function timeOfDay(micros: bigint | number): string {
	const us = Number(micros);
	const s = Math.floor(us / 1e6);
	const fraction = us % 1e6;
	return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${fraction ? `.${pad(fraction, 6).replace(/0+$/, '')}` : ''}`;
}

export function cellValue(value: unknown, type: DataType): CsvValue {
	if (value === null || value === undefined) return null;
	switch (type.typeId) {
		case Type.Timestamp: {
			const iso = new Date(Number(value)).toISOString();
			return (type as DataType & { timezone?: string | null }).timezone ? iso : iso.replace('T', ' ').replace(/\.000Z$|Z$/, '');
		}
		case Type.Date:
			return new Date(Number(value)).toISOString().slice(0, 10);
		case Type.Time:
			return timeOfDay(value as bigint | number);
		case Type.Binary:
		case Type.LargeBinary:
			return [...(value as Uint8Array)].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
	}
	if (typeof value === 'number' || typeof value === 'string') return value;
	if (typeof value === 'bigint') return Number(value);
	if (typeof value === 'boolean') return String(value);
	const plain = (value as { toJSON?: () => unknown }).toJSON?.() ?? (ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value);
	return json(plain);
}
