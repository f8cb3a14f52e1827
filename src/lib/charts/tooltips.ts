// What a chart's marks say on hover (their SVG <title>), where kinds say the same: the run and file a value comes
// from, a measured curve's point, a histogram's line.
import type { RunRow, ValueOrigin } from '../schema.ts';
import type { ChartContext } from './context.ts';
import { isPublished, type DeviceSeries } from './devices.ts';
import { titleText } from './format.ts';

/** The last lines of a value's tooltip: "Run: …" and "Source file: …". */
export function runTitleLines(run: Pick<RunRow, 'run_id' | 'source_file'>, ctx: ChartContext): [string, string] {
	return [`${ctx.labels.col_run}: ${run.run_id}`, `${ctx.labels.col_source}: ${run.source_file}`];
}

/** A histogram's or exceedance's line: which run it is and how many I/Os it counts. */
export function seriesTitle(series: string, ios: number, ctx: ChartContext): string {
	return titleText([series, `${ctx.num(ios)} ${ctx.labels.col_ios}`]);
}

/** What a point of a measured curve (latency vs IOPS, QD scaling) is besides where it is drawn. */
export interface CurvePointOf {
	device_id: string;
	/** Device label (the colour channel). */
	device: string;
	direction: string;
	origin: ValueOrigin;
	/** One line per device × host × direction × origin. */
	series: string;
	load: string | null;
	run_id: string;
	title: string;
}

/** A curve's point of `row`: its line and its tooltip (drive, direction, published or not; load; `valueLine`; run and file). */
export function curvePointOf(row: RunRow, valueLine: string, ctx: ChartContext, devices: DeviceSeries): CurvePointOf {
	const device = devices.label(row.device_id);
	const load = ctx.load(row);
	const origin = row.value_origin as ValueOrigin;
	return {
		device_id: row.device_id,
		device,
		direction: ctx.direction(row.direction),
		origin,
		// A host is a condition: runs of one drive on two hosts are two lines, never one.
		series: `${row.device_id}\u0000${row.host ?? ''}\u0000${row.direction}\u0000${isPublished(origin) ? 'published' : 'measured'}`,
		load,
		run_id: row.run_id,
		title: titleText([
			`${device} · ${ctx.direction(row.direction)}${isPublished(origin) ? ` · ${ctx.labels.published}` : ''}`,
			load,
			valueLine,
			...runTitleLines(row, ctx),
		]),
	};
}
