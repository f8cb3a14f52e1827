// Latency histograms as the parsers store them: fio json+ bins (fio's log-linear buckets, edges from
// bucketIndex/bucketEdges exactly as the parser computes them), a fio histogram log with two intervals
// whose counts add up, and Iometer 1.1.0 bins (the first starts at 0, which a log axis cannot show).
import { bucketEdges, bucketIndex } from '../../../src/lib/formats/fio/histogram-bins.ts';
import type { HistogramRow, RunRow } from '../../../src/lib/schema.ts';
import { bin, run } from './rows.ts';
import { kioxiaSweep, samsungSweep } from './sweeps.ts';

function fioBins(runId: string, bins: [latencyUs: number, count: number][], extra: Partial<HistogramRow> = {}): HistogramRow[] {
	return bins.map(([us, count]) => {
		const idx = bucketIndex(us * 1000);
		const { lower, upper } = bucketEdges(idx);
		return bin({ run_id: runId, bin_index: idx, bin_lower_ns: lower, bin_upper_ns: upper, count, ...extra });
	});
}

export const kioxiaQd1 = kioxiaSweep[0]!;
export const samsungQd1 = samsungSweep[0]!;

/** Iometer run on the Intel drive at QD 1 (one worker). */
export const intelIometer: RunRow = run({
	device_id: 'intel-ssd-710-200g',
	review_id: 'review-c',
	run_id: 'review-c:iometer/results.csv#4k-read-qd1',
	source_file: 'iometer/results.csv',
	source_format: 'iometer-csv',
	tool: 'iometer',
	tool_version: '1.1.0',
	scope: 'disk',
	access: 'random',
	block_size_bytes: 4096,
	iodepth: 1,
	numjobs: 1,
	device_count: 1,
	iops: 7_950,
	lat_mean_ns: 125_600,
});

export const kioxiaBins = fioBins(kioxiaQd1.run_id, [
	[58, 120],
	[61, 2_400],
	[63, 9_800],
	[65, 31_000],
	[67, 52_000],
	[69, 47_500],
	[72, 33_000],
	[76, 19_800],
	[82, 9_100],
	[90, 4_050],
	[101, 1_700],
	[118, 610],
	[150, 190],
	[210, 44],
	[330, 9],
	[1_020, 2],
]);

/** Two 1-second intervals of a fio histogram log: the chart sums them bin by bin. */
export const samsungBins = [1000, 2000].flatMap((time) =>
	fioBins(
		samsungQd1.run_id,
		[
			[70, 900],
			[75, 6_100],
			[78, 10_400],
			[81, 9_700],
			[85, 6_200],
			[92, 3_300],
			[104, 1_400],
			[125, 520],
			[170, 130],
			[260, 31],
			[540, 6],
			[2_100, 1],
		],
		{ source: 'fio-histlog', time_ms: time },
	),
);

// Iometer 1.1.0 latency bins (µs): 0–50, 50–100, 100–200, 200–500, 500–1000, 1000–2000, 2000–5000.
export const intelBins: HistogramRow[] = (
	[
		[0, 50, 140],
		[50, 100, 16_200],
		[100, 200, 421_000],
		[200, 500, 37_600],
		[500, 1_000, 1_350],
		[1_000, 2_000, 96],
		[2_000, 5_000, 8],
	] as const
).map(([from, to, count]) =>
	bin({
		run_id: intelIometer.run_id,
		stat: 'lat',
		source: 'iometer-bins',
		bin_lower_ns: from * 1000,
		bin_upper_ns: to * 1000,
		count,
	}),
);

export const histogramInput = {
	bins: [...kioxiaBins, ...samsungBins, ...intelBins],
	runs: [kioxiaQd1, samsungQd1, intelIometer],
};
