// Spec-sheet claims against the results: matched at the claim's conditions, per drive, or the reason in words.
import { describe, expect, it } from 'vitest';
import { claimOutcome, claimSlot } from '../../../src/lib/site/claims.ts';
import { assumedBlockText, claimReasonText, figureConditions } from '../../../src/lib/site/claim-words.ts';
import type { SlotRun } from '../../../src/lib/site/slot-cells.ts';

/** A published 4 KiB random read of the P5510, as published.csv gives it. */
function run(over: Partial<SlotRun>): SlotRun {
	return {
		review_id: 'storagereview-2021-intel-storage-windows-server',
		device_id: 'intel-d7-p5510-7-68tb',
		access: 'random',
		direction: 'read',
		rw: 'randread',
		read_pct: 100,
		random_pct: 100,
		block_size_bytes: 4096,
		iodepth: 16,
		numjobs: 16,
		rate_limit_iops: null,
		device_count: 8,
		value_origin: 'published',
		condition: '8 drives; 16 threads x 16 outstanding per device, results aggregated over the devices',
		iops: null,
		bw_bytes_per_s: null,
		lat_mean_ns: null,
		clat_mean_ns: null,
		...over,
	};
}

// storagereview-2021-intel-storage-windows-server: "4k-random-read 16T/16Q … 4800000 IOPS" of 8 drives; the QD1
// latency 81 µs; the 128K sequential read 54 GB/s of 8 drives, load not stated.
const p5510 = [
	run({ iops: 4_800_000 }),
	run({ iodepth: 1, numjobs: 1, lat_mean_ns: 81_000 }),
	run({ access: 'sequential', rw: 'read', random_pct: 0, block_size_bytes: 131072, iodepth: null, numjobs: null, bw_bytes_per_s: 54e9, condition: 'peak; 8 drives aggregate' }),
];

describe('claims against results', () => {
	it('sets the P5510’s 930K random-read claim against 600K per drive: 65 %', () => {
		const outcome = claimOutcome({ item: 'random read', value: 930_000, unit: 'IOPS' }, p5510);
		expect(outcome.kind).toBe('matched');
		if (outcome.kind !== 'matched') return;
		expect(outcome.figure).toMatchObject({ value: 600_000, total: 4_800_000, drives: 8, jobs: 16, iodepth: 16 });
		expect(Math.round(outcome.achievedPct)).toBe(65);
		expect(outcome.column).toBe('rand_read_4k_iops');
		expect(figureConditions(outcome.slot, outcome.figure, 'en')).toEqual(['16 × QD 16', '8 drives: 4.8M total']);
		expect(figureConditions(outcome.slot, outcome.figure, 'zh-Hans')).toEqual(['16 × QD 16', '8 块盘合计 480万']);
		expect(assumedBlockText(outcome, 'en')).toBe('The claim names no block size; set against 4K.');
	});

	it('says why when no result fits, naming the closest', () => {
		// The S3500's 84.3K IOPS states no load: not "QD ≥ 32", but the closest.
		const s3500 = [run({ device_id: 'intel-dc-s3500-480gb', review_id: 'zdnet-2013-intel-dc-s3500', device_count: 1, iodepth: null, numjobs: null, iops: 84_300, condition: null })];
		const outcome = claimOutcome({ item: '4K random read', value: 75_000, unit: 'IOPS' }, s3500);
		expect(outcome.kind).toBe('unmatched');
		expect(claimReasonText(outcome, 'en')).toBe(
			'No result for 4K random read at QD ≥ 32 in the dataset. The closest is 84,300 IOPS (4K random read, load not stated; zdnet-2013-intel-dc-s3500).',
		);
		expect(claimReasonText(outcome, 'zh-Hans')).toBe('数据集中没有4K 随机读（QD ≥ 32）的结果。最接近的是 84,300 IOPS（4K 随机读，未说明负载；zdnet-2013-intel-dc-s3500）。');
		expect(assumedBlockText(outcome, 'en')).toBeNull();
		// A random write claim with no write result at all: no closest.
		expect(claimReasonText(claimOutcome({ item: 'random write', value: 1, unit: 'IOPS' }, p5510), 'en')).toBe('No result for 4K random write at QD ≥ 32 in the dataset.');
	});

	it('says why a claim names no slot', () => {
		const reason = (item: string, value: number | string | null, unit: string | null) => claimReasonText(claimOutcome({ item, value, unit }, p5510), 'en');
		// The P5510's "bandwidth (sequential)" 7000 MB/s: neither read nor write.
		expect(reason('bandwidth (sequential)', 7000, 'MB/s')).toBe('The claim names neither read nor write.');
		expect(reason('read throughput', 7000, 'MB/s')).toBe('The claim names neither random nor sequential access.');
		expect(reason('endurance', 1, 'DWPD')).toBe('Not a benchmark figure: no result measures it.');
		expect(reason('4KB random write (default OP)', null, 'IOPS')).toBe('The spec sheet’s figure is not quoted.');
		expect(claimReasonText(claimOutcome({ item: 'endurance', value: 1, unit: 'DWPD' }, p5510), 'zh-Hans')).toBe('非基准测试指标，没有结果可对照。');
	});

	it('reads a named block size and the sequential column', () => {
		const seq = claimOutcome({ item: 'sequential read', value: 7000, unit: 'MB/s' }, p5510);
		expect(seq.kind === 'matched' && [seq.figure.value, Math.round(seq.achievedPct)]).toEqual([6.75e9, 96]);
		const named = claimSlot({ item: '8K random read', value: 1, unit: 'IOPS' });
		expect(typeof named !== 'string' && [named.slot.block_size_bytes, named.column, named.assumedBlock]).toEqual([8192, null, false]);
	});
});
