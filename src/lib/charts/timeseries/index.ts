// A log over time (IOPS, bandwidth or latency): one chart per metric of a group's logs.
import { DEFAULT_VIEW } from '../../site/view.ts';
import type { ChartKindDef } from '../kind.ts';
import type { TimeseriesPoint } from './chart.ts';
import { distinct } from '../kind.ts';
import { timeseriesMetricOf, timeseriesPoints } from './points.ts';

export const timeseriesKind: ChartKindDef<'ts', TimeseriesPoint[]> = {
	id: 'timeseries',
	slug: 'ts',
	controls: ['rate', 'latency', 'log', 'buckets'],
	labelKeys: ['ts_title', 'ts_caption', 'ts_caption_line', 'ts_steady', 'ts_steady_of', 'ts_second', 'ts_minute', 'ts_steady_label', 'ts_metric_iops', 'ts_metric_bw', 'ts_metric_lat', 'ts_summary_series', 'ts_summary_top', 'ts_summary_top_low'],
	input: ({ runs, results }) => timeseriesPoints(results.timeseries ?? [], new Map(runs.map((r) => [r.run_id, r]))),
	queriesForView: (q, view) => (q.timeseries ? { ...q, timeseries: { ...q.timeseries, buckets: view.buckets } } : q),
	headlineRank: 7,
	compare: ({ family, fixed, runsOf }) => {
		if (family.merged || !family.timeseries) return null;
		const { metric, direction } = family.timeseries;
		return { input: null, fixed: { ...fixed, metric: timeseriesMetricOf(metric) }, late: { table: 'timeseries', runs: runsOf(family.timeseries), direction, metric } };
	},
	plan: (g) => {
		const ids = new Set(g.runIds);
		const series = g.series.filter((s) => s.run_id !== null && ids.has(s.run_id));
		return distinct(series.map((s) => timeseriesMetricOf(s.metric))).map((metric) => {
			const files = series.filter((s) => timeseriesMetricOf(s.metric) === metric);
			const logMetrics = distinct(files.map((s) => s.metric));
			return {
				kind: 'ts',
				suffix: `ts-${metric}`,
				fixed: { metric },
				queries: {
					runs: { runIds: distinct(files.map((s) => s.run_id!)) },
					timeseries: {
						seriesIds: distinct(files.map((s) => s.series_id)),
						// clat is what fio's per-I/O logs hold most often; one latency metric per chart.
						metric: logMetrics.includes('clat') ? 'clat' : logMetrics[0],
						buckets: DEFAULT_VIEW.buckets,
					},
				},
			};
		});
	},
};
