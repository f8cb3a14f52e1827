// fio job options (as listed in JSON) → workload columns. Expected values follow fio's HOWTO.
import { describe, expect, it } from 'vitest';
import { canonicalOptions, jobSettings, perDirection, type OptionList } from '../../../../src/lib/formats/fio/options.ts';

const settings = (options: Record<string, string> | OptionList, listed = true) =>
	jobSettings(Array.isArray(options) ? options : Object.entries(options), listed);

describe('perDirection (HOWTO bs: "read,write,trim")', () => {
	it('follows the HOWTO examples', () => {
		expect(perDirection('256k')).toEqual(['256k', '256k', '256k']);
		expect(perDirection('8k,32k')).toEqual(['8k', '32k', '32k']); // trims inherit the last value
		expect(perDirection('8k,32k,')).toEqual(['8k', '32k', undefined]); // trailing comma: default trims
		expect(perDirection(',8k')).toEqual([undefined, '8k', '8k']);
		expect(perDirection('8k,,')).toEqual(['8k', undefined, undefined]);
	});
});

describe('jobSettings', () => {
	it('applies fio defaults only when the file lists options', () => {
		const s = settings({});
		expect([s.rw, s.read_pct, s.iodepth, s.numjobs, s.directions.read.block_size_bytes]).toEqual(['read', 100, 1, 1, 4096]);
		const unknown = settings({}, false);
		const { rw, read_pct, iodepth, directions } = unknown;
		expect([rw, read_pct, iodepth, directions.read.block_size_bytes]).toEqual([null, null, null, null]);
	});

	it('reads bs per direction with the job kb_base', () => {
		const s = settings({ bs: '4k,64k' });
		expect([s.directions.read.block_size_bytes, s.directions.write.block_size_bytes]).toEqual([4096, 65536]);
		expect(s.directions.mixed.block_size_bytes).toBeNull(); // reads and writes differ
		// kb_base=1000: "4k" = 4000, "4KiB" = 4096 (fio's reversed IEC handling, axboe/fio#1396).
		expect(settings({ kb_base: '1000', bs: '4k' }).directions.read.block_size_bytes).toBe(4000);
		expect(settings({ kb_base: '1000', bs: '4KiB' }).directions.read.block_size_bytes).toBe(4096);
		expect(settings({ bs: '4k', bssplit: '4k/50:64k/50' }).directions.read.block_size_bytes).toBeNull();
		expect(settings({ bsrange: '4k-64k' }).directions.write.block_size_bytes).toBeNull();
	});

	it('reads the read share of mixed patterns; the last of rwmixread/rwmixwrite wins', () => {
		expect(settings({ rw: 'randrw' }).read_pct).toBe(50);
		expect(settings({ rw: 'rw', rwmixwrite: '30' }).read_pct).toBe(70);
		const both: OptionList = [
			['rw', 'randrw'],
			['rwmixwrite', '30'],
			['rwmixread', '90'],
		];
		expect(settings(both).read_pct).toBe(90);
		expect(settings({ rw: 'randwrite', rwmixread: '90' }).read_pct).toBe(0); // rwmix only matters for mixed patterns
		expect(settings({ rw: 'trimwrite' }).read_pct).toBe(0);
	});

	it('reads the random share and access', () => {
		expect(settings({ rw: 'randread:8' }).directions.read).toMatchObject({ random_pct: 100, access: 'random' });
		expect(settings({ rw: 'write' }).directions.write).toMatchObject({ random_pct: 0, access: 'sequential' });
		const partly = settings({ rw: 'randrw', percentage_random: '80,20' });
		expect(partly.directions.read).toMatchObject({ random_pct: 80, access: 'mixed' });
		expect(partly.directions.write.random_pct).toBe(20);
		expect(partly.directions.mixed.random_pct).toBeNull();
		expect(settings({ rw: 'randread', percentage_sequential: '25' }).directions.read.random_pct).toBe(75);
		expect(settings({ rw: 'read', percentage_random: '50' }).directions.read.random_pct).toBe(0); // only random patterns
	});

	it('reads rate_iops per direction; 0 means unthrottled', () => {
		const s = settings({ rate_iops: '300,150' });
		const { read, write, trim } = s.directions;
		expect([read.rate_limit_iops, write.rate_limit_iops, trim.rate_limit_iops]).toEqual([300, 150, 150]);
		expect(settings({ rate_iops: '0' }).directions.read.rate_limit_iops).toBeNull();
		expect(settings({ rate_iops: ',500' }).directions.read.rate_limit_iops).toBeNull();
	});

	it('reads flags and aliases', () => {
		expect(settings({ group_reporting: '1' }).groupReporting).toBe(true);
		expect(settings({ group_reporting: '' }).groupReporting).toBe(true); // a flag given without a value
		expect(settings({ group_reporting: '0' }).groupReporting).toBe(false);
		expect(settings(canonicalOptions([['readwrite', 'randrw']], [['blocksize', '8k']])).rw).toBe('randrw');
		expect(settings(canonicalOptions([['blocksize', '8k']])).directions.read.block_size_bytes).toBe(8192);
	});

	it('reports options it cannot read and leaves the column NULL', () => {
		const s = settings({ bs: 'huge', iodepth: 'x', rw: 'sideways', kb_base: '999' });
		expect(s.problems.map((p) => p.option).sort()).toEqual(['bs', 'iodepth', 'kb_base', 'rw']);
		expect([s.directions.read.block_size_bytes, s.iodepth, s.read_pct]).toEqual([null, null, null]);
	});
});
