// Runs, time series and histograms of one Vdbench output folder, from the runs of its primary file (flatfile,
// else summary, else totals, else histogram) and what its companions add. Every row is a total over all hosts and
// SDs (scope 'total'): those are the only rows summary, totals and flatfile hold.
import type { Direction } from '../../schema.ts';
import { MS_PER_S, NS_PER_MS } from '../../units.ts';
import { NO_POINT_VALUES, newRun, rwOfMix } from '../rows.ts';
import { emptyResult, warn, type FileContext, type ParsedRun, type ParseResult } from '../parse-result.ts';
import type { HistogramRun } from './histogram.ts';
import type { RunData } from './model.ts';
import { rdParams, type Parmfile, type RdParams } from './parmfile.ts';
import { baseRdName, type RunStart } from './run-start.ts';
import { offsetText } from './text.ts';

type RowDirection = Extract<Direction, 'read' | 'write' | 'mixed'>;

export interface FolderParts {
	formatId: string;
	runs: RunData[];
	/** Bytes per MB of the MB/sec columns (MIB unless a summary header says 1000**2). */
	mb: number;
	/** Run starts of a companion (summary, totals, histogram) by run key, when the primary file has none. */
	starts: Map<string, RunStart>;
	/** Dates of the runs' average lines from a companion summary, for flatfiles without dates. */
	dates: Map<string, string>;
	utcOffsetMin: number | null;
	parm: Parmfile | null;
	histogram: HistogramRun[] | null;
	histogramFile: string;
}

/** One run, resolved from everything the folder says about it. */
interface Resolved {
	run: RunData;
	start: RunStart | null;
	params: RdParams | undefined;
	rate: number | null;
	blockSize: number | null;
	threads: number | null;
	readPct: number | null;
	seekPct: number | null;
	intervalS: number | null;
	groupKey: string;
	/**
	 * For a fixed-rate run known only from summary or totals (no flatfile, no parmfile): what it measured besides
	 * its rate, so that RDs of one workload at several rates (a hand-made ramp) can still be joined.
	 */
	observedKey: string | null;
	/** Values that may tell two workloads of one RD name apart (forxfersize=… loops). */
	descriptor: [string, string][];
}

const first = <T>(...values: (T | null | undefined)[]): T | null => values.find((v) => v !== undefined && v !== null) ?? null;
const numeric = (v: number | 'mixed' | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

function sizeText(bytes: number): string {
	for (const [unit, size] of [['g', 1024 ** 3], ['m', 1024 ** 2], ['k', 1024]] as const) {
		if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
	}
	return String(bytes);
}

/** Interval length in seconds: elapsed ÷ last interval, the RD's interval=, else the run's own time stamps. */
function intervalSeconds(run: RunData, start: RunStart | null, params: RdParams | undefined): number | null {
	if (start?.elapsedS && run.avgLast > 0 && start.elapsedS % run.avgLast === 0) return start.elapsedS / run.avgLast;
	if (params?.intervalS) return params.intervalS;
	const gaps = run.intervals.slice(1).map((m, i) => m.todMs - run.intervals[i]!.todMs).filter((g) => g > 0);
	if (gaps.length === 0) return null;
	const median = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
	const s = Math.round(median / MS_PER_S);
	return s > 0 ? s : null;
}

/**
 * Block size: one size asked for (parmfile, For loops, flatfile `xfersize`) that the average transfer size
 * confirms; the flatfile prints the first WD's first size even for a distribution, so a different bytes/io means a mix.
 */
function blockSizeOf(run: RunData, params: RdParams | undefined): number | null {
	const bytes = run.avg.bytes;
	if (params?.xfersize === 'mixed') return null;
	const asked = numeric(params?.xfersize) ?? run.requested.xfersize ?? undefined;
	if (asked !== undefined) return bytes === null || bytes === asked ? asked : null;
	const all = [...run.intervals.map((m) => m.bytes), bytes];
	return all.length >= 2 && bytes !== null && all.every((b) => b === bytes) ? bytes : null;
}

function resolve(parts: FolderParts, run: RunData, paramsOf: (name: string) => RdParams | undefined): Resolved {
	const start = run.start ?? (parts.starts.get(run.key)?.name === run.name ? parts.starts.get(run.key)! : null);
	const params = paramsOf(run.name);
	const req = run.requested;
	const startRate = start === null ? undefined : start.rateKind === 'fixed' ? start.rate : start.rateKind === 'variable' || start.rateKind === 'replay' ? undefined : null;
	const rate = req.rate !== undefined ? req.rate : startRate !== undefined ? startRate : (params?.rate ?? null);
	const workload = (['xfersize', 'rdpct', 'seekpct', 'rhpct', 'whpct'] as const).map((k) => `${k}=${req[k] ?? ''}`).join(',');
	const groupKey = params
		? `parmfile:${params.signature}|${workload}`
		: run.fileSignature !== null
			? `flatfile:${run.fileSignature}`
			: `rd:${baseRdName(run.name)}|${workload}`;
	const loops = [...(start?.loops ?? [])].filter(([k]) => k !== 'iorate' && k !== 'threads').map(([k, v]) => `${k}=${v}`);
	const observedKey =
		!params && run.fileSignature === null && start?.rateKind === 'fixed' && run.avg.bytes !== null && run.avg.readPct !== null
			? `${start.elapsedS}|${loops.join(' ')}|bytes=${run.avg.bytes}|read≈${Math.round(run.avg.readPct / 5) * 5}`
			: null;
	const blockSize = blockSizeOf(run, params);
	const readPct = first(req.rdpct, numeric(params?.rdpct), run.avg.readPct);
	const seekPct = first(req.seekpct, numeric(params?.seekpct));
	const descriptor: [string, string][] = [
		['xfersize', blockSize === null ? '' : sizeText(blockSize)],
		['rdpct', req.rdpct === undefined || req.rdpct === null ? '' : String(req.rdpct)],
		['seekpct', seekPct === null ? '' : String(seekPct)],
	];
	return {
		run,
		start,
		params,
		rate,
		blockSize,
		threads: first(req.threads, numeric(params?.threads)),
		readPct,
		seekPct,
		intervalS: intervalSeconds(run, start, params),
		groupKey,
		observedKey,
		descriptor,
	};
}

/**
 * Consecutive runs of one workload (equal but for the requested rate and threads) share a label, so an iorate ramp
 * (iorate=(…), iorate=curve, or one RD per rate) or a threads sweep is one workload whose runs are its load points.
 */
function groupsOf(list: Resolved[]): { label: string; runs: Resolved[]; inferred: boolean }[] {
	const groups: Resolved[][] = [];
	const inferred = new Set<Resolved[]>();
	const observed = (g: Resolved[]) => (g.every((r) => r.observedKey === g[0]!.observedKey) ? g[0]!.observedKey : null);
	for (const r of list) {
		const g = groups[groups.length - 1];
		if (g && g[0]!.groupKey === r.groupKey) g.push(r);
		else if (g && r.observedKey !== null && observed(g) === r.observedKey) {
			g.push(r);
			inferred.add(g);
		} else groups.push([r]);
	}
	const labels = groups.map((g) => {
		const names = [...new Set(g.map((r) => baseRdName(r.run.name)))];
		return names.length === 1 ? names[0]! : `${names[0]}–${names[names.length - 1]}`;
	});
	return groups.map((g, i) => {
		const same = groups.filter((_, j) => labels[j] === labels[i]);
		let label = labels[i]!;
		if (same.length > 1) {
			const differing = g[0]!.descriptor.filter(([k, v]) => same.some((o) => o[0]!.descriptor.find(([k2]) => k2 === k)![1] !== v) && v !== '');
			label = differing.length > 0 ? `${label} ${differing.map(([k, v]) => `${k}=${v}`).join(' ')}` : `${label} (${same.indexOf(g) + 1})`;
		}
		// Load order: requested rate ascending, unthrottled (max, curve) runs last.
		const runs = [...g].sort((a, b) => (a.rate ?? Infinity) - (b.rate ?? Infinity));
		return { label, runs, inferred: inferred.has(g) };
	});
}

function directionsOf(readPct: number | null, tables: HistogramRun | undefined): RowDirection[] {
	if (readPct === null) {
		const own = tables?.tables.map((t) => t.direction) ?? [];
		return own.length > 0 ? own : ['mixed'];
	}
	if (readPct >= 100) return ['read'];
	if (readPct <= 0) return ['write'];
	return ['mixed', 'read', 'write'];
}


function accessOf(randomPct: number | null): string | null {
	if (randomPct === null) return null;
	return randomPct >= 100 ? 'random' : randomPct <= 0 ? 'sequential' : 'mixed';
}

/** ms → ns; Vdbench prints at most 4 decimals, so rounding to 0.001 ns only removes binary noise. */
const ms = (v: number | null): number | null => (v === null ? null : Math.round(v * NS_PER_MS * 1000) / 1000);

export function buildFolder(ctx: FileContext, parts: FolderParts): ParseResult {
	const out = emptyResult();
	const cache = new Map<string, RdParams | undefined>();
	const paramsOf = (name: string) => {
		if (!parts.parm) return undefined;
		if (!cache.has(name)) {
			const p = rdParams(parts.parm, name, ctx);
			if (!p) warn(ctx, 'RD_NOT_IN_PARMFILE', {}, `run ${name}: no rd=${baseRdName(name)} in ${parts.parm.file}; its parameters are only what this file says`);
			cache.set(name, p);
		}
		return cache.get(name);
	};
	const histByKey = new Map((parts.histogram ?? []).map((h) => [h.key, h]));
	let versionWarned = false;

	const resolved = parts.runs.flatMap((run) => {
		if (run.avg.rate === 0) {
			warn(ctx, 'NO_IO', { line: run.avg.line }, `run ${run.key} completed no I/O; no run emitted`);
			return [];
		}
		return [resolve(parts, run, paramsOf)];
	});

	for (const { label, runs, inferred } of groupsOf(resolved)) {
		if (inferred) {
			warn(ctx, 'RAMP_INFERRED', { line: runs[0]!.run.firstLine }, `runs ${runs.map((r) => r.run.key).join(', ')} are taken as one workload at several I/O rates ` +
				'(same elapsed, for-loops, transfer size and read share); without parmfile.html nothing else tells');
		}
		for (const r of runs) {
			const { run, start, params } = r;
			const avg = run.avg;
			const tool_version = run.requested.version ?? parts.parm?.versionFromPath ?? null;
			if (!run.requested.version && tool_version !== null && !versionWarned) {
				versionWarned = true;
				warn(ctx, 'VERSION_FROM_PATH', {}, `Vdbench ${tool_version}: read from the install path (vdbench=) at ${parts.parm!.file}:${parts.parm!.versionLine}`);
			}
			const date = parts.dates.get(run.key);
			const stamp = avg.stamp ?? (date === undefined ? null : `${date}T${avg.tod}`);
			const hist = histByKey.get(run.key);
			const directions = directionsOf(avg.readPct ?? (hist ? null : r.readPct), hist);
			const bw = avg.mbps === null ? null : avg.mbps * parts.mb;
			const runtime = r.intervalS !== null && run.avgLast >= run.avgFirst && run.avgFirst > 0 ? (run.avgLast - run.avgFirst + 1) * r.intervalS : null;
			const randomPct = r.seekPct;
			const base = {
				run_key: run.key,
				source_line: run.firstLine,
				source_format: parts.formatId,
				scope: 'total',
				value_origin: 'measured',
				tool: 'vdbench',
				tool_version,
				job_name: run.name,
				workload: label,
				condition: [start?.text, params?.condition].filter(Boolean).join(' | ') || null,
				started_at: stamp === null ? null : parts.utcOffsetMin === null ? stamp : `${stamp}${offsetText(parts.utcOffsetMin)}`,
				rw: rwOfMix(r.readPct, randomPct),
				access: accessOf(randomPct),
				read_pct: r.readPct,
				random_pct: randomPct,
				block_size_bytes: r.blockSize,
				iodepth: r.threads,
				rate_limit_iops: r.rate,
				runtime_s: runtime,
				usr_cpu_pct: avg.cpuUsr,
				sys_cpu_pct: avg.cpuSys,
			} as const;
			const rows = new Map<RowDirection, ParsedRun>();
			for (const direction of directions) {
				const whole = directions.length === 1;
				const share = direction === 'read' ? avg.readPct : direction === 'write' && avg.readPct !== null ? 100 - avg.readPct : null;
				const pick = (all: number | null, read: number | null, write: number | null) =>
					direction === 'mixed' ? all : whole ? (all ?? (direction === 'read' ? read : write)) : direction === 'read' ? read : write;
				const respMax =
					avg.respMax ?? (direction === 'mixed' && avg.readMax !== null && avg.writeMax !== null ? Math.max(avg.readMax, avg.writeMax) : null);
				const row = newRun({
					...base,
					direction,
					iops: whole || direction === 'mixed' ? avg.rate : avg.rate === null || share === null ? null : (avg.rate * share) / 100,
					bw_bytes_per_s: whole || direction === 'mixed' ? bw : bw === null || share === null || r.blockSize === null ? null : (bw * share) / 100,
					lat_mean_ns: ms(pick(avg.resp, avg.readResp, avg.writeResp)),
					lat_max_ns: ms(pick(respMax, avg.readMax, avg.writeMax)),
					lat_stddev_ns: ms(pick(avg.respStd, avg.readStd, avg.writeStd)),
				});
				rows.set(direction, row);
				out.runs.push(row);
			}
			if (hist) {
				if (hist.start.name !== run.name) {
					warn(ctx, 'HISTOGRAM_RUN_MISMATCH', {}, `${parts.histogramFile}:${hist.start.line}: histogram run ${hist.key} is RD ${hist.start.name}, the results' run ${run.key} is RD ${run.name}; its bins are left out`);
				} else {
					for (const t of hist.tables) {
						const row = rows.get(t.direction);
						if (row) row.total_ios = t.bins.reduce((s, b) => s + b.count, 0);
						for (const b of t.bins) {
							out.histograms.push({
								run_key: run.key,
								direction: t.direction,
								stat: 'lat',
								source: 'vdbench-histogram',
								time_ms: null,
								bin_index: null,
								bin_lower_ns: b.lowerNs,
								bin_upper_ns: b.upperNs,
								count: b.count,
							});
						}
					}
				}
				histByKey.delete(run.key);
			}
			if (run.intervals.length > 0 && r.intervalS === null) {
				warn(ctx, 'INTERVAL_UNKNOWN', { line: run.firstLine }, `run ${run.key}: interval length unknown; its interval lines give no time series`);
				continue;
			}
			const direction = directions[0]!;
			for (const m of run.intervals) {
				if (m.interval === null) continue;
				const common = {
					seq: m.line,
					direction,
					time_ms: m.interval * r.intervalS! * MS_PER_S,
					window_ms: r.intervalS! * MS_PER_S,
					value_kind: 'mean',
					series_key: run.key,
					run_key: run.key,
					...NO_POINT_VALUES,
				} as const;
				if (m.rate !== null) out.timeseries.push({ ...common, metric: 'iops', iops: m.rate });
				if (m.mbps !== null) out.timeseries.push({ ...common, metric: 'bw', bw_bytes_per_s: m.mbps * parts.mb });
				// An interval without a completed I/O has no response time.
				if (m.resp !== null && m.rate !== 0) out.timeseries.push({ ...common, metric: 'lat', lat_ns: ms(m.resp) });
			}
		}
	}
	for (const h of histByKey.values()) {
		if (h.tables.length > 0) warn(ctx, 'HISTOGRAM_RUN_UNKNOWN', {}, `${parts.histogramFile}:${h.start.line}: histogram of run ${h.key} has no run in the results; its bins are left out`);
	}
	return out;
}
