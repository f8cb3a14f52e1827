// A synthetic catalog for npm run bench -- --catalog N: a data/ folder of N reviews made from the bundled ones.
// Every third review (a third, rounded up) copies a bundled raw fio sweep with its numbers scaled by a factor of its own
// (throughput × f, latency ÷ f: still valid fio output that passes the ingest's cross-checks); the others copy a
// published-figure review. Each review gets its own id and its own copies of the devices it names.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { bucketIndex, bucketValue } from '../../src/lib/formats/fio/histogram-bins.ts';

export const DATA = resolve(import.meta.dirname, '../../data');

export interface CatalogReview {
	id: string;
	template: string;
	raw: boolean;
	/** Throughput factor of a raw review (latencies are divided by it). */
	factor: number | null;
	devices: string[];
}

interface Template {
	id: string;
	raw: boolean;
	/** Path relative to the review folder → text. */
	files: Map<string, string>;
	devices: string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function listFiles(dir: string, rel = ''): string[] {
	return readdirSync(join(dir, rel), { withFileTypes: true })
		.flatMap((e) => (e.isDirectory() ? listFiles(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`]))
		.sort();
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pass over the text, so an id is never replaced twice; ids only match whole (not inside a longer id). */
function replaceIds(text: string, ids: Map<string, string>): string {
	const alternatives = [...ids.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
	const re = new RegExp(`(?<![a-z0-9-])(${alternatives.join('|')})(?![a-z0-9-])`, 'g');
	return text.replace(re, (id) => ids.get(id)!);
}

function loadTemplates(source: string): { templates: Template[]; devices: Map<string, string> } {
	const devices = new Map<string, string>();
	for (const f of listFiles(join(source, 'devices'))) {
		if (f.endsWith('.yaml')) devices.set(f.slice(0, -5), readFileSync(join(source, 'devices', f), 'utf8'));
	}
	const templates: Template[] = [];
	for (const id of readdirSync(join(source, 'reviews')).sort()) {
		const dir = join(source, 'reviews', id);
		const files = new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const));
		if (!files.has('review.yaml')) continue;
		// Raw fio sweeps (the scaling below knows fio JSON and logs) and published figures; other tools' raw output is not copied.
		const raw = [...files.keys()].some((f) => /^raw\/.*\.json$/.test(f));
		if (!raw && !files.has('published.csv')) continue;
		// The devices a review names anywhere in its metadata (devices tested, comparison bases, sidecar defaults).
		const text = [...files].filter(([f]) => /\.(ya?ml|csv)$/.test(f)).map(([, t]) => t).join('\n');
		const named = [...devices.keys()].filter((d) => new RegExp(`(?<![a-z0-9-])${escapeRe(d)}(?![a-z0-9-])`).test(text));
		templates.push({ id, raw, files, devices: named });
	}
	return { templates, devices };
}

/** mulberry32 seeded with the FNV-1a hash of a string. */
function prng(seedText: string): () => number {
	let h = 0x811c9dc5;
	for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 0x01000193);
	let a = h >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}

/** Integers stay integers; fractions keep fio's six decimals. */
const scaled = (v: number, k: number) => (Number.isInteger(v) ? Math.round(v * k) : Math.round(v * k * 1e6) / 1e6);

const THROUGHPUT = new Set(['iops', 'total_ios', 'short_ios', 'drop_ios', 'bw', 'bw_bytes', 'bw_min', 'bw_max', 'bw_mean', 'bw_dev',
	'iops_min', 'iops_max', 'iops_mean', 'iops_stddev']);

/** A clat_ns/lat_ns/slat_ns (or µs-era clat/lat/slat) block: values ÷ f, sample counts × f, json+ bins moved to fio's buckets. */
function scaleLatency(o: JsonObject, f: number): void {
	for (const k of ['min', 'max', 'mean', 'stddev']) {
		const v = o[k];
		if (typeof v === 'number') o[k] = scaled(v, 1 / f);
	}
	if (typeof o.N === 'number') o.N = Math.round(o.N * f);
	const percentile = o.percentile;
	if (isObject(percentile)) for (const [k, v] of Object.entries(percentile)) if (typeof v === 'number') percentile[k] = scaled(v, 1 / f);
	const bins = o.bins;
	if (!isObject(bins)) return;
	const byIndex = 'FIO_IO_U_PLAT_BITS' in bins;
	const counts = new Map<string, number>();
	for (const [k, v] of Object.entries(bins)) {
		if (typeof v !== 'number' || !/^\d+$/.test(k)) continue;
		const key = byIndex ? k : String(bucketValue(bucketIndex(Math.round(Number(k) / f))));
		counts.set(key, (counts.get(key) ?? 0) + Math.max(1, Math.round(v * f)));
	}
	// Integer keys of a JS object enumerate in ascending order, as fio writes them.
	o.bins = Object.fromEntries([...Object.entries(bins).filter(([k]) => !/^\d+$/.test(k)), ...counts]);
	// The samples are what the bins hold, as in fio's own output (each count was rounded on its own).
	o.N = [...counts.values()].reduce((sum, n) => sum + n, 0);
}

/** One direction (read/write/trim/mixed) of a job; io_bytes, bw_bytes and bw are kept exactly as fio relates them. */
function scaleDirection(d: JsonObject, f: number): void {
	for (const [k, v] of Object.entries(d)) {
		if (typeof v === 'number' && THROUGHPUT.has(k)) d[k] = scaled(v, f);
		else if (isObject(v) && /^[cs]?lat(_ns)?$/.test(k)) scaleLatency(v, f);
	}
	const io = Math.round((d.io_bytes as number) * f);
	d.io_bytes = io;
	if (typeof d.io_kbytes === 'number') d.io_kbytes = Math.floor(io / 1024);
	const runtime = d.runtime as number;
	if (runtime > 0 && typeof d.bw_bytes === 'number') {
		d.bw_bytes = Math.round((io * 1000) / runtime);
		d.bw = Math.floor(d.bw_bytes / 1024);
	}
}

function scaleTree(node: Json, f: number): void {
	if (Array.isArray(node)) for (const v of node) scaleTree(v, f);
	if (!isObject(node)) return;
	if (typeof node.io_bytes === 'number' && typeof node.runtime === 'number') return scaleDirection(node, f);
	for (const [k, v] of Object.entries(node)) {
		if (k === 'rate_iops' && typeof v === 'string') node[k] = scaleRateText(v, f);
		else scaleTree(v, f);
	}
}

const scaleRateText = (v: string, f: number) => v.replace(/\d+/g, (n) => String(Math.round(Number(n) * f)));

/** A fio JSON result with its numbers scaled, or null when the text is not one. */
export function perturbFioJson(text: string, f: number): string | null {
	const start = text.indexOf('{');
	let json: Json;
	try {
		json = JSON.parse(text.slice(start)) as Json;
	} catch {
		return null;
	}
	if (!isObject(json) || !Array.isArray(json.jobs)) return null;
	scaleTree(json, f);
	return `${text.slice(0, start)}${JSON.stringify(json, null, 2)}\n`;
}

/** A fio log (<prefix>_<metric>.<N>.log): the value column scaled, bandwidth and IOPS × f, latencies ÷ f. */
function perturbLog(text: string, metric: string, f: number): string {
	const k = metric === 'bw' || metric === 'iops' ? f : 1 / f;
	return text.replace(/^(\s*\d+,\s*)(\d+)/gm, (_, time: string, value: string) => `${time}${Math.round(Number(value) * k)}`);
}

/** Rate limits in job files, runs.yaml and notes follow the drive's speed. */
const scaleRates = (text: string, f: number) =>
	text.replace(/(rate_limit_iops: |rate_iops=)(\d+)|\b(\d+)( IOPS)\b/g, (_, key?: string, a?: string, b?: string, unit?: string) =>
		key ? `${key}${Math.round(Number(a) * f)}` : `${Math.round(Number(b) * f)}${unit}`,
	);

function setSuffix(yamlText: string, keys: string[], suffix: string): string {
	const doc = parseDocument(yamlText);
	for (const k of keys) {
		const v = doc.get(k);
		if (typeof v === 'string') doc.set(k, `${v} ${suffix}`);
	}
	return doc.toString({ lineWidth: 0 });
}

function reviewFiles(t: Template, ids: Map<string, string>, f: number | null, label: string): Map<string, string> {
	const out = new Map<string, string>();
	for (const [rel, text] of t.files) {
		const log = /_(bw|iops|lat|clat|slat)\.\d+\.log$/.exec(rel);
		let result: string | null = null;
		if (f !== null && rel.endsWith('.json')) result = perturbFioJson(text, f);
		else if (f !== null && log) result = perturbLog(text, log[1]!, f);
		if (result === null) result = replaceIds(f !== null && /\.(ya?ml|fio)$/.test(rel) ? scaleRates(text, f) : text, ids);
		if (rel === 'review.yaml') result = setSuffix(result, ['title', 'title_en'], label);
		out.set(rel, result);
	}
	return out;
}

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

/** Writes reviews/ and devices/ of an N-review catalog under `out`; the same N gives the same bytes. */
export function generateCatalog(n: number, out: string, source = DATA): CatalogReview[] {
	const { templates, devices } = loadTemplates(source);
	const raw = templates.filter((t) => t.raw);
	const published = templates.filter((t) => !t.raw);
	if (!raw.length || !published.length) throw new Error(`${source} needs both a raw-data review and a published-figure review`);
	const width = Math.max(4, String(n).length);
	const reviews: CatalogReview[] = [];
	let rawCount = 0;
	for (let i = 0; i < n; i++) {
		const isRaw = i % 3 === 0;
		const t = isRaw ? raw[rawCount % raw.length]! : published[(i - rawCount) % published.length]!;
		if (isRaw) rawCount++;
		const suffix = `c${String(i + 1).padStart(width, '0')}`;
		const id = `${t.id}-${suffix}`;
		const ids = new Map([[t.id, id], ...t.devices.map((d) => [d, `${d}-${suffix}`] as const)]);
		// Log-uniform between 0.4× and 2.5× the template's speed.
		const factor = isRaw ? Math.round(Math.exp(Math.log(0.4) + prng(id)() * Math.log(2.5 / 0.4)) * 1e4) / 1e4 : null;
		for (const [rel, text] of reviewFiles(t, ids, factor, `[catalog ${i + 1}]`)) write(join(out, 'reviews', id, rel), text);
		for (const d of t.devices) {
			const text = setSuffix(replaceIds(devices.get(d)!, ids), ['model'], `[catalog ${i + 1}]`);
			write(join(out, 'devices', `${ids.get(d)}.yaml`), text);
		}
		reviews.push({ id, template: t.id, raw: isRaw, factor, devices: t.devices.map((d) => ids.get(d)!) });
	}
	return reviews;
}
