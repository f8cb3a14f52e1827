// Downsampled log rows → the time-series chart's points (no Plot here: the page script rebuilds inputs with it).
import type { RunRow } from '../../schema.ts';
import type { TimeseriesBucketRow } from '../../queries/timeseries.ts';
import type { TimeseriesMetric, TimeseriesPoint } from './chart.ts';

/** fio log metrics as the time-series chart names them. */
export function timeseriesMetricOf(logMetric: string): TimeseriesMetric {
	return logMetric === 'iops' ? 'iops' : logMetric === 'bw' ? 'bw' : 'lat';
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The columns of a downsampled log row that timeseriesPoints reads (all the page carries of them). */
export const TIMESERIES_POINT_COLUMNS = [
	'series_id',
	'device_id',
	'run_id',
	'source_file',
	'direction',
	'time_ms',
	'value_min',
	'value_mean',
	'value_max',
	'steady_start_ms',
	'steady_end_ms',
] as const satisfies readonly (keyof TimeseriesBucketRow)[];

/**
 * Downsampled log rows → the time-series chart's points. A device's line is its direction, or the log file and
 * direction when the device has several logs in the chart.
 */
export function timeseriesPoints(
	rows: readonly Pick<TimeseriesBucketRow, (typeof TIMESERIES_POINT_COLUMNS)[number]>[],
	tools: ReadonlyMap<string, Pick<RunRow, 'tool' | 'tool_version'>> = new Map(),
): TimeseriesPoint[] {
	const filesPerDevice = new Map<string, Set<string>>();
	for (const r of rows) filesPerDevice.set(r.device_id, (filesPerDevice.get(r.device_id) ?? new Set()).add(r.series_id));
	return rows.map((r) => {
		const several = (filesPerDevice.get(r.device_id)?.size ?? 0) > 1;
		const tool = r.run_id ? tools.get(r.run_id) : undefined;
		return {
			device_id: r.device_id,
			series: several ? `${fileName(r.source_file)} · ${r.direction}` : r.direction,
			t_s: r.time_ms / 1000,
			min: r.value_min,
			mean: r.value_mean,
			max: r.value_max,
			tool: tool?.tool ?? null,
			tool_version: tool?.tool_version ?? null,
			steady_start_s: r.steady_start_ms === null ? null : r.steady_start_ms / 1000,
			steady_end_s: r.steady_end_ms === null ? null : r.steady_end_ms / 1000,
		};
	});
}
