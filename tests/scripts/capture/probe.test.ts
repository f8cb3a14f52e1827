// Platform/disk probing, option parsing, fio output summaries and metadata builders of the capture kit.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deviceYaml } from '../../../src/lib/metadata/device.ts';
import { reviewYaml } from '../../../src/lib/metadata/review.ts';
import { runsSidecar } from '../../../src/lib/metadata/runs-sidecar.ts';
import { GIB, parseCapacityBytes } from '../../../src/lib/units.ts';
import { baseProfile, parseCaptureArgs, UsageError, type CaptureOptions } from '../../../scripts/capture/args.ts';
import {
	capacityText,
	classifyDisk,
	deriveDeviceId,
	deviceNames,
	disksFromInverseTree,
	isMemoryFilesystem,
	type DiskInfo,
} from '../../../scripts/capture/disk.ts';
import { extractJson, summarizeFioJson } from '../../../scripts/capture/fio.ts';
import { planSweep, withRate } from '../../../scripts/capture/jobs.ts';
import {
	buildDeviceYaml,
	buildReviewYaml,
	buildRunsSidecar,
	reviewNotes,
	type NotesInput,
} from '../../../scripts/capture/metadata.ts';
import { parseCpuinfo, parseMemTotal, parseOsRelease, serverName, type HostInfo } from '../../../scripts/capture/platform.ts';

const disk = (d: Partial<DiskInfo>): DiskInfo => ({
	name: 'sda',
	vendor: null,
	model: null,
	firmware: null,
	serial: null,
	sizeBytes: null,
	rotational: null,
	transport: null,
	driver: null,
	modalias: null,
	...d,
});

// What sysfs shows for the virtio disk of a Firecracker/QEMU guest (/sys/block/vda/...).
const VIRTIO = disk({
	name: 'vda',
	vendor: '0x1af4',
	serial: 'overlayblk',
	sizeBytes: 536870912 * 512,
	rotational: true,
	driver: 'virtio_blk',
	modalias: 'virtio:d00000002v00001AF4',
});
const SAMSUNG = disk({
	name: 'nvme0n1',
	model: 'Samsung SSD 980 PRO 1TB',
	firmware: '5B2QGXA7',
	driver: 'nvme',
	transport: 'nvme',
});
const EBS = disk({
	name: 'nvme1n1',
	model: 'Amazon Elastic Block Store',
	driver: 'nvme',
	modalias: 'pci:v00001D0Fd00008061sv00001D0F',
});
const GCE_PD = disk({ name: 'sdb', vendor: 'Google', model: 'PersistentDisk', driver: 'sd', transport: 'scsi' });

describe('classifyDisk', () => {
	it('recognises a virtio disk from vendor id, driver, modalias and name', () => {
		const v = classifyDisk(VIRTIO);
		expect(v.virtual).toBe(true);
		expect(v.reason).toContain('driver "virtio_blk" (virtio)');
		expect(v.reason).toContain('vendor "0x1af4" (virtio PCI vendor 0x1af4)');
		expect(v.reason).toContain('kernel name vda');
	});
	it('recognises cloud disks by model', () => {
		expect(classifyDisk(EBS)).toMatchObject({ virtual: true, reason: expect.stringContaining('Amazon') });
		expect(classifyDisk(GCE_PD)).toMatchObject({ virtual: true, reason: expect.stringContaining('Google') });
		expect(classifyDisk(disk({ vendor: 'QEMU', model: 'QEMU HARDDISK' })).virtual).toBe(true);
		expect(classifyDisk(disk({ vendor: 'Msft', model: 'Virtual Disk' })).virtual).toBe(true);
		expect(classifyDisk(disk({ vendor: 'VMware', model: 'Virtual disk' })).virtual).toBe(true);
		expect(classifyDisk(disk({ name: 'xvda' })).virtual).toBe(true);
	});
	it('calls a named drive without markers physical, and a nameless one undetermined', () => {
		expect(classifyDisk(SAMSUNG)).toMatchObject({ virtual: false, reason: expect.stringContaining('Samsung SSD 980 PRO 1TB') });
		expect(classifyDisk(disk({ name: 'sdz' }))).toMatchObject({
			virtual: null,
			reason: expect.stringContaining('sdz reports no model'),
		});
		expect(classifyDisk(null).virtual).toBeNull();
	});
});

describe('device naming', () => {
	it('names virtio disks and maps PCI vendor ids', () => {
		expect(deviceNames(VIRTIO)).toEqual({ vendor: 'Red Hat (virtio)', model: 'virtio-blk virtual disk' });
		expect(deviceNames(null)).toEqual({ vendor: 'unknown', model: 'unknown block device' });
	});
	it('derives device ids from the model', () => {
		expect(deriveDeviceId(VIRTIO, classifyDisk(VIRTIO))).toBe('virtual-disk-virtio-blk');
		expect(deriveDeviceId(SAMSUNG, classifyDisk(SAMSUNG))).toBe('samsung-ssd-980-pro-1tb');
		expect(deriveDeviceId(EBS, classifyDisk(EBS))).toBe('virtual-disk-amazon-elastic-block-store');
		expect(deriveDeviceId(disk({ name: 'sdz' }), classifyDisk(disk({ name: 'sdz' })))).toBe(
			'unidentified-disk-unknown-model-sdz',
		);
	});
	it('writes capacities the ingest converts back exactly', () => {
		// 536870912 sectors × 512 = 274877906944 = 256 × 1024³
		expect(capacityText(274877906944)).toBe('256GiB');
		expect(parseCapacityBytes('256GiB')).toBe(274877906944);
		// 1000204886016 bytes (a "1TB" drive) is not whole MiB: 1000204886016 / 1048576 = 953869.7
		expect(capacityText(1000204886016)).toBe('1000204886016B');
		expect(parseCapacityBytes('1000204886016B')).toBe(1000204886016);
		expect(capacityText(null)).toBeNull();
	});
	it('finds the disks under a partition or an md array (lsblk -s)', () => {
		const part = { blockdevices: [{ kname: 'nvme0n1p2', type: 'part', children: [{ kname: 'nvme0n1', type: 'disk' }] }] };
		expect(disksFromInverseTree(part)).toEqual(['nvme0n1']);
		const md = {
			blockdevices: [
				{
					kname: 'md0',
					type: 'raid1',
					children: [
						{ kname: 'sda1', type: 'part', children: [{ kname: 'sda', type: 'disk' }] },
						{ kname: 'sdb1', type: 'part', children: [{ kname: 'sdb', type: 'disk' }] },
					],
				},
			],
		};
		expect(disksFromInverseTree(md)).toEqual(['sda', 'sdb']);
	});
	it('knows RAM filesystems', () => {
		expect(isMemoryFilesystem('tmpfs')).toBe(true);
		expect(isMemoryFilesystem('ext4')).toBe(false);
		expect(isMemoryFilesystem(null)).toBe(false);
	});
});

describe('platform parsers', () => {
	it('reads /proc/cpuinfo', () => {
		const text = 'processor\t: 0\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n';
		expect(parseCpuinfo(text)).toEqual({ model: 'AMD EPYC 7B13', count: 2 });
		// arm64 prints no model name
		expect(parseCpuinfo('processor\t: 0\nBogoMIPS\t: 50.00\n')).toEqual({ model: null, count: 1 });
	});
	it('reads MemTotal (kB means KiB)', () => {
		// 24684092 kB × 1024 = 25276510208 bytes
		expect(parseMemTotal('MemTotal:       24684092 kB\nMemFree: 1 kB\n')).toBe(25276510208);
		expect(parseMemTotal('nothing')).toBeNull();
	});
	it('reads PRETTY_NAME with or without quotes', () => {
		expect(parseOsRelease('NAME="Debian GNU/Linux"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n')).toBe(
			'Debian GNU/Linux 12 (bookworm)',
		);
		expect(parseOsRelease('PRETTY_NAME=Alpine\n')).toBe('Alpine');
		expect(parseOsRelease('')).toBeNull();
	});
	it('drops DMI placeholders', () => {
		expect(serverName('Supermicro\n', 'SYS-1029U-TN10RT\n')).toBe('Supermicro SYS-1029U-TN10RT');
		expect(serverName('To Be Filled By O.E.M.', 'To Be Filled By O.E.M.')).toBe('unknown');
		expect(serverName(null, null)).toBe('unknown');
	});
});

describe('parseCaptureArgs', () => {
	const base = ['--target', 't.bin', '--review', 'r-1'];
	const parse = (extra: string[]) => parseCaptureArgs([...base, ...extra]) as CaptureOptions;
	it('fills the quick profile and lets options override it', () => {
		const o = parse(['--quick', '--qd', '32,1,4,4', '--ramp', '0']);
		expect(o.profile).toMatchObject({
			name: 'quick',
			qd: [1, 4, 32],
			runtimeMs: 2000,
			rampMs: 0,
			sizeBytes: 64 * 1024 * 1024,
			logAvgMs: 100,
		});
		expect(o.device).toBeNull();
	});
	it('reads sizes as binary and seconds with decimals', () => {
		const o = parse(['--size', '1GiB', '--runtime', '5', '--ramp', '2.5']);
		expect(o.profile).toMatchObject({ sizeBytes: GIB, sizeGiven: true, runtimeMs: 5000, rampMs: 2500 });
		// the logged run of the full profile: max(60 s, 4 × 5 s)
		expect(o.profile.timeseriesRuntimeMs).toBe(60_000);
		expect(parse(['--runtime', '30']).profile.timeseriesRuntimeMs).toBe(120_000);
	});
	it('rejects bad values with a UsageError', () => {
		for (const extra of [
			['--qd', '1,x'],
			['--qd', '0'],
			['--runtime', '0'],
			['--size', '10k'],
			['--numjobs', '0'],
			['--bogus'],
		]) {
			expect(() => parse(extra), extra.join(' ')).toThrow(UsageError);
		}
		expect(() => parseCaptureArgs(['--target', 't', '--review', 'Bad_Id'])).toThrow(/kebab-case/);
		expect(() => parseCaptureArgs(['--review', 'r'])).toThrow(/--target is required/);
		expect(parseCaptureArgs(['--help'])).toBe('help');
	});
});

describe('fio output summaries', () => {
	const doc = {
		'fio version': 'fio-3.33',
		jobs: [
			{
				error: 0,
				read: { iops: 700, bw_bytes: 2_867_200, total_ios: 1400, lat_ns: { mean: 1000 } },
				write: { iops: 300, bw_bytes: 1_228_800, total_ios: 600, lat_ns: { mean: 3000 } },
				trim: { iops: 0, bw_bytes: 0, total_ios: 0, lat_ns: { mean: 0 } },
			},
		],
	};
	it('skips a non-JSON prefix', () => {
		const text = `fio: terminating on signal 2\n${JSON.stringify(doc, null, 2)}\n`;
		expect(extractJson(text)).toEqual(doc);
		expect(extractJson('fio: file:filesetup.c:1076, func=open, error=Permission denied\n')).toBeNull();
	});
	it('sums directions and weights mean latency by I/O count', () => {
		// (1000 × 1400 + 3000 × 600) / 2000 = 1600 ns
		expect(summarizeFioJson(doc)).toEqual({ iops: 1000, bwBytesPerSec: 4_096_000, meanLatNs: 1600, error: 0, totalIos: 2000 });
		expect(summarizeFioJson({ jobs: [{ ...doc.jobs[0], error: 5 }] })!.error).toBe(5);
		expect(summarizeFioJson({})).toBeNull();
	});
});

describe('metadata builders', () => {
	const host: HostInfo = {
		server: 'unknown',
		cpu: { model: 'AMD EPYC', count: 2, text: 'AMD EPYC × 2' },
		memory: { bytes: 25276510208, text: '23.5 GiB' },
		os: 'Debian GNU/Linux 12 (bookworm)',
		kernel: '6.1.0-18-amd64',
		uname: { sysname: 'Linux', release: '6.1.0-18-amd64', version: '#1 SMP', machine: 'x86_64' },
	};
	const notes: NotesInput = {
		targetKind: 'file',
		footprint: '1 GiB',
		filesystem: { source: '/dev/vda', fstype: 'ext4' },
		disk: VIRTIO,
		verdict: classifyDisk(VIRTIO),
		direct: true,
		directNote: null,
		ioengine: 'libaio',
		rateReference: { qd: 32, iops: 58050.4 },
		failed: [],
		interruptedAfter: null,
		extra: null,
	};

	it('says plainly when the disk is virtual, unidentified, cached or synchronous', () => {
		expect(reviewNotes(notes)).toMatch(/virtual disk of a VM or cloud instance.*not the performance of an identifiable SSD/);
		expect(reviewNotes(notes)).toContain('1 GiB file on the ext4 filesystem of /dev/vda');
		expect(reviewNotes(notes)).toContain('58050 IOPS measured unthrottled');
		const unknown = reviewNotes({ ...notes, disk: null, verdict: classifyDisk(null) });
		expect(unknown).toMatch(/could not be determined/);
		const ram = reviewNotes({
			...notes,
			filesystem: { source: 'tmpfs', fstype: 'tmpfs' },
			disk: null,
			verdict: classifyDisk(null),
		});
		expect(ram).toContain('1 GiB file on tmpfs (source "tmpfs")');
		expect(ram).toMatch(/No storage device is involved: tmpfs is held in RAM/);
		const buffered = reviewNotes({ ...notes, direct: false, directNote: 'the target is on tmpfs', ioengine: 'psync' });
		expect(buffered).toMatch(/O_DIRECT was not used \(direct=0\): the target is on tmpfs/);
		expect(buffered).toMatch(/ioengine=psync .*iodepth has no effect/);
		expect(reviewNotes({ ...notes, failed: ['4k-random-read-qd1'] })).toContain(
			'1 point(s) failed and are missing: 4k-random-read-qd1',
		);
	});

	it('builds a review.yaml that validates', () => {
		const facts = {
			title: 't',
			publisher: 'self-published',
			author: null,
			date: '2026-01-02',
			host,
			fioVersion: 'fio-3.33',
			ioengine: 'libaio',
			direct: true,
			profile: baseProfile(true),
			preconditioning: 'none',
			footprint: '64 MiB file',
			deviceId: 'virtual-disk-virtio-blk',
			notes: reviewNotes(notes),
		};
		const parsed = reviewYaml.parse(buildReviewYaml(facts));
		expect(parsed.methodology.threads_queues).toBe(
			'QD 1, 4, 16 × numjobs 1 (4K random read/write, 4K and 8K 70/30 mixes); 128K sequential at QD 32; rate steps at QD 16',
		);
		expect(parsed.methodology.steady_state).toContain('each point runs 2 s after a 0.5 s ramp');
		expect(parsed.test_platform.cpu).toBe('AMD EPYC × 2');
		expect(() => buildReviewYaml({ ...facts, deviceId: 'Bad Id' })).toThrow(
			/review.yaml does not validate: devices_tested.0.device_id/,
		);
	});

	it('builds a device yaml that validates', () => {
		const d = deviceYaml.parse(buildDeviceYaml(VIRTIO, classifyDisk(VIRTIO), 'lab-x', true));
		expect(d).toMatchObject({ vendor: 'red-hat', interface: 'virtio-blk', model: 'virtio-blk virtual disk', capacity: '256GiB', firmware: null });
		expect(d).toMatchObject({ has_results: true, reviews: ['lab-x'] });
		expect(d.other.join(' ')).toMatch(/physical storage behind it is unknown/);
		expect(deviceYaml.parse(buildDeviceYaml(SAMSUNG, classifyDisk(SAMSUNG), 'lab-x', false))).toMatchObject({
			vendor: 'samsung',
			firmware: '5B2QGXA7',
			interface: 'pcie-nvme',
		});
		// A vendor the list does not know: none, and what the disk reported kept as a note.
		expect(deviceYaml.parse(buildDeviceYaml(GCE_PD, classifyDisk(GCE_PD), 'lab-x', false))).toMatchObject({ vendor: null, vendor_note: 'reported as "Google"', interface: null, interface_note: 'transport scsi' });
	});

	it('builds runs.yaml with rate limits and run_of for logs', () => {
		const points = planSweep(baseProfile(true), false);
		const rate = withRate(
			points.find((p) => p.name === '4k-random-read-qd16-rate-050pct')!,
			58050,
		);
		const ts = points.find((p) => p.kind === 'timeseries')!;
		const sidecar = runsSidecar.parse(
			parse(
				JSON.stringify(
					buildRunsSidecar('virtual-disk-virtio-blk', [
						{ path: `${rate.name}.json`, point: rate, runOf: null, condition: 'c' },
						{ path: `${ts.name}.json`, point: ts, runOf: null, condition: null },
						{ path: `${ts.name}_clat.1.log`, point: ts, runOf: `${ts.name}.json`, condition: null },
					]),
				),
			),
		);
		expect(sidecar.default_device_id).toBe('virtual-disk-virtio-blk');
		expect(sidecar.files[0]).toEqual({
			path: '4k-random-read-qd16-rate-050pct.json',
			format: 'fio-json',
			workload: '4k-random-read-qd16-rate-stepped',
			rate_limit_iops: 29025,
			condition: 'c',
			job_file: 'jobs/4k-random-read-qd16-rate-050pct.fio',
		});
		expect(sidecar.files[2]).toMatchObject({
			format: 'fio-log',
			run_of: '4k-random-read-qd32-timeseries.json',
			log_avg_msec: 100,
		});
		expect(sidecar.files[1]!.log_avg_msec).toBeUndefined();
		expect(() => buildRunsSidecar('Bad Id', [])).toThrow(/runs.yaml does not validate/);
	});
});
