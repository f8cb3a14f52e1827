// fio bw/iops/lat/clat/slat logs: one golden per log fixture, values worked out by hand from the
// raw lines, cross-checks against the companion JSON fio wrote in the same run, layouts of every
// fio era, errors, and properties (truncation, garbage, CRLF/BOM).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	parseFioLog,
	parseFioLogColumns,
	type FioLogOptions,
} from '../../../../src/lib/formats/fio-log/reader.ts';
import { fioLogMetricFromName } from '../../../../src/lib/formats/fio-log/naming.ts';
import { latencyUnitForFioVersion } from '../../../../src/lib/formats/fio/version.ts';
import { ParseError, type ParsedTimeseries } from '../../../../src/lib/formats/parse-result.ts';
import { expectGolden } from '../../../helpers/golden.ts';
import { listFixtures, readFixture, SHARED_PRESENT, SHARED_SKIP_REASON, type Fixture } from '../../../helpers/fixtures.ts';

const ALL_FIO = listFixtures('fio');
const LOGS = ALL_FIO.filter((f) => fioLogMetricFromName(f.name) !== undefined);

// The result file fio wrote in the same run as each log: it tells the fio version (µs or ns) and
// log_avg_msec (the window). A new log fixture needs its companion listed here.
const COMPANIONS: [logPrefix: string, json: string][] = [
	['fio/log-fio2.18-', 'fio/json-fio2.18-randread-qd1-nj1.json'],
	['fio/log-fio3.16-', 'fio/json-fio3.16-raid5-randrw-fsync.json'],
	['fio/log-fio3.33-nvme-', 'fio/json-fio3.33-nvme-randrw65-steadystate.json'],
	['fio/generated/gen-fio3.33-perio_', 'fio/generated/gen-fio3.33-jsonplus-randrw-perio-logs.json'],
];

interface FioJsonDoc {
	'fio version': string;
	jobs: { 'job options': Record<string, string>; read: Record<string, number>; write: Record<string, number> }[];
}

function fixture(name: string): Fixture {
	const f = ALL_FIO.find((x) => x.name === name);
	if (!f) throw new Error(`fixture ${name} not found`);
	return f;
}

function companionOf(logName: string): FioJsonDoc {
	const entry = COMPANIONS.find(([prefix]) => logName.startsWith(prefix));
	if (!entry) throw new Error(`no companion result file listed for ${logName}`);
	return JSON.parse(readFixture(fixture(entry[1]))) as FioJsonDoc;
}

/** What ingest passes: metric from fio's file name, unit from the fio version, window from log_avg_msec. */
function optionsFor(logName: string): FioLogOptions {
	const doc = companionOf(logName);
	const avg = doc.jobs[0]!['job options'].log_avg_msec;
	return {
		metric: fioLogMetricFromName(logName)!.metric,
		latencyUnit: latencyUnitForFioVersion(doc['fio version']),
		windowMs: avg ? Number(avg) : null,
	};
}

function parseFixture(name: string) {
	const text = readFixture(fixture(name));
	return parseFioLog(text, name, optionsFor(name));
}

const rowsOf = (name: string) => parseFixture(name).timeseries;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const valuesOf = (rows: ParsedTimeseries[], dir: string, key: 'iops' | 'bw_bytes_per_s' | 'lat_ns') =>
	rows.filter((r) => r.direction === dir).map((r) => r[key]!);

function codeOf(fn: () => unknown): string {
	try {
		fn();
	} catch (e) {
		if (e instanceof ParseError) return e.code;
		throw e;
	}
	return 'no error';
}

function errorOf(fn: () => unknown): ParseError {
	try {
		fn();
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

describe('fio log goldens', () => {
	it('finds the log fixtures', () => {
		const names = LOGS.map((f) => f.name);
		expect(names).toContain('fio/log-fio2.18-randread_clat.1.log');
		expect(names).toContain('fio/generated/gen-fio3.33-perio_bw.1.log');
		expect(names.some((n) => n.includes('clat_hist'))).toBe(false);
	});
	for (const f of LOGS) {
		it(f.name, async () => {
			const text = readFixture(f);
			const opts = optionsFor(f.name);
			const { meta } = parseFioLogColumns(text, f.name, opts);
			await expectGolden('fio-log', f.name, { meta, ...parseFioLog(text, f.name, opts) });
		});
	}
	it.skipIf(SHARED_PRESENT)(`log fixtures only in ../shared: ${SHARED_SKIP_REASON}`, () => {});
});

describe('fio 2.18 logs (µs, 4 columns, log_avg_msec=500)', () => {
	it('clat: µs to ns', () => {
		const rows = rowsOf('fio/log-fio2.18-randread_clat.1.log');
		expect(rows).toHaveLength(20);
		// line 1 "507, 13694, 0, 0": 13694 µs × 1000 = 13,694,000 ns, read, window from log_avg_msec
		expect(rows[0]).toEqual({
			seq: 1,
			metric: 'clat',
			direction: 'read',
			time_ms: 507,
			window_ms: 500,
			value_kind: 'mean',
			iops: null,
			bw_bytes_per_s: null,
			lat_ns: 13_694_000,
			block_size_bytes: null,
			offset_bytes: null,
			prio: null,
		});
		// line 4 "2008, 14394, 0, 0": 14394 µs = 14,394,000 ns
		expect([rows[3]!.time_ms, rows[3]!.lat_ns]).toEqual([2008, 14_394_000]);
	});
	it('bw: KiB/s to bytes/s, mean equals the JSON bw_mean', () => {
		const rows = rowsOf('fio/log-fio2.18-randread_bw.1.log');
		// line 1 "500, 288, 0, 0": 288 KiB/s × 1024 = 294,912 B/s; line 3 "1500, 328": 328 × 1024 = 335,872
		expect(rows[0]!.bw_bytes_per_s).toBe(294_912);
		expect(rows[2]!.bw_bytes_per_s).toBe(335_872);
		// the 20 windows average 5856/20 = 292.8 KiB/s, the JSON's read "bw_mean" : 292.800000
		const jsonMean = companionOf('fio/log-fio2.18-').jobs[0]!.read.bw_mean!;
		expect(jsonMean).toBe(292.8);
		expect(mean(valuesOf(rows, 'read', 'bw_bytes_per_s')) / 1024).toBeCloseTo(jsonMean, 9);
	});
	it('comes in key order (one direction)', () => {
		const name = 'fio/log-fio2.18-randread_clat.1.log';
		expect(parseFioLogColumns(readFixture(fixture(name)), name, optionsFor(name)).meta.keyOrdered).toBe(true);
	});
	it('needs the fio version for a 4-column latency log', () => {
		const name = 'fio/log-fio2.18-randread_clat.1.log';
		const e = errorOf(() => parseFioLog(readFixture(fixture(name)), name, { metric: 'clat' }));
		expect([e.code, e.line]).toEqual(['LATENCY_UNIT_UNKNOWN', 1]);
		expect(e.reason).toMatch(/fio version/);
		// bw/iops logs have no latency unit to know
		const bw = readFixture(fixture('fio/log-fio2.18-randread_bw.1.log'));
		expect(parseFioLog(bw, 'x', { metric: 'bw' }).timeseries).toHaveLength(20);
	});
});

describe('fio 3.16 logs (ns, 4 columns, log_avg_msec=250, randrw)', () => {
	it('clat and slat stay in ns', () => {
		const clat = rowsOf('fio/log-fio3.16-raid5-randrw_clat.1.log');
		// line 1 "429, 202375259, 1, 0": write, 202,375,259 ns (202 ms on HDD RAID5)
		expect([clat[0]!.time_ms, clat[0]!.direction, clat[0]!.lat_ns]).toEqual([429, 'write', 202_375_259]);
		// line 2 "482, 68174053, 0, 0": read
		expect([clat[1]!.direction, clat[1]!.lat_ns]).toEqual(['read', 68_174_053]);
		const slat = rowsOf('fio/log-fio3.16-raid5-randrw_slat.1.log');
		// line 2 "505, 3178815, 1, 0"
		expect([slat[1]!.seq, slat[1]!.direction, slat[1]!.lat_ns, slat[1]!.window_ms]).toEqual([2, 'write', 3_178_815, 250]);
	});
	it('bw: one row per direction per window; means equal the JSON bw_mean of each direction', () => {
		const rows = rowsOf('fio/log-fio3.16-raid5-randrw_bw.1.log');
		// lines 2–3 "500, 16, 0, 0" / "500, 16, 1, 0": 16 KiB/s × 1024 = 16,384 B/s each direction
		expect(rows.slice(1, 3).map((r) => [r.time_ms, r.direction, r.bw_bytes_per_s])).toEqual([
			[500, 'read', 16_384],
			[500, 'write', 16_384],
		]);
		const doc = companionOf('fio/log-fio3.16-');
		expect(mean(valuesOf(rows, 'read', 'bw_bytes_per_s')) / 1024).toBeCloseTo(doc.jobs[0]!.read.bw_mean!, 6); // 102.100840
		expect(mean(valuesOf(rows, 'write', 'bw_bytes_per_s')) / 1024).toBeCloseTo(doc.jobs[0]!.write.bw_mean!, 6); // 106.560669
		expect(valuesOf(rows, 'read', 'bw_bytes_per_s')).toHaveLength(doc.jobs[0]!.read.bw_samples!); // 238 windows
	});
	it('iops: IOPS per window', () => {
		const rows = rowsOf('fio/log-fio3.16-raid5-randrw_iops.1.log');
		// line 1 "250, 12, 0, 0"; line 5 "750, 20, 1, 0"
		expect([rows[0]!.iops, rows[0]!.direction, rows[0]!.value_kind]).toEqual([12, 'read', 'mean']);
		expect([rows[4]!.iops, rows[4]!.direction, rows[4]!.time_ms]).toEqual([20, 'write', 750]);
	});
});

describe.skipIf(!SHARED_PRESENT)('fio 3.33 logs (5 columns with prio, log_avg_msec=1000)', () => {
	it('bw: KiB/s, prio 0, means equal the JSON bw_mean', () => {
		const rows = rowsOf('fio/log-fio3.33-nvme-randrw65_bw.1.log');
		// line 1 "1000, 51796, 0, 0, 0": 51796 × 1024 = 53,039,104 B/s; bs 0 and the prio fio writes on
		// every window entry (0) are not measurements
		expect(rows[0]).toMatchObject({ time_ms: 1000, direction: 'read', bw_bytes_per_s: 53_039_104, window_ms: 1000 });
		expect([rows[0]!.block_size_bytes, rows[0]!.prio, rows[0]!.offset_bytes]).toEqual([null, null, null]);
		// line 2 "1000, 27896, 1, 0, 0": 27896 × 1024 = 28,565,504
		expect(rows[1]!.bw_bytes_per_s).toBe(28_565_504);
		const doc = companionOf('fio/log-fio3.33-nvme-');
		expect(mean(valuesOf(rows, 'read', 'bw_bytes_per_s')) / 1024).toBeCloseTo(doc.jobs[0]!.read.bw_mean!, 6); // 48428.454545
		expect(mean(valuesOf(rows, 'write', 'bw_bytes_per_s')) / 1024).toBeCloseTo(doc.jobs[0]!.write.bw_mean!, 6); // 26030.545455
	});
	it('lat: a 5-column log is fio ≥ 3.18, so ns even without the version', () => {
		const name = 'fio/log-fio3.33-nvme-randrw65_lat.1.log';
		const r = parseFioLogColumns(readFixture(fixture(name)), name, { metric: 'lat' });
		// line 1 "1000, 71120, 0, 0, 0": 71,120 ns; line 2 "1000, 9306, 1, 0, 0"
		expect([r.columns.value[0], r.columns.value[1]]).toEqual([71_120, 9_306]);
		expect(r.meta.latencyUnit).toBe('ns');
		expect(r.meta.layout).toEqual(['time', 'value', 'ddir', 'bs', 'prio']);
		// line 15 "8000, 14227, 1, 0, 0" (write) comes before line 16 "8000, 74716, 0, 0, 0" (read):
		// file order is not the table's key order (time_ms, direction, seq)
		expect(r.meta.keyOrdered).toBe(false);
	});
	it('iops', () => {
		// line 3 "2000, 13046, 0, 0, 0"
		expect(rowsOf('fio/log-fio3.33-nvme-randrw65_iops.1.log')[2]).toMatchObject({ time_ms: 2000, iops: 13_046, prio: null });
	});
});

describe('fio 3.33 per-I/O logs (log_offset=1, log_prio=1, no log_avg_msec)', () => {
	const clat = rowsOf('fio/generated/gen-fio3.33-perio_clat.1.log');
	const bw = rowsOf('fio/generated/gen-fio3.33-perio_bw.1.log');
	const iops = rowsOf('fio/generated/gen-fio3.33-perio_iops.1.log');
	const doc = companionOf('fio/generated/gen-fio3.33-perio_');

	it('clat: one row per I/O with its block size, offset and hex prio', () => {
		// line 1 "0, 301288, 0, 4096, 1011712, 0x0000"
		expect(clat[0]).toEqual({
			seq: 1,
			metric: 'clat',
			direction: 'read',
			time_ms: 0,
			window_ms: null,
			value_kind: 'per_io',
			iops: null,
			bw_bytes_per_s: null,
			lat_ns: 301_288,
			block_size_bytes: 4096,
			offset_bytes: 1_011_712,
			prio: 0,
		});
		// 600 reads and 300 writes, as the JSON total_ios; their means are the JSON clat_ns means
		expect(valuesOf(clat, 'read', 'lat_ns')).toHaveLength(doc.jobs[0]!.read.total_ios!);
		expect(valuesOf(clat, 'write', 'lat_ns')).toHaveLength(doc.jobs[0]!.write.total_ios!);
		const jsonClat = (d: 'read' | 'write') => (doc.jobs[0]![d] as unknown as { clat_ns: { mean: number } }).clat_ns.mean;
		expect(mean(valuesOf(clat, 'read', 'lat_ns'))).toBeCloseTo(jsonClat('read'), 5); // 120107.168333
		expect(mean(valuesOf(clat, 'write', 'lat_ns'))).toBeCloseTo(jsonClat('write'), 5); // 14184.86
	});
	it('bw: bytes per ms of each I/O = bs × 1e6 / clat_ns of the same I/O, × 1000 to bytes/s', () => {
		// line 1 "0, 13594, 0, 4096, 1011712, 0x0000": 4096 × 1e6 / 301288 = 13594.96 → fio's integer 13594
		expect(bw[0]!.bw_bytes_per_s).toBe(13_594_000);
		// line 2 "0, 226210, 1, …": 4096e6 / 18107 (clat line 2) = 226210.86 → 226210 → 226,210,000 B/s
		expect(bw[1]!.bw_bytes_per_s).toBe(226_210_000);
		expect(bw).toHaveLength(clat.length);
		for (let i = 0; i < bw.length; i++) {
			const [b, c] = [bw[i]!, clat[i]!];
			expect([b.time_ms, b.direction, b.offset_bytes]).toEqual([c.time_ms, c.direction, c.offset_bytes]);
			expect(b.bw_bytes_per_s! / 1000).toBe(Math.floor((b.block_size_bytes! * 1e6) / c.lat_ns!));
		}
	});
	it('bw: per-I/O rates are what poisons the JSON bw_mean (G7)', () => {
		// JSON read "bw_mean" : 37533.931667 is the mean of these per-I/O bytes/ms values, not KiB/s windows
		expect(mean(valuesOf(bw, 'read', 'bw_bytes_per_s')) / 1000).toBeCloseTo(doc.jobs[0]!.read.bw_mean!, 5);
		expect(doc.jobs[0]!.read.bw).toBe(1199); // the real bandwidth, KiB/s
	});
	it('iops: always 1 per I/O', () => {
		expect(iops).toHaveLength(900);
		expect(new Set(iops.map((r) => r.iops))).toEqual(new Set([1]));
		expect(new Set(iops.map((r) => r.value_kind))).toEqual(new Set(['per_io']));
		// line 4 "6, 1, 1, 4096, 7884800, 0x0000"
		expect(iops[3]).toMatchObject({ time_ms: 6, direction: 'write', offset_bytes: 7_884_800, block_size_bytes: 4096 });
		// … and line 5 "6, 1, 0, …" is a read of the same millisecond: not in key order
		expect(iops[4]).toMatchObject({ seq: 5, time_ms: 6, direction: 'read' });
		const name = 'fio/generated/gen-fio3.33-perio_iops.1.log';
		expect(parseFioLogColumns(readFixture(fixture(name)), name, optionsFor(name)).meta.keyOrdered).toBe(false);
	});
	it('ignores a window given for a per-I/O log, saying so', () => {
		const name = 'fio/generated/gen-fio3.33-perio_iops.1.log';
		const r = parseFioLog(readFixture(fixture(name)), name, { metric: 'iops', windowMs: 500 });
		expect(r.timeseries[0]!.window_ms).toBeNull();
		expect(r.warnings.map((w) => w.code)).toEqual(['WINDOW_IGNORED']);
	});
});

describe('rows and columns agree', () => {
	for (const f of LOGS) {
		it(f.name, () => {
			const text = readFixture(f);
			const opts = optionsFor(f.name);
			const { columns: c, length, meta } = parseFioLogColumns(text, f.name, opts);
			const rows = parseFioLog(text, f.name, opts).timeseries;
			expect(rows).toHaveLength(length);
			for (const col of Object.values(c)) if (col) expect(col).toHaveLength(length);
			rows.forEach((r, i) => {
				expect(r.seq).toBe(c.seq[i]);
				expect(r.time_ms).toBe(c.time_ms[i]);
				expect(r.direction).toBe(['read', 'write', 'trim'][c.direction[i]!]);
				expect(r.value_kind).toBe(['mean', 'max', 'per_io'][c.value_kind[i]!]);
				expect(r[meta.valueColumn]).toBe(c.value[i]);
				expect(r.block_size_bytes).toBe(c.block_size_bytes ? c.block_size_bytes[i] : null);
				expect(r.offset_bytes).toBe(c.offset_bytes ? c.offset_bytes[i] : null);
				expect(r.prio).toBe(c.prio ? c.prio[i] : null);
			});
		});
	}
});

describe('layouts of every fio era', () => {
	const ns = { metric: 'clat', latencyUnit: 'ns' } as const;
	it('5 columns with offsets > 1: fio 2.1.11–3.17 log_offset=1, not prio', () => {
		const r = parseFioLog('0, 500, 0, 4096, 8192\n1, 600, 1, 4096, 0\n', 'x', ns).timeseries;
		expect(r.map((x) => [x.offset_bytes, x.prio, x.block_size_bytes])).toEqual([
			[8192, null, 4096],
			[0, null, 4096],
		]);
	});
	it('5 columns in a µs log cannot hold a prio (fio ≤ 2.21)', () => {
		const r = parseFioLog('0, 500, 0, 4096, 0\n', 'x', { metric: 'lat', latencyUnit: 'us' }).timeseries;
		expect([r[0]!.offset_bytes, r[0]!.prio, r[0]!.lat_ns]).toEqual([0, null, 500_000]);
		expect(codeOf(() => parseFioLog('0, 5, 0, 4096, 0, 0\n', 'x', { metric: 'lat', latencyUnit: 'us' }))).toBe('LOG_COLUMNS');
	});
	it('log_window_value=both (3.37+): a mean row and a max row per line', () => {
		const c = parseFioLogColumns('1000, 70, 95, 0, 0, 0\n2000, 71, 80, 1, 0, 0\n', 'x', { ...ns, windowMs: 1000 });
		expect(c.meta.layout).toEqual(['time', 'value', 'value1', 'ddir', 'bs', 'prio']);
		expect(Array.from(c.columns.value)).toEqual([70, 95, 71, 80]);
		expect(Array.from(c.columns.value_kind)).toEqual([0, 1, 0, 1]);
		expect(Array.from(c.columns.seq)).toEqual([1, 1, 2, 2]);
		expect(Array.from(c.columns.direction)).toEqual([0, 0, 1, 1]);
	});
	it('6 columns per-I/O: offset then prio', () => {
		const c = parseFioLogColumns('5, 70, 1, 4096, 4096, 0x2004\n', 'x', ns);
		expect(c.meta.layout).toEqual(['time', 'value', 'ddir', 'bs', 'offset', 'prio']);
		expect([c.columns.prio![0], c.columns.offset_bytes![0]]).toEqual([0x2004, 4096]); // class 1 << 13 | level 4
	});
	it('7 columns: issue time after prio (log_issue_time=1 needs log_offset)', () => {
		const c = parseFioLogColumns('5, 70, 0, 4096, 8192, 0x0000, 123456\n', 'x', ns);
		expect(c.meta.layout).toEqual(['time', 'value', 'ddir', 'bs', 'offset', 'prio', 'issue_time']);
		expect([c.columns.offset_bytes![0], c.columns.prio![0]]).toEqual([8192, 0]);
	});
	it('7 and 8 columns with value1', () => {
		const seven = parseFioLogColumns('1000, 7, 9, 2, 0, 0, 1\n', 'x', ns);
		expect(seven.meta.layout).toEqual(['time', 'value', 'value1', 'ddir', 'bs', 'offset', 'prio']);
		expect([seven.columns.direction[0], seven.columns.prio, seven.length]).toEqual([2, null, 2]);
		expect(seven.warnings.map((w) => w.code)).toEqual(['WINDOW_PRIO_DROPPED']);
		const eight = parseFioLogColumns('1000, 7, 9, 1, 0, 0, 0x0000, 0\n', 'x', ns);
		expect(eight.meta.layout).toEqual(['time', 'value', 'value1', 'ddir', 'bs', 'offset', 'prio', 'issue_time']);
	});
	it('the fio version rules out layouts it cannot write', () => {
		// 3.33 cannot write value1 (3.37+), and "70, 95, 0" does not fit offset+prio: error, not a guess
		expect(codeOf(() => parseFioLog('1000, 70, 95, 0, 0, 0\n', 'x', { ...ns, fioVersion: '3.33' }))).toBe('LOG_VALUE');
		expect(codeOf(() => parseFioLog('0, 5, 0, 4096, 0x0000\n', 'x', { ...ns, fioVersion: 'fio-3.20' }))).toBe('LOG_VALUE');
		expect(parseFioLog('0, 5, 0, 4096, 0x0000\n', 'x', { ...ns, fioVersion: 'fio-3.28' }).timeseries[0]!.prio).toBe(0);
	});
	it('the fio version gives the latency unit', () => {
		expect(parseFioLog('0, 5, 0, 0\n', 'x', { metric: 'slat', fioVersion: 'fio-2.2.10' }).timeseries[0]!.lat_ns).toBe(5000);
		expect(parseFioLog('0, 5, 0, 0\n', 'x', { metric: 'slat', fioVersion: 'fio-3.1' }).timeseries[0]!.lat_ns).toBe(5);
		const between = { metric: 'slat', fioVersion: '2.21-12-gabcdef' } as const;
		expect(codeOf(() => parseFioLog('0, 5, 0, 0\n', 'x', between))).toBe('LATENCY_UNIT_UNKNOWN');
	});
	it('bw logs of fio < 2.10 are windowed KiB/s even with a block size', () => {
		const r = parseFioLog('500, 300, 0, 4096\n', 'x', { metric: 'bw', fioVersion: '2.1.4' }).timeseries[0]!;
		expect([r.bw_bytes_per_s, r.value_kind, r.block_size_bytes]).toEqual([300 * 1024, 'mean', null]);
		const perIo = parseFioLog('500, 300, 0, 4096\n', 'x', { metric: 'bw', fioVersion: '2.18' }).timeseries[0]!;
		expect([perIo.bw_bytes_per_s, perIo.value_kind, perIo.block_size_bytes]).toEqual([300 * 1000, 'per_io', 4096]);
	});
	it('log_max_value=1: windowed values are maxima', () => {
		expect(parseFioLog('500, 9, 0, 0\n', 'x', { ...ns, windowValue: 'max' }).timeseries[0]!.value_kind).toBe('max');
	});
	it('accepts trim, blank lines and an empty log (the slat log of a sync engine)', () => {
		const r = parseFioLog('500, 9, 2, 0\n\n1000, 8, 0, 0\n', 'x', ns).timeseries;
		expect(r.map((x) => [x.seq, x.direction])).toEqual([
			[1, 'trim'],
			[3, 'read'],
		]);
		expect(parseFioLog('', 'x', { metric: 'slat' })).toMatchObject({ timeseries: [], warnings: [] });
	});
});

describe('malformed logs', () => {
	const ns = { metric: 'clat', latencyUnit: 'ns' } as const;
	const cases: [what: string, text: string, code: string, line: number | undefined, field: string | undefined][] = [
		['ddir 3', '0, 5, 0, 0\n1, 5, 3, 0\n', 'LOG_VALUE', 2, 'ddir'],
		['garbage in a value', '0, 5, 0, 0\n1, 5x, 0, 0\n', 'LOG_NUMBER', 2, 'value'],
		['a negative value', '0, -5, 0, 0\n', 'LOG_NUMBER', 1, 'value'],
		['NaN', '0, 5, 0, 0\n1, nan, 0, 0\n', 'LOG_NUMBER', 2, 'value'],
		['a decimal', '0, 5.5, 0, 0\n', 'LOG_NUMBER', 1, 'value'],
		['an empty field', '0, , 0, 0\n', 'LOG_NUMBER', 1, 'value'],
		['a NUL byte', '0, 5, 0, 0\n1, 5, 0\u0000, 0\n', 'LOG_NUMBER', 2, 'ddir'],
		['a huge number', '0, 99999999999999999999, 0, 0\n', 'LOG_NUMBER', 1, 'value'],
		['a line with fewer columns', '0, 5, 0, 0\n1, 5, 0\n', 'LOG_COLUMNS', 2, undefined],
		['3 columns', '0, 5, 0\n', 'LOG_COLUMNS', 1, undefined],
		['9 columns', '0, 5, 0, 0, 0, 0, 0, 0, 0\n', 'LOG_COLUMNS', 1, undefined],
		['hex outside prio', '0, 0x5, 0, 0\n', 'LOG_VALUE', 1, 'value'],
		['a decimal prio > 1', '0, 5, 0, 0, 0\n1, 5, 0, 0, 7\n', 'LOG_VALUE', 2, 'prio'],
		['per-I/O and windowed lines mixed', '0, 5, 0, 4096\n1, 5, 0, 0\n', 'LOG_VALUE', 2, 'bs'],
		['text', 'hello, world\n', 'LOG_NUMBER', 1, 'time'],
		['JSON', '{"fio version": "3.33"}\n', 'LOG_NUMBER', 1, 'time'],
	];
	for (const [what, text, code, line, field] of cases) {
		it(`rejects ${what}`, () => {
			const e = errorOf(() => parseFioLogColumns(text, 'bad.log', ns));
			expect([e.code, e.line, e.field, e.file]).toEqual([code, line, field, 'bad.log']);
		});
	}
	it('rejects the 2001st line too (after the lines that choose the layout)', () => {
		const text = '0, 5, 0, 0\n'.repeat(2500) + '1, 5, 7, 0\n';
		expect(errorOf(() => parseFioLog(text, 'x', ns)).line).toBe(2501);
	});
	it('drops an unterminated last line with a warning (fio ends every line)', () => {
		const r = parseFioLog('0, 5, 0, 0\n1, 6, 0, 0', 'x', ns);
		expect(r.timeseries.map((x) => x.seq)).toEqual([1]);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'LAST_LINE_UNTERMINATED', line: 2 })]);
	});
	it('rejects bad options', () => {
		expect(codeOf(() => parseFioLog('0, 5, 0, 0\n', 'x', { ...ns, windowMs: -5 }))).toBe('BAD_OPTION');
		expect(codeOf(() => parseFioLog('0, 5, 0, 0\n', 'x', { ...ns, windowMs: 2.5 }))).toBe('BAD_OPTION');
		expect(codeOf(() => parseFioLog('0, 5, 0, 0\n', 'x', { metric: 'foo' as 'bw' }))).toBe('BAD_OPTION');
		expect(codeOf(() => parseFioLog('0, 5, 0, 0\n', 'x', { metric: 'toString' as 'bw' }))).toBe('BAD_OPTION');
	});
});

describe('fio log names and versions', () => {
	it('reads fio\'s documented naming', () => {
		expect(fioLogMetricFromName('randread-4k-01-01_clat.1.log')).toEqual({ metric: 'clat', jobIndex: 1 });
		expect(fioLogMetricFromName('raw/sub/job_bw.12.log')).toEqual({ metric: 'bw', jobIndex: 12 });
		expect(fioLogMetricFromName('job_iops.log')).toEqual({ metric: 'iops', jobIndex: null }); // per_job_logs=0
		expect(fioLogMetricFromName('agg-read_bw.log')).toEqual({ metric: 'bw', jobIndex: null });
		expect(fioLogMetricFromName('my_lat_slat.3.log')).toEqual({ metric: 'slat', jobIndex: 3 });
		expect(fioLogMetricFromName('gen_lat.2.log')).toEqual({ metric: 'lat', jobIndex: 2 });
	});
	it('is not fooled by histogram, compressed or other files', () => {
		const others = ['gen_clat_hist.1.log', 'job_bw.1.log.fz', 'bw.1.log', '_bw.log', 'job_bw.1.txt', 'fio.log', 'job_bandwidth.1.log'];
		for (const name of others) {
			expect(fioLogMetricFromName(name)).toBeUndefined();
		}
	});
	it('maps fio versions to the latency unit of their logs', () => {
		const cases: [string, string | undefined][] = [
			['fio-2.18-59-g618e', 'us'],
			['fio-2.1.4', 'us'],
			['2.21', 'us'],
			['fio-2.21-3-gabc', undefined], // between the tags of the nanosecond rework
			['fio-2.99', 'ns'],
			['fio-3.0', 'ns'],
			['fio-3.14-6-g97134', 'ns'],
			['3.33', 'ns'],
			['fio-3.41', 'ns'],
			['nonsense', undefined],
		];
		for (const [v, unit] of cases) expect([v, latencyUnitForFioVersion(v)]).toEqual([v, unit]);
	});
});

describe('fio log properties', () => {
	const inputs = LOGS.map((f) => ({ name: f.name, text: readFixture(f), opts: optionsFor(f.name) }));
	const key = (r: ParsedTimeseries) => `${r.seq}/${r.value_kind}`;
	const pick = () => fc.constantFrom(...inputs);

	it('a truncated log gives a ParseError or only rows of the full parse', () => {
		const byKey = (rows: ParsedTimeseries[]) => new Map(rows.map((r) => [key(r), r]));
		const full = new Map(inputs.map((i) => [i.name, byKey(parseFioLog(i.text, i.name, i.opts).timeseries)]));
		fc.assert(
			fc.property(pick(), fc.double({ min: 0, max: 1, noNaN: true }), (input, at) => {
				const cut = input.text.slice(0, Math.floor(input.text.length * at));
				let rows: ParsedTimeseries[];
				try {
					rows = parseFioLog(cut, input.name, input.opts).timeseries;
				} catch (e) {
					if (e instanceof ParseError) return;
					throw e;
				}
				const whole = full.get(input.name)!;
				for (const r of rows) expect(r).toEqual(whole.get(key(r)));
			}),
			{ numRuns: 200 },
		);
	});

	it('garbage anywhere gives a ParseError or a parse, never another exception', () => {
		const garbage = fc.constantFrom('#@!', '\u0000', '{', '-', '0x', ',', '\n', '\r', ' ', '1e5', 'NaN', '\uFEFF', '\u00e9');
		fc.assert(
			fc.property(pick(), fc.double({ min: 0, max: 1, noNaN: true }), garbage, (input, at, g) => {
				const pos = Math.floor(input.text.length * at);
				const text = input.text.slice(0, pos) + g + input.text.slice(pos);
				try {
					parseFioLogColumns(text, input.name, input.opts);
				} catch (e) {
					if (!(e instanceof ParseError)) throw e;
				}
			}),
			{ numRuns: 200 },
		);
	});

	it('CRLF and a BOM change nothing', () => {
		fc.assert(
			fc.property(pick(), fc.boolean(), fc.boolean(), (input, crlf, bom) => {
				const variant = (bom ? '\uFEFF' : '') + (crlf ? input.text.replace(/\n/g, '\r\n') : input.text);
				expect(parseFioLog(variant, input.name, input.opts)).toEqual(parseFioLog(input.text, input.name, input.opts));
			}),
			{ numRuns: 200 },
		);
	});
});
