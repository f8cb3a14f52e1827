// A small zip reader for tests, written from the format (APPNOTE 4.3), apart from the library that writes the
// archives: every entry of the central directory with its stored time, extra fields and bytes (CRC checked).
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
	name: string;
	method: number;
	dosTime: number;
	dosDate: number;
	extraLength: number;
	data: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(buf: Buffer): number {
	let c = 0xffffffff;
	for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

export function readZip(zip: Buffer): ZipEntry[] {
	const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (eocd < 0) throw new Error('no end of central directory');
	const count = zip.readUInt16LE(eocd + 10);
	let at = zip.readUInt32LE(eocd + 16);
	const entries: ZipEntry[] = [];
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory record at ${at}`);
		const method = zip.readUInt16LE(at + 10);
		const crc = zip.readUInt32LE(at + 16);
		const compressed = zip.readUInt32LE(at + 20);
		const size = zip.readUInt32LE(at + 24);
		const nameLength = zip.readUInt16LE(at + 28);
		const extraLength = zip.readUInt16LE(at + 30);
		const commentLength = zip.readUInt16LE(at + 32);
		const local = zip.readUInt32LE(at + 42);
		const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
		if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
		const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		const raw = zip.subarray(start, start + compressed);
		const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
		if (!data) throw new Error(`${name}: compression method ${method}`);
		if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC does not match`);
		entries.push({ name, method, dosTime: zip.readUInt16LE(at + 12), dosDate: zip.readUInt16LE(at + 14), extraLength, data });
		at += 46 + nameLength + extraLength + commentLength;
	}
	return entries;
}
