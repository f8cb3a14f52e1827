// Safety checks before anything is written (pure: the caller passes in what lsblk/blkid/stat said).

/** One node of `lsblk -J -o NAME,FSTYPE,MOUNTPOINTS,TYPE` (util-linux ≥ 2.37; older ones print MOUNTPOINT). */
export interface LsblkNode {
	name: string;
	fstype?: string | null;
	type?: string | null;
	mountpoints?: (string | null)[] | null;
	mountpoint?: string | null;
	children?: LsblkNode[];
}

export interface LsblkJson {
	blockdevices: LsblkNode[];
}

function mountsOf(node: LsblkNode): string[] {
	const list = node.mountpoints ?? (node.mountpoint !== undefined ? [node.mountpoint] : []);
	return list.filter((m): m is string => typeof m === 'string' && m.length > 0);
}

/**
 * What on a block device would be destroyed: filesystems, partitions or other children
 * (LVM, dm-crypt, md), mounts, and what blkid found. Empty = nothing found.
 * `blkid` is the text of `blkid -p -o export <dev>` (null when it could not run).
 */
export function blockDeviceFindings(lsblk: LsblkJson, blkid: string | null): string[] {
	const findings: string[] = [];
	const visit = (node: LsblkNode, depth: number) => {
		if (node.fstype) findings.push(`${node.name} holds filesystem/signature "${node.fstype}"`);
		for (const m of mountsOf(node)) findings.push(`${node.name} is mounted at ${m}`);
		if (depth === 0 && node.children?.length) {
			const kids = node.children.map((c) => `${c.name} (${c.type ?? 'unknown type'})`).join(', ');
			findings.push(`${node.name} has partitions or holders: ${kids}`);
		}
		for (const c of node.children ?? []) visit(c, depth + 1);
	};
	for (const dev of lsblk.blockdevices) visit(dev, 0);
	if (blkid) {
		const fields = Object.fromEntries(
			blkid
				.split(/\r?\n/)
				.map((l) => /^([A-Z_]+)=(.*)$/.exec(l.trim()))
				.filter((m): m is RegExpExecArray => m !== null)
				.map((m) => [m[1]!, m[2]!]),
		);
		if (fields.TYPE) findings.push(`blkid finds signature "${fields.TYPE}"`);
		if (fields.PTTYPE) findings.push(`blkid finds partition table "${fields.PTTYPE}"`);
	}
	return [...new Set(findings)];
}

export type Verdict = { ok: true; warning: string | null } | { ok: false; message: string };

export function checkBlockTarget(device: string, findings: string[], destroyData: boolean): Verdict {
	if (findings.length === 0) {
		return {
			ok: true,
			warning: `${device} shows no filesystem, partition or mount; its contents will be overwritten by the write tests`,
		};
	}
	const found = findings.map((f) => `  - ${f}`).join('\n');
	if (destroyData) return { ok: true, warning: `--destroy-data given: overwriting ${device} although:\n${found}` };
	return {
		ok: false,
		message:
			`refusing to write to block device ${device}:\n${found}\n` +
			'The write tests would destroy this data. Use a regular file as --target (recommended), ' +
			'or pass --destroy-data if you really mean to erase it.',
	};
}

export interface TargetStat {
	exists: boolean;
	isFile: boolean;
	isBlockDevice: boolean;
	sizeBytes: number;
}

/** A regular file (new, empty, or with --destroy-data) or a block device; anything else is refused. */
export function checkTargetKind(target: string, stat: TargetStat, destroyData: boolean): Verdict & { kind?: 'file' | 'block' } {
	if (!stat.exists) return { ok: true, warning: null, kind: 'file' };
	if (stat.isBlockDevice) return { ok: true, warning: null, kind: 'block' };
	if (!stat.isFile) return { ok: false, message: `target ${target} is neither a regular file nor a block device` };
	if (stat.sizeBytes > 0 && !destroyData) {
		return {
			ok: false,
			message:
				`refusing to use existing file ${target} (${stat.sizeBytes} bytes): the write tests overwrite its contents. ` +
				'Give a path that does not exist yet (the kit creates it), or pass --destroy-data.',
		};
	}
	return {
		ok: true,
		warning: stat.sizeBytes > 0 ? `overwriting the contents of ${target} (--destroy-data)` : null,
		kind: 'file',
	};
}

/** The review folder must not hold an earlier capture unless --force. */
export function checkOutputFolder(rawEntries: string[], reviewYamlExists: boolean, rawDir: string, force: boolean): Verdict {
	if (force) return { ok: true, warning: rawEntries.length > 0 ? `--force: emptying ${rawDir}` : null };
	if (rawEntries.length > 0) {
		return {
			ok: false,
			message: `refusing to write into non-empty ${rawDir} (${rawEntries.length} entries); pass --force to replace it`,
		};
	}
	if (reviewYamlExists) return { ok: false, message: `review.yaml already exists beside ${rawDir}; pass --force to replace it` };
	return { ok: true, warning: null };
}

/** True when `child` is `parent` or inside it (both absolute, normalised). */
export function isInside(child: string, parent: string): boolean {
	const p = parent.endsWith('/') ? parent : `${parent}/`;
	return child === parent || child.startsWith(p);
}
