// Safety checks of the capture kit, as pure functions of what lsblk/blkid/stat report.
import { describe, expect, it } from 'vitest';
import { isKebabId } from '../../../scripts/capture/args.ts';
import {
	blockDeviceFindings,
	checkBlockTarget,
	checkOutputFolder,
	checkTargetKind,
	isInside,
	type LsblkJson,
} from '../../../scripts/capture/safety.ts';

// `lsblk -J -o NAME,FSTYPE,MOUNTPOINTS,TYPE /dev/nvme0n1` on a laptop-style install.
const SYSTEM_DISK: LsblkJson = {
	blockdevices: [
		{
			name: 'nvme0n1',
			fstype: null,
			mountpoints: [null],
			type: 'disk',
			children: [
				{ name: 'nvme0n1p1', fstype: 'vfat', mountpoints: ['/boot/efi'], type: 'part' },
				{ name: 'nvme0n1p2', fstype: 'ext4', mountpoints: ['/'], type: 'part' },
			],
		},
	],
};

// An empty disk: nothing but the device itself.
const BLANK_DISK: LsblkJson = { blockdevices: [{ name: 'sdb', fstype: null, mountpoints: [null], type: 'disk' }] };

// LVM on a whole disk: the logical volume is a child and is mounted.
const LVM_DISK: LsblkJson = {
	blockdevices: [
		{
			name: 'sdc',
			fstype: 'LVM2_member',
			mountpoints: [null],
			type: 'disk',
			children: [{ name: 'data-vol', fstype: 'xfs', mountpoints: ['/srv/data', '/mnt/bind'], type: 'lvm' }],
		},
	],
};

describe('blockDeviceFindings', () => {
	it('lists partitions, their filesystems and mounts', () => {
		const findings = blockDeviceFindings(SYSTEM_DISK, null);
		expect(findings).toEqual([
			'nvme0n1 has partitions or holders: nvme0n1p1 (part), nvme0n1p2 (part)',
			'nvme0n1p1 holds filesystem/signature "vfat"',
			'nvme0n1p1 is mounted at /boot/efi',
			'nvme0n1p2 holds filesystem/signature "ext4"',
			'nvme0n1p2 is mounted at /',
		]);
	});

	it('finds nothing on a blank disk', () => {
		expect(blockDeviceFindings(BLANK_DISK, null)).toEqual([]);
		// blkid -p printing only the device name has no signature in it
		expect(blockDeviceFindings(BLANK_DISK, 'DEVNAME=/dev/sdb\n')).toEqual([]);
	});

	it('reports LVM members and every mount of a nested volume', () => {
		expect(blockDeviceFindings(LVM_DISK, null)).toEqual([
			'sdc holds filesystem/signature "LVM2_member"',
			'sdc has partitions or holders: data-vol (lvm)',
			'data-vol holds filesystem/signature "xfs"',
			'data-vol is mounted at /srv/data',
			'data-vol is mounted at /mnt/bind',
		]);
	});

	it('reads the single MOUNTPOINT column of older lsblk', () => {
		const old: LsblkJson = { blockdevices: [{ name: 'sdd', fstype: null, mountpoint: '/media/usb', type: 'disk' }] };
		expect(blockDeviceFindings(old, null)).toEqual(['sdd is mounted at /media/usb']);
	});

	it('adds what blkid finds that lsblk does not (no udev database in containers)', () => {
		const blkid = 'DEVNAME=/dev/sdb\nPTUUID=4f1d0c6e-9d55-4b4d-8b2b-0b8f5b0b7f00\nPTTYPE=gpt\n';
		expect(blockDeviceFindings(BLANK_DISK, blkid)).toEqual(['blkid finds partition table "gpt"']);
		expect(blockDeviceFindings(BLANK_DISK, 'DEVNAME=/dev/sdb\r\nUUID=1234\r\nTYPE=ext4\r\n')).toEqual([
			'blkid finds signature "ext4"',
		]);
	});
});

describe('checkBlockTarget', () => {
	it('refuses a disk with findings, naming the device and each finding', () => {
		const v = checkBlockTarget('/dev/nvme0n1', blockDeviceFindings(SYSTEM_DISK, null), false);
		expect(v.ok).toBe(false);
		if (v.ok) return;
		expect(v.message).toMatch(/^refusing to write to block device \/dev\/nvme0n1:/);
		expect(v.message).toContain('nvme0n1p2 is mounted at /');
		expect(v.message).toContain('nvme0n1p1 holds filesystem/signature "vfat"');
		expect(v.message).toContain('--destroy-data');
	});

	it('allows it with --destroy-data, repeating what will be lost', () => {
		const v = checkBlockTarget('/dev/sdc', blockDeviceFindings(LVM_DISK, null), true);
		expect(v).toEqual({ ok: true, warning: expect.stringContaining('data-vol is mounted at /srv/data') });
	});

	it('allows a blank disk with a warning that it will be overwritten', () => {
		const v = checkBlockTarget('/dev/sdb', [], false);
		expect(v.ok).toBe(true);
		if (v.ok) expect(v.warning).toMatch(/\/dev\/sdb .*overwritten/);
	});
});

describe('checkTargetKind', () => {
	const none = { exists: false, isFile: false, isBlockDevice: false, sizeBytes: 0 };
	it('accepts a new file, an empty file and a block device', () => {
		expect(checkTargetKind('/x/new.bin', none, false)).toEqual({ ok: true, warning: null, kind: 'file' });
		expect(checkTargetKind('/x/empty.bin', { ...none, exists: true, isFile: true }, false)).toMatchObject({
			ok: true,
			kind: 'file',
		});
		expect(checkTargetKind('/dev/sdb', { ...none, exists: true, isBlockDevice: true }, false)).toMatchObject({
			ok: true,
			kind: 'block',
		});
	});
	it('refuses to overwrite an existing non-empty file without --destroy-data', () => {
		const v = checkTargetKind('/x/photos.tar', { ...none, exists: true, isFile: true, sizeBytes: 1000 }, false);
		expect(v).toMatchObject({ ok: false, message: expect.stringContaining('/x/photos.tar (1000 bytes)') });
		expect(checkTargetKind('/x/photos.tar', { ...none, exists: true, isFile: true, sizeBytes: 1000 }, true)).toMatchObject({
			ok: true,
		});
	});
	it('refuses directories and other file types', () => {
		expect(checkTargetKind('/x', { ...none, exists: true }, true)).toMatchObject({
			ok: false,
			message: expect.stringContaining('neither'),
		});
	});
});

describe('checkOutputFolder', () => {
	it('refuses a non-empty raw/ folder unless --force', () => {
		expect(checkOutputFolder(['runs.yaml'], false, 'r/raw', false)).toMatchObject({
			ok: false,
			message: expect.stringContaining('r/raw'),
		});
		expect(checkOutputFolder(['runs.yaml'], true, 'r/raw', true)).toMatchObject({
			ok: true,
			warning: expect.stringContaining('--force'),
		});
	});
	it('refuses an existing review.yaml unless --force', () => {
		expect(checkOutputFolder([], true, 'r/raw', false)).toMatchObject({ ok: false });
		expect(checkOutputFolder([], false, 'r/raw', false)).toEqual({ ok: true, warning: null });
	});
});

describe('ids and paths', () => {
	it('accepts lower-case kebab-case ids only', () => {
		for (const id of ['lab-2026-virtual-disk-fio-sweep', 'a', 'x1-2y']) expect(isKebabId(id)).toBe(true);
		for (const id of ['Lab', 'a_b', '-a', 'a-', 'a--b', 'a b', '', 'ü', '../x']) expect(isKebabId(id)).toBe(false);
	});
	it('tells whether a path is inside a folder', () => {
		expect(isInside('/a/b/c', '/a/b')).toBe(true);
		expect(isInside('/a/b', '/a/b')).toBe(true);
		expect(isInside('/a/bc', '/a/b')).toBe(false);
	});
});
