// The sweep plan and the fio job file of each point (pure: no fs, no process).
import { KIB, MS_PER_S } from '../../src/lib/units.ts';
import type { Profile } from './args.ts';

export type PointKind = 'precondition' | 'sweep' | 'rate' | 'timeseries';
export type Rw = 'read' | 'write' | 'randread' | 'randwrite' | 'randrw';

export interface JobPoint {
	/** File stem of the job file and of the output: jobs/<name>.fio, <name>.json. */
	name: string;
	/**
	 * Label for runs.yaml. The site groups runs by it and draws QD scaling and latency-vs-IOPS within a
	 * group, so the QD is not part of it ("4k-random-read" for QD 1…256); rate steps share one label.
	 */
	workload: string;
	kind: PointKind;
	rw: Rw;
	bsBytes: number;
	iodepth: number;
	rwmixread: number | null;
	/** Runtime; null = one pass over the footprint (preconditioning). */
	runtimeMs: number | null;
	rampMs: number;
	/** Rate-stepped points: percent of the reference IOPS, and the total rate once known. */
	ratePercent: number | null;
	rateIops: number | null;
	logAvgMs: number | null;
}

/** What every job of one capture shares. */
export interface JobCommon {
	/** As fio sees it: a file name relative to fio's working directory, or a block device path. */
	filename: string;
	/** null = the whole block device. */
	sizeBytes: number | null;
	ioengine: string;
	direct: boolean;
	numjobs: number;
}

export const SEQ_QD = 32;
export const TIMESERIES_QD = 32;
const RATE_REFERENCE_QD = 32;

const RW_WORDS: Record<Rw, string> = {
	read: 'sequential-read',
	write: 'sequential-write',
	randread: 'random-read',
	randwrite: 'random-write',
	randrw: 'random-70-30',
};

/** "4k", "128k", "1536": fio reads a bare k as 1024 under its default kb_base. */
export function fioBs(bytes: number): string {
	return bytes % KIB === 0 ? `${bytes / KIB}k` : String(bytes);
}

/** fio time values: whole seconds as "5s", otherwise milliseconds ("500ms"). */
export function fioTime(ms: number): string {
	return ms % MS_PER_S === 0 ? `${ms / MS_PER_S}s` : `${ms}ms`;
}

/** "4k-random-read": the workload label shared by every QD of a sweep. */
export function workloadFamily(rw: Rw, bsBytes: number): string {
	return `${fioBs(bsBytes)}-${RW_WORDS[rw]}`;
}

/** "4k-random-read-qd32": the name of one point (job, job file and output file). */
export function pointName(rw: Rw, bsBytes: number, qd: number): string {
	return `${workloadFamily(rw, bsBytes)}-qd${qd}`;
}

/** The QD whose measured 4K random read IOPS the rate steps are fractions of: 32, or the deepest QD swept. */
export function rateReferenceQd(qdList: readonly number[]): number {
	return qdList.includes(RATE_REFERENCE_QD) ? RATE_REFERENCE_QD : Math.max(...qdList);
}

function point(rw: Rw, bsBytes: number, qd: number, profile: Profile, extra: Partial<JobPoint> = {}): JobPoint {
	return {
		name: pointName(rw, bsBytes, qd),
		workload: workloadFamily(rw, bsBytes),
		kind: 'sweep',
		rw,
		bsBytes,
		iodepth: qd,
		rwmixread: rw === 'randrw' ? 70 : null,
		runtimeMs: profile.runtimeMs,
		rampMs: profile.rampMs,
		ratePercent: null,
		rateIops: null,
		logAvgMs: null,
		...extra,
	};
}

/** Every point in run order. Rate-stepped points carry rateIops null until the reference is measured. */
export function planSweep(profile: Profile, precondition: boolean): JobPoint[] {
	const points: JobPoint[] = [];
	if (precondition) {
		const label = `${fioBs(128 * KIB)}-sequential-write-precondition`;
		points.push(
			point('write', 128 * KIB, SEQ_QD, profile, {
				name: label,
				workload: label,
				kind: 'precondition',
				runtimeMs: null,
				rampMs: 0,
			}),
		);
	}
	points.push(point('read', 128 * KIB, SEQ_QD, profile), point('write', 128 * KIB, SEQ_QD, profile));
	for (const rw of ['randread', 'randwrite'] as const) for (const qd of profile.qd) points.push(point(rw, 4 * KIB, qd, profile));
	for (const bs of [4 * KIB, 8 * KIB]) for (const qd of profile.qd) points.push(point('randrw', bs, qd, profile));
	const refQd = rateReferenceQd(profile.qd);
	const rateLabel = `${pointName('randread', 4 * KIB, refQd)}-rate-stepped`;
	for (const pct of [...profile.ratePercents].sort((a, b) => a - b)) {
		const name = `${pointName('randread', 4 * KIB, refQd)}-rate-${String(pct).padStart(3, '0')}pct`;
		points.push(point('randread', 4 * KIB, refQd, profile, { name, workload: rateLabel, kind: 'rate', ratePercent: pct }));
	}
	const tsLabel = `${pointName('randread', 4 * KIB, TIMESERIES_QD)}-timeseries`;
	points.push(
		point('randread', 4 * KIB, TIMESERIES_QD, profile, {
			name: tsLabel,
			workload: tsLabel,
			kind: 'timeseries',
			runtimeMs: profile.timeseriesRuntimeMs,
			logAvgMs: profile.logAvgMs,
		}),
	);
	return points;
}

/** The sweep point whose IOPS the rate steps refer to. */
export function rateReferenceName(profile: Profile): string {
	return pointName('randread', 4 * KIB, rateReferenceQd(profile.qd));
}

export function withRate(p: JobPoint, referenceIops: number): JobPoint {
	if (p.ratePercent === null) return p;
	return { ...p, rateIops: Math.max(1, Math.round((referenceIops * p.ratePercent) / 100)) };
}

/** Log files fio writes for a timeseries point (write_bw_log/iops/lat → bw, iops, lat, slat, clat; one per job). */
export function expectedLogFiles(p: JobPoint, numjobs: number): string[] {
	if (p.logAvgMs === null) return [];
	const files: string[] = [];
	for (let job = 1; job <= numjobs; job++) {
		for (const type of ['bw', 'iops', 'lat', 'slat', 'clat']) files.push(`${p.name}_${type}.${job}.log`);
	}
	return files;
}

export function fioArgs(outputFile: string, jobFile: string): string[] {
	return ['--output-format=json+', `--output=${outputFile}`, '--eta=never', jobFile];
}

export function jobFileText(p: JobPoint, common: JobCommon): string {
	const lines = [
		'; fio job file written by scripts/capture.ts (one point of the capture sweep).',
		`; Run in the folder that holds the target: fio ${fioArgs(`${p.name}.json`, '<this file>').join(' ')}`,
	];
	if (!common.direct)
		lines.push('; direct=0: O_DIRECT is not used on this target (see review.yaml notes); the page cache is in the path.');
	lines.push('[global]', `filename=${common.filename}`);
	if (common.sizeBytes !== null) lines.push(`size=${common.sizeBytes}`);
	lines.push(`ioengine=${common.ioengine}`, `direct=${common.direct ? 1 : 0}`);
	if (p.runtimeMs !== null) lines.push('time_based=1', `runtime=${fioTime(p.runtimeMs)}`);
	if (p.rampMs > 0) lines.push(`ramp_time=${fioTime(p.rampMs)}`);
	lines.push('norandommap=1', 'randrepeat=0', 'group_reporting=1', `numjobs=${common.numjobs}`, '', `[${p.name}]`);
	lines.push(`rw=${p.rw}`, `bs=${fioBs(p.bsBytes)}`, `iodepth=${p.iodepth}`);
	if (p.rwmixread !== null) lines.push(`rwmixread=${p.rwmixread}`);
	if (p.ratePercent !== null) {
		if (p.rateIops === null) {
			lines.push(`; rate_iops is set at run time to ${p.ratePercent}% of the measured 4K random read IOPS at QD${p.iodepth}`);
		} else {
			// rate_iops applies to each job; the target is the total across numjobs.
			const perJob = Math.max(1, Math.round(p.rateIops / common.numjobs));
			lines.push(`; ${p.ratePercent}% of the measured reference: ${p.rateIops} IOPS in total`, `rate_iops=${perJob}`);
		}
	}
	if (p.logAvgMs !== null) {
		lines.push(`write_bw_log=${p.name}`, `write_iops_log=${p.name}`, `write_lat_log=${p.name}`, `log_avg_msec=${p.logAvgMs}`);
	}
	return `${lines.join('\n')}\n`;
}
