// A reader's own result as a link: its normalized rows, column by column, as JSON compressed with the platform's
// CompressionStream ('deflate': zlib, whose Adler-32 checksum refuses a link changed or cut in transit) and written
// base64url after `#own=v1.`. A browser never sends the fragment to a server, so the link carries the result from
// reader to reader and no server sees it. Opening a link is opening a
// file nobody checked: decodeOwnShare checks every value against the schema (src/lib/schema.ts) and gives one plain
// message for anything else, never an exception. Pure: Node (the tests) and the browser (the pages) run it alike.
import type { TimeseriesBucketRow } from '../queries/timeseries.ts';
import { DIRECTIONS, LAT_STATS, VALUE_ORIGINS, histograms, percentiles, runs, type ColumnType, type HistogramRow, type PercentileRow, type RunRow } from '../schema.ts';
import { SIGNED_COLUMNS } from '../validate.ts';
import { OWN_DEVICE_ID, OWN_REVIEW_ID, type OwnRows } from './common.ts';

/** What starts a result link's fragment, whatever its version. */
export const SHARE_KEY = 'own=';
export const SHARE_PREFIX = `${SHARE_KEY}v1.`;
const PACKING = 'deflate';
/**
 * The longest fragment a link gets (8 KiB). Browsers take far longer URLs (Chromium 2 MB), but a link lives in chat
 * apps, mail and issue trackers, and passes through shorteners and redirects that put it in a request line: 8 KiB is
 * what common servers keep of one (nginx's and Apache's default 8 KB) and what those apps keep whole. A result that
 * does not fit is offered as CSV instead.
 */
export const SHARE_MAX_CHARS = 8 * 1024;
/** What a link's JSON may grow to once inflated: a deflate bomb of 8 KiB stops here. */
const MAX_JSON_BYTES = 2 * 1024 * 1024;
const MAX_ROWS = 20_000;
const MAX_TEXT = 2_000;
/** A file name is shown as given, up to this many characters. */
export const SHARE_MAX_NAME = 120;

/** The tables a link carries: runs and percentiles always, histograms and time series when they fit. */
export const SHARED_TABLES = ['runs', 'percentiles', 'histograms', 'timeseries'] as const;
export type SharedTable = (typeof SHARED_TABLES)[number];
const OPTIONAL = ['histograms', 'timeseries'] as const satisfies readonly SharedTable[];
/** A table a link may leave out. */
export type OptionalTable = (typeof OPTIONAL)[number];

export interface OwnShareInput extends Pick<OwnRows, SharedTable> {
	/** The dropped file's name, shown as the result's title. */
	name: string;
	/** The format detected (FileFormat.id). */
	format: string;
}

export type OwnShareEncoded =
	| { ok: true; fragment: string; chars: number; left_out: OptionalTable[] }
	| { ok: false; code: 'TOO_LARGE'; chars: number; message: string };

export type OwnShareDecoded =
	| { ok: true; name: string; format: string; rows: OwnRows; left_out: OptionalTable[] }
	| { ok: false; code: string; message: string };

interface Spec {
	type: ColumnType;
	required: boolean;
}
type Specs = Record<string, Spec>;
const specsOf = (columns: readonly { name: string; type: ColumnType; required: boolean }[]): Specs =>
	Object.fromEntries(columns.map((c) => [c.name, { type: c.type, required: c.required }]));
const v = (type: ColumnType, required = true): Spec => ({ type, required });
/** The time-series chart's rows (queries/timeseries.ts): the series' columns and its slice's. */
const bucketSpecs: Record<keyof TimeseriesBucketRow, Spec> = {
	series_id: v('VARCHAR'),
	review_id: v('VARCHAR'),
	device_id: v('VARCHAR'),
	run_id: v('VARCHAR', false),
	source_file: v('VARCHAR'),
	metric: v('VARCHAR'),
	direction: v('VARCHAR'),
	window_ms: v('INTEGER', false),
	bucket: v('INTEGER'),
	time_ms: v('DOUBLE'),
	time_start_ms: v('DOUBLE'),
	time_end_ms: v('DOUBLE'),
	points: v('BIGINT'),
	value_mean: v('DOUBLE', false),
	value_min: v('DOUBLE', false),
	value_max: v('DOUBLE', false),
	steady_start_ms: v('DOUBLE', false),
	steady_end_ms: v('DOUBLE', false),
};
const SPECS: Record<SharedTable, Specs> = { runs: specsOf(runs.columns), percentiles: specsOf(percentiles.columns), histograms: specsOf(histograms.columns), timeseries: bucketSpecs };

/** Always "your result" and "your drive": a link cannot speak for a published drive. */
const FORCED: Record<string, string> = { review_id: OWN_REVIEW_ID, device_id: OWN_DEVICE_ID };
/** Ids the parser makes as `<review_id>:<file>#<key>` (result-rows.ts). */
const PREFIXED = new Set(['run_id', 'series_id']);
const OWN_PREFIX = `${OWN_REVIEW_ID}:`;
const CHOICES: Record<string, readonly string[]> = { direction: DIRECTIONS, stat: LAT_STATS, value_origin: VALUE_ORIGINS };

/** A table as a column list and one value array per column; columns NULL in every row, and the forced ids, left out. */
function columnsOf(rows: readonly object[], specs: Specs): { n: number; columns: string[]; values: unknown[][] } {
	const cells = rows as readonly Record<string, unknown>[];
	const columns = Object.keys(specs).filter((c) => !(c in FORCED) && cells.some((r) => r[c] !== null && r[c] !== undefined));
	return { n: rows.length, columns, values: columns.map((c) => cells.map((r) => r[c] ?? null)) };
}

async function through(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream, max = Infinity): Promise<Uint8Array | null> {
	const input = new ReadableStream<BufferSource>({
		start(c) {
			c.enqueue(bytes);
			c.close();
		},
	});
	const reader = input.pipeThrough(transform).getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.length;
		if (total > max) {
			await reader.cancel().catch(() => undefined);
			return null;
		}
		chunks.push(value);
	}
	const out = new Uint8Array(total);
	let at = 0;
	for (const c of chunks) {
		out.set(c, at);
		at += c.length;
	}
	return out;
}

function base64url(bytes: Uint8Array): string {
	let binary = '';
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
	if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
	const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
	return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const kib = (chars: number) => `${(chars / 1024).toFixed(1)} KiB`;

/**
 * The result as a fragment (`own=v1.…`, without the `#`). Histograms, then time series, are left out when the link
 * would be too long with them (left_out says which); a result too long even so is refused with TOO_LARGE.
 */
export async function encodeOwnShare(own: OwnShareInput): Promise<OwnShareEncoded> {
	const attempt = async (leftOut: readonly OptionalTable[]) => {
		const tables = Object.fromEntries(SHARED_TABLES.filter((t) => !(leftOut as readonly SharedTable[]).includes(t)).map((t) => [t, columnsOf(own[t], SPECS[t])]));
		const json = JSON.stringify({ name: own.name.slice(0, SHARE_MAX_NAME), format: own.format, left_out: leftOut, ...tables });
		const packed = await through(new TextEncoder().encode(json), new CompressionStream(PACKING));
		return `${SHARE_PREFIX}${base64url(packed!)}`;
	};
	const hasSeriesOnly = own.runs.length === 0;
	const choices: OptionalTable[][] = [[], ['histograms'], ...(hasSeriesOnly ? [] : [[...OPTIONAL]])];
	let fragment = '';
	for (const choice of choices) {
		const leftOut = choice.filter((t) => own[t].length > 0);
		fragment = await attempt(leftOut);
		if (fragment.length <= SHARE_MAX_CHARS) return { ok: true, fragment, chars: fragment.length, left_out: leftOut };
	}
	return {
		ok: false,
		code: 'TOO_LARGE',
		chars: fragment.length,
		message: `is too large for a link: ${kib(fragment.length)} compressed, a link holds up to ${kib(SHARE_MAX_CHARS)}`,
	};
}

class Refused extends Error {}
const refuse = (why: string): never => {
	throw new Refused(why);
};
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const onlyKeys = (x: Record<string, unknown>, allowed: readonly string[], what: string) => {
	for (const k of Object.keys(x)) if (!allowed.includes(k)) refuse(`${what} has an unknown field "${k.slice(0, 40)}"`);
};

function checkValue(table: SharedTable, column: string, spec: Spec, value: unknown, row: number): unknown {
	const where = `${table} row ${row + 1}, ${column}`;
	if (column in FORCED) return FORCED[column];
	if (value === null) return spec.required ? refuse(`${where} is empty`) : null;
	if (spec.type === 'VARCHAR') {
		if (typeof value !== 'string') refuse(`${where} is not text`);
		const text = value as string;
		if (text.length > MAX_TEXT) refuse(`${where} is longer than ${MAX_TEXT} characters`);
		if (PREFIXED.has(column) && !text.startsWith(OWN_PREFIX)) refuse(`${where} does not start with "${OWN_PREFIX}"`);
		if (CHOICES[column] && !CHOICES[column].includes(text)) refuse(`${where} is not one of ${CHOICES[column].join(', ')}`);
		return text;
	}
	if (spec.type === 'BOOLEAN') return typeof value === 'boolean' ? value : refuse(`${where} is not true or false`);
	if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(`${where} is not a number`);
	if (spec.type !== 'DOUBLE' && !Number.isSafeInteger(value)) refuse(`${where} is not a whole number`);
	if (value < 0 && !SIGNED_COLUMNS.has(column)) refuse(`${where} is negative`);
	if (column === 'percentile' && value > 100) refuse(`${where} is over 100`);
	return value;
}

function rowsOf(table: SharedTable, raw: unknown): Record<string, unknown>[] {
	if (raw === undefined) return [];
	if (!isObject(raw)) return refuse(`${table} is not a table`);
	onlyKeys(raw, ['n', 'columns', 'values'], table);
	const { n, columns, values } = raw;
	if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > MAX_ROWS) return refuse(`${table} has not 0 to ${MAX_ROWS} rows`);
	if (!Array.isArray(columns) || !Array.isArray(values) || columns.length !== values.length) return refuse(`${table}'s columns and values do not match`);
	const specs = SPECS[table];
	for (const c of columns) {
		if (typeof c !== 'string' || !Object.hasOwn(specs, c)) refuse(`${table} has an unknown column "${String(c).slice(0, 40)}"`);
	}
	if (new Set(columns).size !== columns.length) refuse(`${table} names a column twice`);
	const given = new Map<string, unknown[]>();
	columns.forEach((c: string, i) => {
		const list: unknown = values[i];
		if (!Array.isArray(list) || list.length !== n) refuse(`${table}.${c} has not ${n} values`);
		given.set(c, list as unknown[]);
	});
	const out: Record<string, unknown>[] = [];
	for (let r = 0; r < n; r++) {
		const row: Record<string, unknown> = {};
		for (const [c, spec] of Object.entries(specs)) row[c] = checkValue(table, c, spec, given.get(c)?.[r] ?? null, r);
		out.push(row);
	}
	return out;
}

/** A fragment (`own=v1.…`, with or without its `#`) back to rows, every value checked; never throws. */
export async function decodeOwnShare(fragment: string): Promise<OwnShareDecoded> {
	try {
		const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
		if (!text.startsWith(SHARE_PREFIX)) return { ok: false, code: 'VERSION', message: 'it is not a result link of a version this page reads (own=v1.)' };
		if (text.length > SHARE_MAX_CHARS) return { ok: false, code: 'TOO_LONG', message: `it is longer than ${kib(SHARE_MAX_CHARS)}` };
		const packed = fromBase64url(text.slice(SHARE_PREFIX.length));
		if (!packed) return { ok: false, code: 'BAD_LINK', message: 'it holds characters a result link never has' };
		let bytes: Uint8Array | null;
		try {
			bytes = await through(packed, new DecompressionStream(PACKING), MAX_JSON_BYTES);
		} catch {
			return { ok: false, code: 'BAD_LINK', message: 'it is damaged or cut short (copy the whole link)' };
		}
		if (!bytes) return { ok: false, code: 'TOO_LONG', message: 'it unpacks to more than a result holds' };
		let doc: unknown;
		try {
			doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
		} catch {
			return { ok: false, code: 'BAD_LINK', message: 'it is damaged (its data is not JSON)' };
		}
		if (!isObject(doc)) return refuse('its data is not a result');
		onlyKeys(doc, ['name', 'format', 'left_out', ...SHARED_TABLES], 'the result');
		const { name, format, left_out } = doc;
		if (typeof name !== 'string' || name.length > SHARE_MAX_NAME) refuse(`its file name is not text of up to ${SHARE_MAX_NAME} characters`);
		if (typeof format !== 'string' || !/^[a-z0-9-]{1,40}$/.test(format)) refuse('its format is not a format name');
		if (!Array.isArray(left_out) || !left_out.every((t) => (OPTIONAL as readonly unknown[]).includes(t))) refuse('it does not say which tables it left out');
		const tables = Object.fromEntries(SHARED_TABLES.map((t) => [t, rowsOf(t, doc[t])]));
		if (tables.runs!.length === 0 && tables.timeseries!.length === 0) refuse('it holds no result');
		const rows: OwnRows = {
			runs: tables.runs as unknown as RunRow[],
			percentiles: tables.percentiles as unknown as PercentileRow[],
			histograms: tables.histograms as unknown as HistogramRow[],
			timeseries: tables.timeseries as unknown as TimeseriesBucketRow[],
			warnings: [],
		};
		return { ok: true, name: name as string, format: format as string, rows, left_out: left_out as OptionalTable[] };
	} catch (err) {
		if (err instanceof Refused) return { ok: false, code: 'INVALID', message: err.message };
		return { ok: false, code: 'BAD_LINK', message: `it could not be read (${err instanceof Error ? err.message : String(err)})` };
	}
}
