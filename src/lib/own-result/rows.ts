// A reader's parsed file as published rows, by the ingest's steps (scripts/ingest/collect.ts collectResult and
// collectLog): the same checks (findInvalidValues, crossCheckBandwidth), the same placing of rows (result-rows.ts) and
// a fio log read by the same columnar reader. Only the place differs: one review and one device, "your result" and
// "your drive", whatever the file names, and no raw/runs.yaml, so a log's fio version is only what the reader says.
import type { FileFormat } from '../formats/format.ts';
import { fioLogMetricFromName } from '../formats/fio-log/naming.ts';
import { FIO_LOG_VALUE_KINDS, parseFioLogColumns } from '../formats/fio-log/reader.ts';
import { IO_DIRECTIONS } from '../formats/fio/options.ts';
import { latencyUnitForFioVersion } from '../formats/fio/version.ts';
import { noContext } from '../formats/format.ts';
import type { ParsedTimeseries, Warning } from '../formats/parse-result.ts';
import { placeRun, resultSeriesKey, runIdOf, seriesIdOf, withRunId } from '../result-rows.ts';
import { DIRECTIONS } from '../schema.ts';
import { crossCheckBandwidth, findInvalidValues } from '../validate.ts';
import { OWN_DEVICE_ID, OWN_REVIEW_ID, problem, type OwnParseOptions, type OwnProblem, type OwnRows } from './common.ts';
import { downsampleSeries, type SeriesInfo } from './series.ts';

const warningsOf = (file: string, warnings: readonly Warning[]) => warnings.map((w) => problem(file, w.code, w.message, w.line, w.field));

const kinds: readonly string[] = FIO_LOG_VALUE_KINDS;
const directions: readonly string[] = DIRECTIONS;

const noResult = (file: string, format: FileFormat) => problem(file, 'NO_RUNS', `is a ${format.id} file that gives no result: cut short, or nothing ran?`);

/** A result file (or a histogram log): parsed whole by its format, checked and placed. Throws what the parser throws. */
export function resultRows(name: string, text: string, format: FileFormat, options: OwnParseOptions): OwnRows | OwnProblem {
	const context = { ...noContext(), toolVersion: format.kind === 'log' ? options.fioVersion : undefined };
	const result = format.parse(text, name, context);
	const [invalid] = findInvalidValues(result);
	if (invalid) return problem(name, invalid.code, invalid.message, invalid.line, invalid.field);
	const tables = [result.runs, result.percentiles, result.histograms, result.timeseries];
	if (tables.every((t) => t.length === 0)) return noResult(name, format);
	const place = { reviewId: OWN_REVIEW_ID, deviceId: OWN_DEVICE_ID, file: name, source: name };
	const runIdOfKey = (key: string) => runIdOf(OWN_REVIEW_ID, name, key);
	const groups = new Map<string, ParsedTimeseries[]>();
	for (const r of result.timeseries) {
		const key = resultSeriesKey(r);
		const list = groups.get(key) ?? [];
		list.push(r);
		groups.set(key, list);
	}
	const timeseries = [...groups]
		.map(([key, rows]) => {
			const first = rows[0]!;
			const info = seriesInfo(seriesIdOf(OWN_REVIEW_ID, name, key), name, first.metric, first.window_ms, first.run_key ? runIdOfKey(first.run_key) : null);
			return downsampleSeries(info, {
				length: rows.length,
				time_ms: rows.map((r) => r.time_ms),
				direction: rows.map((r) => directions.indexOf(r.direction)),
				directions,
				value_kind: rows.map((r) => kinds.indexOf(r.value_kind ?? 'mean')),
				value_kinds: kinds,
				value: rows.map((r) => r.iops ?? r.bw_bytes_per_s ?? r.lat_ns),
			});
		})
		.sort((a, b) => (a[0]!.series_id < b[0]!.series_id ? -1 : 1))
		.flat();
	return {
		runs: result.runs.map((r) => placeRun(r, place)),
		percentiles: result.percentiles.map((p) => withRunId(p, runIdOfKey(p.run_key))),
		histograms: result.histograms.map((h) => withRunId(h, runIdOfKey(h.run_key))),
		timeseries,
		warnings: warningsOf(name, [...result.warnings, ...crossCheckBandwidth(result)]),
	};
}

function seriesInfo(seriesId: string, name: string, metric: string, windowMs: number | null, runId: string | null): SeriesInfo {
	return { series_id: seriesId, review_id: OWN_REVIEW_ID, device_id: OWN_DEVICE_ID, run_id: runId, source_file: name, metric, window_ms: windowMs };
}

/** A fio bw/iops/lat/clat/slat log: its metric from its name, read into columns, one series. Throws ParseError. */
export function logRows(name: string, text: string, format: FileFormat, options: OwnParseOptions): OwnRows | OwnProblem {
	const named = fioLogMetricFromName(name);
	if (!named) return problem(name, 'LOG_NAME', "a fio log must keep fio's name <prefix>_<bw|iops|lat|clat|slat>[.N].log so its metric is known");
	const latencyUnit = options.fioVersion ? latencyUnitForFioVersion(options.fioVersion) : undefined;
	const { columns: c, length, warnings, meta } = parseFioLogColumns(text, name, { metric: named.metric, latencyUnit, windowMs: null });
	for (let i = 0; i < length; i++) {
		const v = c.value[i]!;
		if (!(v >= 0) || v === Infinity) return problem(name, 'INVALID_VALUE', `value is ${v}`, c.seq[i], 'value');
	}
	if (length === 0) return noResult(name, format);
	const info = seriesInfo(seriesIdOf(OWN_REVIEW_ID, name), name, named.metric, meta.windowMs ?? null, null);
	const points = { length, time_ms: c.time_ms, direction: c.direction, directions: IO_DIRECTIONS, value_kind: c.value_kind, value_kinds: FIO_LOG_VALUE_KINDS, value: c.value };
	return { runs: [], percentiles: [], histograms: [], timeseries: downsampleSeries(info, points), warnings: warningsOf(name, warnings) };
}
