// The finder on the bundled reviews as ingested: values read off one measured curve (interpolated only between two of
// its points, never beyond them), latency bounds, and rankings only among results of one testbed or comparable ones.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { openDataset, runQuery } from '../../../src/lib/build/db.ts';
import { findAnswer } from '../../../src/lib/find/answer.ts';
import { expandRow, finderFamiliesOf, type FinderFamilies } from '../../../src/lib/find/family.ts';
import { paramsOf, queryOf } from '../../../src/lib/find/query.ts';
import type { DeviceRow, ReviewRow, RunRow } from '../../../src/lib/schema.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const LAB = 'virtual-disk-virtio-blk';
const REVIEWS = ['storagereview-2021-intel-storage-windows-server', 'soerenmetje-2021-crystaldiskmark-three-drives', 'lab-2026-virtual-disk-fio-sweep', 'anon-2022-solidigm-d7-p5520', 'storagereview-2021-intel-p5510-vs-samsung-pm9a3'];
let work: string;
let families: FinderFamilies;

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'finder-'));
	cpSync(join(ROOT, 'data/devices'), join(work, 'data/devices'), { recursive: true });
	for (const id of REVIEWS) cpSync(join(ROOT, 'data/reviews', id), join(work, 'data/reviews', id), { recursive: true });
	expect((await ingest({ dataDir: join(work, 'data'), out: join(work, 'dataset') })).errors).toEqual([]);
	const conn = await openDataset(join(work, 'dataset'));
	const runs = await runQuery<RunRow>(conn, { sql: 'SELECT * FROM runs ORDER BY run_id, direction', params: [] });
	const reviews = await runQuery<ReviewRow>(conn, { sql: 'SELECT * FROM reviews', params: [] });
	const devices = await runQuery<DeviceRow>(conn, { sql: 'SELECT * FROM devices', params: [] });
	conn.closeSync();
	families = finderFamiliesOf(runs, reviews, devices, Object.fromEntries(devices.map((d) => [d.device_id, d.model ?? d.device_id])));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The family as the page reads it: its file through JSON, rows expanded. */
const family = (key: string) => {
	const f = JSON.parse(JSON.stringify(families.files.get(key)!));
	return { ...f, runs: f.runs.map(expandRow) };
};
const ask = (query: string) => {
	const q = queryOf(new URLSearchParams(query))!;
	return findAnswer(q, family(`${q.access}-${q.read_pct}-${q.block_size_bytes}`));
};

describe('the finder', () => {
	it('keeps the whole question in the URL', () => {
		const q = queryOf(new URLSearchParams('access=random&read=70&bs=4096&rate=100000&p99=1000'))!;
		expect(q).toEqual({ access: 'random', read_pct: 70, block_size_bytes: 4096, outstanding: null, rate_iops: 100_000, bounds: { p99: 1000 } });
		expect(queryOf(paramsOf(q))).toEqual(q);
		expect(queryOf(new URLSearchParams('access=random&read=100&bs=4096'))!.outstanding).toBe(1);
		expect(queryOf(new URLSearchParams('access=random&read=170&bs=4096'))).toBeNull();
		// A MB/s target is converted through the block size.
		expect(queryOf(new URLSearchParams('access=sequential&read=100&bs=131072&mbps=131.072'))!.rate_iops).toBe(1000);
	});

	it('answers "4K random read at QD 1" per testbed: ranked lists never mix testbeds, hosts or kinds of device', () => {
		const a = ask('access=random&read=100&bs=4096&qd=1');
		// CrystalDiskMark RND4K Q1T1 read on the H87M board: P2 12,134 IOPS, WD Blue 10,101, 840 EVO 9,419 (checked in the files).
		const cdm = a.ranked.find((l) => l.some((c) => c.device_id === 'wd-blue-3d-1tb'))!;
		expect(cdm.map((c) => [c.device_id, Math.round(c.at!.iops!)])).toEqual([
			['crucial-p2-2tb', 12_134],
			['wd-blue-3d-1tb', 10_101],
			['samsung-840-evo-120gb', 9_419],
		]);
		expect(cdm.every((c) => c.host === 'H87M board')).toBe(true);
		// The P2 on the X370 board (14,247 IOPS) is another host: a list of its own, never ranked above the others.
		expect(a.ranked.find((l) => l.some((c) => c.host === 'X370 board'))!.map((c) => c.device_id)).toEqual(['crucial-p2-2tb']);
		// StorageReview's 1T/1Q figures (latency only): the P5800X's 24 µs before the P5510's 81 µs, in their own list.
		const sr = a.ranked.find((l) => l.some((c) => c.device_id === 'intel-optane-p5800x-800gb'))!;
		expect(sr.map((c) => [c.device_id, c.at!.lat.mean])).toEqual([
			['intel-optane-p5800x-800gb', 24_000],
			['intel-d7-p5510-7-68tb', 81_000],
		]);
		// The lab's virtio disk is no drive: answered (13,614 IOPS at QD 1), listed apart.
		expect(a.notDrives.filter((c) => c.at).map((c) => [c.device_id, Math.round(c.at!.iops!)])).toEqual([[LAB, 13_614]]);
		// Persistent memory, measured only at 16 × 16: no value at QD 1, and nothing below its one load is guessed.
		expect(a.notDrives.find((c) => c.device_id === 'intel-optane-pmem-200-128gb')!.outside).toMatchObject({ side: 'below', limit: 256 });
		expect(a.ranked.flat().some((c) => c.device_id === LAB)).toBe(false);
	});

	it('interpolates only between two points of one curve, and says which', () => {
		// The lab's 4K random read QD sweep: QD 2 = 21,379 IOPS, QD 4 = 33,913; QD 3 lies between them.
		const lab = ask('access=random&read=100&bs=4096&qd=3').notDrives.find((c) => c.kind === 'qd')!;
		expect(lab.at!.interpolated).toBe(true);
		expect(lab.at!.points.map((p) => p.outstanding)).toEqual([2, 4]);
		expect(lab.at!.iops).toBeCloseTo((21_379.37 + 33_912.9) / 2, -1);
		// A rate between two rate steps of one curve (the QD 32 rate-stepped sweep, 16,544 and 33,087 IOPS).
		const rate = ask('access=random&read=100&bs=4096&rate=20000').notDrives.find((c) => c.kind === 'rate')!;
		expect(rate.at!.points.map((p) => Math.round(p.iops!))).toEqual([16_544, 33_087]);
		expect(rate.at!.lat.mean).toBeGreaterThan(76_000);
		expect(rate.at!.lat.mean).toBeLessThan(177_300);
	});

	it('never extrapolates: beyond the measured range the answer is "not measured above"', () => {
		// 4K random 70/30 at 100K IOPS with p99 ≤ 1 ms: the lab disk peaks at 41,669 + 17,868 = 59,537 IOPS (QD 128).
		const a = ask('access=random&read=70&bs=4096&rate=100000&p99=1000');
		expect(a.ranked).toEqual([]);
		const lab = a.notDrives.find((c) => c.device_id === LAB)!;
		expect(lab.at).toBeNull();
		expect(lab.outside).toMatchObject({ side: 'above' });
		expect(Math.round(lab.outside!.limit)).toBe(59_537);
		expect(lab.meets).toBeNull();
		// Figures without their queue depth (the P5510's curve start, the P5520's QD-less figures) are named, never ranked.
		expect(a.loose.map((l) => l.device_id)).toEqual(expect.arrayContaining(['intel-d7-p5510-7-68tb']));
		for (const l of a.loose) expect(l.unknown.length).toBeGreaterThan(0);
		// Drives with no 70/30 result are named with the nearest thing they have: the WD Blue's 4K random read at QD 1 and 32.
		const wd = families.files.get('random-70-4096')!.neighbours.filter((n) => n.device_id === 'wd-blue-3d-1tb');
		expect(wd).toContainEqual({ device_id: 'wd-blue-3d-1tb', read_pct: 100, block_size_bytes: 4096, loads: [1, 32] });
	});

	it('checks latency bounds at the asked load, worst direction of a mix', () => {
		// At 30,000 IOPS of 4K random 70/30 the lab disk sits between QD 4 (22,610 + 9,648 = 32,258) and QD 2 (21,939):
		// p99 read 134.1 → 209.9 µs, write 189.4 → 264.2 µs; the worst direction is the write's.
		const a = ask('access=random&read=70&bs=4096&rate=30000&p99=250');
		const lab = a.notDrives.find((c) => c.device_id === LAB)!;
		expect(lab.at!.interpolated).toBe(true);
		expect(lab.at!.points.map((p) => p.outstanding)).toEqual([2, 4]);
		const p99 = lab.bounds.find((b) => b.stat === 'p99')!;
		expect(p99.value_ns! / 1000).toBeGreaterThan(189.4);
		expect(p99.value_ns! / 1000).toBeLessThan(264.2);
		expect(p99.ok).toBe(p99.value_ns! <= 250_000);
		// A bound on a statistic that is not measured cannot be told.
		const sr = ask('access=random&read=100&bs=4096&qd=1&p99_99=100').ranked.flat().find((c) => c.device_id === 'intel-d7-p5510-7-68tb')!;
		expect(sr.meets).toBeNull();
	});

	it('ranks only over same-testbed and comparable results', () => {
		const a = ask('access=random&read=100&bs=4096&qd=1');
		for (let i = 1; i < a.ranked.length; i++) expect(a.between[i - 1]!.length).toBeGreaterThan(0);
		expect(a.ranked.length).toBeGreaterThanOrEqual(3);
	});
});
