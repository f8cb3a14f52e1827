// One-command capture kit: a standard fio sweep of one target, written as a review folder
// (review.yaml + raw/) and a device file in the layout ingest reads. See --help.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, parseCaptureArgs, UsageError, type CaptureOptions } from './capture/args.ts';
import {
	backingDevice,
	classifyDisk,
	deriveDeviceId,
	deviceNames,
	type BackingDevice,
	type VirtualVerdict,
} from './capture/disk.ts';
import { fioVersion } from './capture/fio.ts';
import { jobFileText, planSweep, rateReferenceName, rateReferenceQd, type JobCommon } from './capture/jobs.ts';
import { buildDeviceYaml, buildReviewYaml, buildRunsSidecar, reviewNotes, sizeText, writeYaml } from './capture/metadata.ts';
import { gitUserName, probeHost, type HostInfo } from './capture/platform.ts';
import { checkBlockTarget, checkOutputFolder, checkTargetKind, isInside } from './capture/safety.ts';
import { runSweep, type PointRecord, type SweepResult } from './capture/sweep.ts';
import { chooseIo, inspectBlockDevice, layoutFile, type IoChoice } from './capture/target.ts';
import { MIB, MS_PER_S } from '../src/lib/units.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

class Refusal extends Error {}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The command line as recorded: paths inside the repository relative to it. */
function recordedCommand(argv: string[]): string[] {
	const args = argv.map((a) => (a.startsWith('/') && isInside(a, ROOT) ? relative(ROOT, a) || '.' : a));
	return ['node', 'scripts/capture.ts', ...args];
}

function shown(path: string): string {
	const rel = relative(process.cwd(), path);
	return rel && !rel.startsWith('..') ? rel : path;
}

interface Paths {
	target: string;
	outDir: string;
	rawDir: string;
	devicesDir: string;
}

function resolvePaths(o: CaptureOptions): Paths {
	const outDir = resolve(o.out ?? join(ROOT, 'data/reviews', o.review));
	return {
		target: resolve(o.target),
		outDir,
		rawDir: join(outDir, 'raw'),
		devicesDir: resolve(o.devicesDir ?? join(ROOT, 'data/devices')),
	};
}

/** Every check that needs no writing; throws Refusal with the reason. */
function safetyChecks(o: CaptureOptions, paths: Paths): { kind: 'file' | 'block'; existed: boolean; warnings: string[] } {
	const st = statSync(paths.target, { throwIfNoEntry: false });
	const kindVerdict = checkTargetKind(
		paths.target,
		{ exists: !!st, isFile: !!st?.isFile(), isBlockDevice: !!st?.isBlockDevice(), sizeBytes: st?.size ?? 0 },
		o.destroyData,
	);
	if (!kindVerdict.ok) throw new Refusal(kindVerdict.message);
	const kind = kindVerdict.kind!;
	const warnings = kindVerdict.warning ? [kindVerdict.warning] : [];
	if (isInside(paths.target, paths.outDir))
		throw new Refusal(`target ${paths.target} is inside the review folder ${paths.outDir}`);
	if (kind === 'file' && !existsSync(dirname(paths.target))) throw new Refusal(`folder ${dirname(paths.target)} does not exist`);
	if (kind === 'block') {
		const verdict = checkBlockTarget(paths.target, inspectBlockDevice(paths.target), o.destroyData);
		if (!verdict.ok) throw new Refusal(verdict.message);
		if (verdict.warning) warnings.push(verdict.warning);
	}
	const rawEntries = existsSync(paths.rawDir) ? readdirSync(paths.rawDir) : [];
	const folder = checkOutputFolder(rawEntries, existsSync(join(paths.outDir, 'review.yaml')), paths.rawDir, o.force);
	if (!folder.ok) throw new Refusal(folder.message);
	if (folder.warning) warnings.push(folder.warning);
	return { kind, existed: !!st && st.size > 0, warnings };
}

function dryRun(o: CaptureOptions, kind: 'file' | 'block', target: string): void {
	const common: JobCommon = {
		filename: kind === 'file' ? basename(target) : target,
		sizeBytes: kind === 'file' || o.profile.sizeGiven ? o.profile.sizeBytes : null,
		ioengine: 'libaio',
		direct: true,
		numjobs: o.profile.numjobs,
	};
	process.stdout.write('# dry run: ioengine and direct are probed at run time (libaio/direct=1 shown)\n');
	for (const p of planSweep(o.profile, o.precondition)) {
		process.stdout.write(`\n# jobs/${p.name}.fio\n${jobFileText(p, common)}`);
	}
}

function footprintText(kind: 'file' | 'block', sizeBytes: number | null, deviceBytes: number | null): string {
	if (kind === 'file') return `${sizeText(sizeBytes!)} file`;
	if (sizeBytes !== null) return `first ${sizeText(sizeBytes)} of the block device`;
	return deviceBytes ? `whole block device (${sizeText(deviceBytes)})` : 'whole block device';
}

function familySummary(records: PointRecord[]): string[] {
	const families = new Map<string, string[]>();
	for (const r of records) {
		if (r.kind !== 'sweep' || r.iops === null) continue;
		const m = /^(.*)-qd(\d+)$/.exec(r.name);
		if (!m) continue;
		const list = families.get(m[1]!) ?? [];
		list.push(`QD${m[2]} ${Math.round(r.iops).toLocaleString('en-US')}`);
		families.set(m[1]!, list);
	}
	return [...families].map(([family, list]) => `  ${family.padEnd(24)} IOPS: ${list.join(', ')}`);
}

function folderBytes(dir: string): { files: number; bytes: number } {
	let files = 0;
	let bytes = 0;
	for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
		if (!e.isFile()) continue;
		files++;
		bytes += statSync(join(e.parentPath, e.name)).size;
	}
	return { files, bytes };
}

interface CaptureState {
	o: CaptureOptions;
	paths: Paths;
	kind: 'file' | 'block';
	startedAt: Date;
	host: HostInfo;
	version: string;
	backing: BackingDevice;
	verdict: VirtualVerdict;
	deviceId: string;
	io: IoChoice;
	sweep: SweepResult;
	sizeBytes: number | null;
	layoutNote: string | null;
	failed: string[];
	planned: number;
}

/** review.yaml, raw/runs.yaml and the device file (kept when it exists, unless --force). */
function writeMetadata(st: CaptureState): { devicePath: string; keptDevice: boolean } {
	const { o, paths, io, sweep, sizeBytes, verdict, deviceId } = st;
	const disk = st.backing.disks[0] ?? null;
	const footprint = footprintText(st.kind, sizeBytes, disk?.sizeBytes ?? null);
	const date = st.startedAt.toISOString().slice(0, 10);
	const names = deviceNames(disk);
	const preconditioning = [
		st.layoutNote ? `the new target file was ${st.layoutNote}` : null,
		o.precondition ? 'one sequential 128K write pass (QD 32) over the whole footprint before the sweep' : null,
	].filter(Boolean);
	const review = buildReviewYaml({
		title: o.title ?? `fio sweep: ${names.model} (${footprint}, ${date})`,
		publisher: o.publisher ?? 'self-published',
		author: o.author ?? gitUserName(ROOT),
		date,
		host: st.host,
		fioVersion: st.version,
		ioengine: io.ioengine,
		direct: io.direct,
		profile: o.profile,
		preconditioning: preconditioning.length > 0 ? preconditioning.join('; ') : 'none',
		footprint,
		deviceId,
		notes: reviewNotes({
			targetKind: st.kind,
			footprint: st.kind === 'file' ? sizeText(sizeBytes!) : footprint,
			filesystem: st.backing.filesystem,
			disk,
			verdict,
			direct: io.direct,
			directNote: io.directNote,
			ioengine: io.ioengine,
			rateReference:
				sweep.rateReferenceIops === null ? null : { qd: rateReferenceQd(o.profile.qd), iops: sweep.rateReferenceIops },
			failed: st.failed,
			interruptedAfter: sweep.interrupted ? `${sweep.records.length} of ${st.planned}` : null,
			extra: o.notes,
		}),
	});
	writeYaml(join(paths.outDir, 'review.yaml'), `Written by scripts/capture.ts on ${date}.`, review);
	writeYaml(
		join(paths.rawDir, 'runs.yaml'),
		'Which run each raw file is (written by scripts/capture.ts).',
		buildRunsSidecar(deviceId, sweep.files),
	);

	mkdirSync(paths.devicesDir, { recursive: true });
	const devicePath = join(paths.devicesDir, `${deviceId}.yaml`);
	const keptDevice = existsSync(devicePath) && !o.force;
	if (!keptDevice)
		writeYaml(
			devicePath,
			`Probed by scripts/capture.ts on ${date}.`,
			buildDeviceYaml(disk, verdict, o.review, sweep.files.length > 0),
		);
	return { devicePath, keptDevice };
}

async function capture(argv: string[]): Promise<number> {
	const parsed = parseCaptureArgs(argv);
	if (parsed === 'help') {
		process.stdout.write(`${HELP}\n`);
		return 0;
	}
	const o = parsed;
	const version = fioVersion();
	if (version === null) throw new Refusal('fio is not installed or not on PATH (Debian/Ubuntu: apt-get install fio)');
	const paths = resolvePaths(o);
	const checked = safetyChecks(o, paths);
	checked.warnings.forEach((w) => log(`warning: ${w}`));
	if (o.dryRun) {
		dryRun(o, checked.kind, paths.target);
		log('dry run: safety checks passed, nothing was written');
		return 0;
	}

	const startedAt = new Date();
	const host = probeHost();
	const backing: BackingDevice = backingDevice(
		checked.kind === 'file' && !existsSync(paths.target) ? dirname(paths.target) : paths.target,
		checked.kind,
	);
	const disk = backing.disks[0] ?? null;
	const verdict: VirtualVerdict = disk ? classifyDisk(disk) : { virtual: null, reason: backing.problem ?? 'no disk found' };
	const deviceId = o.device ?? deriveDeviceId(disk, verdict);
	const diskText = `${disk?.name ?? 'unknown'} — ${verdict.virtual ? `virtual (${verdict.reason})` : verdict.reason}`;
	log(`capture: ${version}; target ${shown(paths.target)} (${checked.kind}); backing disk: ${diskText}`);

	if (o.force) rmSync(paths.rawDir, { recursive: true, force: true });
	mkdirSync(join(paths.rawDir, 'jobs'), { recursive: true });
	const workDir = checked.kind === 'file' ? dirname(paths.target) : mkdtempSync(join(tmpdir(), 'capture-'));
	const filename = checked.kind === 'file' ? basename(paths.target) : paths.target;
	const sizeBytes = checked.kind === 'file' || o.profile.sizeGiven ? o.profile.sizeBytes : null;
	const points = planSweep(o.profile, o.precondition);
	let createdTarget = false;
	let io: IoChoice | null = null;
	let sweep: SweepResult = { records: [], files: [], rateReferenceIops: null, interrupted: false };
	let layoutNote: string | null = null;
	const platformPath = join(paths.rawDir, 'platform.json');
	const writePlatform = (error: string | null) => {
		const platform = {
			kit: 'scripts/capture.ts',
			command_line: recordedCommand(argv),
			started_at: startedAt.toISOString(),
			ended_at: new Date().toISOString(),
			fio_version: version,
			uname: host.uname,
			server: host.server,
			cpu: host.cpu,
			memory_bytes: host.memory.bytes,
			os: host.os,
			target: {
				kind: checked.kind,
				name: checked.kind === 'file' ? basename(paths.target) : paths.target,
				created_by_kit: createdTarget,
				footprint_bytes: sizeBytes,
				filesystem: backing.filesystem,
				layout: layoutNote,
			},
			device: {
				device_id: deviceId,
				// A drive's serial number is not published; the verdict's reason quotes it when it marks a virtual disk.
				disk: disk && { ...disk, serial: null },
				all_disks: backing.disks.map((d) => d.name),
				virtual: verdict.virtual,
				reason: verdict.reason,
			},
			io,
			profile: o.profile,
			precondition: o.precondition,
			rate_reference: { point: rateReferenceName(o.profile), iops: sweep.rateReferenceIops },
			points: sweep.records,
			interrupted: sweep.interrupted,
			error,
		};
		writeFileSync(platformPath, `${JSON.stringify(platform, null, '\t')}\n`);
	};

	try {
		if (checked.kind === 'file' && !checked.existed) {
			const created = !existsSync(paths.target);
			log(`laying out ${sizeText(sizeBytes!)} at ${shown(paths.target)} …`);
			const lay = layoutFile(workDir, filename, sizeBytes!);
			createdTarget = created;
			if (!lay.ok) throw new Error(`could not create the target file: ${lay.message}`);
			layoutNote = `written once by fio's layout (buffered, sequential) in ${(lay.durationMs / MS_PER_S).toFixed(1)} s`;
		}
		io = chooseIo(workDir, filename, backing.filesystem?.fstype ?? null);
		log(`ioengine=${io.ioengine} direct=${io.direct ? 1 : 0}${io.directNote ? ` (${io.directNote})` : ''}`);
		const common: JobCommon = { filename, sizeBytes, ioengine: io.ioengine, direct: io.direct, numjobs: o.profile.numjobs };
		const perPoint = o.profile.runtimeMs + o.profile.rampMs;
		const estimateS =
			(points.filter((p) => p.kind !== 'timeseries' && p.runtimeMs !== null).length * perPoint + o.profile.timeseriesRuntimeMs) /
			MS_PER_S;
		log(
			`running ${points.length} points, about ${Math.ceil(estimateS / 60)} min${o.precondition ? ' plus preconditioning' : ''}`,
		);
		// On SIGINT/SIGTERM the running fio is interrupted (it writes what it has), no further point
		// starts, and the files for the finished points are still written.
		const stop = new AbortController();
		const onSignal = (signal: string) => {
			log(`capture: ${signal} received, stopping`);
			stop.abort();
		};
		process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
		try {
			const ctx = { rawDir: paths.rawDir, workDir, common, rateReferenceName: rateReferenceName(o.profile), log };
			sweep = await runSweep(points, { ...ctx, stop: stop.signal });
		} finally {
			process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
		}
	} catch (e) {
		writePlatform((e as Error).message);
		throw e;
	} finally {
		if (createdTarget && !o.keepTarget) rmSync(paths.target, { force: true });
		if (checked.kind === 'block') rmSync(workDir, { recursive: true, force: true });
	}
	writePlatform(null);

	const failed = sweep.records.filter((r) => r.status !== 'ok').map((r) => r.name);
	const { devicePath, keptDevice } = writeMetadata({
		o,
		paths,
		kind: checked.kind,
		startedAt,
		host,
		version,
		backing,
		verdict,
		deviceId,
		io: io!,
		sweep,
		sizeBytes,
		layoutNote,
		failed,
		planned: points.length,
	});

	const size = folderBytes(paths.rawDir);
	log('');
	const okCount = sweep.records.length - failed.length;
	log(`capture ${sweep.interrupted ? 'INTERRUPTED' : 'done'}: ${okCount}/${sweep.records.length} points ok`);
	familySummary(sweep.records).forEach((l) => log(l));
	if (failed.length > 0) log(`  failed or skipped: ${failed.join(', ')}`);
	log(`  review: ${shown(join(paths.outDir, 'review.yaml'))}`);
	log(`  raw:    ${shown(paths.rawDir)} (${size.files} files, ${(size.bytes / MIB).toFixed(1)} MiB)`);
	log(`  device: ${shown(devicePath)}${keptDevice ? ' (existing file kept; --force replaces it)' : ''}`);
	if (sweep.interrupted) return 130;
	return failed.length > 0 ? 1 : 0;
}

capture(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(e: unknown) => {
		if (e instanceof UsageError) log(`capture: ${e.message} (see --help)`);
		else if (e instanceof Refusal) log(`capture: ${e.message}`);
		else log(`capture: error: ${(e as Error).stack ?? String(e)}`);
		process.exitCode = e instanceof UsageError || e instanceof Refusal ? 2 : 1;
	},
);
