// Base units (ns, bytes/s, bytes) to the units a chart displays. Every factor comes from src/lib/units.ts.
import { KIB, MB, MIB, NS_PER_MS, NS_PER_US } from '../units.ts';
import type { BandwidthUnit, LatencyUnit, RateUnit } from './options.ts';

export function latencyFromNs(ns: number, unit: LatencyUnit): number {
	return ns / (unit === 'us' ? NS_PER_US : NS_PER_MS);
}

export function bandwidthFromBytesPerS(bytesPerS: number, unit: BandwidthUnit): number {
	return bytesPerS / (unit === 'MB/s' ? MB : MIB);
}

export function latencyUnitSymbol(unit: LatencyUnit): string {
	return unit === 'us' ? 'µs' : 'ms';
}

export function rateUnitSymbol(unit: RateUnit): string {
	return unit === 'iops' ? 'IOPS' : unit;
}

/** The bandwidth unit to use where a chart always shows bandwidth: the chosen one, or MB/s when IOPS is chosen. */
export function bandwidthUnitOf(unit: RateUnit): BandwidthUnit {
	return unit === 'iops' ? 'MB/s' : unit;
}

/** Block sizes as reviews name them: 512 B, 4 KiB, 128 KiB, 1 MiB. */
export function blockSizeText(bytes: number): string {
	if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
	if (bytes >= KIB && bytes % KIB === 0) return `${bytes / KIB} KiB`;
	return `${bytes} B`;
}
