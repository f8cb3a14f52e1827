// One fio JSON latency object (slat/clat/lat in µs up to 2.21, slat_ns/clat_ns/lat_ns in ns from
// 2.99): min/max/mean/stddev, its `percentile` list and, in json+, its `bins` histogram.
import type { LatStat } from '../../schema.ts';
import { bucketEdges, bucketIndex, bucketValue, GROUPS_V2, GROUPS_V3, PLAT_BITS, PLAT_VAL } from '../fio/histogram-bins.ts';
import type { Warning } from '../parse-result.ts';
import type { JsonObject } from './reader.ts';
import { joinPath, type Fields } from './fields.ts';

export interface LatencySummary {
	mean_ns: number;
	stddev_ns: number;
	min_ns: number;
	max_ns: number;
}

export interface LatencyBin {
	bin_index: number;
	bin_lower_ns: number;
	bin_upper_ns: number | null;
	count: number;
}

export interface LatencyReadout {
	/** null when the object holds no samples (fio prints zeros then). */
	summary: LatencySummary | null;
	/** Which latency the percentiles and bins describe (see JsonEra.latPercentilesUnderClat). */
	distributionStat: LatStat;
	percentiles: { percentile: number; value_ns: number }[];
	bins: LatencyBin[];
}

export interface LatencyLayout {
	/** ns per unit of this object's values (1 for *_ns objects, 1000 for µs ones). */
	nsPerUnit: number;
	binsKeyedByIndex: boolean;
	distributionStat: LatStat;
}

/** Scales to ns without binary noise (10.783442 µs → 10783.442 ns, not 10783.442000000001). */
function toNs(value: number, nsPerUnit: number): number {
	return nsPerUnit === 1 ? value : Number((value * nsPerUnit).toPrecision(15));
}

const PERCENTILE_KEY = /^\d{1,3}(?:\.\d+)?$/;
const PLAT_KEYS = ['FIO_IO_U_PLAT_BITS', 'FIO_IO_U_PLAT_VAL', 'FIO_IO_U_PLAT_NR'];

export function readLatency(
	f: Fields,
	obj: JsonObject,
	path: string,
	layout: LatencyLayout,
	warnings: Warning[],
): LatencyReadout {
	const min = f.number(obj, 'min', path, true)!;
	const max = f.number(obj, 'max', path, true)!;
	const mean = f.number(obj, 'mean', path, true)!;
	const stddev = f.number(obj, 'stddev', path, true)!;
	const samples = f.integer(obj, 'N', path);
	// Before 3.18 there is no N: an object of zeros means nothing was measured (e.g. slat of sync engines).
	const measured = samples !== undefined ? samples > 0 : min > 0 || max > 0 || mean > 0;
	const ns = (v: number) => toNs(v, layout.nsPerUnit);
	const summary = measured ? { mean_ns: ns(mean), stddev_ns: ns(stddev), min_ns: ns(min), max_ns: ns(max) } : null;

	const percentileObj = f.object(obj, 'percentile', path);
	const percentiles =
		percentileObj && measured ? readPercentiles(f, percentileObj, joinPath(path, 'percentile'), layout.nsPerUnit, warnings) : [];
	const binsObj = f.object(obj, 'bins', path);
	const bins = binsObj ? readBins(f, binsObj, joinPath(path, 'bins'), layout, warnings) : [];
	// fio's json+ bins are the whole latency histogram (io_u_plat) of the N samples: less or more is a cut or edited list.
	const binned = bins.reduce((sum, b) => sum + b.count, 0);
	if (samples !== undefined && bins.length > 0 && binned !== samples) {
		warnings.push({
			code: 'BINS_COUNT_MISMATCH',
			message: `json+ bins hold ${binned} samples but "N" is ${samples}: the histogram is incomplete or altered (cut or edited?)`,
			line: f.lineOf(obj, 'bins'),
			field: joinPath(path, 'bins'),
		});
	}
	return { summary, distributionStat: layout.distributionStat, percentiles, bins };
}

function readPercentiles(f: Fields, obj: JsonObject, path: string, scale: number, warnings: Warning[]) {
	const out: { percentile: number; value_ns: number }[] = [];
	for (const key of Object.keys(obj)) {
		if (!PERCENTILE_KEY.test(key)) f.fail(obj, key, path, 'BAD_PERCENTILE', `"${key}" is not a percentile`);
		const percentile = Number(key);
		const value = f.number(obj, key, path, true)!;
		if (percentile === 0) {
			// fio < 3.4 pads the list to 20 entries with "0.00": 0 (axboe/fio#511).
			if (value !== 0) {
				const message = `percentile "${key}" has value ${value}; dropped`;
				warnings.push({ code: 'ZERO_PERCENTILE', message, field: joinPath(path, key) });
			}
			continue;
		}
		if (percentile > 100) f.fail(obj, key, path, 'BAD_PERCENTILE', `percentile ${key} is above 100`);
		out.push({ percentile, value_ns: toNs(value, scale) });
	}
	return out.every((p) => p.value_ns === 0) ? [] : out;
}

function readBins(f: Fields, obj: JsonObject, path: string, layout: LatencyLayout, warnings: Warning[]): LatencyBin[] {
	let byIndex = layout.binsKeyedByIndex;
	const hasPlatKeys = PLAT_KEYS.some((k) => Object.hasOwn(obj, k));
	if (Object.keys(obj).length === 0) return [];
	if (hasPlatKeys !== byIndex) {
		warnings.push({
			code: 'BINS_LAYOUT_MISMATCH',
			message: `json+ bins are keyed by ${hasPlatKeys ? 'bucket index' : 'latency value'}, unlike what the fio version suggests`,
			field: path,
		});
		byIndex = hasPlatKeys;
	}
	let nr = (layout.nsPerUnit === 1 ? GROUPS_V3 : GROUPS_V2) * PLAT_VAL;
	if (byIndex) {
		const bits = f.integer(obj, 'FIO_IO_U_PLAT_BITS', path);
		if (bits !== undefined && bits !== PLAT_BITS) {
			f.fail(obj, 'FIO_IO_U_PLAT_BITS', path, 'UNSUPPORTED_HISTOGRAM', `${bits} bits per group`);
		}
		nr = f.integer(obj, 'FIO_IO_U_PLAT_NR', path) ?? GROUPS_V2 * PLAT_VAL;
		if (nr === 0 || nr % PLAT_VAL !== 0 || nr > GROUPS_V3 * PLAT_VAL) {
			f.fail(obj, 'FIO_IO_U_PLAT_NR', path, 'UNSUPPORTED_HISTOGRAM', `${nr} buckets is not a fio histogram`);
		}
	}
	const counts = new Map<number, number>();
	let offGrid = 0;
	for (const key of Object.keys(obj)) {
		if (PLAT_KEYS.includes(key)) continue;
		if (!/^\d+$/.test(key)) f.fail(obj, key, path, 'BAD_BIN', `"${key}" is not a bucket ${byIndex ? 'index' : 'value'}`);
		const count = f.integer(obj, key, path, true)!;
		if (count === 0) continue;
		let idx = Number(key);
		if (byIndex) {
			if (idx >= nr) f.fail(obj, key, path, 'BAD_BIN', `bucket index ${key} is beyond the ${nr} buckets`);
		} else {
			idx = bucketIndex(idx, nr / PLAT_VAL);
			if (bucketValue(idx) !== Number(key)) offGrid++;
		}
		counts.set(idx, (counts.get(idx) ?? 0) + count);
	}
	if (offGrid > 0) {
		warnings.push({ code: 'BIN_KEY_OFF_GRID', message: `${offGrid} json+ bin keys are not fio bucket values`, field: path });
	}
	const scale = layout.nsPerUnit;
	return [...counts.entries()]
		.sort((a, b) => a[0] - b[0])
		.map(([idx, count]) => {
			const { lower, upper } = bucketEdges(idx);
			// fio puts every larger latency into its last bucket: the bin is open above.
			return { bin_index: idx, bin_lower_ns: lower * scale, bin_upper_ns: idx === nr - 1 ? null : upper * scale, count };
		});
}
