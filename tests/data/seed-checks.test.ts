// The arithmetic of ../shared/seed-reviews/CHECKS.md, reproduced from the PARSED rows of
// data/reviews/*/published.csv (never from the numbers typed here): unit normalisation,
// pairs of the same figure in two units, Little's law, orderings, and the known mismatches.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import { deviceYaml, type DeviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml } from '../../src/lib/metadata/review.ts';
import { parsePublishedCsv } from '../../src/lib/formats/published-csv/parse.ts';
import type { ParsedComparison, ParsedFigure, ParsedRun } from '../../src/lib/formats/parse-result.ts';
import {
	GB,
	GIB,
	KB,
	MB,
	MIB,
	NS_PER_MS,
	NS_PER_S,
	normalizePublished,
	parseCapacityBytes,
	parseCount,
} from '../../src/lib/units.ts';
import { ROOT } from '../helpers/fixtures.ts';

const S3500 = 'zdnet-2013-intel-dc-s3500';
const P5520 = 'anon-2022-solidigm-d7-p5520';
const VS = 'storagereview-2021-intel-p5510-vs-samsung-pm9a3';
const PE321 = 'shujuyukeji-2024-ymtc-pe321';
const WIN = 'storagereview-2021-intel-storage-windows-server';

const DEVICES_DIR = join(ROOT, 'data/devices');
const REVIEWS_DIR = join(ROOT, 'data/reviews');

const devices = new Map<string, DeviceYaml>(
	readdirSync(DEVICES_DIR)
		.filter((f) => f.endsWith('.yaml'))
		.map((f) => [f.slice(0, -'.yaml'.length), deviceYaml.parse(parseYaml(readFileSync(join(DEVICES_DIR, f), 'utf8')))]),
);
const knownDevices = new Set(devices.keys());

interface Parsed {
	figures: ParsedFigure[];
	comparisons: ParsedComparison[];
	runs: Map<string, ParsedRun>;
}
const parsed = new Map<string, Parsed>();
for (const id of readdirSync(REVIEWS_DIR)) {
	const csv = join(REVIEWS_DIR, id, 'published.csv');
	if (!existsSync(csv)) continue;
	const r = parsePublishedCsv(readFileSync(csv, 'utf8'), `data/reviews/${id}/published.csv`, knownDevices);
	parsed.set(id, { figures: r.figures, comparisons: r.comparisons, runs: new Map(r.runs.map((run) => [run.run_key, run])) });
}

function review(id: string): Parsed {
	const p = parsed.get(id);
	if (!p) throw new Error(`no published.csv for ${id}`);
	return p;
}

interface Filter {
	device?: string;
	workload?: string | RegExp;
	metric?: string;
	unit?: string;
	/** Words the condition must contain. */
	condition?: string | RegExp;
	quote?: string | RegExp;
}

function matches(text: string | null, want: string | RegExp | undefined): boolean {
	if (want === undefined) return true;
	if (text === null) return false;
	return typeof want === 'string' ? text.includes(want) : want.test(text);
}

function figures(reviewId: string, f: Filter): ParsedFigure[] {
	return review(reviewId).figures.filter(
		(x) =>
			(f.device === undefined || x.device_id === f.device) &&
			(f.workload === undefined ||
				(typeof f.workload === 'string' ? x.workload === f.workload : matches(x.workload, f.workload))) &&
			(f.metric === undefined || x.metric === f.metric) &&
			(f.unit === undefined || x.unit_printed === f.unit) &&
			matches(x.condition, f.condition) &&
			matches(x.quote, f.quote),
	);
}

function figure(reviewId: string, f: Filter): ParsedFigure {
	const found = figures(reviewId, f);
	expect(
		found,
		`exactly one figure in ${reviewId} for ${JSON.stringify(f, (_, v) => (v instanceof RegExp ? String(v) : v))}`,
	).toHaveLength(1);
	return found[0]!;
}

function runOf(reviewId: string, f: ParsedFigure): ParsedRun {
	const run = f.run_key === null ? undefined : review(reviewId).runs.get(f.run_key);
	if (!run) throw new Error(`figure on line ${f.source_line} has no run`);
	return run;
}

interface ComparisonFilter {
	device: string;
	basis: string;
	kind?: 'delta' | 'ratio';
	workload?: string;
	iodepth?: number | null;
	condition?: string | RegExp;
}

function comparison(reviewId: string, f: ComparisonFilter): ParsedComparison {
	const found = review(reviewId).comparisons.filter(
		(c) =>
			c.device_id === f.device &&
			(c.basis_device_id ?? c.basis) === f.basis &&
			(f.kind === undefined || c.kind === f.kind) &&
			(f.workload === undefined || c.workload === f.workload) &&
			(f.iodepth === undefined || c.iodepth === f.iodepth) &&
			matches(c.condition, f.condition),
	);
	expect(found, `exactly one comparison in ${reviewId} for ${JSON.stringify(f)}`).toHaveLength(1);
	return found[0]!;
}

const relDiff = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);
const nonNull = <T>(v: T | null | undefined): T => {
	expect(v).not.toBeNull();
	expect(v).toBeDefined();
	return v as T;
};
function capacityBytes(deviceId: string): number {
	return nonNull(parseCapacityBytes(nonNull(devices.get(deviceId)?.capacity)));
}
function claimed(deviceId: string, item: string): { value: number; base_unit: string; written?: string } {
	const c = nonNull(devices.get(deviceId)?.claimed.find((x) => x.item === item));
	const n = nonNull(normalizePublished(String(c.value), nonNull(c.unit)));
	return { value: n.value, base_unit: n.base_unit, written: c.written };
}
/** Every "<number><suffix>" written in a quote, as a count ("92.8K", "177万", "2.30M"). */
function countsInQuote(quote: string | null, suffix: 'K' | 'M' | '万'): number[] {
	const re = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*${suffix}`, 'g');
	return [...(quote ?? '').matchAll(re)].map((m) => nonNull(parseCount(`${m[1]}${suffix}`)));
}

describe('1. pairs: the same figure published in two units', () => {
	test('C-01: 546 MiB/s = 572.52 MB/s, published as 572 MB/s (within 0.1 %)', () => {
		const mib = figure(S3500, { workload: '1m-seq-read', metric: 'bandwidth', unit: 'MiB/s' });
		const mb = figure(S3500, { workload: '1m-seq-read', metric: 'bandwidth', unit: 'MB/s' });
		// 546 × 1,048,576 B/MiB = 572,522,496 B/s
		expect(mib.value).toBe(572_522_496);
		expect(mib.value / MB).toBeCloseTo(572.52, 2);
		expect(relDiff(mib.value, mb.value)).toBeLessThan(0.001);
		expect(mib.value).toBeGreaterThan(mb.value); // the article truncated, -0.09 %
	});

	test('C-02: 177万 IOPS × 4,096 B = 7,249.9 MB/s vs the printed 7259 MB/s (within 0.15 %)', () => {
		const iops = figure(PE321, { workload: '4k-random-read', metric: 'iops' });
		const bw = figure(PE321, { workload: '4k-random-read', metric: 'bandwidth' });
		const run = runOf(PE321, iops);
		expect(run.block_size_bytes).toBe(4096); // "4KB" is a binary block size
		const derived = nonNull(run.iops) * nonNull(run.block_size_bytes);
		expect(derived).toBe(7_249_920_000);
		expect(relDiff(derived, bw.value)).toBeLessThan(0.0015);
		// The other way: 7,259 MB/s / 4,096 B = 1,772,217 IOPS = 177.2万, which rounds to the printed 177万.
		expect(countsInQuote(iops.quote, '万')).toEqual([nonNull(run.iops)]);
		expect(Math.round(bw.value / 4096 / 1e4)).toBe(nonNull(run.iops) / 1e4);
		// Reading "MB" as binary would not match: 1,770,000 × 4 KiB = 6,914 MiB/s, 4.7 % below 7259.
		expect(relDiff(derived / MIB, bw.value / MB)).toBeGreaterThan(0.04);
	});

	test('C-03: 4KiB = 4,096 B, 1MiB = 1,048,576 B = 1.048576 MB', () => {
		const small = runOf(S3500, figure(S3500, { workload: '4k-random-read', metric: 'iops' }));
		const large = runOf(S3500, figure(S3500, { workload: '1m-seq-read', metric: 'bandwidth', unit: 'MiB/s' }));
		expect(small.block_size_bytes).toBe(4096);
		expect(large.block_size_bytes).toBe(1_048_576);
		expect(nonNull(large.block_size_bytes) / KB).toBe(1048.576);
		expect(nonNull(large.block_size_bytes) / MB).toBe(1.048576);
	});

	test('C-04: SATA 6Gb/s tops out at 600 MB/s; 572.5 MB/s is 95.4 % of it', () => {
		const mib = figure(S3500, { workload: '1m-seq-read', metric: 'bandwidth', unit: 'MiB/s' });
		const sataBytesPerS = (6e9 * 8) / 10 / 8; // 8b/10b line coding
		expect(sataBytesPerS).toBe(600 * MB);
		expect(mib.value / sataBytesPerS).toBeCloseTo(0.954, 3);
		expect(mib.value).toBeLessThan(sataBytesPerS);
	});
});

describe('2. multipliers and units', () => {
	test('C-05: K after a count (000) is × 1,000, and the derived 4 KiB bandwidths', () => {
		const counts = figures(S3500, { device: 'intel-dc-s3500-480gb', metric: 'iops' });
		expect(counts.map((f) => f.value)).toEqual([92_800, 84_300, 62_800, 63_700, 14_700, 14_000, 17_400, 25_600, 23_600, 29_400]);
		for (const f of counts) expect(countsInQuote(f.quote, 'K'), `line ${f.source_line}`).toContain(f.value);
		const bandwidth = (workload: string, value: number) => {
			const f = figure(S3500, { workload, metric: 'iops', quote: new RegExp(`^${value / 1000}K`) });
			const run = runOf(S3500, f);
			return (nonNull(run.iops) * nonNull(run.block_size_bytes)) / MB;
		};
		expect(bandwidth('4k-random-read', 84_300)).toBeCloseTo(345.3, 1); // 84,300 × 4,096 B
		expect(bandwidth('4k-seq-read', 92_800)).toBeCloseTo(380.1, 1); // 92,800 × 4,096 B
		const aligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'aligned writes (spec' });
		expect((nonNull(runOf(S3500, aligned).iops) * 4096) / MB).toBeCloseTo(260.9, 1); // 63,700 × 4,096 B
	});

	test('C-06: 万 in 001 and 003 is × 10,000 (and 百万 is 1,000,000); claimed 175万 and 100万', () => {
		const counted = (id: string) => figures(id, {}).filter((f) => f.base_unit === 'count/s');
		const p5520 = counted(P5520);
		expect(p5520.map((f) => f.value)).toEqual([1_150_000, 1_100_000, 1_100_000, 220_000, 300_000, 400_000]);
		for (const f of p5520) expect(countsInQuote(f.quote, '万'), `line ${f.source_line}`).toContain(f.value);
		const pe321 = counted(PE321);
		expect(pe321.map((f) => f.value)).toEqual([1_770_000, 689_000, 747_000, 320_000, 1_000_000, 900_000]);
		for (const f of pe321) {
			if (f.quote?.includes('超过百万')) expect(f.value).toBe(1e6);
			else expect(countsInQuote(f.quote, '万'), `line ${f.source_line}`).toContain(f.value);
		}
		for (const [device, item, value] of [
			['ymtc-pe321-6-4tb', 'random read', 1_750_000],
			['ymtc-pe310', 'random read', 1_000_000],
		] as const) {
			const c = claimed(device, item);
			expect(c.value).toBe(value);
			expect(parseCount(nonNull(c.written))).toBe(c.value);
		}
	});

	test('C-07: M after a count (002, 004) is × 1,000,000; 004 stores 万-as-M already corrected', () => {
		const withM = [...figures(VS, { metric: 'iops' }), ...figures(WIN, { metric: 'iops' })].filter((f) =>
			/\dM IOPS/.test(f.quote ?? ''),
		);
		expect(withM.map((f) => f.value)).toEqual([2_300_000, 1_910_000, 1_780_000, 1_350_000]);
		for (const f of withM) expect(countsInQuote(f.quote, 'M')).toEqual([f.value]);
		const corrected = figures(WIN, { metric: 'iops' }).filter((f) => f.correction?.startsWith('unit corrected:'));
		expect(corrected.map((f) => f.value)).toEqual([4_800_000, 3_200_000, 1_700_000, 4_450_000, 1_920_000, 1_750_000]);
		for (const f of corrected) {
			// Printed "4.8 万": the number before 万 is in millions, 100 × what 万 would mean.
			const [literal] = countsInQuote(f.quote, '万');
			expect(f.value / nonNull(literal)).toBeCloseTo(100, 9);
		}
	});

	test('C-08: time units: 1.147 ms = 1,147 us; 103 ms; 1 / 2 / 2.6 ms; 002 Sysbench stays in ms', () => {
		const table = figures(WIN, { workload: /16T\/16Q$/, metric: 'lat_avg' });
		expect(table.map((f) => f.value / 1e3).sort((a, b) => a - b)).toEqual([159, 265, 296, 377, 427, 1147]);
		expect(
			figure(WIN, { device: 'intel-d7-p5510-7-68tb', workload: '4k-random-write 16T/16Q', metric: 'lat_avg' }).unit_printed,
		).toBe('ms');
		expect(figure(S3500, { device: 'intel-ssd-710', metric: 'lat_avg' }).value).toBe(103 * NS_PER_MS);
		const pe = figures(PE321, { workload: '70/30 mixed', unit: 'ms' });
		expect(pe.map((f) => [f.metric, f.value / NS_PER_MS])).toEqual([
			['lat_p99', 1],
			['lat_p99', 2],
			['lat_p99_99', 2.6],
		]);
		const app = figures(VS, { workload: /^(sysbench|sql server)/ }).filter((f) => f.base_unit === 'ns');
		expect(app).toHaveLength(10);
		for (const f of app) expect(f.unit_printed).toBe('ms');
	});

	test('C-09: 410 MiB/s = 429.9 MB/s, 423 MiB/s = 443.5 MB/s; GB/s is decimal', () => {
		const writes = figures(S3500, { workload: '1m-seq-write', metric: 'bandwidth' });
		expect(writes.map((f) => Number((f.value / MB).toFixed(1)))).toEqual([429.9, 443.5]);
		for (const id of [P5520, PE321]) {
			const seqRead = figures(id, { metric: 'bandwidth', workload: /seq-read$/ });
			expect(seqRead.map((f) => f.value)).toEqual([7.46 * GB]);
		}
	});
});

describe('3. arithmetic inside each review', () => {
	test('C-10: QD256 write-latency chain 10.7 / 0.428 = 25.0x, and 1 - 1/25 = -96.0 %', () => {
		const r710 = nonNull(comparison(S3500, { device: 'intel-ssd-710', basis: 'intel-ssd-520', iodepth: 256 }).ratio);
		const rS3500 = nonNull(
			comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'intel-ssd-520', kind: 'ratio', iodepth: 256 }).ratio,
		);
		expect(rS3500).toBe(0.428); // 42.8 % stored as a fraction
		const published = nonNull(comparison(S3500, { device: 'intel-ssd-710', basis: 'intel-dc-s3500-480gb' }).ratio);
		expect(relDiff(r710 / rS3500, published)).toBeLessThan(0.005); // 25.0 vs 25
		const reduction = comparison(S3500, {
			device: 'intel-dc-s3500-480gb',
			basis: 'intel-ssd-710',
			workload: '4k-random-write',
			iodepth: 256,
		});
		expect(Math.abs((1 - 1 / published) * -100 - nonNull(reduction.delta_pct))).toBeLessThan(0.05);
	});

	test("C-11: 103 ms / 25 = 4.12 ms vs Little's law 256 / 63.7K IOps = 4.02 ms (2.5 %)", () => {
		const lat710 = figure(S3500, { device: 'intel-ssd-710', metric: 'lat_avg' });
		const ratio = nonNull(comparison(S3500, { device: 'intel-ssd-710', basis: 'intel-dc-s3500-480gb' }).ratio);
		const s3500Lat = lat710.value / ratio;
		expect(s3500Lat / NS_PER_MS).toBeCloseTo(4.12, 2);
		const aligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'aligned writes (spec' });
		const little = (nonNull(runOf(S3500, lat710).iodepth) / aligned.value) * NS_PER_S;
		expect(little / NS_PER_MS).toBeCloseTo(4.02, 2);
		expect(relDiff(s3500Lat, little)).toBeLessThan(0.03);
	});

	test("C-12: +88.6 % IOps gives a Little's-law latency change of -47.0 %, printed -46.8 % and -47.2 %", () => {
		const gain = nonNull(
			comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'intel-ssd-710', workload: '4k-random-read', iodepth: null })
				.delta_pct,
		);
		const change = (1 / (1 + gain / 100) - 1) * 100;
		expect(change).toBeCloseTo(-47.0, 1);
		for (const iodepth of [256, 32]) {
			const body = comparison(S3500, {
				device: 'intel-dc-s3500-480gb',
				basis: 'intel-ssd-710',
				workload: '4k-random-read',
				iodepth,
				condition: /^delta vs intel-ssd-710: read latency reduction(?!; conclusion)/,
			});
			expect(Math.abs(nonNull(body.delta_pct) - change)).toBeLessThan(0.25);
		}
		// Derived only: SSD 710 4KiB sequential read 92.8K / 2.08 = 44.6K, random read 84.3K / 1.886 = 44.7K.
		const seqGain = nonNull(
			comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'intel-ssd-710', workload: '4k-seq-read' }).delta_pct,
		);
		expect(figure(S3500, { workload: '4k-seq-read', metric: 'iops' }).value / (1 + seqGain / 100) / 1e3).toBeCloseTo(44.6, 1);
		expect(figure(S3500, { workload: '4k-random-read', metric: 'iops' }).value / (1 + gain / 100) / 1e3).toBeCloseTo(44.7, 1);
	});

	test('C-13: 14 × 32 GiB + 64 GiB + 16 GiB = 528 GiB of raw NAND', () => {
		const raw = figure(S3500, { metric: 'capacity' });
		const packages = [...nonNull(raw.condition).matchAll(/(\d+)x(\d+)GiB/g)].map((m) => Number(m[1]) * Number(m[2]));
		expect(packages).toEqual([14 * 32, 64, 16]);
		expect(packages.reduce((a, b) => a + b, 0) * GIB).toBe(raw.value);
	});

	test('C-14: spare area (566.94 GB - 480 GB) / 566.94 GB = 15.33 %, printed 15.3 %', () => {
		const raw = figure(S3500, { metric: 'capacity' }).value;
		expect(raw / GB).toBeCloseTo(566.94, 2);
		const user = capacityBytes('intel-dc-s3500-480gb');
		const spare = figure(S3500, { workload: 'teardown spare area' });
		expect(spare.base_unit).toBe('%');
		expect(Math.abs(((raw - user) / raw) * 100 - spare.value)).toBeLessThan(0.1);
		expect(((raw - user) / user) * 100).toBeCloseTo(18.1, 1); // relative to user capacity it would not match
	});

	test('C-18: 88 dies × 96 GB = 8,448 GB; (8,448 - 7,680) / 7,680 = 10.0 %', () => {
		const raw = figure(P5520, { workload: 'teardown raw NAND' });
		const [, dies, size] = nonNull(/(\d+) dies x (\d+)GB/.exec(nonNull(raw.condition)));
		expect(Number(dies) * Number(size) * GB).toBe(raw.value);
		const user = capacityBytes('solidigm-d7-p5520-7-68tb');
		const spare = figure(P5520, { workload: 'teardown spare area' });
		expect(((raw.value - user) / user) * 100).toBeCloseTo(spare.value, 1);
		expect(((raw.value - user) / raw.value) * 100).toBeCloseTo(9.1, 1);
	});

	test('C-20: 7.68 TB × 83 % ≈ 6.4 TB; 220K × 1.9 = 418K fits "near +90 %" and "over 400K"', () => {
		const resized = figure(P5520, { workload: 'OP resize' });
		const share = Number(nonNull(/(\d+)% of logical sectors/.exec(nonNull(resized.condition)))[1]) / 100;
		const usable = capacityBytes('solidigm-d7-p5520-7-68tb') * share;
		expect(usable / 1e12).toBeCloseTo(6.374, 3);
		expect(Math.abs(usable - resized.value)).toBeLessThanOrEqual(0.05e12); // printed "约6.4TB": one decimal
		const base = figure(P5520, { workload: '4k-random-write', metric: 'iops', condition: 'default OP' }).value;
		const after = figure(P5520, { workload: '4k-random-write', metric: 'iops', condition: 'OP 17%' }).value;
		const delta = nonNull(comparison(P5520, { device: 'solidigm-d7-p5520-7-68tb', basis: 'default OP' }).delta_pct);
		expect(base * (1 + delta / 100)).toBeCloseTo(418_000, 6);
		expect(base * (1 + delta / 100)).toBeGreaterThanOrEqual(after);
		expect((after / base - 1) * 100).toBeCloseTo(81.8, 1);
		expect((after / base - 1) * 100).toBeLessThanOrEqual(delta);
	});

	test('C-22: 4KB random read: FIO peak ≥ 30-minute floor (−4.3 %), IOmeter at the same floor; 4.71 GB/s', () => {
		const reads = figures(P5520, { workload: '4k-random-read', metric: 'iops' });
		const peak = nonNull(reads.find((f) => f.condition?.includes('peak')));
		const floor = nonNull(reads.find((f) => f.condition?.includes('30-minute')));
		const iometer = nonNull(reads.find((f) => runOf(P5520, f).tool === 'iometer'));
		expect(peak.value).toBeGreaterThanOrEqual(floor.value);
		expect(((floor.value - peak.value) / peak.value) * 100).toBeCloseTo(-4.3, 1);
		expect(iometer.value).toBe(floor.value);
		expect((peak.value * nonNull(runOf(P5520, peak).block_size_bytes)) / GB).toBeCloseTo(4.71, 2);
	});

	test("C-23: 70/30 latency: average < p99.99 at QD1 and QD32; Little's law 32.3K and 199K IOPS", () => {
		const at = (metric: string, qd: number) => {
			const found = figures(P5520, { workload: '70/30 mixed', metric }).filter((f) => runOf(P5520, f).iodepth === qd);
			expect(found).toHaveLength(1);
			return found[0]!.value;
		};
		for (const qd of [1, 32]) expect(at('lat_avg', qd)).toBeLessThan(at('lat_p99_99', qd));
		expect((1 / at('lat_avg', 1)) * NS_PER_S).toBeCloseTo(32_258, -1);
		expect((32 / at('lat_avg', 32)) * NS_PER_S).toBeCloseTo(198_758, -1);
	});

	test("C-24: Sysbench TPS × average latency = VMs × 32 threads (Little's law), which proves the swap corrections", () => {
		for (const device of ['intel-d7-p5510-7-68tb', 'samsung-pm9a3-7-68tb']) {
			for (const workload of ['sysbench 16VM', 'sysbench 8VM']) {
				const tps = figure(VS, { device, workload, metric: 'tps' });
				const lat = figure(VS, { device, workload, metric: 'lat_avg' });
				const vms = Number(nonNull(/(\d+)VM/.exec(workload))[1]);
				const concurrency = vms * nonNull(runOf(VS, tps).numjobs);
				expect(relDiff(tps.value * (lat.value / NS_PER_S), concurrency), `${device} ${workload}`).toBeLessThan(0.001);
			}
		}
		// As printed, PM9A3 "16 毫秒" and "8 毫秒" (the VM counts in the latency slot) would give 619 and 236.
		for (const [workload, expected] of [
			['sysbench 16VM', 619],
			['sysbench 8VM', 236],
		] as const) {
			const lat = figure(VS, { device: 'samsung-pm9a3-7-68tb', workload, metric: 'lat_avg' });
			expect(lat.correction).toMatch(/^swap corrected:/);
			const printedMs = Number(nonNull(/(\d+) 毫秒/.exec(nonNull(lat.quote)))[1]);
			const tps = figure(VS, { device: 'samsung-pm9a3-7-68tb', workload, metric: 'tps' }).value;
			expect(tps * (printedMs / 1e3)).toBeCloseTo(expected, -1);
		}
	});

	test('C-25: Sysbench p99 > average in every cell; 16VM = 2 and 8VM = 1 VM per SSD', () => {
		for (const device of ['intel-d7-p5510-7-68tb', 'samsung-pm9a3-7-68tb']) {
			for (const [workload, perSsd] of [
				['sysbench 16VM', 2],
				['sysbench 8VM', 1],
			] as const) {
				const avg = figure(VS, { device, workload, metric: 'lat_avg' });
				const p99 = figure(VS, { device, workload, metric: 'lat_p99' });
				expect(p99.value).toBeGreaterThan(avg.value);
				expect(Number(nonNull(/(\d+)VM/.exec(workload))[1]) / nonNull(runOf(VS, avg).device_count)).toBe(perSsd);
			}
		}
	});

	test('C-27: P5510 SQL curve: peak / start = 2.30M / 225K = 10.2, latency 79 → 110 us', () => {
		const point = (metric: string, where: string) => figure(VS, { workload: 'vdbench sql', metric, condition: where }).value;
		expect(point('iops', 'curve peak') / point('iops', 'curve start')).toBeCloseTo(10.2, 1);
		expect(point('lat_avg', 'curve start')).toBeLessThan(point('lat_avg', 'curve peak'));
	});

	test('C-28: noisy neighbour: average < p99 < p99.9 < p99.99 per namespace, P5510 below PM9A3', () => {
		const levels = ['lat_p99', 'lat_p99_9', 'lat_p99_99'];
		for (const ns of ['NS4', 'NS5', 'NS6']) {
			const workload = `noisy neighbour ${ns}`;
			const at = (device: string, metric: string) => figure(VS, { device, workload, metric }).value;
			const intel = ['lat_avg', ...levels].map((m) => at('intel-d7-p5510-7-68tb', m));
			const samsung = levels.map((m) => at('samsung-pm9a3-7-68tb', m));
			for (const series of [intel, samsung])
				for (let k = 1; k < series.length; k++) expect(series[k]).toBeGreaterThan(series[k - 1]!);
			levels.forEach((_, k) => expect(intel[k + 1]).toBeLessThan(samsung[k]!));
		}
	});

	test('C-29: SQL Server: both groups at 1.0 ms', () => {
		const sql = figures(VS, { workload: 'sql server tpc-c 8VM', metric: 'lat_avg' });
		expect(sql.map((f) => f.device_id)).toEqual(['intel-d7-p5510-7-68tb', 'samsung-pm9a3-7-68tb']);
		expect(sql.map((f) => f.value)).toEqual([NS_PER_MS, NS_PER_MS]);
	});

	test('C-30: 7:3 mix: 747K + 320K = 1,067K > 1M ("超过百万"), read share 70.0 %', () => {
		const reads = figure(PE321, { workload: '70/30 mixed', metric: 'read_iops' });
		const writes = figure(PE321, { workload: '70/30 mixed', metric: 'write_iops' });
		const total = figure(PE321, { workload: '70/30 mixed', metric: 'iops' });
		expect(reads.value + writes.value).toBe(1_067_000);
		expect(reads.value + writes.value).toBeGreaterThan(total.value);
		expect((reads.value / (reads.value + writes.value)) * 100).toBeCloseTo(nonNull(runOf(PE321, reads).read_pct), 1);
		expect(runOf(PE321, reads).direction).toBe('read');
		expect(runOf(PE321, writes).direction).toBe('write');
	});

	test('C-31: Aerospike ACT 300 × (2,000 + 1,000) = 900,000 TPS, 66.7 % reads', () => {
		const tps = figure(PE321, { metric: 'tps' });
		const load = Number(nonNull(/(\d+)x$/.exec(nonNull(tps.workload)))[1]);
		const [, reads, writes] = nonNull(/1x = (\d+) reads \+ (\d+) writes per second/.exec(nonNull(tps.condition))).map(Number);
		expect(load * (reads! + writes!)).toBe(tps.value);
		expect((reads! / (reads! + writes!)) * 100).toBeCloseTo(nonNull(runOf(PE321, tps).read_pct), 1);
	});

	test('C-32: ACT pass criteria (from review.yaml) hold: > 1 ms at most 5.0 %; ordering 3.58 ≥ 3.03 ≥ 0.1 ≥ 0', () => {
		const meta = reviewYaml.parse(parseYaml(readFileSync(join(REVIEWS_DIR, PE321, 'review.yaml'), 'utf8')));
		const act = String(meta.methodology['aerospike_act']);
		const limits = new Map([...act.matchAll(/>(\d+)ms at most ([\d.]+)%/g)].map((m) => [Number(m[1]), Number(m[2])]));
		expect([...limits.keys()]).toEqual([1, 8, 64]);
		const over1 = figures(PE321, { metric: 'pct_over_1ms' });
		const average = nonNull(over1.find((f) => f.condition?.startsWith('24h average')));
		const maximum = nonNull(over1.find((f) => f.condition?.startsWith('24h maximum')));
		const over2 = figure(PE321, { metric: 'pct_over_2ms' });
		const over4 = figure(PE321, { metric: 'pct_over_4ms' });
		expect(maximum.value).toBeLessThanOrEqual(nonNull(limits.get(1)));
		expect(average.value).toBeLessThanOrEqual(maximum.value);
		expect(over2.value).toBeLessThanOrEqual(average.value);
		expect(over4.value).toBeLessThanOrEqual(over2.value);
		// Nothing over 4 ms means nothing over 8 ms or 64 ms either.
		expect(over4.value).toBeLessThanOrEqual(nonNull(limits.get(8)));
		expect(over4.value).toBeLessThanOrEqual(nonNull(limits.get(64)));
	});

	test('C-33: at QD512 P99 ≤ 2 ms < P99.99 2.6 ms; at QD128 both thresholds are crossed', () => {
		const at = (metric: string, qd: number) =>
			figures(PE321, { workload: '70/30 mixed', metric }).filter((f) => runOf(PE321, f).iodepth === qd);
		const [p99] = at('lat_p99', 512);
		const [p9999] = at('lat_p99_99', 512);
		expect(nonNull(p99).value).toBeLessThan(nonNull(p9999).value);
		expect(at('lat_avg', 128).map((f) => f.value)).toEqual([200_000]);
		expect(at('lat_p99', 128).map((f) => f.value)).toEqual([NS_PER_MS]);
	});

	test('C-34: PE321 measured vs claimed: random read +1.1 %, sequential read +0.8 %, sequential write +5.1 %', () => {
		const cases = [
			['random read', figure(PE321, { workload: '4k-random-read', metric: 'iops' }), 1.1],
			['sequential read', figure(PE321, { workload: 'seq-read' }), 0.8],
			['sequential write', figure(PE321, { workload: 'seq-write' }), 5.1],
		] as const;
		for (const [item, measured, pct] of cases) {
			const c = claimed('ymtc-pe321-6-4tb', item);
			expect(c.base_unit).toBe(measured.base_unit);
			expect((measured.value / c.value - 1) * 100).toBeCloseTo(pct, 1);
		}
	});

	test("C-36: Little's law at 16T/16Q: devices × 16 × 16 / latency = the published IOPS (万 = M)", () => {
		const expected: Record<string, number> = {
			'intel-d7-p5510-7-68tb|4k-random-read 16T/16Q': 4.8,
			'intel-optane-pmem-200-128gb|4k-random-read 16T/16Q': 3.22,
			'intel-optane-p5800x-800gb|4k-random-read 16T/16Q': 1.73,
			'intel-optane-p5800x-800gb|4k-random-write 16T/16Q': 1.93,
			'intel-d7-p5510-7-68tb|4k-random-write 16T/16Q': 1.79,
			'intel-optane-pmem-200-128gb|4k-random-write 16T/16Q': 1.36,
		};
		const iopsFigures = figures(WIN, { workload: /16T\/16Q$/, metric: 'iops' });
		expect(iopsFigures).toHaveLength(6);
		for (const f of iopsFigures) {
			const run = runOf(WIN, f);
			const lat = figure(WIN, { device: f.device_id, workload: nonNull(f.workload), metric: 'lat_avg' });
			const outstanding = nonNull(run.device_count) * nonNull(run.numjobs) * nonNull(run.iodepth);
			expect(outstanding).toBe(f.device_id === 'intel-d7-p5510-7-68tb' ? 2048 : 512);
			const little = (outstanding / lat.value) * NS_PER_S;
			expect(little / 1e6).toBeCloseTo(nonNull(expected[`${f.device_id}|${f.workload}`]), 2);
			// The printed figures have two significant digits: within 2 % of Little's law.
			expect(relDiff(little, f.value), `line ${f.source_line}`).toBeLessThan(0.02);
			if (f.correction) {
				// Read literally, "4.8 万" = 48,000 would be off by 100×.
				const literal = nonNull(countsInQuote(f.quote, '万')[0]);
				expect(little / literal).toBeGreaterThan(95);
			}
		}
	});

	test('C-39: 8K sequential IOPS × 8,192 B vs the 128K sequential bandwidth', () => {
		const pairs: [string, string, string][] = [
			['intel-optane-pmem-200-128gb', '8k-seq-write', '128k-seq-write'],
			['intel-optane-pmem-200-128gb', '8k-seq-read', '128k-seq-read'],
			['intel-d7-p5510-7-68tb', '8k-seq-read', '128k-seq-read'],
		];
		const derived = pairs.map(([device, small, large]) => {
			const f = figure(WIN, { device, workload: small, metric: 'iops' });
			const bw = nonNull(runOf(WIN, f).iops) * nonNull(runOf(WIN, f).block_size_bytes);
			const large128 = figure(WIN, { device, workload: large, metric: 'bandwidth' }).value;
			expect(bw).toBeLessThanOrEqual(large128 * 1.005);
			return [bw / GB, large128 / GB];
		});
		expect(derived[0]![0]).toBeCloseTo(14.336, 3); // PMem write 1.75M × 8,192 B …
		expect(relDiff(derived[0]![0]!, derived[0]![1]!)).toBeLessThan(0.005); // … ≈ its 128K write, 14.3 GB/s
		expect(derived[1]![0]).toBeCloseTo(15.73, 2); // PMem read 1.92M × 8,192 B ≤ 44 GB/s
		expect(derived[2]![0]).toBeCloseTo(36.45, 2); // P5510 read 4.45M × 8,192 B ≤ 54 GB/s
		// Literally, 4.45万 × 8,192 B = 364.5 MB/s for 8 drives (45.6 MB/s each): implausible.
		const p5510 = figure(WIN, { device: 'intel-d7-p5510-7-68tb', workload: '8k-seq-read', metric: 'iops' });
		expect((nonNull(countsInQuote(p5510.quote, '万')[0]) * 8192) / MB / 8).toBeCloseTo(45.6, 1);
	});

	test('C-41: per-device bandwidth stays under the PCIe 4.0 x4 ceiling of 7.877 GB/s', () => {
		const ceiling = (16e9 * 4 * 128) / 130 / 8; // 16 GT/s × 4 lanes, 128b/130b coding
		expect(ceiling / GB).toBeCloseTo(7.877, 3);
		const perDevice = new Map<string, number[]>();
		for (const [id, p] of parsed) {
			for (const f of p.figures.filter((x) => x.metric === 'bandwidth')) {
				if (devices.get(f.device_id)?.interface !== 'pcie-4-nvme') continue;
				const share = f.value / nonNull(runOf(id, f).device_count);
				expect(share, `${id} line ${f.source_line}`).toBeLessThanOrEqual(ceiling);
				perDevice.set(`${id}|${f.device_id}|${f.workload}`, [
					...(perDevice.get(`${id}|${f.device_id}|${f.workload}`) ?? []),
					share / ceiling,
				]);
			}
		}
		const pct = (key: string) => nonNull(perDevice.get(key)).map((x) => Number((x * 100).toFixed(1)));
		expect(pct(`${WIN}|intel-optane-p5800x-800gb|128k-seq-read`)).toEqual([88.9]);
		expect(pct(`${P5520}|solidigm-d7-p5520-7-68tb|128k-seq-read`)).toEqual([94.7]);
		expect(pct(`${PE321}|ymtc-pe321-6-4tb|seq-read`)).toEqual([94.7]);
		expect(pct(`${PE321}|ymtc-pe321-6-4tb|4k-random-read`)).toEqual([92.2]);
		// P5510 54 GB/s / 8 = 6.75 GB/s, within its claimed 7000 MB/s.
		const p5510 = figure(WIN, { device: 'intel-d7-p5510-7-68tb', workload: '128k-seq-read' });
		expect(p5510.value / 8).toBeLessThanOrEqual(claimed('intel-d7-p5510-7-68tb', 'bandwidth (sequential)').value);
	});
});

describe('4. known mismatches inside the articles are reproduced, not repaired', () => {
	test('C-42: QD32 read-latency reduction is −47.2 % in the body and −47.1 % in the conclusion', () => {
		const both = review(S3500).comparisons.filter(
			(c) =>
				c.basis_device_id === 'intel-ssd-710' && c.workload === '4k-random-read' && c.iodepth === 32 && c.quantity === 'latency',
		);
		expect(both.map((c) => c.delta_pct)).toEqual([-47.2, -47.1]);
	});

	test('C-43: unaligned 4KiB random write is 14.7K in the body and 14K in the summary', () => {
		const both = figures(S3500, { workload: '4k-random-write', metric: 'iops', condition: '4KiB-unaligned' });
		expect(both.map((f) => f.value)).toEqual([14_700, 14_000]);
	});

	test('C-44: "5.9倍" unaligned/aligned matches neither 63.7K / 14.7K = 4.33 nor 3 / 0.428 = 7.0', () => {
		const printed = nonNull(comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'same drive with aligned writes' }).ratio);
		expect(printed).toBe(5.9);
		const aligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'aligned writes (spec' }).value;
		const unaligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'close to the 11K spec' }).value;
		const viaIops = aligned / unaligned;
		const viaSsd520 =
			nonNull(comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'intel-ssd-520', kind: 'ratio', iodepth: null }).ratio) /
			nonNull(comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'intel-ssd-520', kind: 'ratio', iodepth: 256 }).ratio);
		expect(viaIops).toBeCloseTo(4.33, 2);
		expect(viaSsd520).toBeCloseTo(7.0, 1);
		for (const other of [viaIops, viaSsd520]) expect(relDiff(other, printed)).toBeGreaterThan(0.1);
	});

	test('C-45: "高4.5倍" vs the 11K spec: 63.7K / 11K = 5.79, but 63.7K / 14K = 4.55', () => {
		const c = comparison(S3500, { device: 'intel-dc-s3500-480gb', basis: 'spec (11K IOPS)' });
		const spec = nonNull(parseCount(nonNull(/\((\S+) IOPS\)/.exec(c.basis))[1]!));
		expect(spec).toBe(claimed('intel-dc-s3500-480gb', '4K random write').value);
		const aligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'aligned writes (spec' }).value;
		const summary = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'summary restatement' }).value;
		expect(aligned / spec).toBeCloseTo(5.79, 2);
		expect(relDiff(aligned / spec, nonNull(c.ratio))).toBeGreaterThan(0.2);
		expect(aligned / summary).toBeCloseTo(4.55, 2);
		expect(relDiff(aligned / summary, nonNull(c.ratio))).toBeLessThan(0.015);
		const unaligned = figure(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'close to the 11K spec' }).value;
		expect((unaligned / spec - 1) * 100).toBeCloseTo(33.6, 1);
		const read = figure(S3500, { workload: '4k-random-read', metric: 'iops' }).value;
		expect((read / claimed('intel-dc-s3500-480gb', '4K random read').value - 1) * 100).toBeCloseTo(12.4, 1);
	});

	test('C-46: the write-pressure ceilings (700/800/850 MB/s) and the 196 / 196.5 us leads are garbled, so absent', () => {
		const pressure = figures(VS, { workload: 'write pressure' });
		expect(pressure.map((f) => [f.metric, f.value / 1e3])).toEqual([
			['lat_avg', 78],
			['lat_avg', 82],
		]);
		expect(review(VS).figures.filter((f) => f.base_unit === 'bytes/s')).toEqual([]);
		expect(review(VS).figures.filter((f) => f.value === 196_000 || f.value === 196_500)).toEqual([]);
	});

	test('C-47: figures restated identically have a single row', () => {
		const count = (id: string, f: Filter) => figures(id, f).length;
		expect(figures(S3500, { workload: '4k-random-read', metric: 'iops' }).map((f) => f.value)).toEqual([84_300]);
		expect(count(S3500, { workload: '4k-random-write', metric: 'iops', condition: 'aligned writes (spec' })).toBe(1);
		expect(review(S3500).comparisons.filter((c) => c.delta_pct === -46.8 || c.delta_pct === -96)).toHaveLength(2);
		expect(count(WIN, { device: 'intel-optane-pmem-200-128gb', workload: '128k-seq-read' })).toBe(1);
		expect(count(VS, { workload: 'sql server tpc-c 8VM', device: 'intel-d7-p5510-7-68tb' })).toBe(1);
	});
});
