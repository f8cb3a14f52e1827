// Inspecting and preparing the target: block device findings (lsblk, blkid), creating a file
// target, and choosing ioengine/direct by trying them.
import { spawnSync } from 'node:child_process';
import { blockDeviceFindings, type LsblkJson } from './safety.ts';
import { isMemoryFilesystem } from './disk.ts';
import { extractJson, probeIo, runFio, summarizeFioJson } from './fio.ts';

/** What lsblk and blkid say is on a block device; a finding is added when they cannot look. */
export function inspectBlockDevice(device: string): string[] {
	let lsblk: LsblkJson | null = null;
	let problem: string | null = null;
	for (const cols of ['NAME,FSTYPE,MOUNTPOINTS,TYPE', 'NAME,FSTYPE,MOUNTPOINT,TYPE']) {
		const r = spawnSync('lsblk', ['-J', '-o', cols, device], { encoding: 'utf8' });
		if (r.status === 0) {
			try {
				lsblk = JSON.parse(r.stdout) as LsblkJson;
				break;
			} catch (e) {
				problem = (e as Error).message;
			}
		} else problem = (r.error?.message ?? r.stderr ?? '').trim();
	}
	const b = spawnSync('blkid', ['-p', '-o', 'export', device], { encoding: 'utf8' });
	// blkid exits 2 when it finds nothing; anything it prints is a finding.
	const blkid = b.status === 0 ? b.stdout : null;
	const findings = blockDeviceFindings(lsblk ?? { blockdevices: [] }, blkid);
	if (lsblk === null)
		findings.push(`lsblk could not inspect ${device} (${problem || 'unknown error'}), so its contents are unknown`);
	return findings;
}

/**
 * Creates a file target at `sizeBytes` with fio's own layout. A read job's layout writes every
 * block (a write job's layout only fallocates, leaving unwritten extents that read as zeros
 * without touching the disk).
 */
export function layoutFile(
	cwd: string,
	filename: string,
	sizeBytes: number,
): { ok: boolean; message: string; durationMs: number } {
	const r = runFio(
		[
			'--name=capture-layout',
			`--filename=${filename}`,
			`--size=${sizeBytes}`,
			'--rw=read',
			'--bs=1m',
			'--create_only=1',
			'--output-format=json',
			'--eta=never',
		],
		cwd,
		3_600_000,
	);
	const summary = summarizeFioJson(extractJson(r.stdout));
	const ok = r.ok && summary !== null && summary.error === 0;
	return {
		ok,
		message: ok ? 'ok' : [r.spawnError, r.stderr.trim()].filter(Boolean).join('; ') || `status ${r.status}`,
		durationMs: r.durationMs,
	};
}

export interface IoChoice {
	ioengine: string;
	direct: boolean;
	/** Why direct=0, when it is. */
	directNote: string | null;
	probes: { ioengine: string; direct: boolean; result: string }[];
}

/** libaio when it works, else psync; O_DIRECT when the target accepts it and is not a RAM filesystem. */
export function chooseIo(cwd: string, filename: string, fstype: string | null): IoChoice {
	const probes: IoChoice['probes'] = [];
	const memFs = isMemoryFilesystem(fstype);
	const tryAll = (direct: boolean) => {
		for (const ioengine of ['libaio', 'psync']) {
			const r = probeIo(cwd, filename, ioengine, direct);
			probes.push({ ioengine, direct, result: r.message });
			if (r.ok) return ioengine;
		}
		return null;
	};
	if (!memFs) {
		const engine = tryAll(true);
		if (engine) return { ioengine: engine, direct: true, directNote: null, probes };
	}
	const engine = tryAll(false);
	if (!engine) throw new Error(`fio cannot read the target with libaio or psync: ${probes.map((p) => p.result).join(' | ')}`);
	const directNote = memFs
		? `the target is on ${fstype}, a filesystem held in RAM, where O_DIRECT cannot bypass any cache`
		: `the target refused O_DIRECT (${probes
				.filter((p) => p.direct)
				.map((p) => `${p.ioengine}: ${p.result}`)
				.join('; ')})`;
	return { ioengine: engine, direct: false, directNote, probes };
}
