// A static server for dist/ on localhost, as a production host would serve it: byte ranges (hyparquet reads Parquet
// with them) streamed from disk, application/wasm, brotli for text and wasm, immutable caching of hashed assets, the
// headers of the site's _headers file (the one static hosts read), and a log of every request (bytes sent) for the
// benchmarks and browser tests. Memory stays bounded whatever the size of the files.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, posix, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { constants, createBrotliCompress } from 'node:zlib';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { pathPattern, redirectFor, redirectedTo, type Redirect } from '../src/lib/redirect-rules.ts';

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
	'.zip': 'application/zip',
	'.woff2': 'font/woff2',
};
/** Compressed once and kept, up to a size (DuckDB's wasm is 34 MB); larger files are sent as they are. Parquet never: range reads need the raw bytes. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.txt', '.md', '.csv', '.log', '.yaml', '.wasm']);
const MAX_COMPRESSED_FILE = 64 * 1024 ** 2;

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

/** One block of a _headers file: a path pattern and its lines in order, `[name, value]` or `[name, null]` for "! name". */
export interface HeaderRule {
	pattern: RegExp;
	lines: [string, string | null][];
}

/** Parses the _redirects format of Cloudflare Pages, Netlify and GitLab Pages (redirects only: no rewrites, no conditions). */
export function parseRedirectsFile(text: string): Redirect[] {
	return text.split(/\r?\n/).flatMap((line, i) => {
		const content = line.trim();
		if (!content || content.startsWith('#')) return [];
		const [from, to, status = '302', ...rest] = content.split(/\s+/);
		if (!from?.startsWith('/') || !to || rest.length > 0 || !/^30[1278]$/.test(status)) throw new Error(`_redirects:${i + 1}: expected "/source /destination [301|302|307|308]"`);
		return [{ from, to, status: Number(status) }];
	});
}

/** Parses the _headers format of Cloudflare Pages and Netlify: paths with `*` (any characters) and `:name` (one segment). */
export function parseHeadersFile(text: string): HeaderRule[] {
	const rules: HeaderRule[] = [];
	for (const [i, line] of text.split(/\r?\n/).entries()) {
		const content = line.trim();
		if (!content || content.startsWith('#')) continue;
		const rule = rules.at(-1);
		const header = /^([\w-]+):\s*(.*)$/.exec(content);
		const detach = /^!\s*([\w-]+)$/.exec(content);
		if (!/^\s/.test(line) && content.startsWith('/')) {
			rules.push({ pattern: pathPattern(content), lines: [] });
		} else if (rule && /^\s/.test(line) && (header || detach)) {
			rule.lines.push(header ? [header[1]!.toLowerCase(), header[2]!] : [detach![1]!.toLowerCase(), null]);
		} else {
			throw new Error(`_headers:${i + 1}: expected a path starting with /, or an indented "Name: value" or "! Name"`);
		}
	}
	return rules;
}

/** The headers the rules give a path: every matching rule in order; a header set twice is joined with ", ", "! name" drops it. */
export function headersFor(rules: readonly HeaderRule[], path: string): Map<string, string> {
	const out = new Map<string, string>();
	for (const rule of rules) {
		if (!rule.pattern.test(path)) continue;
		for (const [name, value] of rule.lines) {
			if (value === null) out.delete(name);
			else out.set(name, out.has(name) ? `${out.get(name)}, ${value}` : value);
		}
	}
	return out;
}

/**
 * The one range of a Range header within a file of `size` bytes; null when it cannot be satisfied (416), undefined
 * when the header is not a single byte range (the whole file is sent, as RFC 9110 allows).
 */
export function byteRange(header: string, size: number): { start: number; end: number } | null | undefined {
	const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
	if (!m || (!m[1] && !m[2])) return undefined;
	if (!m[1]) {
		const suffix = Number(m[2]);
		return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
	}
	const start = Number(m[1]);
	const end = m[2] ? Number(m[2]) : Infinity;
	if (end < start) return undefined;
	return start >= size ? null : { start, end: Math.min(end, size - 1) };
}

function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): number {
	const body = Buffer.from(`${message}\n`);
	res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length, ...headers });
	res.end(body);
	return body.length;
}

/** The 404.html in the folder of `urlPath` (normalized, absolute) or the nearest folder above it, up to the root. */
export function notFoundPage(root: string, urlPath: string): string | null {
	for (let dir = posix.dirname(urlPath.endsWith('/') ? `${urlPath}x` : urlPath); ; dir = posix.dirname(dir)) {
		const page = join(root, dir, '404.html');
		if (statSync(page, { throwIfNoEntry: false })?.isFile()) return page;
		if (dir === '/' || dir === '.') return null;
	}
}

/**
 * How the site is served: as Cloudflare Pages and Netlify do (`_headers`, `_redirects`, the 404 page nearest the
 * address), or as GitHub Pages does, which reads neither file and answers every address without a file with the root's
 * 404.html.
 */
export const SERVED_AS = ['pages', 'github-pages'] as const;
export type ServedAs = (typeof SERVED_AS)[number];

export async function startServer(root: string, port = 0, host = '127.0.0.1', as: ServedAs = 'pages'): Promise<StaticServer> {
	const base = realpathSync(resolve(root));
	// The host's own files, read only when serving as the hosts that read them.
	const hostFile = (file: string) => (as === 'pages' && existsSync(file) ? readFileSync(file, 'utf8') : '');
	const headersFile = join(base, '_headers');
	const rules = parseHeadersFile(hostFile(headersFile));
	const redirectsFile = join(base, '_redirects');
	const redirects = parseRedirectsFile(hostFile(redirectsFile));
	const compressed = new Map<string, Promise<Buffer>>();
	const requests: RequestRecord[] = [];

	// The site's 404 page nearest the address, as Cloudflare Pages picks it: /zh-Hans/x gets zh-Hans/404.html, else 404.html.
	const notFound = (req: IncomingMessage, res: ServerResponse, urlPath: string): number => {
		const page = as === 'pages' ? notFoundPage(base, urlPath) : notFoundPage(base, '/');
		if (!page) return plain(res, 404, 'not found');
		const body = readFileSync(page);
		res.writeHead(404, { 'content-type': MIME['.html']!, 'content-length': body.length, 'cache-control': 'no-cache', ...Object.fromEntries(headersFor(rules, urlPath)) });
		if (req.method === 'HEAD') {
			res.end();
			return 0;
		}
		res.end(body);
		return body.length;
	};

	const handle = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
		let urlPath: string;
		try {
			// Normalized after decoding, so that no spelling of a path (%2e%2e, //) escapes the folder or its headers.
			urlPath = posix.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname));
		} catch {
			return plain(res, 400, 'bad request: malformed URL');
		}
		if (urlPath.includes('\0')) return plain(res, 400, 'bad request: malformed URL');
		// Followed whether or not a file is there, as Cloudflare Pages does.
		const redirect = redirectFor(redirects, urlPath);
		if (redirect) {
			const location = redirectedTo(redirect.location, new URL(req.url ?? '/', 'http://localhost').search);
			return plain(res, redirect.status, `moved to ${location}`, { location });
		}
		let path = join(base, urlPath);
		let stat = statSync(path, { throwIfNoEntry: false });
		if (stat?.isDirectory()) {
			path = join(path, 'index.html');
			stat = statSync(path, { throwIfNoEntry: false });
		}
		if (!stat?.isFile() || path === headersFile || path === redirectsFile) return notFound(req, res, urlPath);
		const real = realpathSync(path);
		if (!real.startsWith(base + sep)) return notFound(req, res, urlPath);

		const ext = extname(path);
		const headers: Record<string, string | number> = {
			'content-type': MIME[ext] ?? 'application/octet-stream',
			'accept-ranges': 'bytes',
			'cache-control': urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
			...Object.fromEntries(headersFor(rules, urlPath)),
		};
		const send = (status: number, length: number, start = 0): number => {
			res.writeHead(status, { ...headers, 'content-length': length });
			if (req.method === 'HEAD' || length === 0) {
				res.end();
				return 0;
			}
			pipeline(createReadStream(real, { start, end: start + length - 1 }), res, () => {});
			return length;
		};
		if (req.headers.range !== undefined) {
			const range = byteRange(req.headers.range, stat.size);
			if (range === null) return plain(res, 416, 'range not satisfiable', { 'content-range': `bytes */${stat.size}` });
			if (range) {
				headers['content-range'] = `bytes ${range.start}-${range.end}/${stat.size}`;
				return send(206, range.end - range.start + 1, range.start);
			}
		}
		const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
		if (req.method === 'HEAD' || !brotli || !COMPRESSIBLE.has(ext) || stat.size > MAX_COMPRESSED_FILE) return send(200, stat.size);
		const key = `${real}\0${stat.mtimeMs}\0${stat.size}`;
		let pending = compressed.get(key);
		if (!pending) {
			const quality = ext === '.wasm' ? 5 : 9;
			pending = buffer(createReadStream(real).pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } })));
			compressed.set(key, pending);
			pending.catch(() => compressed.delete(key));
		}
		const body = await pending;
		res.writeHead(200, { ...headers, 'content-encoding': 'br', vary: 'accept-encoding', 'content-length': body.length });
		res.end(body);
		return body.length;
	};

	const server: Server = createServer((req, res) => {
		const started = performance.now();
		let bytes = 0;
		res.on('close', () => requests.push({ url: req.url ?? '', status: res.statusCode, bytes, ms: performance.now() - started }));
		handle(req, res).then(
			(n) => (bytes = n),
			(err: unknown) => {
				// The reason goes to the server's log, never to the client.
				console.error(`${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
				if (res.headersSent) res.destroy();
				else bytes = plain(res, 500, 'internal server error');
			},
		);
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
	const { values } = parseArgs({ options: { port: { type: 'string', default: '4321' }, root: { type: 'string', default: 'dist' }, as: { type: 'string', default: 'pages' } } });
	if (!existsSync(values.root)) {
		console.error(`${values.root}/ does not exist: run npm run build first`);
		process.exit(1);
	}
	if (!SERVED_AS.includes(values.as as ServedAs)) {
		console.error(`--as ${values.as}: expected one of ${SERVED_AS.join(', ')}`);
		process.exit(1);
	}
	const s = await startServer(values.root, Number(values.port), undefined, values.as as ServedAs);
	console.log(`serving ${values.root}/ at ${s.url}/${values.as === 'pages' ? '' : ` as ${values.as} serves it`} (Ctrl-C to stop)`);
}
