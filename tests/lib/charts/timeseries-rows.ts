// Downsampled fio logs (30 s buckets of a 4 KiB random-write preconditioning run): IOPS falls from the
// fresh-out-of-box level to steady state. The Samsung log has a bucket where the drive stalled (min 0 IOPS).
import type { TimeseriesPoint } from '../../../src/lib/charts/timeseries/chart.ts';

// [t_s, min, mean, max] in IOPS
const KIOXIA: [number, number, number, number][] = [
	[30, 610_000, 642_000, 655_000],
	[60, 598_000, 631_000, 650_000],
	[90, 420_000, 515_000, 640_000],
	[120, 301_000, 398_000, 455_000],
	[150, 288_000, 362_000, 410_000],
	[180, 291_000, 357_000, 402_000],
	[210, 295_000, 355_000, 398_000],
	[240, 296_000, 356_000, 399_000],
	[270, 294_000, 354_000, 401_000],
	[300, 297_000, 355_000, 398_000],
];

const SAMSUNG: [number, number | null, number | null, number | null][] = [
	[30, 402_000, 415_000, 421_000],
	[60, 388_000, 409_000, 420_000],
	[90, 190_000, 261_000, 398_000],
	[120, 0, 171_000, 240_000],
	[150, 149_000, 176_000, 201_000],
	// A bucket with no log lines (the log was not written for 30 s): nothing measured.
	[180, null, null, null],
	[210, 151_000, 178_000, 199_000],
	[240, 152_000, 179_000, 198_000],
	[270, 150_000, 178_000, 200_000],
	[300, 151_000, 177_000, 199_000],
];

const points = (device: string, rows: [number, number | null, number | null, number | null][]): TimeseriesPoint[] =>
	rows.map(([t_s, min, mean, max]) => ({
		device_id: device,
		series: 'write',
		t_s,
		min,
		mean,
		max,
		tool: 'fio',
		tool_version: '3.33',
	}));

export const iopsPoints: TimeseriesPoint[] = [...points('kioxia-cm7-r-3t84', KIOXIA), ...points('samsung-pm9a3-3t84', SAMSUNG)];

/** Completion latency (ns) of the same Kioxia run, read and write logs: two series of one device. */
export const latencyPoints: TimeseriesPoint[] = [
	...(
		[
			[30, 38_000, 52_000, 910_000],
			[60, 39_000, 54_000, 980_000],
			[90, 41_000, 71_000, 2_400_000],
			[120, 42_000, 88_000, 3_100_000],
			[150, 42_000, 90_000, 2_900_000],
		] as const
	).map(([t_s, min, mean, max]) => ({ device_id: 'kioxia-cm7-r-3t84', series: 'write', t_s, min, mean, max })),
	...(
		[
			[30, 61_000, 80_000, 400_000],
			[60, 60_000, 81_000, 420_000],
			[90, 62_000, 95_000, 1_100_000],
			[120, 63_000, 99_000, 1_250_000],
			[150, 63_000, 98_000, 1_200_000],
		] as const
	).map(([t_s, min, mean, max]) => ({ device_id: 'kioxia-cm7-r-3t84', series: 'read', t_s, min, mean, max })),
];
