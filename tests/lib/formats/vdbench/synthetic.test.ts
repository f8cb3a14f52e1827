// Vdbench runs no fixture holds, written here in Vdbench's exact layouts (Report.java, Flat.java, RD_entry.java):
// an iorate=(…) list in one RD, an iorate=curve run, a ramp run downwards, `-mb` decimal megabytes, forxfersize
// and forthreads loops. The numbers are made up; each test says what it checks.
import { describe, expect, test } from 'vitest';
import { noContext } from '../../../../src/lib/formats/format.ts';
import type { ParseResult } from '../../../../src/lib/formats/parse-result.ts';
import { formatById } from './helpers.ts';

const MIB = 1024 * 1024;

interface SummaryRun {
	name: string;
	rate: string;
	loops?: string;
	/** IOPS and resp (ms) per interval; the average is their mean. */
	points: [number, number][];
	bytes?: number;
	read?: number;
}

/** A 5.04.01 summary.html (no read/write max columns), 1-second intervals. */
function summary(runs: SummaryRun[], mb = '1024**2'): string {
	const out = ['<pre>', 'Vdbench summary report, created 13:48:08 Apr 08 2016 MDT', ''];
	let clock = 13 * 3600 + 49 * 60;
	const tod = () => {
		const t = clock++;
		const p = (n: number) => String(n).padStart(2, '0');
		return `${p(Math.floor(t / 3600))}:${p(Math.floor(t / 60) % 60)}:${p(t % 60)}.100`;
	};
	const row = (label: string, iops: number, resp: number, r: SummaryRun) => {
		const bytes = r.bytes ?? 4096;
		const mbs = ((iops * bytes) / (mb === '1000**2' ? 1e6 : MIB)).toFixed(2);
		const read = (r.read ?? 100).toFixed(2);
		return `${tod()} ${label.padStart(9)} ${iops.toFixed(2).padStart(10)} ${mbs.padStart(8)} ${String(bytes).padStart(7)} ${read.padStart(6)} ${resp.toFixed(3).padStart(8)} ${resp.toFixed(3).padStart(8)}    0.000 ${(resp * 3).toFixed(3).padStart(8)}    0.100   1.0   1.0   0.5`;
	};
	for (const r of runs) {
		out.push(`<a name="_1"></a><i><b>${tod()} Starting RD=${r.name}; I/O rate: ${r.rate}; elapsed=${r.points.length}; For loops: ${r.loops ?? 'None'}</b></i>`, '', '');
		out.push('Apr 08, 2016  interval        i/o   MB/sec   bytes   read     resp     read    write     resp     resp queue  cpu%  cpu%');
		out.push(`                             rate  ${mb}     i/o    pct     time     resp     resp      max   stddev depth sys+u   sys`);
		r.points.forEach(([iops, resp], i) => out.push(row(String(i + 1), iops, resp, r)));
		const avg = (k: 0 | 1) => r.points.slice(1).reduce((s, p) => s + p[k], 0) / (r.points.length - 1);
		out.push(row(`avg_2-${r.points.length}`, avg(0), avg(1), r), '');
	}
	out.push(`${tod()} Vdbench execution completed successfully`, '');
	return out.join('\n');
}

const parseSummary = (text: string): ParseResult => formatById('vdbench-summary').parse(text, 'summary.html', noContext());
const mixedOrOnly = (r: ParseResult) => r.runs.filter((x) => x.direction !== 'read' || x.read_pct === 100);

describe('iorate=(50,500,5000) in one RD: three runs of one name', () => {
	const r = parseSummary(
		summary([
			{ name: 'rd1', rate: '50', loops: 'threads=2 iorate=50', points: [[40, 1], [50, 1], [50, 1]] },
			{ name: 'rd1', rate: '500', loops: 'threads=2 iorate=500', points: [[400, 2], [500, 2], [500, 2]] },
			{ name: 'rd1', rate: '5000', loops: 'threads=2 iorate=5000', points: [[900, 9], [1000, 8], [1000, 8]] },
		]),
	);
	test('keys rd1, rd1@2, rd1@3; one workload; offered load ascending', () => {
		expect(r.runs.map((x) => x.run_key)).toEqual(['rd1', 'rd1@2', 'rd1@3']);
		expect(r.runs.map((x) => x.rate_limit_iops)).toEqual([50, 500, 5000]);
		expect(r.runs.map((x) => x.iops)).toEqual([50, 500, 1000]);
		expect(r.runs.map((x) => x.lat_mean_ns)).toEqual([1_000_000, 2_000_000, 8_000_000]);
		expect(new Set(r.runs.map((x) => x.workload))).toEqual(new Set(['rd1']));
		expect(r.runs.map((x) => x.iodepth)).toEqual([2, 2, 2]);
		expect(r.warnings).toEqual([]);
		expect(new Set(r.timeseries.map((t) => t.series_key))).toEqual(new Set(['rd1', 'rd1@2', 'rd1@3']));
	});
});

describe('a ramp run downwards comes out in offered-load order', () => {
	const r = parseSummary(
		summary([
			{ name: 'rd1', rate: '5000', loops: 'iorate=5000', points: [[900, 9], [1000, 8], [1000, 8]] },
			{ name: 'rd1', rate: '500', loops: 'iorate=500', points: [[400, 2], [500, 2], [500, 2]] },
			{ name: 'rd1', rate: '50', loops: 'iorate=50', points: [[40, 1], [50, 1], [50, 1]] },
		]),
	);
	test('sorted by rate_limit_iops, keys kept', () => {
		expect(r.runs.map((x) => [x.rate_limit_iops, x.run_key])).toEqual([
			[50, 'rd1@3'],
			[500, 'rd1@2'],
			[5000, 'rd1'],
		]);
	});
});

describe('iorate=curve: the max run, then rd1_(10%) … rd1_(100%)', () => {
	const COLUMNS =
		'tod timestamp Run Interval reqrate rate MB/sec bytes/io read% resp read_resp write_resp resp_max read_max write_max resp_std read_std write_std xfersize threads rdpct rhpct whpct seekpct lunsize version compratio dedupratio queue_depth cpu_used cpu_user cpu_kernel cpu_wait cpu_idle';
	// 5.04.07 layout; each run has intervals 1 and 2 and avg_2-2; resp grows with the rate like a real curve.
	const runs: [string, number, number, number][] = [
		['rd1', 9999977, 10000, 2.0], // the curve's max run: reqrate = RD_entry.CURVE_RATE
		['rd1_(10%)', 1000, 1000, 0.2],
		['rd1_(50%)', 5000, 5000, 0.4],
		['rd1_(100%)', 10000, 9900, 1.9],
	];
	const lines = ['<title>Vdbench output/flatfile.html</title><pre>', "* 'flatfile.html' contains Vdbench generated information in a column by column ASCII format. ", '* ', `         ${COLUMNS} `];
	let s = 0;
	for (const [name, req, rate, resp] of runs) {
		for (const label of ['1', '2', 'avg_2-2']) {
			const t = `10:00:${String(s++).padStart(2, '0')}`;
			const mb = ((rate * 8192) / MIB).toFixed(4);
			lines.push(
				`${t}.000 01/02/2020-${t}-UTC ${name} ${label} ${req} ${rate} ${mb} 8192 70 ${resp} ${resp} ${resp} 10 10 10 0.5 0.5 0.5 8192 16 70 0 0 100 100 n/a 1 n/a 16 5 2 3 0 95 `,
			);
		}
	}
	const r = formatById('vdbench-flatfile').parse(lines.join('\n') + '\n', 'flatfile.html', noContext());
	test('one workload, points ordered by requested rate, the max run last', () => {
		const mixed = r.runs.filter((x) => x.direction === 'mixed');
		expect(mixed.map((x) => [x.run_key, x.rate_limit_iops, x.iops, x.lat_mean_ns])).toEqual([
			['rd1_(10%)', 1000, 1000, 200_000],
			['rd1_(50%)', 5000, 5000, 400_000],
			['rd1_(100%)', 10000, 9900, 1_900_000],
			['rd1', null, 10000, 2_000_000],
		]);
		expect(new Set(r.runs.map((x) => x.workload))).toEqual(new Set(['rd1']));
		// 70 % reads: mixed, read and write rows; 8 KiB, 16 threads, 100 % random.
		expect(r.runs).toHaveLength(12);
		expect(mixed[0]).toMatchObject({ block_size_bytes: 8192, iodepth: 16, read_pct: 70, random_pct: 100, rw: 'randrw' });
		// read_max/write_max/read_std/write_std of 5.04.07 reach the read and write rows.
		expect(r.runs.find((x) => x.run_key === 'rd1_(10%)' && x.direction === 'read')).toMatchObject({ lat_max_ns: 10_000_000, lat_stddev_ns: 500_000, iops: 700 });
		expect(r.runs[0]!.started_at).toBe('2020-01-02T10:00:05');
	});
});

describe('units and loops', () => {
	test('`-mb`: a 1000**2 header makes MB/sec decimal', () => {
		const r = parseSummary(summary([{ name: 'rd1', rate: 'Uncontrolled MAX', points: [[1000, 1], [1000, 1]] }], '1000**2'));
		// 1000 IOPS × 4096 B = 4.10 MB/sec (printed to 2 decimals) → 4.10 × 1 000 000.
		expect(r.runs[0]!.bw_bytes_per_s).toBeCloseTo(4.1e6, 3);
		expect(r.runs[0]!.rate_limit_iops).toBeNull();
	});

	test('forxfersize=(4k,8k) with iorate=(100,200): two workloads, each a ramp', () => {
		const r = parseSummary(
			summary([
				{ name: 'rd1', rate: '100', loops: 'xfersize=4k iorate=100', points: [[100, 1], [100, 1]] },
				{ name: 'rd1', rate: '200', loops: 'xfersize=4k iorate=200', points: [[200, 2], [200, 2]] },
				{ name: 'rd1', rate: '100', loops: 'xfersize=8k iorate=100', points: [[100, 1], [100, 1]], bytes: 8192 },
				{ name: 'rd1', rate: '200', loops: 'xfersize=8k iorate=200', points: [[200, 2], [200, 2]], bytes: 8192 },
			]),
		);
		expect(mixedOrOnly(r).map((x) => [x.run_key, x.workload, x.block_size_bytes, x.rate_limit_iops])).toEqual([
			['rd1', 'rd1 xfersize=4k', 4096, 100],
			['rd1@2', 'rd1 xfersize=4k', 4096, 200],
			['rd1@3', 'rd1 xfersize=8k', 8192, 100],
			['rd1@4', 'rd1 xfersize=8k', 8192, 200],
		]);
	});

	test('forthreads=(1,2,4) at max: one workload whose loads are the thread counts', () => {
		const r = parseSummary(
			summary([
				{ name: 'qd', rate: 'Uncontrolled MAX', loops: 'threads=1', points: [[100, 1], [100, 1]] },
				{ name: 'qd', rate: 'Uncontrolled MAX', loops: 'threads=2', points: [[190, 1.1], [190, 1.1]] },
				{ name: 'qd', rate: 'Uncontrolled MAX', loops: 'threads=4', points: [[350, 1.2], [350, 1.2]] },
			]),
		);
		expect(r.runs.map((x) => [x.workload, x.iodepth, x.rate_limit_iops])).toEqual([
			['qd', 1, null],
			['qd', 2, null],
			['qd', 4, null],
		]);
	});

	test('a run that completed no I/O gives no run, with a warning', () => {
		const r = parseSummary(summary([{ name: 'idle', rate: '10', points: [[0, 0], [0, 0]] }]));
		expect(r.runs).toEqual([]);
		expect(r.warnings.map((w) => w.code)).toEqual(['NO_IO']);
	});
});

describe('histogram.html of a read/write mix: three tables joined to the mixed, read and write rows', () => {
	const table = (title: string, rows: [string, string, number, number][]) => [
		title,
		"  min(ms) <     max(ms)         count       %%    cum%%  '+': Individual%; '+-': Cumulative%",
		'',
		...rows.map(([lo, hi, n, cum]) => `${lo.padStart(9)} < ${hi.padStart(11)} ${n.toLocaleString('en-US').padStart(12)} ${'0.0000'.padStart(8)} ${cum.toFixed(4).padStart(8)}  +`),
		'',
	];
	const HIST = [
		'<title>Vdbench output/histogram.html</title><pre>',
		'Total response time histogram.',
		'',
		'<a name="_1"></a><i><b>13:49:00.011 Starting RD=mix; I/O rate: 100; elapsed=2; For loops: None</b></i>',
		'',
		...table('Reads and writes:', [
			['0.100', '0.200', 150, 75],
			['0.200', '0.400', 50, 100],
			['0.400', '0.600', 0, 100],
		]),
		...table('Reads:', [
			['0.100', '0.200', 150, 100],
			['0.200', '0.400', 0, 100],
		]),
		...table('Writes:', [
			['0.100', '0.200', 0, 0],
			['0.200', '0.400', 50, 100],
			['1000.000', 'max', 0, 100],
		]),
	].join('\n');
	const text = summary([{ name: 'mix', rate: '100', points: [[100, 0.2], [100, 0.2]], read: 75 }]);
	const r = formatById('vdbench-summary').parse(text, 'summary.html', noContext({ 'histogram.html': HIST }));

	test('bins per direction, total_ios per direction row', () => {
		expect(r.histograms.map((h) => [h.direction, h.bin_lower_ns, h.bin_upper_ns, h.count])).toEqual([
			['mixed', 100_000, 200_000, 150],
			['mixed', 200_000, 400_000, 50],
			['read', 100_000, 200_000, 150],
			['write', 200_000, 400_000, 50],
		]);
		expect(r.runs.map((x) => [x.direction, x.total_ios, x.iops])).toEqual([
			['mixed', 200, 100],
			['read', 150, 75], // 100 IOPS × 75 % reads
			['write', 50, 25],
		]);
		expect(r.warnings).toEqual([]);
	});
});
