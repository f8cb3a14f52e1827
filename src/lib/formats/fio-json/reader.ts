// A JSON reader for fio output (strict, except for what old fio really prints: raw tabs and
// unescaped backslashes in strings) that keeps what JSON.parse throws away: the line of every
// value, duplicate keys (fio pads percentile lists with repeated "0.00" keys and repeats options),
// the end of a document (fio may print several documents or text around them), and a depth limit.
// It also names fio's unguarded `-nan`/`inf` floats (json.c prints doubles with %f).
import { ParseError, type Warning } from '../parse-result.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
	[key: string]: JsonValue;
}

export const MAX_DEPTH = 64;

export interface DuplicateKey {
	path: string;
	key: string;
	line: number;
}

export interface JsonDocument {
	root: JsonValue;
	/** 1-based line of the opening brace. */
	startLine: number;
	/** Line of a member's key (or an array element), for error messages. */
	lineOf(container: object, key: string | number): number | undefined;
	/** Line where an object or array opens. */
	startOf(container: object): number | undefined;
	/** Members in file order, repeated keys included (the object itself keeps the last value). */
	entries(obj: JsonObject): readonly (readonly [string, JsonValue])[];
	duplicates: DuplicateKey[];
}

export interface Cursor {
	text: string;
	pos: number;
	line: number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /-?[A-Za-z]+/y;
const NON_FINITE = /^-?(nan|inf|infinity)$/i;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Parses one JSON value starting at `cur.pos` (raw_decode style); `cur` is left just after it. */
export function readJsonValue(cur: Cursor, file: string, warnings: Warning[]): JsonDocument {
	const lines = new WeakMap<object, Map<string, number>>();
	const starts = new WeakMap<object, number>();
	const ordered = new WeakMap<object, [string, JsonValue][]>();
	const duplicates: DuplicateKey[] = [];
	const { text } = cur;
	const n = text.length;

	const fail = (code: string, reason: string, path?: string): never => {
		throw new ParseError(code, file, { line: cur.line, field: path || undefined }, reason);
	};
	const truncated = (path: string): never => fail('TRUNCATED_JSON', 'the JSON document ends before it is complete', path);
	const skipSpace = () => {
		while (cur.pos < n) {
			const c = text.charCodeAt(cur.pos);
			if (c === 10) cur.line++;
			else if (c !== 32 && c !== 9 && c !== 13) return;
			cur.pos++;
		}
	};
	const describe = (pos: number) => JSON.stringify(text.slice(pos, pos + 12));

	const readString = (path: string): string => {
		cur.pos++; // opening quote
		let out = '';
		let from = cur.pos;
		while (cur.pos < n) {
			const c = text.charCodeAt(cur.pos);
			if (c === 34) {
				out += text.slice(from, cur.pos);
				cur.pos++;
				return out;
			}
			if (c === 92) {
				out += text.slice(from, cur.pos);
				const e = text[cur.pos + 1];
				if (e === undefined) return truncated(path);
				if (e === 'u') {
					const hex = text.slice(cur.pos + 2, cur.pos + 6);
					if (hex.length < 4) return truncated(path);
					if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('JSON_SYNTAX', `bad \\u escape ${describe(cur.pos)}`, path);
					out += String.fromCharCode(parseInt(hex, 16));
					cur.pos += 6;
				} else if (ESCAPES[e] !== undefined) {
					out += ESCAPES[e];
					cur.pos += 2;
				} else {
					// Old fio did not escape backslashes in option values (Windows paths): keep them as written.
					warnings.push({
						code: 'INVALID_ESCAPE',
						message: `invalid escape "\\${e}" in a string kept literally`,
						line: cur.line,
						field: path || undefined,
					});
					out += '\\';
					cur.pos += 1;
				}
				from = cur.pos;
				continue;
			}
			// Raw tabs are tolerated (fio does not escape them); other control characters are not JSON.
			if (c < 32 && c !== 9) {
				if (c === 10 || c === 13) fail('JSON_SYNTAX', 'unterminated string (line break inside a string)', path);
				fail('JSON_SYNTAX', `control character U+${c.toString(16).padStart(4, '0')} inside a string`, path);
			}
			cur.pos++;
		}
		return truncated(path);
	};

	const readNumber = (path: string): number => {
		NUMBER.lastIndex = cur.pos;
		const m = NUMBER.exec(text);
		const next = m ? text[cur.pos + m[0].length] : undefined;
		if (!m || (next !== undefined && /[\w.+-]/.test(next))) {
			WORD.lastIndex = cur.pos;
			const w = WORD.exec(text);
			if (w && NON_FINITE.test(w[0])) fail('NON_FINITE_NUMBER', `"${w[0]}" is not a number (fio printed a NaN or infinity)`, path);
			if (/^-?[\d.eE+-]*$/.test(text.slice(cur.pos, cur.pos + 40)) && cur.pos + 40 >= n) return truncated(path);
			fail('JSON_SYNTAX', `malformed number ${describe(cur.pos)}`, path);
		}
		cur.pos += m![0].length;
		return Number(m![0]);
	};

	const readWord = (path: string): JsonValue => {
		WORD.lastIndex = cur.pos;
		const w = WORD.exec(text)?.[0] ?? '';
		if (NON_FINITE.test(w)) fail('NON_FINITE_NUMBER', `"${w}" is not a number (fio printed a NaN or infinity)`, path);
		const literals: Record<string, JsonValue> = { true: true, false: false, null: null };
		if (w in literals) {
			cur.pos += w.length;
			return literals[w]!;
		}
		if (cur.pos + w.length >= n && ['true', 'false', 'null'].some((l) => l.startsWith(w))) return truncated(path);
		return fail('JSON_SYNTAX', `unexpected ${describe(cur.pos)}`, path);
	};

	const readValue = (depth: number, path: string): JsonValue => {
		skipSpace();
		if (cur.pos >= n) return truncated(path);
		const c = text[cur.pos]!;
		if (c === '{' || c === '[') {
			if (depth >= MAX_DEPTH) fail('DEPTH', `objects and arrays nested deeper than ${MAX_DEPTH} levels`, path);
			return c === '{' ? readObject(depth + 1, path) : readArray(depth + 1, path);
		}
		if (c === '"') return readString(path);
		if (c === '-' || (c >= '0' && c <= '9')) return readNumber(path);
		return readWord(path);
	};

	const readObject = (depth: number, path: string): JsonObject => {
		const obj: JsonObject = Object.create(null) as JsonObject;
		const keyLines = new Map<string, number>();
		const entries: [string, JsonValue][] = [];
		lines.set(obj, keyLines);
		starts.set(obj, cur.line);
		ordered.set(obj, entries);
		cur.pos++;
		skipSpace();
		if (text[cur.pos] === '}') {
			cur.pos++;
			return obj;
		}
		for (;;) {
			skipSpace();
			if (cur.pos >= n) return truncated(path);
			if (text[cur.pos] !== '"') fail('JSON_SYNTAX', `expected a "key" but found ${describe(cur.pos)}`, path);
			const keyLine = cur.line;
			const key = readString(path);
			const childPath = path ? `${path}.${key}` : key;
			skipSpace();
			if (cur.pos >= n) return truncated(childPath);
			if (text[cur.pos] !== ':') fail('JSON_SYNTAX', `expected ":" after "${key}" but found ${describe(cur.pos)}`, childPath);
			cur.pos++;
			const value = readValue(depth, childPath);
			if (Object.hasOwn(obj, key)) duplicates.push({ path, key, line: keyLine });
			else keyLines.set(key, keyLine);
			obj[key] = value;
			entries.push([key, value]);
			skipSpace();
			if (cur.pos >= n) return truncated(path);
			const sep = text[cur.pos];
			cur.pos++;
			if (sep === '}') return obj;
			if (sep !== ',') {
				cur.pos--;
				fail('JSON_SYNTAX', `expected "," or "}" but found ${describe(cur.pos)}`, path);
			}
		}
	};

	const readArray = (depth: number, path: string): JsonValue[] => {
		const arr: JsonValue[] = [];
		const itemLines = new Map<string, number>();
		lines.set(arr, itemLines);
		starts.set(arr, cur.line);
		cur.pos++;
		skipSpace();
		if (text[cur.pos] === ']') {
			cur.pos++;
			return arr;
		}
		for (;;) {
			skipSpace();
			itemLines.set(String(arr.length), cur.line);
			arr.push(readValue(depth, `${path}[${arr.length}]`));
			skipSpace();
			if (cur.pos >= n) return truncated(path);
			const sep = text[cur.pos];
			cur.pos++;
			if (sep === ']') return arr;
			if (sep !== ',') {
				cur.pos--;
				fail('JSON_SYNTAX', `expected "," or "]" but found ${describe(cur.pos)}`, path);
			}
		}
	};

	skipSpace();
	const startLine = cur.line;
	const root = readValue(0, '');
	return {
		root,
		startLine,
		lineOf: (container, key) => lines.get(container)?.get(String(key)),
		startOf: (container) => starts.get(container),
		entries: (obj) => ordered.get(obj) ?? Object.entries(obj),
		duplicates,
	};
}

/** First non-blank line of `text`, shortened, for warnings about skipped text. */
function summarize(lines: string[]): string {
	const first = lines.find((l) => l.trim() !== '')?.trim() ?? '';
	const short = first.length > 100 ? `${first.slice(0, 100)}…` : first;
	return lines.length > 1 ? `"${short}" (${lines.length} lines)` : `"${short}"`;
}

export interface FioJsonText {
	document: JsonDocument;
	warnings: Warning[];
}

/** Where a fio report opens even when something is glued before its brace (a shell's `>{`). */
const REPORT_START = /\{\s*"fio version"\s*:/y;

/** Index in `lineText` (which starts at `lineStart` of `text`) of a brace that opens a fio report, or -1. */
function reportStartIn(text: string, lineStart: number, lineText: string): number {
	for (let at = lineText.indexOf('{'); at !== -1; at = lineText.indexOf('{', at + 1)) {
		REPORT_START.lastIndex = lineStart + at;
		if (REPORT_START.test(text)) return at;
	}
	return -1;
}

function sameValue(a: JsonValue, b: JsonValue): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) || Array.isArray(b)) {
		return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]!));
	}
	const keys = Object.keys(a);
	return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k]!, b[k]!));
}

/** The warning for several documents: the same report printed again (one run), or --status-interval snapshots. */
function repeatsWarning(documents: JsonDocument[]): Warning {
	const last = documents.at(-1)!;
	if (documents.every((d) => sameValue(d.root, last.root))) {
		const stamp = typeof last.root === 'object' && last.root !== null && !Array.isArray(last.root) ? last.root.timestamp_ms : undefined;
		const same = stamp === undefined ? '' : ` (same timestamp_ms ${String(stamp)})`;
		return {
			code: 'DUPLICATE_DOCUMENT',
			message: `the same JSON report is printed ${documents.length} times${same}; read once`,
			line: documents[1]!.startLine,
		};
	}
	return {
		code: 'STATUS_INTERVAL_REPEATS',
		message: `${documents.length} JSON documents (fio --status-interval?); using the last one`,
		line: last.startLine,
	};
}

/**
 * The fio JSON report inside `text`: text before the first line that starts with "{" (or before a "{" that opens
 * a report mid-line) is skipped (fio logs warnings to the same stream), several documents (--status-interval) give
 * the last one, text after the JSON is skipped. Each skip is a Warning.
 */
export function readFioJsonText(input: string, file: string): FioJsonText {
	const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
	const warnings: Warning[] = [];
	const documents: JsonDocument[] = [];
	const cur: Cursor = { text, pos: 0, line: 1 };
	let junk: { line: number; lines: string[] } | null = null;

	const flushJunk = () => {
		if (!junk) return;
		const before = documents.length === 0;
		warnings.push({
			code: before ? 'NON_JSON_PREFIX' : 'TRAILING_TEXT',
			message: `skipped non-JSON text ${before ? 'before' : 'after'} the JSON: ${summarize(junk.lines)}`,
			line: junk.line,
		});
		junk = null;
	};

	while (cur.pos < text.length) {
		const eol = text.indexOf('\n', cur.pos);
		const end = eol === -1 ? text.length : eol;
		const lineText = text.slice(cur.pos, end);
		const brace = /^[ \t\r]*\{/.exec(lineText);
		const glued = brace ? -1 : reportStartIn(text, cur.pos, lineText);
		if (brace || glued >= 0) {
			if (glued > 0) {
				junk ??= { line: cur.line, lines: [] };
				junk.lines.push(lineText.slice(0, glued));
			}
			flushJunk();
			cur.pos += brace ? brace[0].length - 1 : glued;
			documents.push(readJsonValue(cur, file, warnings));
			continue;
		}
		if (lineText.trim() !== '') {
			junk ??= { line: cur.line, lines: [] };
			junk.lines.push(lineText);
		}
		cur.pos = end + 1;
		cur.line++;
	}
	flushJunk();

	const last = documents.at(-1);
	if (!last) throw new ParseError('NO_JSON', file, { line: 1 }, 'no line starts with "{": this is not fio JSON output');
	if (documents.length > 1) warnings.push(repeatsWarning(documents));
	return { document: last, warnings };
}
