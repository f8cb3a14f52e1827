// The 1.1.0 instantaneous file (`inst<name>.csv`): one WORKER row per update interval, values over
// that interval, each row starting with its time stamp → timeseries rows.
import { cell, checkNumbers, checkWidth, type ResultsHeader, type ResultsRow } from './header.ts';
import { isRowType } from './runs.ts';
import { parseIometerTime } from './timestamp.ts';
import { checkBinaryDecimal, directionsOf, valuesOf } from './values.ts';
import type { ParsedTimeseries, ParseResult } from '../parse-result.ts';
import { NO_POINT_VALUES } from '../rows.ts';
import { fail, type FileContext } from '../parse-result.ts';

export interface InstantaneousClock {
	/** First time stamp of the file (the session's `'Time Stamp`), ms; time_ms counts from here. */
	originMs: number | null;
}

/**
 * The averaging window: the gap between a worker's successive updates when every gap of the
 * block is the same, else null (real files jitter by a few ms around the update frequency).
 */
function constantGap(stamps: { worker: string; ms: number }[]): number | null {
	const previous = new Map<string, number>();
	const gaps = new Set<number>();
	for (const { worker, ms } of stamps) {
		const before = previous.get(worker);
		if (before !== undefined) gaps.add(ms - before);
		previous.set(worker, ms);
	}
	return gaps.size === 1 ? [...gaps][0]! : null;
}

export function instantaneousToTimeseries(
	ctx: FileContext,
	header: ResultsHeader,
	rows: ResultsRow[],
	clock: InstantaneousClock,
	out: ParseResult,
): void {
	const intervals: { row: ResultsRow; worker: string; ms: number }[] = [];
	for (const row of rows) {
		const type = cell(header, row, 'Target Type').trim();
		checkWidth(ctx, header, row, type === 'PROCESSOR');
		if (!isRowType(type) && type !== 'PROCESSOR') {
			fail(ctx, 'UNKNOWN_ROW_TYPE', { line: row.line, field: 'Target Type' }, `unknown result row type "${type.slice(0, 40)}"`);
		}
		if (type !== 'PROCESSOR') checkNumbers(ctx, header, row);
		// Interval rows leave the spec name empty; the WORKER rows that name it (and the ALL row)
		// are the whole-test results Iometer appends when the test ends (they equal the results file's).
		if (type !== 'WORKER' || cell(header, row, 'Access Specification Name') !== '') continue;
		const stampText = cell(header, row, 'TimeStamp');
		const stamp = parseIometerTime(stampText);
		if (!stamp) fail(ctx, 'BAD_TIMESTAMP', { line: row.line, field: 'TimeStamp' }, `"${stampText.slice(0, 40)}" is not an Iometer time stamp`);
		clock.originMs ??= stamp.ms;
		const worker = cell(header, row, 'Target Name');
		const last = intervals.findLast((x) => x.worker === worker);
		if (stamp.ms < clock.originMs || (last !== undefined && stamp.ms < last.ms)) {
			fail(ctx, 'TIME_BACKWARDS', { line: row.line, field: 'TimeStamp' }, `time stamp ${stamp.iso} is earlier than a previous one`);
		}
		intervals.push({ row, worker, ms: stamp.ms });
	}

	const window_ms = constantGap(intervals);
	for (const { row, ms } of intervals) {
		checkBinaryDecimal(ctx, header, row);
		const common = {
			seq: row.line,
			time_ms: ms - clock.originMs!,
			window_ms,
			value_kind: 'mean',
			...NO_POINT_VALUES,
		} satisfies Omit<ParsedTimeseries, 'metric' | 'direction'>;
		const directions = directionsOf(ctx, header, row);
		// An interval without a completed I/O is a measured 0 IOPS, but has no latency.
		for (const direction of directions.length > 0 ? directions : (['mixed'] as const)) {
			const v = valuesOf(ctx, header, row, direction);
			const idle = directions.length === 0;
			if (v.iops !== null) out.timeseries.push({ ...common, metric: 'iops', direction, iops: v.iops });
			if (v.bw_bytes_per_s !== null) out.timeseries.push({ ...common, metric: 'bw', direction, bw_bytes_per_s: v.bw_bytes_per_s });
			if (v.lat_mean_ns !== null && !idle) out.timeseries.push({ ...common, metric: 'lat', direction, lat_ns: v.lat_mean_ns });
		}
	}
}
