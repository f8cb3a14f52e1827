// DiskSpd XML output (`-Rxml`): XmlResultParser::ParseResults. `<Profile>` echoes the
// configuration (its own `<TimeSpans><TimeSpan>`); the results are the `<TimeSpan>` children of
// `<Results>`. There is no rate anywhere: IOPS and bandwidth are I/Os and bytes ÷ TestTimeSeconds,
// so every run of this format is `derived`. Latencies are milliseconds.
import { checkDirectionSum } from './checks.ts';
import { count, decimal, diskSpdTime, scaled, signedDecimal } from './common.ts';
import type { DirValues, LatencyTable, RowDirection, TargetConfig, ThreadRow, TimeSpanConfig, TimeSpanResults } from './model.ts';
import { resultsToRuns } from './runs.ts';
import { readXml, type XmlElement } from './xml-reader.ts';
import { emptyResult, fail, warn, type FileContext, type ParsedTimeseries, type ParseResult } from '../parse-result.ts';
import { NS_PER_MS } from '../../units.ts';
import { NO_POINT_VALUES } from '../rows.ts';

export const XML_FORMAT_ID = 'diskspd-xml';

const all = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

function one(ctx: FileContext, el: XmlElement, name: string): XmlElement | undefined {
	const found = all(el, name);
	if (found.length > 1) fail(ctx, 'DUPLICATE_ELEMENT', { line: found[1]!.line, field: found[1]!.path }, `<${el.name}> has ${found.length} <${name}> elements, expected one`);
	return found[0];
}

function need(ctx: FileContext, el: XmlElement, name: string): XmlElement {
	return one(ctx, el, name) ?? fail(ctx, 'MISSING_ELEMENT', { line: el.line, field: `${el.path}/${name}` }, `<${el.name}> has no <${name}>`);
}

function leaf(ctx: FileContext, el: XmlElement): string {
	if (el.children.length > 0) fail(ctx, 'NOT_A_VALUE', { line: el.line, field: el.path }, `<${el.name}> holds elements, expected a value`);
	return el.text.trim();
}

const where = (el: XmlElement) => ({ line: el.line, field: el.path });
type Reader = (ctx: FileContext, text: string, w: { line: number; field: string }) => number;

function numberOf(ctx: FileContext, el: XmlElement, name: string, read: Reader): number | null {
	const c = one(ctx, el, name);
	return c ? read(ctx, leaf(ctx, c), where(c)) : null;
}
function needNumber(ctx: FileContext, el: XmlElement, name: string, read: Reader): number {
	const c = need(ctx, el, name);
	return read(ctx, leaf(ctx, c), where(c));
}
const msOf = (ctx: FileContext, el: XmlElement, name: string) => {
	const v = numberOf(ctx, el, name, decimal);
	return v === null ? null : scaled(v, NS_PER_MS);
};

function targetConfig(ctx: FileContext, t: XmlElement): TargetConfig {
	const random = one(ctx, t, 'Random');
	const ratio = numberOf(ctx, t, 'RandomRatio', count);
	const throughput = one(ctx, t, 'Throughput');
	const limit = throughput ? count(ctx, leaf(ctx, throughput), where(throughput)) : 0;
	return {
		path: leaf(ctx, need(ctx, t, 'Path')),
		blockSizeBytes: numberOf(ctx, t, 'BlockSize', count),
		writePct: numberOf(ctx, t, 'WriteRatio', count),
		// <Random> (alignment) alone is 100 % random; <RandomRatio> beside it a mix (2.1+); <StrideSize> sequential.
		randomPct: random ? (ratio ?? 100) : one(ctx, t, 'StrideSize') ? 0 : null,
		requestCount: numberOf(ctx, t, 'RequestCount', count),
		// Without unit="IOPS" the limit is in bytes per millisecond.
		rateLimitIops: throughput?.attrs.unit === 'IOPS' && limit > 0 ? limit : null,
	};
}

function timeSpanConfig(ctx: FileContext, ts: XmlElement): TimeSpanConfig & { bucketMs: number | null } {
	const pool = numberOf(ctx, ts, 'ThreadCount', count) || null;
	const requests = numberOf(ctx, ts, 'RequestCount', count) || null;
	const targets = one(ctx, ts, 'Targets');
	return {
		threadPool: pool,
		requestsPerThread: pool && requests,
		targets: targets ? all(targets, 'Target').map((t) => targetConfig(ctx, t)) : [],
		bucketMs: numberOf(ctx, ts, 'IoBucketDuration', count),
	};
}

function latencyTable(ctx: FileContext, lat: XmlElement): LatencyTable {
	const table: LatencyTable = { line: lat.line, min: { read: null, write: null, mixed: null }, max: { read: null, write: null, mixed: null }, points: [] };
	let previous = -1;
	for (const b of all(lat, 'Bucket')) {
		const p = needNumber(ctx, b, 'Percentile', decimal);
		if (p <= previous || p > 100) fail(ctx, 'BAD_PERCENTILE', where(need(ctx, b, 'Percentile')), `percentile ${p} after ${previous}: expected increasing values up to 100`);
		previous = p;
		// Elements are left out, not zeroed, for a direction without I/O.
		const ns = { read: msOf(ctx, b, 'ReadMilliseconds'), write: msOf(ctx, b, 'WriteMilliseconds'), mixed: msOf(ctx, b, 'TotalMilliseconds') };
		if (p === 0) table.min = ns;
		else if (p === 100) table.max = ns;
		else table.points.push({ percentile: p, ns });
	}
	return table;
}

function targetValues(ctx: FileContext, t: XmlElement, testTimeS: number): Record<RowDirection, DirValues> {
	const dir = (bytesName: string, iosName: string, latName: string, stdName: string): DirValues => {
		const bytes = needNumber(ctx, t, bytesName, count);
		const ios = needNumber(ctx, t, iosName, count);
		return { bytes, ios, iops: ios / testTimeS, bwBytesPerS: bytes / testTimeS, latMeanNs: msOf(ctx, t, latName), latStdDevNs: msOf(ctx, t, stdName), line: t.line };
	};
	return {
		read: dir('ReadBytes', 'ReadCount', 'AverageReadLatencyMilliseconds', 'ReadLatencyStdev'),
		write: dir('WriteBytes', 'WriteCount', 'AverageWriteLatencyMilliseconds', 'WriteLatencyStdev'),
		mixed: dir('BytesCount', 'IOCount', 'AverageLatencyMilliseconds', 'LatencyStdev'),
	};
}

function totalValues(ctx: FileContext, ts: XmlElement, threads: ThreadRow[], lat: XmlElement | undefined, testTimeS: number): Record<RowDirection, DirValues> {
	const names: Record<RowDirection, [string, string]> = {
		read: ['AverageReadMilliseconds', 'ReadLatencyStdev'],
		write: ['AverageWriteMilliseconds', 'WriteLatencyStdev'],
		mixed: ['AverageTotalMilliseconds', 'LatencyStdev'],
	};
	const one = (d: RowDirection): DirValues => {
		const bytes = threads.reduce((s, t) => s + t.values[d].bytes, 0);
		const ios = threads.reduce((s, t) => s + t.values[d].ios, 0);
		return {
			bytes,
			ios,
			iops: ios / testTimeS,
			bwBytesPerS: bytes / testTimeS,
			latMeanNs: lat ? msOf(ctx, lat, names[d][0]) : null,
			latStdDevNs: lat ? msOf(ctx, lat, names[d][1]) : null,
			line: ts.line,
		};
	};
	return { read: one('read'), write: one('write'), mixed: one('mixed') };
}

/** The whole-timespan `<Iops>` buckets: I/Os per second of each bucket, and its latency where given (2.0.21a+). */
/** `runKey`: the timespan's total run, which the series belongs to. */
function iopsSeries(ctx: FileContext, iops: XmlElement, directions: RowDirection[], windowMs: number | null, seriesKey: string | null, runKey: string, out: ParseResult): void {
	const attrs: Record<RowDirection, [string, string | null, string | null]> = {
		read: ['Read', 'ReadAvgLatencyMilliseconds', 'ReadMaxLatencyMilliseconds'],
		write: ['Write', 'WriteAvgLatencyMilliseconds', 'WriteMaxLatencyMilliseconds'],
		mixed: ['Total', null, null],
	};
	for (const b of all(iops, 'Bucket')) {
		const attr = (name: string, read: Reader): number | null => {
			const v = b.attrs[name];
			return v === undefined ? null : read(ctx, v, { line: b.line, field: `${b.path}/@${name}` });
		};
		const time = attr('SampleMillisecond', count);
		if (time === null) fail(ctx, 'MISSING_ATTRIBUTE', { line: b.line, field: `${b.path}/@SampleMillisecond` }, '<Bucket> has no SampleMillisecond');
		const common = { seq: b.line, time_ms: time, window_ms: windowMs, series_key: seriesKey, run_key: runKey, ...NO_POINT_VALUES };
		for (const d of directions) {
			const [rate, avg, max] = attrs[d];
			const value = attr(rate, decimal);
			if (value === null) fail(ctx, 'MISSING_ATTRIBUTE', { line: b.line, field: `${b.path}/@${rate}` }, `<Bucket> has no ${rate}`);
			out.timeseries.push({ ...common, metric: 'iops', direction: d, value_kind: 'mean', iops: value } satisfies ParsedTimeseries);
			if (value === 0) continue;
			for (const [name, kind] of [[avg, 'mean'], [max, 'max']] as const) {
				const ms = name === null ? null : attr(name, decimal);
				if (ms !== null) out.timeseries.push({ ...common, metric: 'lat', direction: d, value_kind: kind, lat_ns: scaled(ms, NS_PER_MS) });
			}
		}
	}
}

export function parseDiskSpdXml(text: string, file: string): ParseResult {
	const ctx: FileContext = { file, warnings: [] };
	const out = emptyResult();
	const root = readXml(ctx, text);
	if (root.name !== 'Results') fail(ctx, 'NOT_DISKSPD', where(root), `root element <${root.name}>, expected <Results>`);

	const system = one(ctx, root, 'System');
	const tool = system && one(ctx, system, 'Tool');
	const versionEl = tool && one(ctx, tool, 'Version');
	const toolVersion = versionEl ? leaf(ctx, versionEl) || null : null;
	const runTime = system && one(ctx, system, 'RunTime');
	let startedAt: string | null = null;
	if (runTime) {
		startedAt = diskSpdTime(leaf(ctx, runTime)) ?? null;
		if (!startedAt) warn(ctx, 'BAD_START_TIME', where(runTime), `"${leaf(ctx, runTime).slice(0, 40)}" is not a DiskSpd time stamp; start time unknown`);
	}

	const profile = one(ctx, root, 'Profile');
	const spans = profile && one(ctx, profile, 'TimeSpans');
	const configs = spans ? all(spans, 'TimeSpan').map((ts) => timeSpanConfig(ctx, ts)) : [];
	const results = all(root, 'TimeSpan');
	if (results.length === 0) fail(ctx, 'NO_RESULTS', { line: root.line, field: `${root.path}/TimeSpan` }, '<Results> has no result <TimeSpan>');
	if (configs.length !== results.length) {
		warn(ctx, 'TIMESPAN_COUNT_MISMATCH', { line: root.line, field: `${root.path}/Profile/TimeSpans` }, `${configs.length} configured timespans, ${results.length} with results`);
	}

	results.forEach((ts, k) => {
		const error = one(ctx, ts, 'Error');
		if (error) {
			warn(ctx, 'INTERRUPTED', where(error), `timespan ${k + 1}: ${leaf(ctx, error).slice(0, 80)}`);
			return;
		}
		const timeEl = need(ctx, ts, 'TestTimeSeconds');
		const testTimeS = decimal(ctx, leaf(ctx, timeEl), where(timeEl));
		if (testTimeS <= 0) fail(ctx, 'BAD_NUMBER', where(timeEl), 'test time is 0');
		const threads: ThreadRow[] = [];
		for (const th of all(ts, 'Thread')) {
			const id = needNumber(ctx, th, 'Id', count);
			for (const t of all(th, 'Target')) {
				const values = targetValues(ctx, t, testTimeS);
				checkDirectionSum(ctx, values, `thread ${id}`, { bytes: `${t.path}/BytesCount`, ios: `${t.path}/IOCount` });
				threads.push({ thread: id, path: leaf(ctx, need(ctx, t, 'Path')), values });
			}
		}
		const cpu = one(ctx, ts, 'CpuUtilization');
		const avg = cpu && one(ctx, cpu, 'Average');
		const lat = one(ctx, ts, 'Latency');
		const total = totalValues(ctx, ts, threads, lat, testTimeS);
		const config = configs[k] ?? null;
		const r: TimeSpanResults = {
			index: k + 1,
			config,
			testTimeS,
			threadCount: numberOf(ctx, ts, 'ThreadCount', count),
			usrCpuPct: avg ? numberOf(ctx, avg, 'UserPercent', signedDecimal) : null,
			sysCpuPct: avg ? numberOf(ctx, avg, 'KernelPercent', signedDecimal) : null,
			threads,
			total,
			totalLatency: lat ? latencyTable(ctx, lat) : null,
			targetLatency: new Map(),
			origin: 'derived',
			toolVersion,
			startedAt,
		};
		resultsToRuns(ctx, r, XML_FORMAT_ID, out);
		const iops = one(ctx, ts, 'Iops');
		if (iops) {
			const directions = (['read', 'write', 'mixed'] as const).filter((d) => (d === 'mixed' ? total.read.ios > 0 && total.write.ios > 0 : total[d].ios > 0));
			// Several timespans: one series each.
			iopsSeries(ctx, iops, directions, config?.bucketMs ?? null, results.length > 1 ? `run${k + 1}` : null, `run${k + 1}/total`, out);
		}
	});
	out.warnings = ctx.warnings;
	return out;
}
