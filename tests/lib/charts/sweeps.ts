// A realistic 4 KiB random-read QD sweep (fio, 4 jobs) on two drives, a one-run drive, a published
// series, a failed run (0 IOPS, 0 ns) and a run with no latency at all. IOPS and mean latency obey
// Little's law (outstanding I/Os = IOPS × latency), e.g. 4 × 64 / 2,050,000 IOPS = 124.9 µs.
import type { RunRow } from '../../../src/lib/schema.ts';
import { run } from './rows.ts';

const BS = 4096;

// [iodepth, IOPS, mean latency µs, p50 µs, p99 µs, p99.9 µs, p99.99 µs]
type SweepPoint = [number, number, number, number, number, number, number];

const KIOXIA: SweepPoint[] = [
	[1, 58_200, 68.7, 66, 95, 121, 160],
	[2, 112_500, 71.1, 68, 101, 130, 175],
	[4, 218_000, 73.4, 70, 110, 146, 200],
	[8, 410_000, 78.0, 74, 125, 171, 240],
	[16, 760_000, 84.2, 79, 149, 212, 310],
	[32, 1_350_000, 94.8, 88, 190, 285, 420],
	[64, 2_050_000, 124.9, 113, 281, 437, 640],
];

const SAMSUNG: SweepPoint[] = [
	[1, 48_900, 81.8, 78, 112, 150, 210],
	[2, 94_000, 85.1, 81, 121, 166, 235],
	[4, 176_000, 90.9, 86, 135, 192, 280],
	[8, 330_000, 97.0, 91, 160, 240, 365],
	[16, 560_000, 114.3, 104, 215, 347, 540],
	[32, 790_000, 162.0, 143, 343, 600, 955],
	[64, 1_000_000, 256.0, 224, 603, 1_100, 1_810],
];

function sweep(device: string, file: string, points: SweepPoint[]): RunRow[] {
	return points.map(([qd, iops, mean, p50, p99, p999, p9999]) =>
		run({
			device_id: device,
			run_id: `review-a:${file}#randread-qd${qd}`,
			source_file: file,
			tool: 'fio',
			tool_version: '3.33',
			job_name: `randread-qd${qd}`,
			scope: 'group',
			rw: 'randread',
			access: 'random',
			read_pct: 100,
			random_pct: 100,
			block_size_bytes: BS,
			iodepth: qd,
			numjobs: 4,
			device_count: 1,
			iops,
			bw_bytes_per_s: iops * BS,
			lat_mean_ns: mean * 1000,
			clat_mean_ns: mean * 1000 - 1500,
			clat_p50_ns: p50 * 1000,
			clat_p90_ns: ((p50 + p99) / 2) * 1000,
			clat_p99_ns: p99 * 1000,
			clat_p99_9_ns: p999 * 1000,
			clat_p99_99_ns: p9999 * 1000,
		}),
	);
}

export const kioxiaSweep = sweep('kioxia-cm7-r-3t84', 'kioxia/randread-sweep.json', KIOXIA);
export const samsungSweep = sweep('samsung-pm9a3-3t84', 'samsung/randread-sweep.json', SAMSUNG);

/** One run only, and only completion latency recorded (fio with disable_lat). */
export const micronSingle = run({
	device_id: 'micron-7450-1t92',
	run_id: 'review-a:micron/randread-qd32.json#randread',
	source_file: 'micron/randread-qd32.json',
	tool: 'fio',
	tool_version: '3.28',
	rw: 'randread',
	access: 'random',
	block_size_bytes: BS,
	iodepth: 32,
	numjobs: 4,
	device_count: 1,
	iops: 725_000,
	bw_bytes_per_s: 725_000 * BS,
	clat_mean_ns: 176_400,
	clat_p99_ns: 412_000,
});

/** Figures transcribed from a review: IOPS and mean latency at QD 1 and QD 32. */
export const intelPublished: RunRow[] = [
	[1, 8_100, 123],
	[32, 38_500, 831],
].map(([qd, iops, lat]) =>
	run({
		device_id: 'intel-ssd-710-200g',
		review_id: 'review-b',
		run_id: `review-b:published/results.csv#4k-randread-qd${qd}`,
		source_file: 'published/results.csv',
		source_format: 'published-csv',
		tool: 'iometer',
		scope: 'figure',
		access: 'random',
		read_pct: 100,
		block_size_bytes: BS,
		iodepth: qd!,
		numjobs: 1,
		iops: iops!,
		lat_mean_ns: lat! * 1000,
		value_origin: 'published',
		workload: '4k-random-read',
	}),
);

/** A run that failed at once: fio reports 0 I/Os and 0 ns, which a log axis cannot show. */
export const failedRun = run({
	device_id: 'samsung-pm9a3-3t84',
	run_id: 'review-a:samsung/randread-sweep.json#randread-qd128',
	source_file: 'samsung/randread-sweep.json',
	tool: 'fio',
	tool_version: '3.33',
	rw: 'randread',
	access: 'random',
	block_size_bytes: BS,
	iodepth: 128,
	numjobs: 4,
	device_count: 1,
	error_code: 5,
	iops: 0,
	bw_bytes_per_s: 0,
	lat_mean_ns: 0,
	clat_mean_ns: 0,
});

/** Published IOPS without any latency: counted as "no value to plot". */
export const micronIopsOnly = run({
	device_id: 'micron-7450-1t92',
	review_id: 'review-b',
	run_id: 'review-b:published/results.csv#micron-qd1',
	source_file: 'published/results.csv',
	source_format: 'published-csv',
	scope: 'figure',
	block_size_bytes: BS,
	iodepth: 1,
	numjobs: 1,
	iops: 15_000,
	value_origin: 'published',
});

export const sweepRows: RunRow[] = [...kioxiaSweep, ...samsungSweep, micronSingle, ...intelPublished, failedRun, micronIopsOnly];

export const DEVICE_LABELS: Record<string, string> = {
	'kioxia-cm7-r-3t84': 'KIOXIA CM7-R 3.84 TB',
	'samsung-pm9a3-3t84': 'Samsung PM9A3 3.84 TB',
	'micron-7450-1t92': 'Micron 7450 PRO 1.92 TB',
	'intel-ssd-710-200g': 'Intel SSD 710 200 GB',
};
