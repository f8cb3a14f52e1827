// Rows for the bar charts: four corners (128 KiB sequential, 4 KiB random), read/write mixes and
// application profiles, measured with fio and Iometer plus figures published in a review.
import type { RunRow } from '../../../src/lib/schema.ts';
import { KIB, MB } from '../../../src/lib/units.ts';
import { run } from './rows.ts';
import { intelPublished, kioxiaSweep, micronSingle, samsungSweep } from './sweeps.ts';

const SEQ = 128 * KIB;

function seq(device: string, direction: 'read' | 'write', mbPerS: number, extra: Partial<RunRow> = {}): RunRow {
	return run({
		device_id: device,
		run_id: `review-a:${device}/seq.json#seq${direction}`,
		source_file: `${device}/seq.json`,
		tool: 'fio',
		tool_version: '3.33',
		rw: direction,
		access: 'sequential',
		block_size_bytes: SEQ,
		iodepth: 32,
		numjobs: 1,
		device_count: 1,
		direction,
		bw_bytes_per_s: mbPerS * MB,
		iops: (mbPerS * MB) / SEQ,
		...extra,
	});
}

function randWrite(device: string, qd: number, iops: number): RunRow {
	return run({
		device_id: device,
		run_id: `review-a:${device}/randwrite.json#randwrite-qd${qd}`,
		source_file: `${device}/randwrite.json`,
		tool: 'fio',
		tool_version: '3.33',
		rw: 'randwrite',
		access: 'random',
		block_size_bytes: 4 * KIB,
		iodepth: qd,
		numjobs: 4,
		device_count: 1,
		direction: 'write',
		iops,
		bw_bytes_per_s: iops * 4 * KIB,
	});
}

const published = (fields: Partial<RunRow> & Pick<RunRow, 'device_id' | 'run_id'>): RunRow =>
	run({
		review_id: 'review-b',
		source_file: 'published/results.csv',
		source_format: 'published-csv',
		scope: 'figure',
		value_origin: 'published',
		// Published figures name their mix: a pure read or write (as every real published row of a corner does).
		read_pct: (fields.direction ?? 'read') === 'read' ? 100 : 0,
		...fields,
	});

export const cornerRows: RunRow[] = [
	...kioxiaSweep,
	...samsungSweep,
	micronSingle,
	...intelPublished,
	seq('kioxia-cm7-r-3t84', 'read', 14_000),
	seq('kioxia-cm7-r-3t84', 'write', 6_750),
	seq('samsung-pm9a3-3t84', 'read', 6_900),
	seq('samsung-pm9a3-3t84', 'write', 4_100),
	// Micron: no sequential write was run; its random read is the single QD 32 run.
	seq('micron-7450-1t92', 'read', 6_800),
	randWrite('kioxia-cm7-r-3t84', 32, 355_000),
	randWrite('kioxia-cm7-r-3t84', 64, 350_000),
	randWrite('samsung-pm9a3-3t84', 32, 180_000),
	randWrite('micron-7450-1t92', 32, 172_000),
	// A published figure for a drive that was also measured: the measured one wins.
	published({
		device_id: 'samsung-pm9a3-3t84',
		run_id: 'review-b:published/results.csv#pm9a3-seqread',
		access: 'sequential',
		block_size_bytes: SEQ,
		bw_bytes_per_s: 6_950 * MB,
	}),
	// The Intel drive is known only from the review.
	published({
		device_id: 'intel-ssd-710-200g',
		run_id: 'review-b:published/results.csv#710-seqread',
		access: 'sequential',
		block_size_bytes: SEQ,
		bw_bytes_per_s: 270 * MB,
	}),
	published({
		device_id: 'intel-ssd-710-200g',
		run_id: 'review-b:published/results.csv#710-seqwrite',
		direction: 'write',
		access: 'sequential',
		block_size_bytes: SEQ,
		bw_bytes_per_s: 210 * MB,
	}),
	published({
		device_id: 'intel-ssd-710-200g',
		run_id: 'review-b:published/results.csv#710-randwrite',
		direction: 'write',
		access: 'random',
		block_size_bytes: 4 * KIB,
		iodepth: 32,
		numjobs: 1,
		iops: 2_700,
	}),
];

function mix(
	device: string,
	readPct: number,
	qd: number,
	readIops: number,
	writeIops: number,
	extra: Partial<RunRow> = {},
): RunRow[] {
	const runId = `review-a:${device}/randrw.json#randrw${readPct}-qd${qd}`;
	return (['read', 'write'] as const).map((direction) =>
		run({
			device_id: device,
			run_id: runId,
			source_file: `${device}/randrw.json`,
			tool: 'fio',
			tool_version: '3.33',
			rw: 'randrw',
			access: 'random',
			read_pct: readPct,
			random_pct: 100,
			block_size_bytes: 4 * KIB,
			iodepth: qd,
			numjobs: 4,
			device_count: 1,
			direction,
			iops: direction === 'read' ? readIops : writeIops,
			bw_bytes_per_s: (direction === 'read' ? readIops : writeIops) * 4 * KIB,
			...extra,
		}),
	);
}

export const mixRows: RunRow[] = [
	...mix('kioxia-cm7-r-3t84', 70, 32, 560_000, 240_000),
	...mix('kioxia-cm7-r-3t84', 70, 64, 548_000, 235_000),
	...mix('kioxia-cm7-r-3t84', 50, 32, 330_000, 330_000),
	...mix('samsung-pm9a3-3t84', 70, 32, 301_000, 129_000),
	...mix('samsung-pm9a3-3t84', 50, 32, 171_000, 171_000),
	// Published 70/30 split for the Micron drive.
	...mix('micron-7450-1t92', 70, 32, 290_000, 124_000, {
		review_id: 'review-b',
		source_file: 'published/results.csv',
		value_origin: 'published',
		tool: null,
		tool_version: null,
	}),
	// Iometer reports the mix only as one total (direction "mixed"): 67 % read.
	run({
		device_id: 'intel-ssd-710-200g',
		review_id: 'review-c',
		run_id: 'review-c:iometer/results.csv#4k-67read',
		source_file: 'iometer/results.csv',
		source_format: 'iometer-csv',
		tool: 'iometer',
		tool_version: '1.1.0',
		scope: 'disk',
		access: 'random',
		read_pct: 67,
		block_size_bytes: 4 * KIB,
		iodepth: 32,
		numjobs: 1,
		device_count: 1,
		direction: 'mixed',
		iops: 9_800,
	}),
	// A pure read run is not a mix.
	kioxiaSweep[3]!,
];

function app(
	device: string,
	workload: string,
	fields: Partial<RunRow>,
	directions: ('read' | 'write' | 'mixed')[] = ['mixed'],
): RunRow[] {
	const slug = workload.toLowerCase().replace(/\W+/g, '-');
	return directions.map((direction) =>
		run({
			device_id: device,
			review_id: 'review-c',
			run_id: `review-c:${device}/${slug}.csv#${slug}`,
			source_file: `${device}/${slug}.csv`,
			source_format: 'iometer-csv',
			tool: 'iometer',
			tool_version: '1.1.0',
			scope: 'disk',
			access: 'application',
			workload,
			iodepth: 32,
			numjobs: 1,
			device_count: 1,
			direction,
			...fields,
		}),
	);
}

export const appRows: RunRow[] = [
	...app('kioxia-cm7-r-3t84', 'File server', { iops: 412_000 }),
	...app('samsung-pm9a3-3t84', 'File server', { iops: 238_000 }),
	...app('kioxia-cm7-r-3t84', 'Web server', { iops: 905_000 }, ['read']),
	...app('samsung-pm9a3-3t84', 'Web server', { iops: 640_000 }, ['read']),
	// fio splits a database mix into read and write rows: the bar is their sum.
	...app('kioxia-cm7-r-3t84', 'Database', { iops: 301_000, tool: 'fio', tool_version: '3.33', source_format: 'fio-json' }, [
		'read',
	]),
	...app('kioxia-cm7-r-3t84', 'Database', { iops: 99_000, tool: 'fio', tool_version: '3.33', source_format: 'fio-json' }, [
		'write',
	]),
	...app('samsung-pm9a3-3t84', 'Database', { iops: 190_000, tool: 'fio', tool_version: '3.33', source_format: 'fio-json' }, [
		'read',
	]),
	...app('samsung-pm9a3-3t84', 'Database', { iops: 64_000, tool: 'fio', tool_version: '3.33', source_format: 'fio-json' }, [
		'write',
	]),
	...app('kioxia-cm7-r-3t84', 'Sysbench OLTP', {
		tps: 11_850,
		tool: 'sysbench',
		tool_version: '1.0.20',
		source_format: 'published-csv',
	}),
	...app('samsung-pm9a3-3t84', 'Sysbench OLTP', {
		tps: 9_420,
		tool: 'sysbench',
		tool_version: '1.0.20',
		source_format: 'published-csv',
	}),
	...app('samsung-pm9a3-3t84', 'Aerospike ACT', {
		tps: 72_000,
		tool: 'aerospike-act',
		tool_version: '6.4',
		source_format: 'published-csv',
	}),
	// Published file-server figure for the Intel drive.
	published({
		device_id: 'intel-ssd-710-200g',
		run_id: 'review-b:published/results.csv#710-fileserver',
		access: 'application',
		workload: 'File server',
		direction: 'mixed',
		iops: 6_100,
	}),
	// Rows without a workload label are not application profiles.
	micronSingle,
];
