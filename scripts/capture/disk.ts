// Which disk is under the target, what sysfs says about it, and whether it is a virtual disk.
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { GIB, MIB } from '../../src/lib/units.ts';
import { VENDOR_IDS, termWords, type InterfaceId, type VendorId } from '../../src/lib/vocabulary.ts';

export interface FilesystemInfo {
	source: string;
	fstype: string;
	mountpoint: string;
}

export interface DiskInfo {
	/** Kernel name, e.g. "nvme0n1", "vda". */
	name: string;
	vendor: string | null;
	model: string | null;
	firmware: string | null;
	serial: string | null;
	sizeBytes: number | null;
	rotational: boolean | null;
	transport: string | null;
	/** Kernel driver bound to the device (virtio_blk, nvme, sd …). */
	driver: string | null;
	modalias: string | null;
}

export interface VirtualVerdict {
	/** null = could not be determined. */
	virtual: boolean | null;
	reason: string;
}

const MEMORY_FILESYSTEMS = new Set(['tmpfs', 'ramfs', 'hugetlbfs', 'devtmpfs']);

export function isMemoryFilesystem(fstype: string | null | undefined): boolean {
	return fstype !== null && fstype !== undefined && MEMORY_FILESYSTEMS.has(fstype);
}

// Markers of hypervisor / cloud block devices in vendor, model, serial, driver or modalias.
const VIRTUAL_MARKERS: [RegExp, string][] = [
	[/qemu/i, 'QEMU'],
	[/virtio/i, 'virtio'],
	[/^0x1af4$|v00001af4/i, 'virtio PCI vendor 0x1af4'],
	[/vmware|^0x15ad$/i, 'VMware'],
	[/\bxen\b|xen-blkfront|xen_blkfront|\bvbd\b/i, 'Xen'],
	[/vbox|virtualbox/i, 'VirtualBox'],
	[/hyper-?v|storvsc|\bmsft\b/i, 'Hyper-V / Azure'],
	[/amazon|elastic block store/i, 'Amazon EC2 / EBS'],
	[/persistentdisk|ephemeraldisk|\bgoogle\b/i, 'Google Compute Engine disk'],
	[/firecracker/i, 'Firecracker'],
	[/overlay/i, 'overlay'],
	[/virtual/i, '"virtual" in the name'],
	[/bochs|parallels/i, 'emulated'],
];

export function classifyDisk(info: DiskInfo | null): VirtualVerdict {
	if (info === null) return { virtual: null, reason: 'the backing block device could not be determined' };
	const fields: [string, string | null][] = [
		['vendor', info.vendor],
		['model', info.model],
		['serial', info.serial],
		['driver', info.driver],
		['modalias', info.modalias],
	];
	const hits: string[] = [];
	for (const [field, value] of fields) {
		if (!value) continue;
		const markers = VIRTUAL_MARKERS.filter(([re]) => re.test(value)).map(([, what]) => what);
		if (markers.length > 0) hits.push(`${field} "${value}" (${markers.join(', ')})`);
	}
	if (/^(vd|xvd)[a-z]+$/.test(info.name)) hits.push(`kernel name ${info.name} (paravirtual disk)`);
	if (hits.length > 0) return { virtual: true, reason: hits.join('; ') };
	if (info.model) return { virtual: false, reason: `model "${info.model}" reported, no virtualization marker found` };
	return { virtual: null, reason: `${info.name} reports no model, so whether it is a physical drive cannot be determined` };
}

const PCI_VENDORS: Record<string, string> = { '0x1af4': 'Red Hat (virtio)', '0x15ad': 'VMware', '0x1414': 'Microsoft' };

/** Vendor and model for data/devices/<id>.yaml (both required there). */
export function deviceNames(info: DiskInfo | null): { vendor: string; model: string } {
	if (info === null) return { vendor: 'unknown', model: 'unknown block device' };
	const rawVendor = info.vendor?.trim() || null;
	const vendor = rawVendor ? (PCI_VENDORS[rawVendor.toLowerCase()] ?? rawVendor) : 'unknown';
	let model = info.model?.trim() || null;
	if (!model && info.driver === 'virtio_blk') model = 'virtio-blk virtual disk';
	return { vendor, model: model ?? `unknown model (${info.name})` };
}

export function slug(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/, '');
}

/**
 * The vocabulary's vendor of a disk (src/lib/vocabulary.ts), from the vendor it reports or the first words of its model
 * ("Samsung SSD 980 PRO"); null when neither names one of the list.
 */
export function vendorIdOf(names: { vendor: string; model: string }): VendorId | null {
	const texts = [names.vendor, names.model].map((t) => t.toLowerCase());
	return VENDOR_IDS.find((id) => termWords('vendor', id).some((w) => texts.some((t) => t === w || t.startsWith(`${w} `) || t.startsWith(`${w}(`)))) ?? null;
}

/** The vocabulary's interface of a disk: virtio-blk, or NVMe or SATA by transport (the PCIe generation is not probed). */
export function interfaceIdOf(info: DiskInfo | null): InterfaceId | null {
	if (info?.driver === 'virtio_blk') return 'virtio-blk';
	if (info?.transport === 'nvme') return 'pcie-nvme';
	if (info?.transport === 'sata') return 'sata';
	return null;
}

/** A device id from the disk model, e.g. "virtual-disk-virtio-blk" or "samsung-ssd-980-pro-1tb". */
export function deriveDeviceId(info: DiskInfo | null, verdict: VirtualVerdict): string {
	const { model } = deviceNames(info);
	if (verdict.virtual === false) return slug(model) || 'unknown-disk';
	const core = slug(model.replace(/\b(virtual|disk)\b/gi, ' ')) || 'unknown';
	return `${verdict.virtual ? 'virtual-disk' : 'unidentified-disk'}-${core}`;
}

/** Capacity as text the ingest converts exactly: "256GiB", "476940MiB", else bytes. */
export function capacityText(bytes: number | null): string | null {
	if (bytes === null || bytes <= 0) return null;
	if (bytes % GIB === 0) return `${bytes / GIB}GiB`;
	if (bytes % MIB === 0) return `${bytes / MIB}MiB`;
	return `${bytes}B`;
}

function run(cmd: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
	const r = spawnSync(cmd, args, { encoding: 'utf8' });
	return { ok: r.status === 0, stdout: r.stdout ?? '', stderr: r.error ? r.error.message : (r.stderr ?? '') };
}

export function filesystemOf(path: string): FilesystemInfo | null {
	const r = run('findmnt', ['-J', '-n', '-o', 'SOURCE,FSTYPE,TARGET', '-T', path]);
	if (!r.ok) return null;
	try {
		const fs = (JSON.parse(r.stdout) as { filesystems?: { source: string; fstype: string; target: string }[] }).filesystems?.[0];
		return fs ? { source: fs.source, fstype: fs.fstype, mountpoint: fs.target } : null;
	} catch {
		return null;
	}
}

interface InverseNode {
	kname: string;
	type: string;
	children?: InverseNode[];
}

/** Disks at the bottom of `lsblk -s` (inverse tree: partition/dm → disk), e.g. ["nvme0n1"]. */
export function disksFromInverseTree(json: { blockdevices: InverseNode[] }): string[] {
	const disks: string[] = [];
	const visit = (n: InverseNode) => {
		if (!n.children?.length) {
			if (n.type === 'disk' || n.type === 'loop' || n.type === 'rom') disks.push(n.kname);
		} else n.children.forEach(visit);
	};
	json.blockdevices.forEach(visit);
	return [...new Set(disks)];
}

export function disksUnder(devicePath: string): { disks: string[]; error: string | null } {
	const r = run('lsblk', ['-J', '-s', '-o', 'KNAME,TYPE', devicePath]);
	if (!r.ok) return { disks: [], error: `lsblk ${devicePath}: ${r.stderr.trim()}` };
	try {
		return { disks: disksFromInverseTree(JSON.parse(r.stdout)), error: null };
	} catch (e) {
		return { disks: [], error: `lsblk ${devicePath}: ${(e as Error).message}` };
	}
}

function readText(path: string): string | null {
	try {
		const t = readFileSync(path, 'utf8').trim();
		return t.length > 0 ? t : null;
	} catch {
		return null;
	}
}

interface LsblkDisk {
	model?: string | null;
	vendor?: string | null;
	rev?: string | null;
	serial?: string | null;
	size?: number | null;
	rota?: boolean | string | null;
	tran?: string | null;
}

function lsblkDisk(name: string): LsblkDisk {
	const r = run('lsblk', ['-J', '-b', '-d', '-o', 'NAME,MODEL,VENDOR,REV,SERIAL,SIZE,ROTA,TRAN', `/dev/${name}`]);
	if (!r.ok) return {};
	try {
		return (JSON.parse(r.stdout) as { blockdevices: LsblkDisk[] }).blockdevices[0] ?? {};
	} catch {
		return {};
	}
}

/** sysfs first (/sys/block/<name>/device/{vendor,model,firmware_rev,rev}, size × 512), lsblk for the gaps. */
export function readDisk(name: string, sysRoot = '/sys'): DiskInfo {
	const dir = join(sysRoot, 'block', name);
	const dev = join(dir, 'device');
	const sectors = readText(join(dir, 'size'));
	let driver: string | null = null;
	try {
		driver = basename(readlinkSync(join(dev, 'driver')));
	} catch {
		driver = null;
	}
	const lsblk = lsblkDisk(name);
	const rota = readText(join(dir, 'queue/rotational'));
	const sizeSysfs = sectors !== null && /^\d+$/.test(sectors) ? Number(sectors) * 512 : null;
	return {
		name,
		vendor: readText(join(dev, 'vendor')) ?? lsblk.vendor?.trim() ?? null,
		model: readText(join(dev, 'model')) ?? lsblk.model?.trim() ?? null,
		firmware: readText(join(dev, 'firmware_rev')) ?? readText(join(dev, 'rev')) ?? lsblk.rev?.trim() ?? null,
		serial: readText(join(dir, 'serial')) ?? readText(join(dev, 'serial')) ?? lsblk.serial?.trim() ?? null,
		sizeBytes: sizeSysfs ?? (typeof lsblk.size === 'number' ? lsblk.size : null),
		rotational: rota === null ? null : rota === '1',
		transport: lsblk.tran ?? null,
		driver,
		modalias: readText(join(dev, 'modalias')),
	};
}

export interface BackingDevice {
	filesystem: FilesystemInfo | null;
	disks: DiskInfo[];
	/** Why no disk was found, when none was. */
	problem: string | null;
}

/** The disk(s) a file target's filesystem sits on, or the disk of a block device target. */
export function backingDevice(target: string, kind: 'file' | 'block'): BackingDevice {
	const filesystem = kind === 'file' ? filesystemOf(target) : null;
	const source = kind === 'block' ? target : filesystem?.source;
	if (!source) return { filesystem, disks: [], problem: 'findmnt could not tell which filesystem holds the target' };
	if (filesystem && isMemoryFilesystem(filesystem.fstype)) {
		return {
			filesystem,
			disks: [],
			problem: `the target is on ${filesystem.fstype}, held in RAM: no storage device is involved`,
		};
	}
	if (!source.startsWith('/dev/')) {
		return {
			filesystem,
			disks: [],
			problem: `the filesystem (${filesystem?.fstype ?? '?'} from "${source}") has no block device of its own`,
		};
	}
	const { disks, error } = disksUnder(source);
	const present = disks.filter((d) => existsSync(join('/sys/block', d)));
	if (present.length === 0) return { filesystem, disks: [], problem: error ?? `no disk found under ${source}` };
	return { filesystem, disks: present.map((d) => readDisk(d)), problem: null };
}
