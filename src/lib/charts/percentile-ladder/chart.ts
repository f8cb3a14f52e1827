// The latency ladder: for each load, the mean and the percentiles p50 … p99.99 of one latency kind
// (x = statistic, y = latency on a log scale), one line per load; one panel per device when there are several.
import * as Plot from '@observablehq/plot';
import type { PercentileRow, RunRow } from '../../schema.ts';
import { lostClauses, missingClause, runsClauses } from '../caption.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, type DeviceSeries } from '../devices.ts';
import { latencyFromNs } from '../display-units.ts';
import { tidy } from '../format.ts';
import type { ChartLabels } from '../labels.ts';
import type { ChartOptions } from '../options.ts';
import { categoricalColor } from '../palette.ts';
import { MUTED_LINE, facetTitles, latencyTicks, noDataMark, plotBase } from '../plot-parts.ts';
import { titleText } from '../format.ts';
import { directionRank } from '../direction-rank.ts';
import { compareByLoad } from '../run-values.ts';
import type { ChartTable } from '../table.ts';
import { runTitleLines } from '../tooltips.ts';
import type { KindDraw } from '../kind.ts';
import { sharedByDrawings } from '../shared-steps.ts';

export interface PercentileLadderInput {
	runs: readonly RunRow[];
	percentiles: readonly PercentileRow[];
}

type Kind = 'clat' | 'lat';
type Step = 'mean' | 'p50' | 'p90' | 'p99' | 'p99_9' | 'p99_99';

/** The rungs of the ladder: the mean, then the percentiles fio reports by default. */
export const LADDER_STEPS: readonly { step: Step; percentile: number | null }[] = [
	{ step: 'mean', percentile: null },
	{ step: 'p50', percentile: 50 },
	{ step: 'p90', percentile: 90 },
	{ step: 'p99', percentile: 99 },
	{ step: 'p99_9', percentile: 99.9 },
	{ step: 'p99_99', percentile: 99.99 },
];

export interface LadderLine {
	run: RunRow;
	kind: Kind;
	device: string;
	/** Load (and direction when the chart has several): the colour channel. */
	line: string;
	/** Latency in display units per step; null when not reported. */
	values: (number | null)[];
}

export interface LadderPoint {
	device_id: string;
	device: string;
	line: string;
	step: string;
	value: number;
	/** The point's tooltip: its line and value. */
	title: string;
	/** The line's tooltip (once per line, not on each of its points): which run and file it comes from. */
	lineTitle: string;
}

export interface PercentileLadderData {
	lines: LadderLine[];
	points: LadderPoint[];
	dropped: number;
	missing: number;
	devices: DeviceSeries;
	lineOrder: string[];
	kinds: Kind[];
}

const key = (runId: string, direction: string) => `${runId}\u0000${direction}`;

function ladderValues(run: RunRow, kind: Kind, reported: Map<number, number> | undefined): (number | null)[] {
	return LADDER_STEPS.map(({ step, percentile }) => {
		if (percentile === null) return run[`${kind}_mean_ns`];
		for (const [p, ns] of reported ?? []) if (Math.abs(p - percentile) < 1e-9) return ns;
		return run[`${kind}_${step}_ns` as `${Kind}_p50_ns`];
	});
}

export const percentileLadderData = sharedByDrawings(function percentileLadderData(input: PercentileLadderInput, options: ChartOptions): PercentileLadderData {
	const ctx = chartContext(options);
	const devices = deviceSeries(
		input.runs.map((r) => r.device_id),
		options,
	);
	const reported = new Map<string, Map<number, number>>();
	for (const p of input.percentiles) {
		if (p.stat !== 'clat' && p.stat !== 'lat') continue;
		const k = `${key(p.run_id, p.direction)}\u0000${p.stat}`;
		if (!reported.has(k)) reported.set(k, new Map());
		reported.get(k)!.set(p.percentile, p.value_ns);
	}
	const rank = new Map(devices.order.map((id, i) => [id, i]));
	const runs = input.runs
		.filter((r) => devices.isVisible(r.device_id))
		.sort(
			(a, b) =>
				rank.get(a.device_id)! - rank.get(b.device_id)! ||
				directionRank(a.direction) - directionRank(b.direction) ||
				compareByLoad(a, b),
		);
	const severalDirections = new Set(runs.map((r) => r.direction)).size > 1;
	const lines: LadderLine[] = [];
	const points: LadderPoint[] = [];
	let dropped = 0;
	let missing = 0;
	for (const run of runs) {
		const perKind = (kind: Kind) => ladderValues(run, kind, reported.get(`${key(run.run_id, run.direction)}\u0000${kind}`));
		const clat = perKind('clat');
		const usesClat = clat.slice(1).some((v) => v !== null);
		const kind: Kind = usesClat ? 'clat' : 'lat';
		const ns = usesClat ? clat : perKind('lat');
		if (ns.every((v) => v === null)) {
			missing++;
			continue;
		}
		const device = devices.label(run.device_id);
		const load = ctx.load(run) ?? run.workload ?? run.job_name ?? run.run_id;
		const line = severalDirections ? `${load} · ${ctx.direction(run.direction)}` : load;
		const values = ns.map((v) => (v === null ? null : latencyFromNs(v, options.latencyUnit)));
		lines.push({ run, kind, device, line, values });
		const lineTitle = titleText([
			`${device} · ${line}`,
			...runTitleLines(run, ctx),
		]);
		values.forEach((value, i) => {
			if (value === null) return;
			if (value <= 0) {
				dropped++;
				return;
			}
			const step = ctx.labels[`stat_${LADDER_STEPS[i]!.step}`];
			points.push({
				device_id: run.device_id,
				device,
				line,
				step,
				value,
				title: titleText([`${device} · ${line}`, `${step}: ${ctx.num(value)} ${ctx.latencySymbol} (${kind})`]),
				lineTitle,
			});
		});
	}
	const lineOrder = [...new Set(points.map((p) => p.line))];
	const kinds = [...new Set(lines.map((l) => l.kind))].sort();
	return { lines, points, dropped, missing, devices, lineOrder, kinds };
});

function kindText(kinds: Kind[], ctx: ChartContext): string {
	return ctx.list(
		kinds.map((k) => ctx.labels[`kind_${k}`]),
	);
}

export function percentileLadder(input: PercentileLadderInput, options: ChartOptions): SVGSVGElement | HTMLElement {
	const ctx = chartContext(options);
	const data = percentileLadderData(input, options);
	const facetDevices = data.devices.visible.filter((id) => data.lines.some((l) => l.run.device_id === id));
	const faceted = facetDevices.length > 1;
	// Devices measured under other conditions than the others (a comparison's odd sides): dotted and pale.
	const muted = new Set(options.muted ?? []);
	const plain = data.points.filter((p) => !muted.has(p.device_id));
	const pale = data.points.filter((p) => muted.has(p.device_id));
	const runs = data.lines.map((l) => l.run);
	return Plot.plot({
		...plotBase(options, ctx, faceted ? 280 * facetDevices.length : 400),
		ariaLabel: ctx.labels.ladder_title,
		ariaDescription: percentileLadderSummary(input, options),
		caption: ctx.sentences(
			[
				ctx.t('ladder_caption', { kind: kindText(data.kinds, ctx), unit: ctx.latencySymbol }),
				...runsClauses(runs, ctx),
				...lostClauses(data, ctx),
			],
		),
		x: {
			type: 'point',
			domain: LADDER_STEPS.map((s) => ctx.labels[`stat_${s.step}`]),
			label: ctx.labels.axis_percentile,
			inset: 12,
		},
		y: {
			type: 'log',
			grid: true,
			inset: 8,
			insetTop: faceted ? 20 : 8,
			tickFormat: latencyTicks(ctx),
			label: ctx.t('axis_latency_plain', { unit: ctx.latencySymbol }),
		},
		fy: faceted ? { domain: facetDevices.map(data.devices.label), axis: null, padding: 0.12 } : undefined,
		color: {
			type: 'ordinal',
			domain: data.lineOrder,
			range: data.lineOrder.map((_, i) => categoricalColor(i)),
			legend: true,
		},
		marks: [
			data.points.length === 0 ? noDataMark(ctx) : null,
			faceted ? facetTitles(facetDevices.map(data.devices.label)) : null,
			...[plain, pale].map((points, i) =>
				Plot.line(points, {
					x: 'step',
					y: 'value',
					z: (p: LadderPoint) => `${p.device_id}\u0000${p.line}`,
					stroke: 'line',
					fy: faceted ? 'device' : undefined,
					strokeWidth: 1.5,
					title: 'lineTitle',
					...(i === 1 ? MUTED_LINE : {}),
				}),
			),
			...[plain, pale].map((points, i) =>
				Plot.dot(points, {
					x: 'step',
					y: 'value',
					fill: 'line',
					fy: faceted ? 'device' : undefined,
					r: 2.5,
					title: 'title',
					...(i === 1 ? { fillOpacity: MUTED_LINE.strokeOpacity } : {}),
				}),
			),
		],
	});
}

export const percentileLadderSummary = sharedByDrawings(function percentileLadderSummary(input: PercentileLadderInput, options: ChartOptions): string {
	const ctx = chartContext(options);
	const data = percentileLadderData(input, options);
	if (data.points.length === 0) return ctx.sentences([ctx.labels.noData, missingClause(data.missing, ctx)]);
	// The highest rung any line reaches is the tail the summary compares.
	const tailIndex = Math.max(...data.lines.map((l) => l.values.findLastIndex((v) => v !== null && v > 0)));
	const tailStat = ctx.labels[`stat_${LADDER_STEPS[tailIndex]!.step}`];
	const withTail = data.lines.filter((l) => (l.values[tailIndex] ?? 0) > 0);
	const best = withTail.reduce((a, b) => (b.values[tailIndex]! < a.values[tailIndex]! ? b : a));
	const heaviest = data.lines.filter((l) => l.run.device_id === best.run.device_id).at(-1)!;
	const p50 = heaviest.values[1];
	const tail = heaviest.values[tailIndex];
	const shown = data.devices.visible.filter((id) => data.lines.some((l) => l.run.device_id === id));
	return ctx.sentences(
		[
			ctx.t('ladder_summary_head', {
				kind: kindText(data.kinds, ctx),
				devices: ctx.list(shown.map(data.devices.label)),
				loads: ctx.list(data.lineOrder),
			}),
			ctx.t('ladder_summary_top', {
				stat: tailStat,
				device: best.device,
				value: ctx.num(best.values[tailIndex]!),
				unit: ctx.latencySymbol,
				load: best.line,
			}),
			p50 != null &&
				tail != null &&
				tailIndex > 1 &&
				ctx.t('ladder_summary_tail', {
					load: heaviest.line,
					device: heaviest.device,
					p50: ctx.num(p50),
					tail: ctx.num(tail),
					tailStat,
					unit: ctx.latencySymbol,
				}),
			...lostClauses(data, ctx),
		],
	);
});

export function percentileLadderTable(input: PercentileLadderInput, options: ChartOptions): ChartTable {
	const ctx = chartContext(options);
	const data = percentileLadderData(input, options);
	const stepColumn = (step: Step) => `${ctx.labels[`stat_${step}` as keyof ChartLabels]} (${ctx.latencySymbol})`;
	return {
		columns: [
			ctx.labels.col_device,
			ctx.labels.col_direction,
			ctx.labels.col_load,
			ctx.labels.col_latency_column,
			...LADDER_STEPS.map((s) => stepColumn(s.step)),
			ctx.labels.col_run,
		],
		rows: data.lines.map((l) => [
			l.device,
			ctx.direction(l.run.direction),
			ctx.load(l.run),
			l.kind,
			...l.values.map(tidy),
			l.run.run_id,
		]),
	};
}

/** How the kind draws (kind.ts KindDraw). */
export const draw: KindDraw<PercentileLadderInput> = { render: percentileLadder, summary: percentileLadderSummary, table: percentileLadderTable };
