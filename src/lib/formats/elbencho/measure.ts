// One direction of one phase, from the LAST DONE column (text) or the `[last]` columns (CSV), to base
// units. Why [last]: elbencho gives two figures per phase. FIRST DONE ([first]) is the stonewall, the
// work all threads had done when the fastest thread finished, over the fastest thread's time; LAST
// DONE ([last]) is all the work of the phase over the slowest thread's time (Statistics.cpp
// generatePhaseResults: opsTotal / lastFinishUSec). Only [last] covers the whole run.
import { MIB, MS_PER_S } from '../../units.ts';
import { TRUNCATION_NOTE, warnOnce, type ElbenchoContext } from './common.ts';
import { warn } from '../parse-result.ts';

export interface Measure {
	direction: 'read' | 'write' | 'mixed';
	line: number;
	/** Elapsed time of the slowest thread, ms (truncated). */
	elapsedMs: number | null;
	iops: number | null;
	/** Throughput as printed (integer, truncated) and the bytes one unit of it stands for. */
	rate: number | null;
	rateUnit: number;
	rateLabel: string;
	/** Bytes moved, in whole MiB (truncated). */
	totalMiB: number | null;
	totalIos: number | null;
	latMinNs: number | null;
	latMeanNs: number | null;
	latMaxNs: number | null;
}

export interface MeasureValues {
	runtime_s: number | null;
	iops: number | null;
	bw_bytes_per_s: number | null;
	io_bytes: number | null;
	total_ios: number | null;
	lat_min_ns: number | null;
	lat_mean_ns: number | null;
	lat_max_ns: number | null;
	/** How the bandwidth was obtained, for `condition`. */
	bwNote: string | null;
}

export function hasIo(m: Measure): boolean {
	return m.iops !== null || m.rate !== null || m.totalMiB !== null;
}

/**
 * Bandwidth: the printed MiB/s is an integer truncated toward zero (error < 1 unit). Total MiB over
 * the elapsed ms is usually far more exact (both truncated too, errors < 1 MiB and < 1 ms); the
 * figure with the smaller worst-case relative error is used, and the two must agree.
 */
function bandwidth(ctx: ElbenchoContext, m: Measure): { bw: number | null; note: string | null } {
	const printed = m.rate === null ? null : m.rate * m.rateUnit;
	if (m.totalMiB === null || !m.elapsedMs || m.totalMiB === 0) {
		return { bw: printed, note: printed === null ? null : `bw = printed ${m.rateLabel} ${m.rate} (integer, truncated)` };
	}
	const computed = (m.totalMiB * MIB) / (m.elapsedMs / MS_PER_S);
	const computedError = 1 / m.totalMiB + 1 / m.elapsedMs;
	if (m.rate !== null) {
		// The printed value is floor(exact rate): the computed one must lie within its window, widened by its own error.
		const inUnits = computed / m.rateUnit;
		const slack = inUnits * computedError + 1e-9;
		if (inUnits < m.rate - slack || inUnits > m.rate + 1 + slack) {
			warn(ctx, 'ELBENCHO_BW_MISMATCH', { line: m.line }, `${m.direction}: Total MiB ${m.totalMiB} over ${m.elapsedMs} ms is ` +
				`${inUnits.toFixed(2)} ${m.rateLabel}, but elbencho printed ${m.rate}; the printed figure is used`);
			return { bw: printed, note: `bw = printed ${m.rateLabel} ${m.rate} (integer, truncated)` };
		}
		if (m.rate > 0 && 1 / m.rate < computedError) {
			return { bw: printed, note: `bw = printed ${m.rateLabel} ${m.rate} (integer, truncated)` };
		}
	}
	return {
		bw: computed,
		note: `bw = ${m.totalMiB} MiB × 1,048,576 ÷ ${m.elapsedMs} ms (more exact than the printed integer ${m.rateLabel}${m.rate === null ? '' : ` ${m.rate}`})`,
	};
}

export function valuesOf(ctx: ElbenchoContext, m: Measure): MeasureValues {
	warnOnce(ctx, 'ELBENCHO_MIBS_TRUNCATED', { line: m.line }, `${TRUNCATION_NOTE}; bw_bytes_per_s is computed from the MiB total ` +
		'and the elapsed time where that is more exact, io_bytes (whole MiB × 1,048,576) may be short by up to 1 MiB, IOPS are as printed');
	const { bw, note } = bandwidth(ctx, m);
	return {
		runtime_s: m.elapsedMs === null ? null : m.elapsedMs / MS_PER_S,
		iops: m.iops,
		bw_bytes_per_s: bw,
		io_bytes: m.totalMiB === null ? null : m.totalMiB * MIB,
		total_ios: m.totalIos,
		lat_min_ns: m.latMinNs,
		lat_mean_ns: m.latMeanNs,
		lat_max_ns: m.latMaxNs,
		bwNote: note,
	};
}
