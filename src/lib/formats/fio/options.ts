// fio job options as printed in JSON `global options` / `job options` (all values are strings,
// an option may repeat, the last one wins) turned into the workload columns of `runs`.
// Defaults are fio's (HOWTO): rw=read, bs=4k, iodepth=1, numjobs=1, kb_base=1024.
import { parseFioSize, type KbBase } from '../../units.ts';
import type { Direction } from '../../schema.ts';

export type OptionList = readonly (readonly [string, string])[];

/** fio's data directions in its ddir order (0, 1, 2): the order of its per-direction options and of a log's direction codes. */
export const IO_DIRECTIONS = ['read', 'write', 'trim'] as const satisfies readonly Direction[];
export type IoDirection = (typeof IO_DIRECTIONS)[number];

/** Alternative names fio accepts for the options read here (options.c `.alias`). */
const ALIASES: Record<string, string> = {
	readwrite: 'rw',
	blocksize: 'bs',
	blocksize_range: 'bsrange',
};

export function canonicalOptions(...lists: OptionList[]): OptionList {
	return lists.flat().map(([k, v]) => [ALIASES[k] ?? k, v] as const);
}

export function lastOption(options: OptionList, name: string): string | undefined {
	for (let i = options.length - 1; i >= 0; i--) if (options[i]![0] === name) return options[i]![1];
	return undefined;
}

/** A flag option (group_reporting, lat_percentiles…): set unless given as 0. */
export function flagSet(options: OptionList, name: string): boolean {
	const v = lastOption(options, name);
	return v !== undefined && v.trim() !== '0';
}

/**
 * fio's per-direction values "read,write,trim" (HOWTO `bs`): "8k,32k" = 8k reads, 32k writes and
 * trims; "8k,32k," leaves trims at the default; ",8k" leaves reads at the default. undefined = default.
 */
export function perDirection(value: string): [string | undefined, string | undefined, string | undefined] {
	const parts = value.split(',').map((p) => p.trim());
	const last = parts.at(-1) ?? '';
	const at = (i: number) => {
		const p = i < parts.length ? parts[i]! : last;
		return p === '' ? undefined : p;
	};
	return [at(0), at(1), at(2)];
}

interface Pattern {
	readPct: number | 'mix';
	random: boolean;
}
const PATTERNS: Record<string, Pattern> = {
	read: { readPct: 100, random: false },
	write: { readPct: 0, random: false },
	trim: { readPct: 0, random: false },
	randread: { readPct: 100, random: true },
	randwrite: { readPct: 0, random: true },
	randtrim: { readPct: 0, random: true },
	rw: { readPct: 'mix', random: false },
	randrw: { readPct: 'mix', random: true },
	trimwrite: { readPct: 0, random: false },
	randtrimwrite: { readPct: 0, random: true },
};

export interface DirectionSettings {
	block_size_bytes: number | null;
	random_pct: number | null;
	access: string | null;
	rate_limit_iops: number | null;
}

export interface JobSettings {
	rw: string | null;
	read_pct: number | null;
	iodepth: number | null;
	numjobs: number | null;
	kbBase: KbBase;
	groupReporting: boolean;
	latPercentiles: boolean;
	directions: Record<Direction, DirectionSettings>;
	/** Options whose value could not be understood (the column stays NULL). */
	problems: { option: string; message: string }[];
}

const INTEGER = /^\d+$/;

function accessOf(randomPct: number | null): string | null {
	if (randomPct === null) return null;
	return randomPct === 100 ? 'random' : randomPct === 0 ? 'sequential' : 'mixed';
}

function sameOrNull<T>(a: T | null, b: T | null): T | null {
	return a === b ? a : null;
}

/**
 * Workload settings of one job from its merged options (global first, then the job's).
 * `listed` says the file lists options at all (fio ≥ 2.3); only then do absent options take
 * fio's defaults — before that nothing about the workload is known.
 */
export function jobSettings(options: OptionList, listed: boolean): JobSettings {
	const problems: JobSettings['problems'] = [];
	const report: Report = (p) => {
		if (!problems.some((q) => q.message === p.message)) problems.push(p);
	};
	const get = (name: string) => lastOption(options, name);
	const integer = (name: string, min: number, max: number): number | null | undefined => {
		const v = get(name);
		if (v === undefined) return undefined;
		if (!INTEGER.test(v.trim()) || Number(v) < min || Number(v) > max) {
			report({ option: name, message: `${name}=${v} is not an integer in ${min}..${max}` });
			return null;
		}
		return Number(v);
	};

	const kbRaw = get('kb_base');
	let kbBase: KbBase = 1024;
	if (kbRaw !== undefined) {
		if (kbRaw.trim() === '1000') kbBase = 1000;
		else if (kbRaw.trim() !== '1024') report({ option: 'kb_base', message: `kb_base=${kbRaw} is neither 1000 nor 1024` });
	}

	const rwRaw = get('rw') ?? (listed ? 'read' : undefined);
	// "randread:8" = a new random offset every 8 I/Os; the suffix does not change the pattern.
	const rwName = rwRaw === undefined ? null : rwRaw.trim().split(':')[0]!.toLowerCase().replace(/^readwrite$/, 'rw');
	const pattern = rwName === null ? undefined : PATTERNS[rwName];
	if (rwName !== null && !pattern) report({ option: 'rw', message: `unknown rw=${rwRaw}` });

	let readPct: number | null = null;
	if (pattern && pattern.readPct !== 'mix') readPct = pattern.readPct;
	else if (pattern) {
		readPct = 50;
		// rwmixread and rwmixwrite set the same split; the one given last wins.
		for (const [name, value] of options) {
			if (name !== 'rwmixread' && name !== 'rwmixwrite') continue;
			const v = value.trim();
			if (!INTEGER.test(v) || Number(v) > 100) {
				report({ option: name, message: `${name}=${value} is not a percentage` });
				readPct = null;
				continue;
			}
			readPct = name === 'rwmixread' ? Number(v) : 100 - Number(v);
		}
	}

	const randomShare = randomPerDirection(options, pattern, report);
	const blockSizes = blockSizePerDirection(options, kbBase, listed, report);
	const rates = ratePerDirection(options, report);

	const directions = {} as Record<Direction, DirectionSettings>;
	IO_DIRECTIONS.forEach((d, i) => {
		directions[d] = {
			block_size_bytes: blockSizes[i]!,
			random_pct: randomShare[i]!,
			access: accessOf(randomShare[i]!),
			rate_limit_iops: rates[i]!,
		};
	});
	const { read, write } = directions;
	const mixedRandom = sameOrNull(read.random_pct, write.random_pct);
	directions.mixed = {
		block_size_bytes: sameOrNull(read.block_size_bytes, write.block_size_bytes),
		random_pct: mixedRandom,
		access: accessOf(mixedRandom),
		rate_limit_iops: sameOrNull(read.rate_limit_iops, write.rate_limit_iops),
	};

	const iodepth = integer('iodepth', 1, 2 ** 31 - 1);
	const numjobs = integer('numjobs', 1, 2 ** 31 - 1);
	return {
		rw: rwName,
		read_pct: readPct,
		iodepth: iodepth === undefined ? (listed ? 1 : null) : iodepth,
		numjobs: numjobs === undefined ? (listed ? 1 : null) : numjobs,
		kbBase,
		groupReporting: flagSet(options, 'group_reporting'),
		latPercentiles: flagSet(options, 'lat_percentiles'),
		directions,
		problems,
	};
}

/** Notes an option that could not be read (each message once). */
type Report = (problem: JobSettings['problems'][number]) => void;

/** percentage_random (or its complement percentage_sequential, whichever comes last) for random patterns. */
function randomPerDirection(options: OptionList, pattern: Pattern | undefined, report: Report): (number | null)[] {
	if (!pattern) return [null, null, null];
	if (!pattern.random) return [0, 0, 0];
	let share: (number | null)[] = [100, 100, 100];
	for (const [name, value] of options) {
		if (name !== 'percentage_random' && name !== 'percentage_sequential') continue;
		share = perDirection(value).map((p) => {
			if (p === undefined) return 100;
			if (!INTEGER.test(p) || Number(p) > 100) {
				report({ option: name, message: `${name}=${value} is not a percentage` });
				return null;
			}
			return name === 'percentage_random' ? Number(p) : 100 - Number(p);
		});
	}
	return share;
}

/** bs per direction; several sizes (bsrange, bssplit) → NULL. */
function blockSizePerDirection(options: OptionList, kbBase: KbBase, listed: boolean, report: Report): (number | null)[] {
	const unknown = [null, null, null];
	if (lastOption(options, 'bsrange') !== undefined || lastOption(options, 'bssplit') !== undefined) return unknown;
	const bs = lastOption(options, 'bs');
	if (bs === undefined) return listed ? [4096, 4096, 4096] : unknown;
	return perDirection(bs).map((p) => {
		if (p === undefined) return listed ? 4096 : null;
		const bytes = parseFioSize(p, kbBase);
		if (bytes === undefined || bytes <= 0 || !Number.isSafeInteger(bytes)) {
			report({ option: 'bs', message: `bs=${bs} is not a block size` });
			return null;
		}
		return bytes;
	});
}

/** rate_iops per direction; 0 or absent = not throttled (NULL). */
function ratePerDirection(options: OptionList, report: Report): (number | null)[] {
	const raw = lastOption(options, 'rate_iops');
	if (raw === undefined) return [null, null, null];
	return perDirection(raw).map((p) => {
		if (p === undefined) return null;
		if (!INTEGER.test(p)) {
			report({ option: 'rate_iops', message: `rate_iops=${raw} is not an integer list` });
			return null;
		}
		return Number(p) === 0 ? null : Number(p);
	});
}
