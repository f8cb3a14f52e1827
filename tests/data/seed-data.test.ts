// The five seed reviews as data: every YAML matches its zod schema, ids cross-reference,
// published.csv holds the seed rows byte for byte, and nothing GARBLED.md excluded slipped in.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import { deviceYaml, type DeviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml, type ReviewYaml } from '../../src/lib/metadata/review.ts';
import { parsePublishedCsv } from '../../src/lib/formats/published-csv/parse.ts';
import type { ParseResult } from '../../src/lib/formats/parse-result.ts';
import { parseCapacityBytes, parseCount } from '../../src/lib/units.ts';
import { ROOT, SHARED, SHARED_SKIP_REASON } from '../helpers/fixtures.ts';

const SEED_REVIEWS = [
	'zdnet-2013-intel-dc-s3500',
	'anon-2022-solidigm-d7-p5520',
	'storagereview-2021-intel-p5510-vs-samsung-pm9a3',
	'shujuyukeji-2024-ymtc-pe321',
	'storagereview-2021-intel-storage-windows-server',
];
const SEED_DIR = join(SHARED, 'seed-reviews');
const SEED_PRESENT = existsSync(join(SEED_DIR, 'results.csv'));
const DEVICES_DIR = join(ROOT, 'data/devices');
const REVIEWS_DIR = join(ROOT, 'data/reviews');

const readYaml = (path: string): unknown => parseYaml(readFileSync(path, 'utf8'));

const devices = new Map<string, DeviceYaml>();
const deviceErrors: string[] = [];
for (const f of readdirSync(DEVICES_DIR).filter((name) => name.endsWith('.yaml'))) {
	const r = deviceYaml.safeParse(readYaml(join(DEVICES_DIR, f)));
	if (r.success) devices.set(f.slice(0, -'.yaml'.length), r.data);
	else deviceErrors.push(`${f}: ${r.error.message}`);
}
const knownDevices = new Set(devices.keys());

interface SeedReview {
	meta: ReviewYaml;
	csv: string;
	parsed: ParseResult;
}
const reviews = new Map<string, SeedReview>(
	SEED_REVIEWS.map((id) => {
		const dir = join(REVIEWS_DIR, id);
		const csv = readFileSync(join(dir, 'published.csv'), 'utf8');
		return [
			id,
			{
				meta: reviewYaml.parse(readYaml(join(dir, 'review.yaml'))),
				csv,
				parsed: parsePublishedCsv(csv, `${id}/published.csv`, knownDevices),
			},
		];
	}),
);

const devicesUsed = (r: SeedReview): Set<string> =>
	new Set([
		...r.parsed.figures.map((f) => f.device_id),
		...r.parsed.comparisons.flatMap((c) => (c.basis_device_id ? [c.basis_device_id] : [])),
	]);

describe('seed review metadata', () => {
	test('every data/devices/*.yaml matches the device schema', () => {
		expect(deviceErrors).toEqual([]);
		expect(devices.size).toBeGreaterThanOrEqual(12);
		for (const [id, d] of devices) {
			expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
			if (d.capacity !== null) expect(parseCapacityBytes(d.capacity), `${id} capacity "${d.capacity}"`).toBeGreaterThan(0);
			for (const c of d.claimed) expect(c['claimed'], `${id}: ${c.item}`).toBe(true);
		}
	});

	test('the five seed reviews parse with the review schema and link their article or say why not', () => {
		for (const [id, r] of reviews) {
			expect(r.meta.title.length, id).toBeGreaterThan(0);
			expect(r.meta.year, id).not.toBeNull();
			if (r.meta.date !== null) expect(Number(r.meta.date.slice(0, 4))).toBe(r.meta.year);
			if (r.meta.url === null) expect(String(r.meta['url_note'] ?? ''), id).not.toBe('');
		}
		expect(reviews.get('storagereview-2021-intel-p5510-vs-samsung-pm9a3')!.meta.url).toBe('https://storagereview.com/?p=75083');
	});

	test('every device a review uses exists in data/devices and is listed in its devices_tested', () => {
		for (const [id, r] of reviews) {
			const listed = new Set(r.meta.devices_tested.map((d) => d.device_id));
			for (const device of devicesUsed(r)) {
				expect(knownDevices.has(device), `${id} uses unknown device ${device}`).toBe(true);
				expect(listed.has(device), `${id} does not list ${device}`).toBe(true);
			}
			for (const device of listed) expect(knownDevices.has(device), `${id} lists unknown device ${device}`).toBe(true);
			for (const f of r.parsed.figures) expect(f.review_id).toBe(id);
		}
	});

	test("a device's reviews and has_results agree with the reviews' data", () => {
		const withRows = new Set([...reviews.values()].flatMap((r) => r.parsed.figures.map((f) => f.device_id)));
		// Only devices of published-figure reviews: a captured dataset's device has raw output, no published rows.
		const seedDevices = [...devices].filter(([, d]) => !(d['reviews'] as string[] | undefined)?.some((r) => !reviews.has(r)));
		for (const [id, d] of seedDevices) {
			expect(d['has_results'], id).toBe(withRows.has(id));
			const named = d['reviews'] as string[];
			for (const [reviewId, r] of reviews) {
				if (r.meta.devices_tested.some((t) => t.device_id === id)) expect(named, `${id} in ${reviewId}`).toContain(reviewId);
			}
		}
	});
});

const needsSeed = (title: string) => (SEED_PRESENT ? title : `${title} (${SHARED_SKIP_REASON})`);

describe.skipIf(!SEED_PRESENT)(needsSeed('published.csv is the seed transcription, split by review'), () => {
	test('rows are byte-identical to results.csv and every seed row is in exactly one review', () => {
		const seed = readFileSync(join(SEED_DIR, 'results.csv'), 'utf8');
		const [header, ...rows] = seed.split('\n').filter((l) => l !== '');
		let total = 0;
		for (const [id, r] of reviews) {
			const [ownHeader, ...own] = r.csv.split('\n').filter((l) => l !== '');
			expect(ownHeader).toBe(header);
			expect(own).toEqual(rows.filter((l) => l.startsWith(`${id},`)));
			total += own.length;
		}
		expect(total).toBe(rows.length);
	});
});

/** The markdown tables of GARBLED.md, by section heading ("A1", "A2", "A3", "B"). */
function garbledTables(text: string): Map<string, { title: string; rows: string[][] }> {
	const out = new Map<string, { title: string; rows: string[][] }>();
	let current: { title: string; rows: string[][] } | null = null;
	for (const line of text.split('\n')) {
		const heading = /^#{2,3} (A\d|[B-E])\. (.*)$/.exec(line);
		if (heading) {
			current = { title: heading[2]!, rows: [] };
			out.set(heading[1]!, current);
		} else if (line.startsWith('|') && current && !/^\|[-| ]+\|$/.test(line)) {
			current.rows.push(
				line
					.slice(1, -1)
					.split('|')
					.map((cell) => cell.trim()),
			);
		}
	}
	for (const t of out.values()) t.rows.shift(); // the header row
	return out;
}

describe.skipIf(!SEED_PRESENT)(needsSeed('nothing GARBLED.md excluded is in the data'), () => {
	const text = SEED_PRESENT ? readFileSync(join(SEED_DIR, 'GARBLED.md'), 'utf8') : '';
	const tables = garbledTables(text);
	const excludedCount = (title: string) => Number(/(\d+) figures excluded/.exec(title)?.[1]);
	const quotes = [...reviews.values()].flatMap((r) => r.parsed.figures.map((f) => f.quote ?? ''));

	test('the exclusion tables are read completely (130 + 11 + 3 + 8 = 152 figures)', () => {
		const a1 = tables.get('A1')!;
		expect(a1.rows.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(excludedCount(a1.title));
		expect(tables.get('A2')!.rows).toHaveLength(excludedCount(tables.get('A2')!.title));
		expect(tables.get('B')!.rows).toHaveLength(excludedCount(tables.get('B')!.title));
		const total = ['A1', 'A2', 'A3', 'B'].reduce((sum, k) => sum + excludedCount(tables.get(k)!.title), 0);
		expect(total).toBe(Number(/Excluded test figures: (\d+)/.exec(text)?.[1]));
		expect(total).toBe(152);
	});

	test('no published quote contains, or is part of, an excluded fragment', () => {
		const fragments = [
			...tables.get('A1')!.rows.map((r) => r[2]!),
			...['A2', 'A3', 'B'].flatMap((k) => tables.get(k)!.rows.map((r) => r[1]!)),
		];
		expect(fragments.length).toBe(33 + 11 + 1 + 8); // 34 curves, less the clean P5510 SQL one
		for (const fragment of fragments) {
			for (const q of quotes) {
				expect(q.includes(fragment), `quote "${q}" contains excluded "${fragment}"`).toBe(false);
				expect(fragment.includes(q), `quote "${q}" is part of excluded "${fragment}"`).toBe(false);
			}
		}
	});

	test('no VDbench curve point excluded in A1 appears as a VDbench figure of that device', () => {
		const r = reviews.get('storagereview-2021-intel-p5510-vs-samsung-pm9a3')!;
		const vdbench = new Set(r.parsed.runs.filter((run) => run.tool === 'vdbench').map((run) => run.run_key));
		expect(vdbench.size).toBe(6);
		const deviceOf: Record<string, string> = { P5510: 'intel-d7-p5510-7-68tb', PM9A3: 'samsung-pm9a3-7-68tb' };
		let checked = 0;
		for (const row of tables.get('A1')!.rows) {
			const device = deviceOf[row[1]!]!;
			for (const cell of [row[3]!, row[4]!]) {
				const m = /^([\d.]+[KM]) IOPS @ ([\d.]+) us$/.exec(cell);
				if (!m) continue;
				const iops = parseCount(m[1]!);
				const latNs = Number(m[2]) * 1e3;
				const clash = r.parsed.figures.filter(
					(f) =>
						f.run_key !== null &&
						vdbench.has(f.run_key) &&
						f.device_id === device &&
						((f.base_unit === 'count/s' && f.value === iops) || (f.base_unit === 'ns' && f.value === latNs)),
				);
				expect(clash, `${row[0]} ${row[1]} ${cell}`).toEqual([]);
				checked++;
			}
		}
		expect(checked).toBeGreaterThanOrEqual(60);
	});

	test('the figures excluded from seed 004 (section B) have no row', () => {
		const r = reviews.get('storagereview-2021-intel-storage-windows-server')!;
		const rows = (device: string, workload: string, metric?: string) =>
			r.parsed.figures.filter(
				(f) => f.device_id === device && f.workload === workload && (metric === undefined || f.metric === metric),
			);
		expect(rows('intel-optane-pmem-200-128gb', '4k-random-read 1T/1Q', 'lat_avg')).toEqual([]);
		expect(rows('intel-optane-p5800x-800gb', '4k-random-write 1T/1Q', 'lat_avg')).toEqual([]);
		expect(rows('intel-d7-p5510-7-68tb', '4k-random-write 1T/1Q', 'lat_avg')).toEqual([]);
		expect(rows('intel-optane-p5800x-800gb', '8k-seq-read')).toEqual([]);
		expect(rows('intel-optane-p5800x-800gb', '8k-seq-write')).toEqual([]);
		expect(rows('intel-d7-p5510-7-68tb', '8k-seq-write')).toEqual([]);
		expect(r.parsed.figures.filter((f) => /70\/30/.test(f.workload ?? ''))).toEqual([]);
	});

	test('every figure corrected in transcription is listed in GARBLED.md section C', () => {
		const listed = tables
			.get('C')!
			.rows.map((row) => row[1]!)
			.join('\n');
		const corrected = [...reviews.values()].flatMap((r) => r.parsed.figures.filter((f) => f.correction !== null));
		expect(corrected).toHaveLength(16);
		for (const f of corrected) {
			// Section C names each corrected figure, as printed ("469", "13.23") or with separators ("4,800,000").
			const spellings = [f.value_printed, Number(f.value_printed).toLocaleString('en-US')];
			expect(
				spellings.some((s) => listed.includes(s)),
				`line ${f.source_line}: ${f.value_printed}`,
			).toBe(true);
		}
	});
});
