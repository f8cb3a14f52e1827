// YAML metadata, checked by the zod schemas; an error names the file, the line and the field.
import { LineCounter, parseDocument, isNode } from 'yaml';
import type { z } from 'zod';
import { deviceYaml, type DeviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml, type ReviewYaml } from '../../src/lib/metadata/review.ts';
import type { DeviceRow, ReviewRow } from '../../src/lib/schema.ts';
import { parseCapacityBytes } from '../../src/lib/units.ts';
import { InputError } from './files.ts';

export function loadYaml<S extends z.ZodType>(file: string, text: string, schema: S, errors: InputError[]): z.infer<S> | undefined {
	const lineCounter = new LineCounter();
	const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
	if (doc.errors.length) {
		for (const e of doc.errors) {
			const line = e.linePos?.[0]?.line;
			errors.push(new InputError(file, 'YAML_SYNTAX', e.message.split('\n')[0]!, line));
		}
		return undefined;
	}
	const result = schema.safeParse(doc.toJS());
	if (result.success) return result.data;
	for (const issue of result.error.issues) {
		const path = issue.path.map(String);
		const node = doc.getIn(issue.path as (string | number)[], true);
		const offset = isNode(node) && node.range ? node.range[0] : undefined;
		const line = offset !== undefined ? lineCounter.linePos(offset).line : undefined;
		errors.push(new InputError(file, 'METADATA_INVALID', issue.message, line, path.join('.') || '(root)'));
	}
	return undefined;
}

const json = (v: unknown) => JSON.stringify(v);

const REVIEW_KEYS = new Set(['title', 'title_en', 'publisher', 'author', 'date', 'year', 'url', 'language', 'machine_translated',
	'test_platform', 'tools', 'methodology', 'devices_tested', 'notes']);

export function reviewRow(id: string, y: ReviewYaml): ReviewRow {
	const p = y.test_platform;
	const extra = Object.fromEntries(Object.entries(y).filter(([k]) => !REVIEW_KEYS.has(k)));
	const platformExtra = Object.fromEntries(Object.entries(p).filter(([k]) => !['server', 'cpu', 'memory', 'os', 'kernel'].includes(k)));
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
		language: y.language,
		machine_translated: y.machine_translated,
		platform_server: p.server,
		platform_cpu: p.cpu,
		platform_memory: p.memory,
		platform_os: p.os,
		platform_kernel: p.kernel,
		tools: y.tools.map((t) => (t.version ? `${t.name} ${t.version}` : t.name)).join('; ') || null,
		drive_count: m.drive_count,
		methodology_json: json(m),
		devices_json: json(y.devices_tested),
		notes: y.notes,
		extra_json: Object.keys(extra).length ? json(extra) : null,
	};
}

export function deviceRow(id: string, y: DeviceYaml): DeviceRow {
	const capacity = y.capacity === null ? undefined : parseCapacityBytes(y.capacity);
	const known = new Set(['vendor', 'model', 'capacity', 'interface', 'form_factor', 'nand', 'controller', 'dram', 'endurance',
		'endurance_dwpd', 'endurance_pbw', 'warranty_years', 'firmware', 'claimed', 'other']);
	const extra = Object.fromEntries(Object.entries(y).filter(([k]) => !known.has(k)));
	const notes = { endurance: y.endurance, capacity_printed: y.capacity, other: y.other, ...extra };
	return {
		device_id: id,
		vendor: y.vendor,
		model: y.model,
		capacity_bytes: capacity ?? null,
		interface: y.interface,
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
		review_id: id, title: folderName, title_en: null, publisher: null, author: null, date: null, year: null, url: null,
		language: null, machine_translated: null, platform_server: null, platform_cpu: null, platform_memory: null, platform_os: null,
		platform_kernel: null, tools: null, drive_count: null, methodology_json: null,
		devices_json: json([{ device_id: deviceId, role: 'subject' }]),
		notes: 'Ingested from a folder without review.yaml: review and device are named after the folder.',
		extra_json: null,
	};
}

export function bareDeviceRow(id: string, folderName: string): DeviceRow {
	return {
		device_id: id, vendor: null, model: folderName, capacity_bytes: null, interface: null, form_factor: null, nand: null,
		controller: null, dram: null, endurance_dwpd: null, endurance_pbw: null, warranty_years: null, firmware: null,
		claimed_json: null, extra_json: null,
	};
}

export { deviceYaml, reviewYaml };
