// Shapes of fio JSON that no fixture has: malformed files, client/server mode, unified reporting,
// json+ from 2.x, lat_percentiles, version-dependent units. Documents are built in the layout of
// the fio version they claim (FIO_FORMATS.md §2).
import { describe, expect, it } from 'vitest';
import { parseFioJson } from '../../../../src/lib/formats/fio-json/parse.ts';
import { ParseError, type ParseResult } from '../../../../src/lib/formats/parse-result.ts';

type Json = Record<string, unknown>;

/** A latency object; `ns` picks the 3.x layout (N, ns) over the 2.x one. */
function latency(mean: number, ns: boolean, extra: Json = {}): Json {
	return { min: Math.round(mean / 2), max: mean * 3, mean, stddev: mean / 10, ...(ns ? { N: 1000 } : {}), ...extra };
}

function idleLatency(ns: boolean): Json {
	return { min: 0, max: 0, mean: 0, stddev: 0, ...(ns ? { N: 0 } : {}) };
}

const PERCENTILES = { '1.000000': 50, '50.000000': 100, '90.000000': 150, '99.000000': 200, '99.900000': 250, '99.990000': 300 };

/** One direction, 3.x layout: 4 KiB I/Os, bw/iops consistent with io_bytes and runtime. */
function dir3(ios: number, runtimeMs: number, extra: Json = {}): Json {
	const io = ios * 4096;
	const bwBytes = Math.floor((io * 1000) / runtimeMs);
	return {
		io_bytes: io,
		io_kbytes: io / 1024,
		bw_bytes: bwBytes,
		bw: Math.floor(bwBytes / 1024),
		iops: (ios * 1000) / runtimeMs,
		runtime: runtimeMs,
		total_ios: ios,
		slat_ns: latency(2000, true),
		clat_ns: latency(80000, true, { percentile: PERCENTILES }),
		lat_ns: latency(82000, true),
		...extra,
	};
}

function idle3(): Json {
	return {
		io_bytes: 0,
		io_kbytes: 0,
		bw_bytes: 0,
		bw: 0,
		iops: 0,
		runtime: 0,
		total_ios: 0,
		slat_ns: idleLatency(true),
		clat_ns: idleLatency(true),
		lat_ns: idleLatency(true),
	};
}

function job3(name: string, options: Json, dirs: Json, extra: Json = {}): Json {
	return {
		jobname: name,
		groupid: 0,
		error: 0,
		'job options': options,
		read: idle3(),
		write: idle3(),
		trim: idle3(),
		...dirs,
		usr_cpu: 1.5,
		sys_cpu: 3.25,
		...extra,
	};
}

function doc3(jobs: Json[], extra: Json = {}): Json {
	return { 'fio version': 'fio-3.33', timestamp: 1700000000, jobs, ...extra };
}

const text = (doc: Json) => JSON.stringify(doc, null, 2) + '\n';
const parse = (t: string) => parseFioJson(t, 'synthetic.json');

function parseError(t: string): ParseError {
	try {
		parse(t);
	} catch (e) {
		if (e instanceof ParseError) return e;
		throw e;
	}
	throw new Error('expected a ParseError');
}

/** 1-based line of the first line containing `needle`. */
function lineOf(t: string, needle: string): number {
	const i = t.split('\n').findIndex((l) => l.includes(needle));
	if (i < 0) throw new Error(`${needle} not in text`);
	return i + 1;
}

function run(r: ParseResult, key: string, direction: string) {
	const row = r.runs.find((x) => x.run_key === key && x.direction === direction);
	if (!row) throw new Error(`no run ${key}/${direction}`);
	return row;
}

const randread = job3('rr', { rw: 'randread', bs: '4k', iodepth: '32' }, { read: dir3(20000, 10000) });

describe('malformed fio JSON', () => {
	it('-nan and inf are errors on their line', () => {
		const t = text(doc3([randread])).replace('"mean": 80000', '"mean": -nan');
		const e = parseError(t);
		expect(e.code).toBe('NON_FINITE_NUMBER');
		expect(e.line).toBe(lineOf(t, '-nan'));
		expect(e.field).toBe('jobs[0].read.clat_ns.mean');
		const t2 = text(doc3([randread])).replace('"usr_cpu": 1.5', '"usr_cpu": inf');
		expect(parseError(t2)).toMatchObject({ code: 'NON_FINITE_NUMBER', line: lineOf(t2, ': inf') });
	});

	it('nesting deeper than 64 is a DEPTH error; 64 is fine', () => {
		const nested = (arrays: number) => `{"fio version": "fio-3.33", "jobs": [], "x": ${'['.repeat(arrays)}${']'.repeat(arrays)}}\n`;
		expect(parse(nested(63)).runs).toEqual([]); // root object + 63 arrays = 64 levels
		expect(parseError(nested(64)).code).toBe('DEPTH');
	});

	it('a truncated file is an error on its last line', () => {
		const full = text(doc3([randread]));
		const cut = full.slice(0, full.indexOf('"lat_ns"') + 20);
		const e = parseError(cut);
		expect(e.code).toBe('TRUNCATED_JSON');
		expect(e.line).toBe(cut.split('\n').length);
	});

	it('syntax errors name their line', () => {
		const t = text(doc3([randread])).replace('"bs": "4k",', '"bs": "4k",,');
		expect(parseError(t)).toMatchObject({ code: 'JSON_SYNTAX', line: lineOf(t, ',,') });
	});

	it('a negative value in a field that is used is an error naming the field', () => {
		const t = text(doc3([randread])).replace('"runtime": 10000', '"runtime": -10000');
		expect(parseError(t)).toMatchObject({ code: 'NEGATIVE_VALUE', field: 'jobs[0].read.runtime', line: lineOf(t, '-10000') });
	});

	it('missing pieces are errors, not NULLs', () => {
		const noWrite = doc3([structuredClone(randread)]);
		delete (noWrite.jobs as Json[])[0]!.write;
		expect(parseError(text(noWrite))).toMatchObject({ code: 'MISSING_FIELD', field: 'jobs[0].write' });
		expect(parseError(text({ jobs: [] }))).toMatchObject({ code: 'MISSING_FIELD', field: 'fio version' });
		expect(parseError(text(doc3([], { 'fio version': 'fio-abc' })))).toMatchObject({ code: 'BAD_VERSION' });
		// 2.99 means nanoseconds: µs keys there are a broken file, not a silent ×1000.
		const old = text(doc3([randread], { 'fio version': 'fio-2.99' })).replaceAll('_ns"', '"');
		expect(parseError(old)).toMatchObject({ code: 'MISSING_FIELD', field: 'jobs[0].read.lat_ns' });
	});

	it('text that is not fio JSON at all', () => {
		expect(parseError('fio: no job file given\n').code).toBe('NO_JSON');
		expect(parseError('').code).toBe('NO_JSON');
	});
});

describe('text around the JSON', () => {
	const clean = parse(text(doc3([randread])));
	it('skips a prefix with a warning', () => {
		const r = parse(`\nfio: terminating on signal 2\nfio: pid=1, err=5\n${text(doc3([randread]))}`);
		expect(r.runs).toEqual(clean.runs);
		expect(r.warnings).toEqual([
			expect.objectContaining({ code: 'NON_JSON_PREFIX', line: 2, message: expect.stringContaining('(2 lines)') }),
		]);
	});
	it('uses the last of several documents (--status-interval)', () => {
		const first = text(doc3([job3('rr', { rw: 'randread' }, { read: dir3(1000, 1000) })]));
		const r = parse(first + text(doc3([randread])));
		expect(r.runs).toEqual(clean.runs);
		const secondStart = first.split('\n').length;
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'STATUS_INTERVAL_REPEATS', line: secondStart })]);
	});
	it('skips text after the JSON with a warning', () => {
		const body = text(doc3([randread]));
		const r = parse(`${body}\nRun status group 0 (all jobs):\n`);
		expect(r.runs).toEqual(clean.runs);
		expect(r.warnings).toEqual([expect.objectContaining({ code: 'TRAILING_TEXT', line: body.split('\n').length + 1 })]);
	});
	it('warns about repeated keys except percentile padding and options', () => {
		const t = text(doc3([randread]))
			.replace('"99.990000": 300', '"99.990000": 300, "0.00": 0, "0.00": 0')
			.replace('"iodepth": "32"', '"iodepth": "32", "iodepth": "16"')
			.replace('"usr_cpu": 1.5', '"usr_cpu": 1.5, "usr_cpu": 2.5');
		const r = parse(t);
		expect(r.warnings).toEqual([
			expect.objectContaining({ code: 'DUPLICATE_KEY', field: 'jobs[0].usr_cpu', line: lineOf(t, '"usr_cpu": 1.5') }),
		]);
		expect(run(r, 'job0', 'read').iodepth).toBe(16); // the last value counts, as in fio
		expect(run(r, 'job0', 'read').usr_cpu_pct).toBe(2.5);
		expect(r.percentiles.map((p) => p.percentile)).toEqual([1, 50, 90, 99, 99.9, 99.99]);
	});
});

describe('rows and units', () => {
	it('fills the run row from a 3.x job', () => {
		const r = parse(text(doc3([randread])));
		const read = run(r, 'job0', 'read');
		expect(r.runs).toHaveLength(1); // write and trim are idle
		expect(read).toMatchObject({
			source_format: 'fio-json',
			tool: 'fio',
			tool_version: '3.33',
			scope: 'job',
			job_name: 'rr',
			job_index: 0,
			rw: 'randread',
			access: 'random',
			read_pct: 100,
			random_pct: 100,
			block_size_bytes: 4096,
			iodepth: 32,
			numjobs: 1,
			io_bytes: 20000 * 4096,
			total_ios: 20000,
			runtime_s: 10,
			iops: 2000, // 20000 I/Os / 10 s
			bw_bytes_per_s: 8192000, // 81920000 B / 10 s
			clat_mean_ns: 80000,
			clat_p50_ns: 100,
			clat_p99_9_ns: 250,
			lat_p99_ns: null,
			slat_mean_ns: 2000,
			slat_max_ns: 6000,
			usr_cpu_pct: 1.5,
			sys_cpu_pct: 3.25,
			error_code: null,
			steadystate_attained: null,
			started_at: '2023-11-14T22:13:20.000Z', // 1700000000 s
			value_origin: 'measured',
		});
	});

	it('job_start (3.36+) gives the start time; error gives error_code', () => {
		const j = job3('rr', { rw: 'randread' }, { read: dir3(100, 100) }, { job_start: 1700000000123, error: 5 });
		const read = run(parse(text(doc3([j], { 'fio version': 'fio-3.36' }))), 'job0', 'read');
		expect(read.started_at).toBe('2023-11-14T22:13:20.123Z');
		expect(read.error_code).toBe(5);
	});

	it('2.x: io_bytes in KiB and latencies in µs; 2.21 switches io_bytes to bytes', () => {
		const dir2 = (ioKiB: number) => ({
			io_bytes: ioKiB,
			bw: ioKiB, // 1 s
			iops: ioKiB / 4,
			runtime: 1000,
			total_ios: ioKiB / 4,
			slat: latency(2, false),
			clat: latency(100.5, false, { percentile: { '99.000000': 350, '0.00': 0 } }),
			lat: latency(103, false),
		});
		const j2 = (read: Json) => ({ jobname: 'j', groupid: 0, error: 0, read, write: dir2(0), trim: dir2(0) });
		const r = parse(text({ 'fio version': 'fio-2.20', jobs: [j2(dir2(4000))] }));
		// 4000 KiB × 1024; 100.5 µs × 1000; 350 µs × 1000; slat max 3 × 2 µs.
		expect(run(r, 'job0', 'read')).toMatchObject({ io_bytes: 4096000, clat_mean_ns: 100500, clat_p99_ns: 350000, slat_max_ns: 6000 });
		// 2.21 with bytes (io_kbytes added by the same fio commit).
		const bytes = { ...dir2(4000), io_bytes: 4096000, io_kbytes: 4000 };
		expect(run(parse(text({ 'fio version': 'fio-2.21', jobs: [j2(bytes)] })), 'job0', 'read').io_bytes).toBe(4096000);
		// A 2.20 file whose io_bytes are already bytes would be read ×1024: the rate check catches it.
		const wrong = parse(text({ 'fio version': 'fio-2.20', jobs: [j2({ ...dir2(4000), io_bytes: 4096000 })] }));
		expect(wrong.warnings.map((w) => w.code)).toEqual(['IO_BW_MISMATCH']);
	});

	it('fio 2.0.10: "%2.2f" percentile keys, no total_ios', () => {
		const dir = (kib: number) => ({
			io_bytes: kib,
			bw: kib / 2, // over 2 s
			iops: kib / 8,
			runtime: kib ? 2000 : 0,
			slat: latency(5, false),
			clat: latency(400, false, { percentile: { '50.00': 380, '99.00': 900, '0.00': 0 } }),
			lat: latency(405, false),
		});
		const job = { jobname: 'old', groupid: 0, error: 0, read: dir(8000), write: dir(0) };
		const r = parse(text({ 'fio version': 'fio-2.0.10', jobs: [job] }));
		expect(run(r, 'job0', 'read')).toMatchObject({ io_bytes: 8192000, total_ios: null, clat_p50_ns: 380000, clat_p99_ns: 900000 });
		expect(r.percentiles.map((p) => p.percentile)).toEqual([50, 99]);
		expect(r.warnings).toEqual([]);
	});

	it('warns when bw_bytes and bw disagree', () => {
		const read = { ...dir3(1000, 1000), bw_bytes: 9000000 }; // bw says 4000 KiB/s = 4096000 B/s
		const r = parse(text(doc3([job3('x', {}, { read })])));
		expect(r.warnings.map((w) => w.code)).toEqual(['BW_MISMATCH', 'IO_BW_MISMATCH']);
		expect(run(r, 'job0', 'read').bw_bytes_per_s).toBe(9000000); // reported as is
	});

	it('group_reporting makes a group row standing for numjobs jobs', () => {
		const j = job3('g', { rw: 'write', numjobs: '8' }, { write: dir3(800, 1000) });
		const w = run(parse(text(doc3([j], { 'global options': { group_reporting: '1' } }))), 'job0', 'write');
		expect([w.scope, w.numjobs, w.read_pct, w.access]).toEqual(['group', 8, 0, 'sequential']);
	});
});

describe('jobs without group_reporting', () => {
	it('derives one total per group with several entries', () => {
		const a = job3('a', { rw: 'randread' }, { read: dir3(1000, 1000) });
		const b = job3('a', { rw: 'randread' }, { read: dir3(3000, 2000) });
		const c = { ...job3('c', { rw: 'randread' }, { read: dir3(500, 1000) }), groupid: 1 };
		const r = parse(text(doc3([a, b, c])));
		expect(r.runs.map((x) => `${x.run_key}/${x.scope}`)).toEqual(['job0/job', 'job1/job', 'job2/job', 'group0/total']);
		const total = run(r, 'group0', 'read');
		expect(total.iops).toBe(2000); // (1000 + 3000) I/Os / max(1 s, 2 s)
		expect(total.numjobs).toBe(2);
		expect(total.value_origin).toBe('derived');
	});

	it('client/server output: per-client entries, "All clients" skipped, totals derived', () => {
		const host = (h: string, ios: number) => ({
			...job3('cj', { rw: 'randread' }, { read: dir3(ios, 1000) }),
			hostname: h,
			port: 8765,
		});
		const all: Json = { ...job3('All clients', {}, { read: dir3(3000, 1000) }), hostname: 'b', port: 8765 };
		delete all['job options'];
		const clients = [host('a', 1000), host('b', 2000), all];
		const r = parse(text({ 'fio version': 'fio-3.33', timestamp: 1700000000, client_stats: clients }));
		expect(r.runs.map((x) => x.run_key)).toEqual(['job0', 'job1', 'group0']);
		expect(run(r, 'group0', 'read').total_ios).toBe(3000);
		// Each server reporting its group: the total still spans the servers.
		const grouped = clients.slice(0, 2).map((c) => ({ ...c, 'job options': { rw: 'randread', group_reporting: '1', numjobs: '4' } }));
		const g = parse(text({ 'fio version': 'fio-3.33', client_stats: grouped }));
		expect(g.runs.map((x) => `${x.run_key}/${x.scope}`)).toEqual(['job0/group', 'job1/group', 'group0/total']);
		expect(run(g, 'group0', 'read')).toMatchObject({ total_ios: 3000, numjobs: 8, iops: 3000 });
	});
});

describe('unified_rw_reporting', () => {
	it('=1 gives only a mixed row', () => {
		const j = job3('m', { rw: 'randrw', rwmixread: '70', unified_rw_reporting: '1' }, { mixed: dir3(1000, 1000) });
		delete j.read;
		delete j.write;
		delete j.trim;
		const r = parse(text(doc3([j])));
		expect(r.runs.map((x) => x.direction)).toEqual(['mixed']);
		expect(run(r, 'job0', 'mixed')).toMatchObject({ read_pct: 70, random_pct: 100, block_size_bytes: 4096 });
	});

	it('=both in 3.27–3.38 prints 0 rates for mixed: they become NULL with a warning', () => {
		const mixed = { ...dir3(1500, 1000), bw_bytes: 0, bw: 0, iops: 0 };
		const j = job3('m', { rw: 'randrw' }, { read: dir3(1000, 1000), write: dir3(500, 1000), mixed });
		const r = parse(text(doc3([j])));
		expect(run(r, 'job0', 'mixed')).toMatchObject({ iops: null, bw_bytes_per_s: null, total_ios: 1500, io_bytes: 1500 * 4096 });
		expect(r.warnings.map((w) => w.code)).toEqual(['ZERO_RATE']);
	});
});

describe('percentiles of total latency (lat_percentiles=1)', () => {
	it('3.1–3.12 write them under clat_ns: they are labelled lat', () => {
		const j = job3('l', { rw: 'randread', lat_percentiles: '1' }, { read: dir3(1000, 1000) });
		const r = parse(text(doc3([j], { 'fio version': 'fio-3.10' })));
		expect(run(r, 'job0', 'read')).toMatchObject({ lat_p99_ns: 200, clat_p99_ns: null });
		expect(new Set(r.percentiles.map((p) => p.stat))).toEqual(new Set(['lat']));
	});
	it('3.13+ write them under lat_ns', () => {
		const read = dir3(1000, 1000, { clat_ns: latency(80000, true), lat_ns: latency(82000, true, { percentile: PERCENTILES }) });
		const j = job3('l', { rw: 'randread', lat_percentiles: '1' }, { read });
		const r = parse(text(doc3([j])));
		expect(run(r, 'job0', 'read')).toMatchObject({ lat_p99_ns: 200, clat_p99_ns: null, lat_p50_ns: 100 });
	});
	it('3.13+ with percentiles under clat_ns keeps them as clat', () => {
		const j = job3('l', { rw: 'randread', lat_percentiles: '1' }, { read: dir3(1000, 1000) });
		expect(run(parse(text(doc3([j], { 'fio version': 'fio-3.13' }))), 'job0', 'read').clat_p99_ns).toBe(200);
	});
	it('skips percentile lists that are all zero', () => {
		const zeros = Object.fromEntries(Object.keys(PERCENTILES).map((k) => [k, 0]));
		const read = dir3(1000, 1000, { clat_ns: latency(80000, true, { percentile: zeros }) });
		const r = parse(text(doc3([job3('z', {}, { read })])));
		expect(r.percentiles).toEqual([]);
		expect(run(r, 'job0', 'read').clat_p50_ns).toBeNull();
	});
});

describe('json+ bins of fio 2.x', () => {
	const dir2 = (bins: Json, active = true) => ({
		io_bytes: active ? 400 : 0,
		bw: active ? 400 : 0,
		iops: active ? 100 : 0,
		runtime: active ? 1000 : 0,
		total_ios: active ? 100 : 0,
		slat: latency(2, false),
		clat: latency(300, false, { percentile: { '50.000000': 300 }, bins }),
		lat: latency(302, false),
	});
	const doc = (version: string, bins: Json) => {
		const job = { jobname: 'j', groupid: 0, error: 0, read: dir2(bins), write: dir2({}, false), trim: dir2({}, false) };
		return text({ 'fio version': version, jobs: [job] });
	};

	it('2.2.12–2.19: keys are bucket indices, values µs', () => {
		const bins: Json = { FIO_IO_U_PLAT_BITS: 6, FIO_IO_U_PLAT_VAL: 64, FIO_IO_U_PLAT_NR: 1216 };
		for (let i = 0; i < 1216; i++) bins[String(i)] = 0;
		bins['200'] = 99;
		bins['1215'] = 1;
		const r = parse(doc('fio-2.2.12', bins));
		expect(r.runs.every((x) => x.source_format === 'fio-jsonplus')).toBe(true);
		const read = r.histograms.filter((h) => h.direction === 'read');
		// Bucket 200: group 3 → 2 error bits, base 2^8 = 256 µs, slot 8 of width 4 → [288, 292) µs.
		expect(read[0]).toMatchObject({ bin_index: 200, bin_lower_ns: 288000, bin_upper_ns: 292000, count: 99 });
		// The last of 1216 buckets collects everything above: open. Bucket 1215 = group 18 slot 63: 17 error bits,
		// base 2^23 µs → lower edge 2^23 + 63 × 2^17 = 16646144 µs.
		expect(read[1]).toMatchObject({ bin_index: 1215, bin_lower_ns: 16646144000, bin_upper_ns: null, count: 1 });
		expect(r.warnings).toEqual([]);
	});

	it('2.20–2.21: keys are bucket values in µs', () => {
		// 302 µs: msb 8 → 2 error bits, bucket (2+1)×64 + ⌊302/4⌋ mod 64 = 192 + 11 = 203, [256 + 11×4, +4) = [300, 304) µs.
		const r = parse(doc('fio-2.20', { '302': 7 }));
		expect(r.histograms).toEqual([
			{
				run_key: 'job0',
				direction: 'read',
				stat: 'clat',
				source: 'fio-jsonplus',
				time_ms: null,
				bin_index: 203,
				bin_lower_ns: 300000,
				bin_upper_ns: 304000,
				count: 7,
			},
		]);
	});

	it('bin keys that are no fio bucket value are flagged', () => {
		expect(parse(doc('fio-2.20', { '301': 7 })).warnings.map((w) => w.code)).toEqual(['BIN_KEY_OFF_GRID']);
	});
});
