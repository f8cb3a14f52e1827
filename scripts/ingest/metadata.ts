// YAML metadata, checked by the zod schemas; an error names the file, the line and the field. Metadata is untrusted:
// nesting is capped before yaml composes it (recursively), aliases are capped, tags are refused.
import { type Alias, type CST, type Document, LineCounter, Parser, isAlias, isMap, isNode, isScalar, isSeq, parseDocument, visit } from 'yaml';
import { z } from 'zod';
import type { InputWarning } from '../../src/lib/dataset-layout.ts';
import { deviceYaml, type DeviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml, type ReviewYaml } from '../../src/lib/metadata/review.ts';
import type { DeviceRow, ReviewRow } from '../../src/lib/schema.ts';
import { parseCapacityBytes } from '../../src/lib/units.ts';
import { toolName } from '../../src/lib/vocabulary.ts';
import { InputError } from './files.ts';

/** Deepest nesting of lists and maps accepted; yaml composes recursively and overflows the stack near 800. */
const MAX_DEPTH = 64;
/** Nodes an alias may expand to (yaml counts them); a few aliases of aliases would otherwise make millions. */
const MAX_ALIAS_COUNT = 100;

type Path = (string | number)[];

/** The line of a key of a loaded YAML file (of the nearest enclosing key when it is not there). */
export type YamlLines = (path: Path) => number | undefined;

export function loadYaml<S extends z.ZodType>(
	file: string,
	text: string,
	schema: S,
	errors: InputError[],
	warnings: InputWarning[],
): z.infer<S> | undefined {
	return loadYamlWithLines(file, text, schema, errors, warnings)?.value;
}

/** loadYaml, and where each key is: for checks made later, against other files, that name their line. */
export function loadYamlWithLines<S extends z.ZodType>(
	file: string,
	text: string,
	schema: S,
	errors: InputError[],
	warnings: InputWarning[],
): { value: z.infer<S>; lineOf: YamlLines } | undefined {
	const deep = tooDeep(text);
	if (deep) {
		const line = text.slice(0, deep.offset).split('\n').length;
		errors.push(new InputError(file, 'YAML_TOO_DEEP', `lists and maps nested more than ${MAX_DEPTH} levels deep`, line, deep.field));
		return undefined;
	}
	const lineCounter = new LineCounter();
	const lineAt = (offset: number) => lineCounter.linePos(offset).line;
	// No YAML 1.1 tags either (!!binary, !!set, …): with them unresolved, every explicit tag but the core ones
	// (!!str, !!int, …) is a warning of yaml's, and an error here: never a function, nor a string in its place.
	const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, resolveKnownTags: false });
	for (const e of [...doc.errors, ...doc.warnings]) {
		const tag = e.code === 'TAG_RESOLVE_FAILED';
		const message = tag ? `${e.message}: tags are not allowed in metadata` : e.message.split('\n')[0]!;
		const field = e.code === 'MULTIPLE_DOCS' ? '' : fieldAt(doc.contents, e.pos[0]);
		errors.push(new InputError(file, tag ? 'YAML_TAG' : `YAML_${e.code}`, message, lineAt(e.pos[0]), field || undefined));
	}
	if (doc.errors.length || doc.warnings.length) return undefined;
	let value: unknown;
	try {
		value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
	} catch (e) {
		// yaml throws a ReferenceError for an alias without its anchor and for expansion over the limit.
		if (!(e instanceof ReferenceError)) throw e;
		const limit = /excessive alias/i.test(e.message);
		const message = limit ? `aliases expand to more than ${MAX_ALIAS_COUNT} nodes; the first alias is here` : e.message;
		const at = culpritAlias(doc)?.range?.[0] ?? 0;
		errors.push(new InputError(file, limit ? 'YAML_ALIAS_LIMIT' : 'YAML_ALIAS', message, lineAt(at), fieldAt(doc.contents, at) || undefined));
		return undefined;
	}
	const lineOf = (path: Path) => lineOfPath(doc, path, lineAt);
	for (const { path, key, known } of unknownKeys(schema, value, [])) {
		const guess = closest(key, known);
		if (!guess) continue;
		const message = `unknown key "${key}" (kept as an extra fact): did you mean "${guess}"?`;
		warnings.push({ file, line: lineOf([...path, key]), field: [...path, key].join('.'), code: 'KEY_TYPO', message });
	}
	const result = schema.safeParse(value);
	if (result.success) return { value: result.data, lineOf };
	for (const issue of result.error.issues) {
		const path = issue.path as Path;
		if (issue.code === 'unrecognized_keys') {
			const known = Object.keys(objectAt(schema, path)?.shape ?? {});
			for (const key of issue.keys) {
				const guess = closest(key, known);
				const message = `unknown key "${key}"${guess ? `: did you mean "${guess}"?` : ''}`;
				errors.push(new InputError(file, 'METADATA_UNKNOWN_KEY', message, lineOf([...path, key]), [...path, key].join('.')));
			}
		} else errors.push(new InputError(file, 'METADATA_INVALID', issue.message, lineOf(path), path.join('.') || '(root)'));
	}
	return undefined;
}

/** The first list or map nested deeper than MAX_DEPTH, from yaml's token tree (built without recursion). */
function tooDeep(text: string): { offset: number; field: string } | undefined {
	type Entry = { token: CST.Token | null | undefined; depth: number; path: string[] };
	const stack: Entry[] = [...new Parser().parse(text)].reverse().map((token) => ({ token, depth: 0, path: [] }));
	while (stack.length) {
		const { token, depth, path } = stack.pop()!;
		if (token?.type === 'document') stack.push({ token: token.value, depth, path });
		if (token?.type !== 'block-map' && token?.type !== 'block-seq' && token?.type !== 'flow-collection') continue;
		if (depth === MAX_DEPTH) return { offset: token.offset, field: path.join('.') };
		const isMapToken = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
		const items = token.items as CST.CollectionItem[];
		for (let i = items.length - 1; i >= 0; i--) {
			const { key, value } = items[i]!;
			const name = isMapToken && key && 'source' in key ? key.source : String(i);
			stack.push({ token: value, depth: depth + 1, path: [...path, name] }, { token: key, depth: depth + 1, path });
		}
	}
	return undefined;
}

/** The dotted path of the key or value at a source offset ("tools.0.name"). */
function fieldAt(node: unknown, offset: number, path: Path = []): string {
	const end = (n: unknown) => (isNode(n) && n.range ? n.range[2] : -1);
	// The first item that ends after the offset, else the last one when it ends right there (a quote never closed).
	const pick = (ends: number[]) => {
		const i = ends.findIndex((e) => offset < e);
		return i >= 0 ? i : ends.at(-1) === offset ? ends.length - 1 : -1;
	};
	if (isMap(node)) {
		const pair = node.items[pick(node.items.map((p) => Math.max(end(p.key), end(p.value))))];
		if (pair) {
			const key = isScalar(pair.key) ? String(pair.key.value) : '?';
			return offset < end(pair.key) ? [...path, key].join('.') : fieldAt(pair.value, offset, [...path, key]);
		}
	}
	if (isSeq(node)) {
		const i = pick(node.items.map(end));
		if (i >= 0) return fieldAt(node.items[i], offset, [...path, i]);
	}
	return path.join('.');
}

/** The alias to point at: the first whose anchor is not set before it, else the first. */
function culpritAlias(doc: Document): Alias | undefined {
	const anchors = new Set<string>();
	let first: Alias | undefined;
	let unresolved: Alias | undefined;
	visit(doc, {
		Node(_, node) {
			if (isAlias(node)) {
				first ??= node;
				if (!anchors.has(node.source)) {
					unresolved = node;
					return visit.BREAK;
				}
			} else if (node.anchor) anchors.add(node.anchor);
		},
	});
	return unresolved ?? first;
}

/** The line of the key at a path, or of the nearest enclosing one that is there (a missing key). */
function lineOfPath(doc: Document, path: Path, lineAt: (offset: number) => number): number | undefined {
	const lineOf = (node: unknown) => (isNode(node) && node.range ? lineAt(node.range[0]) : undefined);
	for (let i = path.length; i > 0; i--) {
		const parent = doc.getIn(path.slice(0, i - 1), true);
		const step = String(path[i - 1]);
		const line = lineOf(
			isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === step)?.key : isSeq(parent) ? parent.items[Number(step)] : undefined,
		);
		if (line !== undefined) return line;
	}
	return lineOf(doc.contents);
}

/** Unwraps optional, nullable, default and pipes down to the schema that says what a value holds. */
function unwrap(schema: unknown): unknown {
	let s = schema;
	while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault || s instanceof z.ZodPipe) {
		s = s instanceof z.ZodPipe ? s.in : s.unwrap();
	}
	return s;
}

/** The object schema at a path of the value (array indexes step into elements). */
function objectAt(schema: unknown, path: Path): z.ZodObject | undefined {
	let s = unwrap(schema);
	for (const step of path) s = unwrap(s instanceof z.ZodArray ? s.element : s instanceof z.ZodObject ? s.shape[step] : undefined);
	return s instanceof z.ZodObject ? s : undefined;
}

/** Keys of the value that its schema does not name, in objects that take other keys (strict ones reject them). */
function unknownKeys(schema: unknown, value: unknown, path: Path): { path: Path; key: string; known: string[] }[] {
	const s = unwrap(schema);
	if (s instanceof z.ZodArray && Array.isArray(value)) return value.flatMap((v, i) => unknownKeys(s.element, v, [...path, i]));
	if (!(s instanceof z.ZodObject) || s.def.catchall instanceof z.ZodNever) return [];
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
	const known = Object.keys(s.shape);
	return Object.entries(value).flatMap(([key, v]) =>
		Object.hasOwn(s.shape, key) ? unknownKeys(s.shape[key], v, [...path, key]) : [{ path, key, known }],
	);
}

/** The known key an unknown one is most likely a misspelling of: one or two edits away, ignoring case and - vs _. */
function closest(key: string, known: readonly string[]): string | undefined {
	const norm = (k: string) => k.toLowerCase().replace(/-/g, '_');
	let best: string | undefined;
	let bestDistance = Infinity;
	for (const k of known) {
		if (Math.abs(key.length - k.length) > 2) continue;
		const d = editDistance(norm(key), norm(k));
		if (d < bestDistance && d <= (Math.max(key.length, k.length) > 6 ? 2 : 1)) [best, bestDistance] = [k, d];
	}
	return best;
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b. */
function editDistance(a: string, b: string): number {
	const rows = [...Array(a.length + 1)].map((_, i) => [i, ...Array<number>(b.length).fill(0)]);
	for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
			rows[i]![j] = d;
		}
	}
	return rows[a.length]![b.length]!;
}

const json = (v: unknown) => JSON.stringify(v);

/** Keys a schema does not name: other facts, kept as extra_json. */
const extraOf = (y: object, schema: z.ZodObject) => Object.fromEntries(Object.entries(y).filter(([k]) => !Object.hasOwn(schema.shape, k)));

export function reviewRow(id: string, y: ReviewYaml): ReviewRow {
	const p = y.test_platform;
	const extra = extraOf(y, reviewYaml);
	const platformExtra = extraOf(p, reviewYaml.shape.test_platform.unwrap());
	if (Object.keys(platformExtra).length) extra.test_platform = platformExtra;
	const m = y.methodology;
	return {
		review_id: id,
		title: y.title,
		title_en: y.title_en,
		publisher: y.publisher,
		author: y.author,
		date: y.date,
		year: y.year ?? (y.date ? Number(y.date.slice(0, 4)) : null),
		url: y.url,
		licence: y.licence,
		language: y.language,
		machine_translated: y.machine_translated,
		platform_server: p.server,
		platform_cpu: p.cpu,
		platform_memory: p.memory,
		platform_os: p.os,
		platform_kernel: p.kernel,
		tools: y.tools.map((t) => (t.version ? `${toolName(t.tool)} ${t.version}` : toolName(t.tool))).join('; ') || null,
		drive_count: m.drive_count,
		methodology_json: json(m),
		devices_json: json(y.devices_tested),
		notes: y.notes,
		extra_json: Object.keys(extra).length ? json(extra) : null,
	};
}

export function deviceRow(id: string, y: DeviceYaml): DeviceRow {
	const capacity = y.capacity === null ? undefined : parseCapacityBytes(y.capacity);
	const extra = extraOf(y, deviceYaml);
	// The notes of the vocabulary's fields, only when there are some.
	const printed = Object.fromEntries(Object.entries({ vendor_note: y.vendor_note, interface_note: y.interface_note, form_factor_note: y.form_factor_note }).filter(([, v]) => v));
	const notes = { endurance: y.endurance, capacity_printed: y.capacity, ...printed, other: y.other, ...extra };
	return {
		device_id: id,
		vendor: y.vendor,
		model: y.model,
		device_class: y.device_class,
		capacity_bytes: capacity ?? null,
		interface: y.interface,
		interface_lanes: y.interface_lanes,
		form_factor: y.form_factor,
		nand: y.nand,
		controller: y.controller,
		dram: y.dram,
		endurance_dwpd: y.endurance_dwpd,
		endurance_pbw: y.endurance_pbw,
		warranty_years: y.warranty_years,
		firmware: y.firmware,
		claimed_json: y.claimed.length ? json(y.claimed) : null,
		extra_json: json(notes),
	};
}

/** A review made up for a bare folder of logs (no review.yaml): named after the folder. */
export function bareReviewRow(id: string, folderName: string, deviceId: string): ReviewRow {
	return {
		review_id: id, title: folderName, title_en: null, publisher: null, author: null, date: null, year: null, url: null, licence: null,
		language: null, machine_translated: null, platform_server: null, platform_cpu: null, platform_memory: null, platform_os: null,
		platform_kernel: null, tools: null, drive_count: null, methodology_json: null,
		devices_json: json([{ device_id: deviceId, role: 'subject' }]),
		notes: 'Ingested from a folder without review.yaml: review and device are named after the folder.',
		extra_json: null,
	};
}

export function bareDeviceRow(id: string, folderName: string): DeviceRow {
	return {
		device_id: id, vendor: null, model: folderName, device_class: 'unknown', capacity_bytes: null, interface: null, interface_lanes: null, form_factor: null, nand: null,
		controller: null, dram: null, endurance_dwpd: null, endurance_pbw: null, warranty_years: null, firmware: null,
		claimed_json: null, extra_json: null,
	};
}

export { deviceYaml, reviewYaml };
