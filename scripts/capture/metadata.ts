// review.yaml, data/devices/<id>.yaml and raw/runs.yaml in the layout ingest reads; each is
// checked against its zod schema before it is written.
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { ZodType } from 'zod';
import { deviceYaml } from '../../src/lib/metadata/device.ts';
import { reviewYaml } from '../../src/lib/metadata/review.ts';
import { runsSidecar, type SidecarFile } from '../../src/lib/metadata/runs-sidecar.ts';
import { GIB, MIB, MS_PER_S } from '../../src/lib/units.ts';
import type { Profile } from './args.ts';
import { capacityText, deviceNames, interfaceIdOf, isMemoryFilesystem, vendorIdOf, type DiskInfo, type VirtualVerdict } from './disk.ts';
import { SEQ_QD, rateReferenceQd, type JobPoint } from './jobs.ts';
import type { HostInfo } from './platform.ts';

/** Throws with the schema's complaint; returns the input unchanged (no defaults filled in). */
function validated<T extends object>(schema: ZodType, value: T, what: string): T {
	const r = schema.safeParse(value);
	if (!r.success)
		throw new Error(`${what} does not validate: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
	return value;
}

export function writeYaml(path: string, header: string, value: object): void {
	writeFileSync(path, `# ${header}\n${stringify(value, { lineWidth: 120 })}`);
}

export function sizeText(bytes: number): string {
	if (bytes % GIB === 0) return `${bytes / GIB} GiB`;
	if (bytes % MIB === 0) return `${bytes / MIB} MiB`;
	return `${bytes} bytes`;
}

export interface OutputFile {
	path: string;
	point: JobPoint;
	/** For log files: the json+ output of the same job. */
	runOf: string | null;
	/** rate_limit_iops for rate-stepped runs; a note for the others. */
	condition: string | null;
}

export function buildRunsSidecar(deviceId: string, files: OutputFile[]): object {
	const entries = files.map((f): SidecarFile => {
		const e: SidecarFile = { path: f.path, format: f.runOf ? 'fio-log' : 'fio-json', workload: f.point.workload };
		if (f.point.rateIops !== null) e.rate_limit_iops = f.point.rateIops;
		if (f.condition) e.condition = f.condition;
		e.job_file = `jobs/${f.point.name}.fio`;
		if (f.runOf) e.run_of = f.runOf;
		// The window of averaged logs is not in the log file itself; ingest reads it from here.
		if (f.runOf && f.point.logAvgMs !== null) e.log_avg_msec = f.point.logAvgMs;
		return e;
	});
	return validated(runsSidecar, { default_device_id: deviceId, files: entries }, 'runs.yaml');
}

/** `has_results` and `reviews` follow the data/devices convention (data/README.md). */
export function buildDeviceYaml(disk: DiskInfo | null, verdict: VirtualVerdict, reviewId: string, hasResults: boolean): object {
	const names = deviceNames(disk);
	const vendor = vendorIdOf(names);
	const other: string[] = [];
	if (disk) {
		const driver = disk.driver ? `, driver ${disk.driver}` : '';
		other.push(`Kernel name ${disk.name}${driver}${disk.transport ? `, transport ${disk.transport}` : ''}.`);
		if (disk.rotational !== null) other.push(`The kernel reports it as ${disk.rotational ? 'rotational' : 'non-rotational'}.`);
	}
	other.push(
		verdict.virtual
			? `Virtual disk (markers: ${verdict.reason}); the physical storage behind it is unknown.`
			: `Probed by scripts/capture.ts: ${verdict.reason}.`,
	);
	const value = {
		vendor,
		// A vendor the list does not know is kept as the disk reports it.
		...(vendor === null && names.vendor !== 'unknown' ? { vendor_note: `reported as "${names.vendor}"` } : {}),
		model: names.model,
		capacity: capacityText(disk?.sizeBytes ?? null),
		interface: interfaceIdOf(disk),
		...(interfaceIdOf(disk) === null && disk?.transport ? { interface_note: `transport ${disk.transport}` } : {}),
		firmware: disk?.firmware ?? null,
		other,
		has_results: hasResults,
		reviews: [reviewId],
	};
	return validated(deviceYaml, value, 'device yaml');
}

export interface ReviewFacts {
	title: string;
	publisher: string;
	author: string | null;
	date: string;
	host: HostInfo;
	fioVersion: string;
	ioengine: string;
	direct: boolean;
	profile: Profile;
	/** What was done to the target before the sweep, or "none". */
	preconditioning: string;
	footprint: string;
	deviceId: string;
	notes: string;
}

function seconds(ms: number): string {
	return `${ms / MS_PER_S} s`;
}

export function threadsQueues(profile: Profile): string {
	return (
		`QD ${profile.qd.join(', ')} × numjobs ${profile.numjobs} (4K random read/write, 4K and 8K 70/30 mixes); ` +
		`128K sequential at QD ${SEQ_QD}; rate steps at QD ${rateReferenceQd(profile.qd)}`
	);
}

export function buildReviewYaml(f: ReviewFacts): object {
	const p = f.profile;
	const value = {
		title: f.title,
		title_en: f.title,
		publisher: f.publisher,
		author: f.author,
		date: f.date,
		url: null,
		language: 'en',
		test_platform: {
			server: f.host.server,
			cpu: f.host.cpu.text,
			memory: f.host.memory.text,
			os: f.host.os,
			kernel: f.host.kernel,
		},
		tools: [{ tool: 'fio', version: f.fioVersion, use: `ioengine=${f.ioengine}, direct=${f.direct ? 1 : 0}, json+ output` }],
		methodology: {
			drive_count: 1,
			preconditioning: f.preconditioning,
			steady_state:
				`not checked: each point runs ${seconds(p.runtimeMs)} after a ${seconds(p.rampMs)} ramp ` +
				`(time_based); the logged 4K random read run lasts ${seconds(p.timeseriesRuntimeMs)}`,
			footprint: f.footprint,
			threads_queues: threadsQueues(p),
			power_mode: null,
			op: null,
		},
		devices_tested: [{ device_id: f.deviceId, role: 'subject' }],
		notes: f.notes,
	};
	return validated(reviewYaml, value, 'review.yaml');
}

export interface NotesInput {
	targetKind: 'file' | 'block';
	footprint: string;
	filesystem: { source: string; fstype: string } | null;
	disk: DiskInfo | null;
	verdict: VirtualVerdict;
	direct: boolean;
	directNote: string | null;
	ioengine: string;
	rateReference: { qd: number; iops: number } | null;
	failed: string[];
	/** "3 of 18" when a signal stopped the sweep. */
	interruptedAfter: string | null;
	extra: string | null;
}

/** Plain statements of what was measured, saying so when the disk is virtual or unidentified. */
export function reviewNotes(n: NotesInput): string {
	const parts = [
		'Captured with scripts/capture.ts: one fio invocation per point, json+ output, raw files and job files in raw/.',
	];
	if (n.targetKind === 'file') {
		const f = n.filesystem;
		const fs = !f
			? ''
			: f.source.startsWith('/dev/')
				? ` on the ${f.fstype} filesystem of ${f.source}`
				: ` on ${f.fstype} (source "${f.source}")`;
		parts.push(`The target was a ${n.footprint} file${fs}, so filesystem overhead is included.`);
	} else {
		parts.push(`The target was the raw block device (${n.footprint}).`);
	}
	const disk = n.disk ? deviceNames(n.disk) : null;
	if (n.verdict.virtual === true) {
		parts.push(
			`The backing block device is a virtual disk of a VM or cloud instance (markers: ${n.verdict.reason}). ` +
				'These numbers describe the hypervisor storage stack and whatever physical storage sits behind it, which is unknown; ' +
				'they are not the performance of an identifiable SSD and can change with host load, caching and throttling.',
		);
	} else if (n.filesystem && isMemoryFilesystem(n.filesystem.fstype)) {
		parts.push(`No storage device is involved: ${n.filesystem.fstype} is held in RAM, so these are memory and kernel speeds.`);
	} else if (n.verdict.virtual === null) {
		parts.push(
			`Whether the backing device is a physical drive could not be determined (${n.verdict.reason}); ` +
				'treat the results as those of an unidentified storage stack.',
		);
	} else if (disk) {
		parts.push(`Backing device: ${disk.vendor} ${disk.model} (${n.verdict.reason}).`);
	}
	if (!n.direct)
		parts.push(`O_DIRECT was not used (direct=0): ${n.directNote ?? 'not supported'}; the page cache is in the I/O path.`);
	if (n.ioengine !== 'libaio')
		parts.push(`ioengine=${n.ioengine} (libaio unavailable): iodepth has no effect with a synchronous engine.`);
	if (n.rateReference) {
		parts.push(
			`Rate-stepped runs: 4K random read at QD ${n.rateReference.qd} limited (rate_iops) to fractions of the ` +
				`${Math.round(n.rateReference.iops)} IOPS measured unthrottled at that QD.`,
		);
	}
	if (n.interruptedAfter) parts.push(`The capture was interrupted after ${n.interruptedAfter} points.`);
	if (n.failed.length > 0) parts.push(`${n.failed.length} point(s) failed and are missing: ${n.failed.join(', ')}.`);
	if (n.extra) parts.push(n.extra);
	return parts.join(' ');
}
