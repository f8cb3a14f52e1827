// fio --output-format=json and json+ (fio 2.0.10 … 3.x) → runs, percentiles and histograms.
// Units depend on the fio version (FIO_FORMATS.md §1, §2): io_bytes KiB before 2.21, latencies µs
// up to 2.21 and ns from 2.99, json+ bins keyed by bucket index before 2.20. Everything leaves
// here in bytes, bytes/s and ns. Client/server output (`client_stats`) is read like `jobs`; its
// "All clients" entry is skipped: it sums every job of every group and carries no options. The
// derived per-group totals cover the same need: in client mode they add up the entries of all
// servers (group_reporting or not), locally the jobs of groups without group_reporting.
import { aggregateJobs } from '../fio/aggregate.ts';
import { canonicalOptions, jobSettings, type JobSettings, type OptionList } from '../fio/options.ts';
import { DIRECTIONS, LAT_STATS, PERCENTILE_COLUMNS, type Direction, type LatStat } from '../../schema.ts';
import { KIB, MS_PER_S, NS_PER_US } from '../../units.ts';
import { fieldsOf, isObject, joinPath, type Fields } from './fields.ts';
import { readLatency, type LatencyReadout } from './latency.ts';
import { readFioJsonText, type JsonDocument, type JsonObject, type JsonValue } from './reader.ts';
import { jsonEra, parseFioVersion, type FioVersion, type JsonEra } from '../fio/version.ts';
import { newRun } from '../rows.ts';
import { emptyResult, ParseError, type ParsedRun, type ParseResult, type Warning } from '../parse-result.ts';

/** Largest epoch in ms that a JS Date (and so an ISO string) can hold. */
const MAX_EPOCH_MS = 8.64e15;

interface Context {
	f: Fields;
	doc: JsonDocument;
	version: FioVersion;
	era: JsonEra;
	format: 'fio-json' | 'fio-jsonplus';
	globalOptions: OptionList;
	reportedAt: string | null;
	result: ParseResult;
	warn(w: Warning): void;
}

export function parseFioJson(text: string, file: string): ParseResult {
	const { document: doc, warnings } = readFioJsonText(text, file);
	const result = emptyResult();
	const seen = new Set<string>();
	const warn = (w: Warning) => {
		const key = `${w.code}|${w.message}|${w.field ?? ''}`;
		if (seen.has(key)) return;
		seen.add(key);
		result.warnings.push(w);
	};
	warnings.forEach(warn);
	duplicateKeyWarnings(doc).forEach(warn);

	const root = doc.root;
	if (!isObject(root)) throw new ParseError('NOT_AN_OBJECT', file, { line: doc.startLine }, 'the JSON document is not an object');
	const f = fieldsOf(doc, file);
	const versionText = f.string(root, 'fio version', '', true)!;
	const version =
		parseFioVersion(versionText) ?? f.fail(root, 'fio version', '', 'BAD_VERSION', `"${versionText}" is not a fio version`);

	const entriesKey = Object.hasOwn(root, 'jobs') || !Object.hasOwn(root, 'client_stats') ? 'jobs' : 'client_stats';
	const entries = root[entriesKey];
	if (entries === undefined) f.fail(root, entriesKey, '', 'MISSING_FIELD', 'neither "jobs" nor "client_stats" is present');
	if (!Array.isArray(entries)) return f.fail(root, entriesKey, '', 'BAD_TYPE', `"${entriesKey}" should be an array`);
	if (entries.length === 0) warn({ code: 'NO_JOBS', message: `"${entriesKey}" is empty`, field: entriesKey });

	const timestamp = f.integer(root, 'timestamp', '');
	const ctx: Context = {
		f,
		doc,
		version,
		era: jsonEra(version),
		format: hasJsonPlusBins(entries) ? 'fio-jsonplus' : 'fio-json',
		globalOptions: globalOptions(f, doc, root, warn),
		reportedAt: timestamp === undefined ? null : isoFromEpochMs(f, root, 'timestamp', '', timestamp * MS_PER_S),
		result,
		warn,
	};

	const jobRowsByGroup = new Map<number, { entries: number; rows: ParsedRun[] }>();
	entries.forEach((entry, i) => {
		const path = joinPath(entriesKey, i);
		if (!isObject(entry)) f.fail(entries, i, entriesKey, 'BAD_TYPE', 'each job entry should be an object');
		const job = entry as JsonObject;
		if (entriesKey === 'client_stats' && job.jobname === 'All clients' && !Object.hasOwn(job, 'job options')) return;
		const { rows, groupid, scope } = parseEntry(ctx, job, i, path);
		result.runs.push(...rows);
		if (scope !== 'job' && entriesKey !== 'client_stats') return;
		const group = jobRowsByGroup.get(groupid) ?? { entries: 0, rows: [] };
		group.entries++;
		group.rows.push(...rows);
		jobRowsByGroup.set(groupid, group);
	});
	// Without group_reporting (or across servers) fio prints no group figures in JSON; derive them as it would.
	for (const [groupid, group] of jobRowsByGroup) {
		if (group.entries >= 2) result.runs.push(...aggregateJobs(group.rows, `group${groupid}`));
	}
	return result;
}

function duplicateKeyWarnings(doc: JsonDocument): Warning[] {
	const out: Warning[] = [];
	for (const d of doc.duplicates) {
		// Options may be given twice (the last one counts, as in fio); fio < 3.4 pads percentiles with "0.00" keys.
		if (/(^|\.)(global|job) options(\[\d+\])?$/.test(d.path)) continue;
		if (d.key === '0.00' && d.path.endsWith('.percentile')) continue;
		out.push({
			code: 'DUPLICATE_KEY',
			message: `"${d.key}" appears more than once; the last value is used`,
			line: d.line,
			field: joinPath(d.path, d.key),
		});
	}
	return out;
}

function hasJsonPlusBins(entries: JsonValue[]): boolean {
	return entries.some(
		(e) =>
			isObject(e) &&
			DIRECTIONS.some((d) => {
				const dir = e[d];
				return isObject(dir) && Object.values(dir).some((v) => isObject(v) && Object.hasOwn(v, 'bins'));
			}),
	);
}

function optionList(f: Fields, doc: JsonDocument, obj: JsonObject, path: string): OptionList {
	return doc.entries(obj).map(([k, v]) => {
		if (typeof v !== 'string') f.fail(obj, k, path, 'BAD_TYPE', 'option values should be strings');
		return [k, v as string] as const;
	});
}

/** `global options`: an object, or (client mode, fio 3.39+, several servers) one object per server. */
function globalOptions(f: Fields, doc: JsonDocument, root: JsonObject, warn: (w: Warning) => void): OptionList {
	const key = 'global options';
	const v = root[key];
	if (v === undefined) return [];
	if (isObject(v)) return optionList(f, doc, v, key);
	if (!Array.isArray(v)) return f.fail(root, key, '', 'BAD_TYPE', `"${key}" should be an object`);
	const lists = v.map((o, i) => {
		if (!isObject(o)) f.fail(v, i, key, 'BAD_TYPE', 'each global options entry should be an object');
		return new Map(optionList(f, doc, o as JsonObject, joinPath(key, i)));
	});
	// Keep only what every server was given alike: which object belongs to which client is not recorded.
	const common = [...(lists[0] ?? new Map<string, string>())].filter(([k, val]) => lists.every((m) => m.get(k) === val));
	if (lists.some((m) => m.size !== common.length)) {
		const message = 'servers had different global options; only the shared ones are used';
		warn({ code: 'GLOBAL_OPTIONS_DIFFER', message, field: key });
	}
	return common;
}

function isoFromEpochMs(f: Fields, container: JsonObject, key: string, path: string, ms: number): string {
	if (ms > MAX_EPOCH_MS) f.fail(container, key, path, 'BAD_VALUE', `${container[key]} is not a plausible epoch time`);
	return new Date(ms).toISOString();
}

interface EntryRows {
	rows: ParsedRun[];
	groupid: number;
	scope: 'job' | 'group';
}

function parseEntry(ctx: Context, entry: JsonObject, index: number, path: string): EntryRows {
	const { f, era } = ctx;
	const jobName = f.string(entry, 'jobname', path, true)!;
	const groupid = f.integer(entry, 'groupid', path, true)!;
	const error = f.integer(entry, 'error', path);
	const jobOptions = f.object(entry, 'job options', path);
	const optionsPath = joinPath(path, 'job options');
	const options = canonicalOptions(ctx.globalOptions, jobOptions ? optionList(f, ctx.doc, jobOptions, optionsPath) : []);
	const settings = jobSettings(options, era.optionsListed);
	for (const p of settings.problems) ctx.warn({ code: 'OPTION_UNPARSED', message: p.message, field: optionsPath });
	// group_reporting makes each JSON entry the aggregate of its reporting group (FIO_FORMATS.md G8).
	const scope = settings.groupReporting ? 'group' : 'job';
	const steady = f.object(entry, 'steadystate', path);
	const attained = steady ? f.integer(steady, 'attained', joinPath(path, 'steadystate')) : undefined;
	const jobStart = f.integer(entry, 'job_start', path);

	const base: Partial<ParsedRun> = {
		run_key: `job${index}`,
		source_format: ctx.format,
		tool: 'fio',
		tool_version: ctx.version.text,
		job_name: jobName,
		job_index: index,
		scope,
		rw: settings.rw,
		read_pct: settings.read_pct,
		iodepth: settings.iodepth,
		// A job entry is one job (one of numjobs clones); a group entry stands for numjobs of them.
		numjobs: scope === 'group' ? settings.numjobs : era.optionsListed ? 1 : null,
		usr_cpu_pct: f.number(entry, 'usr_cpu', path) ?? null,
		sys_cpu_pct: f.number(entry, 'sys_cpu', path) ?? null,
		error_code: error ? error : null,
		steadystate_attained: attained === undefined ? null : attained !== 0,
		started_at: jobStart ? isoFromEpochMs(f, entry, 'job_start', path, jobStart) : ctx.reportedAt,
		workload: null,
		value_origin: 'measured',
	};

	const rows: ParsedRun[] = [];
	const unified = Object.hasOwn(entry, 'mixed');
	for (const direction of DIRECTIONS) {
		// read and write exist in every version, zeroed when unused; unified_rw_reporting=1 prints only "mixed".
		const required = !unified && (direction === 'read' || direction === 'write');
		const obj = f.object(entry, direction, path, required);
		if (!obj) continue;
		const row = directionRow(ctx, obj, joinPath(path, direction), direction, settings, base);
		if (row) rows.push(row);
	}
	return { rows, groupid, scope };
}

function directionRow(
	ctx: Context,
	obj: JsonObject,
	path: string,
	direction: Direction,
	settings: JobSettings,
	base: Partial<ParsedRun>,
): ParsedRun | null {
	const { f, era } = ctx;
	const ioRaw = f.integer(obj, 'io_bytes', path, true)!;
	const bw = f.number(obj, 'bw', path, true)!;
	const iopsRaw = f.number(obj, 'iops', path, true)!;
	const runtimeMs = f.number(obj, 'runtime', path, true)!;
	const totalIos = f.integer(obj, 'total_ios', path);
	const bwBytes = f.number(obj, 'bw_bytes', path);
	const ioKbytes = f.integer(obj, 'io_kbytes', path);
	// Unused directions are printed too, all zeros (FIO_FORMATS.md G6).
	if (!((totalIos ?? 0) > 0 || ioRaw > 0 || runtimeMs > 0)) return null;

	// A git build just before 2.21 may already have c12d597a, which added io_kbytes and made io_bytes bytes.
	const ioBytes = era.ioBytesInKiB && ioKbytes === undefined ? ioRaw * KIB : ioRaw;
	// Before 3.2 there is no bw_bytes, and bw is whole KiB/s (10.11 prints as 10): the bytes over the runtime are exact.
	let bwPerS: number | null = bwBytes ?? (runtimeMs > 0 ? (ioBytes * MS_PER_S) / runtimeMs : bw * KIB);
	let iops: number | null = iopsRaw;
	checkRates(ctx, path, { bw, bwBytes, ioBytes, runtimeMs });
	if (bw === 0 && iopsRaw === 0 && ioBytes > 0 && runtimeMs > 0) {
		// fio 3.27–3.38 print 0 for the per-job "mixed" rates with unified_rw_reporting=both (fixed by 6f3de5ce).
		bwPerS = null;
		iops = null;
		ctx.warn({ code: 'ZERO_RATE', message: 'bandwidth and IOPS are 0 for a direction that moved data; left NULL', field: path });
	}

	const inNs = era.latencyInNs || Object.hasOwn(obj, 'clat_ns');
	if (inNs && !era.latencyInNs) {
		ctx.warn({ code: 'VERSION_KEY_MISMATCH', message: `fio ${ctx.version.text} but nanosecond latency keys`, field: path });
	}
	const lat = {} as Record<LatStat, LatencyReadout>;
	for (const stat of LAT_STATS) {
		const key = inNs ? `${stat}_ns` : stat;
		const distributionStat = stat === 'clat' && era.latPercentilesUnderClat && settings.latPercentiles ? 'lat' : stat;
		const layout = { nsPerUnit: inNs ? 1 : NS_PER_US, binsKeyedByIndex: era.binsKeyedByIndex, distributionStat };
		lat[stat] = readLatency(f, f.object(obj, key, path, true)!, joinPath(path, key), layout, ctx.result.warnings);
	}

	const runKey = base.run_key!;
	const percentileColumns: Partial<ParsedRun> = {};
	const emitted = new Set<string>();
	for (const stat of LAT_STATS) {
		const { distributionStat: s, percentiles, bins } = lat[stat];
		if (percentiles.length > 0 && !emitted.has(`p${s}`)) {
			emitted.add(`p${s}`);
			for (const p of percentiles) ctx.result.percentiles.push({ run_key: runKey, direction, stat: s, ...p });
			if (s !== 'slat') {
				for (const [pct, name] of PERCENTILE_COLUMNS) {
					const hit = percentiles.find((p) => p.percentile === pct);
					if (hit) (percentileColumns as Record<string, number>)[`${s}_${name}_ns`] = hit.value_ns;
				}
			}
		}
		if (bins.length > 0 && !emitted.has(`h${s}`)) {
			emitted.add(`h${s}`);
			for (const b of bins) {
				ctx.result.histograms.push({ run_key: runKey, direction, stat: s, source: 'fio-jsonplus', time_ms: null, ...b });
			}
		}
	}

	const dir = settings.directions[direction];
	const [total, clat, slat] = [lat.lat.summary, lat.clat.summary, lat.slat.summary];
	return newRun({
		...(base as ParsedRun),
		direction,
		access: dir.access,
		random_pct: dir.random_pct,
		block_size_bytes: dir.block_size_bytes,
		rate_limit_iops: dir.rate_limit_iops,
		runtime_s: runtimeMs / MS_PER_S,
		iops,
		bw_bytes_per_s: bwPerS,
		io_bytes: ioBytes,
		total_ios: totalIos ?? null,
		lat_mean_ns: total?.mean_ns ?? null,
		lat_stddev_ns: total?.stddev_ns ?? null,
		lat_min_ns: total?.min_ns ?? null,
		lat_max_ns: total?.max_ns ?? null,
		clat_mean_ns: clat?.mean_ns ?? null,
		clat_stddev_ns: clat?.stddev_ns ?? null,
		clat_min_ns: clat?.min_ns ?? null,
		clat_max_ns: clat?.max_ns ?? null,
		slat_mean_ns: slat?.mean_ns ?? null,
		slat_max_ns: slat?.max_ns ?? null,
		...percentileColumns,
	});
}

/** bw is bw_bytes/1024 truncated; io_bytes × 1000 / runtime is bw_bytes. Disagreement beyond that means a unit went wrong. */
function checkRates(
	ctx: Context,
	path: string,
	v: { bw: number; bwBytes: number | undefined; ioBytes: number; runtimeMs: number },
): void {
	if (v.bwBytes !== undefined && Math.abs(v.bwBytes - v.bw * KIB) >= KIB) {
		ctx.warn({ code: 'BW_MISMATCH', message: `bw_bytes ${v.bwBytes} B/s disagrees with bw ${v.bw} KiB/s`, field: path });
	}
	if (v.runtimeMs <= 0 || (v.bw === 0 && v.ioBytes > 0)) return;
	const implied = (v.ioBytes * MS_PER_S) / v.runtimeMs;
	const reported = v.bwBytes ?? v.bw * KIB;
	if (Math.abs(implied - reported) > KIB + implied * 1e-3) {
		const used = v.bwBytes === undefined ? '; the bytes over the runtime are used' : '';
		ctx.warn({
			code: 'IO_BW_MISMATCH',
			message: `io ${v.ioBytes} bytes over ${v.runtimeMs} ms is ${Math.round(implied)} B/s, but fio reports ${reported} B/s${used}`,
			field: path,
		});
	}
}
