// A static server for dist/ on localhost, as a production host would serve it: byte ranges (hyparquet
// reads Parquet with them), application/wasm, brotli for text and wasm, immutable caching of hashed
// assets, and a log of every request (bytes sent) for the benchmarks and browser tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const MIME: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.txt': 'text/plain; charset=utf-8',
	'.md': 'text/markdown; charset=utf-8',
	'.csv': 'text/csv; charset=utf-8',
	'.log': 'text/plain; charset=utf-8',
	'.yaml': 'text/plain; charset=utf-8',
	'.wasm': 'application/wasm',
	'.parquet': 'application/vnd.apache.parquet',
	'.woff2': 'font/woff2',
};
/** Compressed on the fly (cached). Parquet is not: range reads need the raw bytes. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.txt', '.md', '.csv', '.log', '.yaml', '.wasm']);

export interface RequestRecord {
	url: string;
	status: number;
	bytes: number;
	ms: number;
}

export interface StaticServer {
	url: string;
	requests: RequestRecord[];
	close(): Promise<void>;
}

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body?: Buffer): number {
	res.writeHead(status, headers);
	res.end(body);
	return body?.length ?? 0;
}

export async function startServer(root: string, port = 0, host = '127.0.0.1'): Promise<StaticServer> {
	const base = resolve(root);
	const cache = new Map<string, Buffer>();
	const requests: RequestRecord[] = [];
	const handle = (req: IncomingMessage, res: ServerResponse): number => {
		const url = new URL(req.url ?? '/', 'http://localhost');
		let path = normalize(join(base, decodeURIComponent(url.pathname)));
		if (path !== base && !path.startsWith(base + sep)) return send(res, 403, {});
		if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
		if (!existsSync(path) || !statSync(path).isFile()) {
			const notFound = join(base, '404.html');
			return send(res, 404, { 'content-type': MIME['.html']! }, existsSync(notFound) ? readFileSync(notFound) : Buffer.from('not found'));
		}
		const ext = extname(path);
		const headers: Record<string, string | number> = {
			'content-type': MIME[ext] ?? 'application/octet-stream',
			'accept-ranges': 'bytes',
			'cache-control': url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
			'x-content-type-options': 'nosniff',
		};
		const body = readFileSync(path);
		const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
		if (range) {
			const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
			const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
			if (start > end || start >= body.length) return send(res, 416, { 'content-range': `bytes */${body.length}` });
			headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
			return send(res, 206, headers, body.subarray(start, end + 1));
		}
		if (req.method === 'HEAD') {
			res.writeHead(200, { ...headers, 'content-length': body.length });
			res.end();
			return 0;
		}
		if (COMPRESSIBLE.has(ext) && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
			let compressed = cache.get(path);
			if (!compressed) {
				const quality = ext === '.wasm' ? 5 : 9;
				compressed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
				cache.set(path, compressed);
			}
			return send(res, 200, { ...headers, 'content-encoding': 'br', vary: 'accept-encoding' }, compressed);
		}
		return send(res, 200, headers, body);
	};
	const server: Server = createServer((req, res) => {
		const started = performance.now();
		let bytes = 0;
		try {
			bytes = handle(req, res);
		} catch (err) {
			bytes = send(res, 500, {}, Buffer.from(String(err)));
		}
		requests.push({ url: req.url ?? '', status: res.statusCode, bytes, ms: performance.now() - started });
	});
	await new Promise<void>((ok) => server.listen(port, host, ok));
	const address = server.address();
	const actualPort = typeof address === 'object' && address ? address.port : port;
	return {
		url: `http://${host}:${actualPort}`,
		requests,
		close: () => new Promise<void>((ok) => server.close(() => ok())),
	};
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const { values } = parseArgs({ options: { port: { type: 'string', default: '4321' }, root: { type: 'string', default: 'dist' } } });
	if (!existsSync(values.root)) {
		console.error(`${values.root}/ does not exist: run npm run build first`);
		process.exit(1);
	}
	const s = await startServer(values.root, Number(values.port));
	console.log(`serving ${values.root}/ at ${s.url}/ (Ctrl-C to stop)`);
}
