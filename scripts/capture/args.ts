// Command-line options of scripts/capture.ts and the two sweep profiles (full, --quick).
import { parseArgs } from 'node:util';
import { MIB, GIB, MS_PER_S, parseBlockSize } from '../../src/lib/units.ts';
import { KEBAB_ID } from '../../src/lib/ids.ts';

export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UsageError';
	}
}

export interface Profile {
	name: 'full' | 'quick';
	qd: number[];
	numjobs: number;
	runtimeMs: number;
	rampMs: number;
	/** Footprint of a file target; for a block device only when --size is given (else the whole device). */
	sizeBytes: number;
	sizeGiven: boolean;
	/** Fractions (percent) of the measured reference IOPS for the rate-stepped series. */
	ratePercents: number[];
	timeseriesRuntimeMs: number;
	logAvgMs: number;
}

export interface CaptureOptions {
	target: string;
	review: string;
	device: string | null;
	out: string | null;
	devicesDir: string | null;
	profile: Profile;
	precondition: boolean;
	destroyData: boolean;
	dryRun: boolean;
	force: boolean;
	keepTarget: boolean;
	publisher: string | null;
	author: string | null;
	title: string | null;
	notes: string | null;
}

export const HELP = `Usage: node scripts/capture.ts --target <file|block device> --review <id> [options]

Runs a standard fio sweep (one fio invocation per point, json+ output) and writes
data/reviews/<review>/{review.yaml,raw/} and data/devices/<device>.yaml.

  --target <path>          regular file (recommended; created with --size when missing) or block device
  --review <id>            review id, lower-case kebab-case
  --device <id>            device id (default: derived from the backing disk model)
  --qd <list>              queue depths, e.g. "1,4,32" (default 1,2,4,…,256; --quick 1,4,16)
  --numjobs <n>            fio numjobs per point (default 1)
  --runtime <s>            seconds per point (default 30; --quick 2)
  --ramp <s>               ramp seconds before each point (default 5; --quick 0.5)
  --size <size>            file size / footprint, binary units: 64MiB, 1GiB (default 4GiB; --quick 64MiB)
  --timeseries-runtime <s> length of the logged 4K random read run (default max(60, 4 × runtime); --quick 5)
  --quick                  tiny profile for tests and trials (~1–2 minutes)
  --precondition           sequential 128K fill of the target before the sweep
  --destroy-data           allow a block device holding a filesystem/partitions, or an existing non-empty file
  --force                  overwrite an existing raw/ folder, review.yaml and device file
  --keep-target            keep a target file the kit created (deleted by default)
  --dry-run                print the job files and the safety verdict; run nothing
  --out <dir>              review folder (default data/reviews/<review>)
  --devices-dir <dir>      where the device file goes (default data/devices)
  --publisher <text>       publisher (default "self-published")
  --author <text>          author (default: git config user.name, else none)
  --title <text>           review title (default: derived from the disk)
  --notes <text>           extra notes appended to review.yaml notes
  --help`;

export function isKebabId(id: string): boolean {
	return id.length <= 120 && KEBAB_ID.test(id);
}

function assertId(kind: string, id: string): string {
	if (!isKebabId(id)) throw new UsageError(`--${kind} "${id}" is not a lower-case kebab-case id (e.g. "lab-2026-nvme-sweep")`);
	return id;
}

export function parseQdList(text: string): number[] {
	const parts = text.split(',').map((p) => p.trim());
	const values = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
	if (parts.length === 0 || values.some((v) => !Number.isInteger(v) || v < 1 || v > 65_536)) {
		throw new UsageError(`--qd "${text}" must be a comma-separated list of integers 1…65536, e.g. "1,4,32"`);
	}
	return [...new Set(values)].sort((a, b) => a - b);
}

/** Seconds (decimals allowed) to whole milliseconds. */
export function parseSeconds(option: string, text: string, allowZero: boolean): number {
	const value = /^\d+(?:\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
	const ms = Math.round(value * MS_PER_S);
	if (!Number.isFinite(ms) || ms < 0 || (!allowZero && ms === 0)) {
		throw new UsageError(`--${option} "${text}" must be a ${allowZero ? 'non-negative' : 'positive'} number of seconds`);
	}
	return ms;
}

export function parseSize(text: string): number {
	const bytes = parseBlockSize(text);
	if (bytes === undefined || bytes < MIB)
		throw new UsageError(`--size "${text}" must be a size of at least 1MiB, e.g. 64MiB or 1GiB`);
	return bytes;
}

export function baseProfile(quick: boolean): Profile {
	if (quick) {
		return {
			name: 'quick',
			qd: [1, 4, 16],
			numjobs: 1,
			runtimeMs: 2_000,
			rampMs: 500,
			sizeBytes: 64 * MIB,
			sizeGiven: false,
			ratePercents: [25, 50, 100],
			timeseriesRuntimeMs: 5_000,
			logAvgMs: 100,
		};
	}
	return {
		name: 'full',
		qd: [1, 2, 4, 8, 16, 32, 64, 128, 256],
		numjobs: 1,
		runtimeMs: 30_000,
		rampMs: 5_000,
		sizeBytes: 4 * GIB,
		sizeGiven: false,
		ratePercents: [10, 25, 50, 70, 80, 90, 95, 100],
		timeseriesRuntimeMs: 120_000,
		logAvgMs: 1_000,
	};
}

export function parseCaptureArgs(argv: string[]): CaptureOptions | 'help' {
	let parsed;
	try {
		parsed = parseArgs({
			args: argv,
			strict: true,
			allowPositionals: false,
			options: {
				target: { type: 'string' },
				review: { type: 'string' },
				device: { type: 'string' },
				qd: { type: 'string' },
				numjobs: { type: 'string' },
				runtime: { type: 'string' },
				ramp: { type: 'string' },
				size: { type: 'string' },
				'timeseries-runtime': { type: 'string' },
				quick: { type: 'boolean', default: false },
				precondition: { type: 'boolean', default: false },
				'destroy-data': { type: 'boolean', default: false },
				force: { type: 'boolean', default: false },
				'keep-target': { type: 'boolean', default: false },
				'dry-run': { type: 'boolean', default: false },
				out: { type: 'string' },
				'devices-dir': { type: 'string' },
				publisher: { type: 'string' },
				author: { type: 'string' },
				title: { type: 'string' },
				notes: { type: 'string' },
				help: { type: 'boolean', default: false },
			},
		});
	} catch (e) {
		throw new UsageError((e as Error).message);
	}
	const v = parsed.values;
	if (v.help) return 'help';
	if (!v.target) throw new UsageError('--target is required (a regular file is recommended)');
	if (!v.review) throw new UsageError('--review is required');

	const profile = baseProfile(v.quick);
	if (v.qd !== undefined) profile.qd = parseQdList(v.qd);
	if (v.numjobs !== undefined) {
		if (!/^\d+$/.test(v.numjobs) || Number(v.numjobs) < 1 || Number(v.numjobs) > 1024) {
			throw new UsageError(`--numjobs "${v.numjobs}" must be an integer 1…1024`);
		}
		profile.numjobs = Number(v.numjobs);
	}
	if (v.runtime !== undefined) profile.runtimeMs = parseSeconds('runtime', v.runtime, false);
	if (v.ramp !== undefined) profile.rampMs = parseSeconds('ramp', v.ramp, true);
	if (v.size !== undefined) {
		profile.sizeBytes = parseSize(v.size);
		profile.sizeGiven = true;
	}
	if (v['timeseries-runtime'] !== undefined) {
		profile.timeseriesRuntimeMs = parseSeconds('timeseries-runtime', v['timeseries-runtime'], false);
	} else if (!v.quick) {
		profile.timeseriesRuntimeMs = Math.max(60_000, 4 * profile.runtimeMs);
	}

	return {
		target: v.target,
		review: assertId('review', v.review),
		device: v.device === undefined ? null : assertId('device', v.device),
		out: v.out ?? null,
		devicesDir: v['devices-dir'] ?? null,
		profile,
		precondition: v.precondition,
		destroyData: v['destroy-data'],
		dryRun: v['dry-run'],
		force: v.force,
		keepTarget: v['keep-target'],
		publisher: v.publisher ?? null,
		author: v.author ?? null,
		title: v.title ?? null,
		notes: v.notes ?? null,
	};
}
