// A log over time (IOPS, bandwidth or latency): one chart per metric of a group's logs.
import { DEFAULT_VIEW } from '../../site/view.ts';
import type { ChartKindDef } from '../kind.ts';
import { distinct, labelKeysOf } from '../kind.ts';
import { CHART_LABELS } from '../labels.ts';
import { timeseriesChart, timeseriesSummary, timeseriesTable, type TimeseriesPoint } from './chart.ts';
import { timeseriesMetricOf, timeseriesPoints } from './points.ts';

export const timeseriesKind: ChartKindDef<'ts', TimeseriesPoint[]> = {
	id: 'timeseries',
	slug: 'ts',
	controls: ['rate', 'latency', 'log', 'buckets'],
	labelKeys: labelKeysOf(CHART_LABELS.en, 'ts_'),
	input: ({ runs, results }) => timeseriesPoints(results.timeseries ?? [], new Map(runs.map((r) => [r.run_id, r]))),
	queriesForView: (q, view) => (q.timeseries ? { ...q, timeseries: { ...q.timeseries, buckets: view.buckets } } : q),
	render: timeseriesChart,
	summary: timeseriesSummary,
	table: timeseriesTable,
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
