// Devices in a chart: a deterministic order (sorted ids), the visible subset, display labels and colours.
// Colours are keyed to the position in the full order, so hiding a device never recolours the others.
import type { RunRow } from '../schema.ts';
import type { ChartOptions } from './options.ts';
import { directionRank } from './direction-rank.ts';
import { categoricalColor } from './palette.ts';

export interface DeviceSeries {
	/** Every device in the rows, sorted by id. */
	order: readonly string[];
	/** The devices shown (options.series), in `order`. */
	visible: readonly string[];
	isVisible(id: string): boolean;
	label(id: string): string;
	color(id: string): string;
	/** Plot colour scale over the visible devices' labels; with `drawn`, only those (the legend lists what is drawn). */
	colorScale(drawn?: Iterable<string>): { type: 'ordinal'; domain: string[]; range: string[] };
}

export function deviceSeries(ids: Iterable<string>, options: Pick<ChartOptions, 'series' | 'deviceLabels'>): DeviceSeries {
	const order = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
	const shown = options.series ? new Set(options.series) : null;
	const visible = order.filter((id) => !shown || shown.has(id));
	const names = new Map(order.map((id) => [id, options.deviceLabels?.[id] ?? id]));
	const taken = new Map<string, number>();
	for (const name of names.values()) taken.set(name, (taken.get(name) ?? 0) + 1);
	const labels = new Map(order.map((id) => [id, taken.get(names.get(id)!)! > 1 ? `${names.get(id)} (${id})` : names.get(id)!]));
	const index = new Map(order.map((id, i) => [id, i]));
	const label = (id: string) => labels.get(id) ?? options.deviceLabels?.[id] ?? id;
	const color = (id: string) => categoricalColor(index.get(id) ?? order.length);
	return {
		order,
		visible,
		isVisible: (id) => visible.includes(id),
		label,
		color,
		colorScale: (drawn) => {
			const keep = drawn ? new Set(drawn) : null;
			const ids = visible.filter((id) => !keep || keep.has(id));
			return { type: 'ordinal', domain: ids.map(label), range: ids.map(color) };
		},
	};
}

/**
 * Colour scale for lines that need not be one per device (runs, directions, log files): the device colours
 * when every device has a single line, otherwise one categorical colour per line, in order.
 */
export function lineColorScale(
	lines: readonly { label: string; device_id: string }[],
	devices: DeviceSeries,
): { type: 'ordinal'; domain: string[]; range: string[] } {
	const labels = [...new Set(lines.map((l) => l.label))];
	const deviceOf = new Map(lines.map((l) => [l.label, l.device_id]));
	const onePerDevice = new Set(deviceOf.values()).size === labels.length;
	return {
		type: 'ordinal',
		domain: labels,
		range: labels.map((l, i) => (onePerDevice ? devices.color(deviceOf.get(l)!) : categoricalColor(i))),
	};
}

export const isPublished = (origin: string) => origin === 'published';

/** The rows (runs, points, figures) of the devices shown, in legend order, then `tie` (the chart's own order). */
export function shownInOrder<T extends { device_id: string }>(items: readonly T[], devices: DeviceSeries, tie: (a: T, b: T) => number): T[] {
	const rank = new Map(devices.order.map((id, i) => [id, i]));
	return items.filter((r) => devices.isVisible(r.device_id)).sort((a, b) => rank.get(a.device_id)! - rank.get(b.device_id)! || tie(a, b));
}

/**
 * The runs of the devices shown, in legend order: device, then direction, measured before published,
 * then `tie` (the chart's own order, e.g. by load).
 */
export function shownRunsInOrder(
	rows: readonly RunRow[],
	devices: DeviceSeries,
	tie: (a: RunRow, b: RunRow) => number,
): RunRow[] {
	return shownInOrder(
		rows,
		devices,
		(a, b) =>
			directionRank(a.direction) - directionRank(b.direction) ||
			Number(isPublished(a.value_origin)) - Number(isPublished(b.value_origin)) ||
			tie(a, b),
	);
}

/** The rows of the devices shown by run (a run of several directions has a row each), in the rows' order. */
export function shownRowsByRun(rows: readonly RunRow[], devices: DeviceSeries): Map<string, RunRow[]> {
	const byRun = new Map<string, RunRow[]>();
	for (const r of rows) {
		if (!devices.isVisible(r.device_id)) continue;
		if (!byRun.has(r.run_id)) byRun.set(r.run_id, []);
		byRun.get(r.run_id)!.push(r);
	}
	return byRun;
}
