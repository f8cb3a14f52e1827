// The mix bars' data: which runs are a read/write mix, their rates per part. No Plot here: the chart plan asks it
// whether a group draws mix bars.
import type { RunRow } from '../../schema.ts';
import { chartContext, type ChartContext } from '../context.ts';
import { deviceSeries, shownRowsByRun, type DeviceSeries } from '../devices.ts';
import { titleText } from '../format.ts';
import type { ChartOptions } from '../options.ts';
import { bestPerKey, rateOf } from '../run-values.ts';
import { sharedByDrawings } from '../shared-steps.ts';
export interface MixBar {
	device_id: string;
	device: string;
	readPct: number;
	mix: string;
	read: number | null;
	write: number | null;
	/** read + write, or the unified (direction "mixed") figure when the tool did not split them. */
	value: number;
	published: boolean;
	run_id: string;
	run: RunRow;
}

export interface MixSegment {
	device: string;
	mix: string;
	part: 'read' | 'write' | 'mixed';
	published: boolean;
	y1: number;
	y2: number;
	title: string;
}

export interface MixBarsData {
	bars: MixBar[];
	segments: MixSegment[];
	devices: DeviceSeries;
	mixes: string[];
}

const isMixed = (r: RunRow) => r.read_pct !== null && r.read_pct > 0 && r.read_pct < 100;

export const mixBarsData = sharedByDrawings(function mixBarsData(rows: readonly RunRow[], options: ChartOptions): MixBarsData {
	const ctx = chartContext(options);
	const mixed = rows.filter(isMixed);
	const devices = deviceSeries(
		mixed.map((r) => r.device_id),
		options,
	);
	const candidates: MixBar[] = [];
	for (const [runId, parts] of shownRowsByRun(mixed, devices)) {
		const of = (direction: string) => {
			const row = parts.find((p) => p.direction === direction);
			return row ? rateOf(row, options.rateUnit) : null;
		};
		const read = of('read');
		const write = of('write');
		const unified = of('mixed');
		const value = read !== null || write !== null ? (read ?? 0) + (write ?? 0) : unified;
		if (value === null) continue;
		const run = parts[0]!;
		const readPct = run.read_pct!;
		candidates.push({
			device_id: run.device_id,
			device: devices.label(run.device_id),
			readPct,
			mix: ctx.t('mix_label', { read: ctx.num(readPct), write: ctx.num(100 - readPct) }),
			read: read !== null || write !== null ? read : null,
			write: read !== null || write !== null ? write : null,
			value,
			published: run.value_origin === 'published',
			run_id: runId,
			run,
		});
	}
	const order = new Map(devices.order.map((id, i) => [id, i]));
	const bars = bestPerKey(candidates, (b) => `${b.readPct}\u0000${b.device_id}`).sort(
		(a, b) => b.readPct - a.readPct || order.get(a.device_id)! - order.get(b.device_id)!,
	);
	const segments = bars.flatMap((b) => segmentsOf(b, ctx));
	return { bars, segments, devices, mixes: [...new Set(bars.map((b) => b.mix))] };
});

function segmentsOf(bar: MixBar, ctx: ChartContext): MixSegment[] {
	const title = (part: MixSegment['part'], value: number) =>
		titleText([
			`${bar.device} · ${bar.mix}${bar.published ? ` · ${ctx.labels.published}` : ''}`,
			`${ctx.direction(part)}: ${ctx.num(value)} ${ctx.rateSymbol}`,
			ctx.load(bar.run),
			`${ctx.labels.col_run}: ${bar.run_id}`,
		]);
	const base = { device: bar.device, mix: bar.mix, published: bar.published };
	if (bar.read === null && bar.write === null)
		return [{ ...base, part: 'mixed', y1: 0, y2: bar.value, title: title('mixed', bar.value) }];
	const read = bar.read ?? 0;
	const segments: MixSegment[] = [];
	if (bar.read !== null) segments.push({ ...base, part: 'read', y1: 0, y2: read, title: title('read', read) });
	if (bar.write !== null)
		segments.push({ ...base, part: 'write', y1: read, y2: read + bar.write, title: title('write', bar.write) });
	return segments;
}
