// Preloaded into a child process (node --import) by tests/scripts/ingest/big-files.test.ts: any read that would hold more
// than READ_GUARD_BYTES of a file at once — a whole-file read, or a read into a buffer that big — throws, naming the
// file. ESM named imports of node:fs see the wrapped functions through syncBuiltinESMExports().
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const limit = Number(process.env.READ_GUARD_BYTES);
if (!(limit > 0)) throw new Error('READ_GUARD_BYTES is not set');

const sizeOf = (path: fs.PathOrFileDescriptor) => (typeof path === 'number' ? fs.fstatSync(path) : fs.statSync(path)).size;
const refuse = (what: string, bytes: number) => {
	throw new Error(`read guard: ${what} would hold ${bytes} bytes at once (limit ${limit})`);
};

const { readFileSync, readSync, read } = fs;
const readFile = fs.promises.readFile;
fs.readFileSync = ((path: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
	if (sizeOf(path) > limit) refuse(`readFileSync(${String(path)})`, sizeOf(path));
	return (readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
}) as typeof fs.readFileSync;
fs.readSync = ((fd: number, buffer: NodeJS.ArrayBufferView, ...rest: unknown[]) => {
	if (buffer.byteLength > limit) refuse(`readSync(fd ${fd})`, buffer.byteLength);
	return (readSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
}) as typeof fs.readSync;
fs.read = ((fd: number, buffer: NodeJS.ArrayBufferView, ...rest: unknown[]) => {
	if (buffer.byteLength > limit) refuse(`read(fd ${fd})`, buffer.byteLength);
	return (read as (...a: unknown[]) => void)(fd, buffer, ...rest);
}) as typeof fs.read;
fs.promises.readFile = (async (path: fs.PathLike | fs.promises.FileHandle, ...rest: unknown[]) => {
	const { size } = typeof path === 'object' && 'stat' in path ? await path.stat() : await fs.promises.stat(path);
	if (size > limit) refuse(`readFile(${String(path)})`, size);
	return (readFile as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
}) as typeof fs.promises.readFile;
syncBuiltinESMExports();
