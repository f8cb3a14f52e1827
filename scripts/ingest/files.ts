// Walking input folders safely: never follow a symlink, never leave the root, code-point order.
// Reading input files in pieces: no file is ever read whole, whatever its size.
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export class InputError extends Error {
	readonly file: string;
	readonly code: string;
	readonly line?: number;
	readonly field?: string;

	constructor(file: string, code: string, message: string, line?: number, field?: string) {
		super(message);
		this.file = file;
		this.code = code;
		this.line = line;
		this.field = field;
	}
	format(): string {
		const place = this.line !== undefined ? `:${this.line}` : '';
		const field = this.field !== undefined ? ` [${this.field}]` : '';
		return `${this.file}${place}: ${this.code}${field} ${this.message}`;
	}
}

export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every regular file below `dir`, as paths relative to `root`. Symlinks and special files are errors. */
export function listFiles(root: string, dir: string, errors: InputError[]): string[] {
	const out: string[] = [];
	const walk = (d: string) => {
		for (const name of readdirSync(d).sort(byCodePoint)) {
			const p = join(d, name);
			const rel = relative(root, p).split(sep).join('/');
			const st = lstatSync(p);
			if (st.isSymbolicLink()) errors.push(new InputError(rel, 'SYMLINK', 'symbolic links are not followed; copy the file instead'));
			else if (st.isDirectory()) walk(p);
			else if (st.isFile()) out.push(rel);
			else errors.push(new InputError(rel, 'NOT_A_FILE', 'not a regular file'));
		}
	};
	walk(dir);
	return out;
}

/** Ids of reviews and devices: lower-case kebab-case, made from a folder name when there is no metadata. */
export function slugify(name: string): string {
	const slug = name
		.normalize('NFKD')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return slug || 'unnamed';
}

/** The most of a file ever held as one string: formats parsed whole stop here; fio logs are read in pieces. */
export const MAX_TEXT_BYTES = 64 << 20;

/** A file's bytes in pieces of 1 MiB: views of one buffer, each valid until the next is read. */
export function* fileChunks(path: string): Generator<Buffer> {
	const fd = openSync(path, 'r');
	try {
		// No bigger than the file (most are a few KB): a catalog's thousands of files would each churn a MiB of memory.
		const buf = Buffer.allocUnsafe(Math.max(1, Math.min(1 << 20, fstatSync(fd).size + 1)));
		for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) yield buf.subarray(0, n);
	} finally {
		closeSync(fd);
	}
}

/** Size and SHA-256 of a file. */
export function hashFile(path: string): { bytes: number; sha256: string } {
	const h = createHash('sha256');
	let bytes = 0;
	for (const piece of fileChunks(path)) {
		h.update(piece);
		bytes += piece.length;
	}
	return { bytes, sha256: h.digest('hex') };
}

/**
 * One pass over a text file: its size, SHA-256 and first `headBytes`; undefined when it is binary (a NUL byte, unless
 * a UTF-16 byte order mark starts it).
 */
export function scanText(path: string, headBytes: number): ScannedFile | undefined {
	const h = createHash('sha256');
	const head: Buffer[] = [];
	let bytes = 0;
	let utf8 = true;
	let utf16 = false;
	let carry: Buffer | undefined; // a UTF-8 sequence cut by the end of the previous piece
	for (const piece of fileChunks(path)) {
		if (bytes < headBytes) head.push(Buffer.from(piece.subarray(0, headBytes - bytes)));
		bytes += piece.length;
		h.update(piece);
		if (bytes === piece.length) utf16 = (piece[0] === 0xff && piece[1] === 0xfe) || (piece[0] === 0xfe && piece[1] === 0xff);
		if (utf16) continue;
		if (piece.includes(0)) return undefined;
		if (!utf8) continue;
		const buf = carry ? Buffer.concat([carry, piece]) : piece;
		const end = completeUtf8(buf);
		utf8 = isUtf8(buf.subarray(0, end));
		carry = end < buf.length ? Buffer.from(buf.subarray(end)) : undefined;
	}
	if (carry || utf16) utf8 = false;
	return { bytes, sha256: h.digest('hex'), headBytes: Buffer.concat(head), utf8 };
}

/** A text file as scanText read it: its size, hash and first bytes, and whether it is UTF-8 throughout. */
export interface ScannedFile {
	bytes: number;
	sha256: string;
	headBytes: Buffer;
	utf8: boolean;
}

/** Where the UTF-8 sequences of `buf` that it holds whole end: a sequence its last bytes begin starts there. */
function completeUtf8(buf: Buffer): number {
	for (let i = buf.length - 1; i >= Math.max(0, buf.length - 3); i--) {
		const b = buf[i]!;
		if (b < 0x80) return buf.length;
		if (b >= 0xc0) return i + (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > buf.length ? i : buf.length;
	}
	return buf.length;
}
