// A reader's time series cut into the rows the time-series chart draws (TimeseriesBucketRow), in the browser, where
// the published series go through the downsampling SQL of src/lib/queries/timeseries.ts. The slicing here is that
// query's, step for step — per series and direction, DEFAULT_BUCKETS equal slices of its time span, mean, min and max
// per slice, window maxima only raising the max, times rounded to whole ms as the published timeseries stores them —
// and the steady-state window is judged as the ingest judges it (STEADY_ROUNDS slices, src/lib/steady-state.ts), so a
// dropped log draws like a published one. Works on columns, so a per-I/O log of a million samples makes no objects.
import { DEFAULT_BUCKETS, type TimeseriesBucketRow } from '../queries/timeseries.ts';
import { STEADY_ROUNDS, judgeSteadyState } from '../steady-state.ts';

/** What every slice of a series repeats. */
export type SeriesInfo = Pick<TimeseriesBucketRow, 'series_id' | 'review_id' | 'device_id' | 'run_id' | 'source_file' | 'metric' | 'window_ms'>;

/** A series' points as columns: direction and value kind as codes into the name lists. */
export interface SeriesPoints {
	length: number;
	time_ms: ArrayLike<number>;
	direction: ArrayLike<number>;
	directions: readonly string[];
	value_kind: ArrayLike<number>;
	value_kinds: readonly string[];
	/** In the metric's base unit; null where a point has none. */
	value: ArrayLike<number | null>;
}

type Slice = Omit<TimeseriesBucketRow, keyof SeriesInfo | 'steady_start_ms' | 'steady_end_ms'>;

/** The series cut into at most `n` slices per direction, in direction (code-point) and slice order. */
export function sliceSeries(p: SeriesPoints, n: number): Slice[] {
	const nd = p.directions.length;
	const t0 = new Float64Array(nd).fill(Infinity);
	const t1 = new Float64Array(nd).fill(-Infinity);
	for (let i = 0; i < p.length; i++) {
		const d = p.direction[i]!;
		const t = Math.round(p.time_ms[i]!);
		if (t < t0[d]!) t0[d] = t;
		if (t > t1[d]!) t1[d] = t;
	}
	const maxKind = p.value_kinds.indexOf('max');
	const size = nd * n;
	const count = new Float64Array(size);
	const tSum = new Float64Array(size);
	const tMin = new Float64Array(size).fill(Infinity);
	const tMax = new Float64Array(size).fill(-Infinity);
	const vCount = new Float64Array(size);
	const vSum = new Float64Array(size);
	const vMin = new Float64Array(size).fill(Infinity);
	const vMax = new Float64Array(size).fill(-Infinity);
	const vAny = new Uint8Array(size);
	for (let i = 0; i < p.length; i++) {
		const d = p.direction[i]!;
		const t = Math.round(p.time_ms[i]!);
		const b = Math.min(Math.floor(((t - t0[d]!) * n) / Math.max(t1[d]! - t0[d]!, 1)), n - 1);
		const k = d * n + b;
		count[k]!++;
		tSum[k]! += t;
		if (t < tMin[k]!) tMin[k] = t;
		if (t > tMax[k]!) tMax[k] = t;
		const v = p.value[i];
		if (v === null || v === undefined) continue;
		vAny[k] = 1;
		if (v > vMax[k]!) vMax[k] = v;
		if (p.value_kind[i] === maxKind) continue;
		vCount[k]!++;
		vSum[k]! += v;
		if (v < vMin[k]!) vMin[k] = v;
	}
	const order = [...p.directions.keys()].sort((a, b) => (p.directions[a]! < p.directions[b]! ? -1 : p.directions[a]! > p.directions[b]! ? 1 : 0));
	const out: Slice[] = [];
	for (const d of order) {
		for (let b = 0; b < n; b++) {
			const k = d * n + b;
			if (!count[k]) continue;
			out.push({
				direction: p.directions[d]!,
				bucket: b,
				time_ms: tSum[k]! / count[k]!,
				time_start_ms: tMin[k]!,
				time_end_ms: tMax[k]!,
				points: count[k]!,
				value_mean: vCount[k] ? vSum[k]! / vCount[k]! : null,
				value_min: vCount[k] ? vMin[k]! : null,
				value_max: vAny[k] ? vMax[k]! : null,
			});
		}
	}
	return out;
}

/** Where each direction of the series became steady (SNIA PTS rule), as the ingest's steady_state table says. */
function steadyWindows(p: SeriesPoints): Map<string, { start: number | null; end: number | null }> {
	const rounds = new Map<string, { start_ms: number; end_ms: number; value: number }[]>();
	for (const s of sliceSeries(p, STEADY_ROUNDS)) {
		const list = rounds.get(s.direction) ?? [];
		if (s.value_mean !== null) list.push({ start_ms: s.time_start_ms, end_ms: s.time_end_ms, value: s.value_mean });
		rounds.set(s.direction, list);
	}
	const out = new Map<string, { start: number | null; end: number | null }>();
	for (const [direction, list] of rounds) {
		const verdict = judgeSteadyState(list);
		out.set(direction, { start: verdict.window_start_ms, end: verdict.window_end_ms });
	}
	return out;
}

/** One series as the chart's rows: DEFAULT_BUCKETS slices per direction, each with its direction's steady window. */
export function downsampleSeries(info: SeriesInfo, p: SeriesPoints, buckets = DEFAULT_BUCKETS): TimeseriesBucketRow[] {
	const steady = steadyWindows(p);
	return sliceSeries(p, buckets).map((s) => {
		const w = steady.get(s.direction);
		return { ...info, ...s, steady_start_ms: w?.start ?? null, steady_end_ms: w?.end ?? null };
	});
}
