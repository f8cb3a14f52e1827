// Numbers as the pages print them. Unit factors come from src/lib/units.ts; number style from the chart library,
// so tables and charts agree.
import { fill, formatNumber } from '../charts/format.ts';
import { GB, KIB, MB, MIB, NS_PER_US, TB } from '../units.ts';
import { localeOf, type Lang } from '../../i18n/lang.ts';

const locale = localeOf;

export function formatInteger(n: number, lang: Lang): string {
	return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 0 }).format(n);
}

const resultFormats = new Map<Lang, Intl.NumberFormat>();

/**
 * A number of a query result, for reading: six significant digits, or its whole part when that is longer (1,234,568),
 * digit groups from five digits on (a year stays 2021). The exact value goes to the CSV and the cell's tooltip.
 */
export function formatResultNumber(n: number, lang: Lang): string {
	if (!Number.isFinite(n)) return String(n);
	let format = resultFormats.get(lang);
	if (!format) {
		format = new Intl.NumberFormat(locale(lang), { maximumSignificantDigits: 6, maximumFractionDigits: 0, roundingPriority: 'morePrecision', useGrouping: 'min2' });
		resultFormats.set(lang, format);
	}
	return format.format(n);
}

/** Whole numbers from 100 up, three significant digits below (the charts' style). */
export function formatValue(n: number, lang: Lang): string {
	return formatNumber(n, lang);
}

/** Drive capacity the way vendors print it (decimal): "480 GB", "7.68 TB". */
export function capacityText(bytes: number, lang: Lang): string {
	if (bytes >= TB) return `${formatNumber(bytes / TB, lang)} TB`;
	return `${formatNumber(bytes / GB, lang)} GB`;
}

/** File sizes (binary): "812 B", "12.4 KiB", "3.1 MiB". */
export function fileSizeText(bytes: number, lang: Lang): string {
	if (bytes >= MIB) return `${formatNumber(bytes / MIB, lang)} MiB`;
	if (bytes >= KIB) return `${formatNumber(bytes / KIB, lang)} KiB`;
	return `${formatInteger(bytes, lang)} B`;
}

/** Bandwidth in decimal MB/s, the unit reviews print. */
export function mbPerSecond(bytesPerSecond: number): number {
	return bytesPerSecond / MB;
}

export function microseconds(ns: number): number {
	return ns / NS_PER_US;
}

/** A headline figure in its display unit: IOPS as is, bandwidth in MB/s, latency in µs. */
export function headlineDisplay(unit: 'IOPS' | 'bytes/s' | 'ns', value: number): { value: number; unit: string } {
	if (unit === 'bytes/s') return { value: mbPerSecond(value), unit: 'MB/s' };
	if (unit === 'ns') return { value: microseconds(value), unit: 'µs' };
	return { value, unit: 'IOPS' };
}

/** The words of a load: "{jobs} × QD {qd}", "QD {qd}", and a load the source does not state. */
export interface LoadWords {
	jobs: string;
	qd: string;
	unknown: string;
}

/** The load behind a figure as the source gives it: "16 × QD 32" (jobs × queue depth per job), "QD 32". */
export function slotLoadText(jobs: number | null, iodepth: number | null, words: LoadWords, lang: Lang): string {
	if (iodepth === null && jobs === null) return words.unknown;
	const qd = iodepth === null ? '?' : formatValue(iodepth, lang);
	return jobs !== null && jobs > 1 ? fill(words.jobs, { jobs: formatValue(jobs, lang), qd }) : fill(words.qd, { qd });
}

const compact = new Map<Lang, Intl.NumberFormat>();

/** A total in few digits: "4.8M" IOPS (4,800,000; "480万" in Chinese), "54 GB/s". */
export function slotTotalText(unit: 'IOPS' | 'bytes/s' | 'ns', total: number, lang: Lang): string {
	if (unit === 'bytes/s') return total >= GB ? `${formatNumber(total / GB, lang)} GB/s` : `${formatNumber(total / MB, lang)} MB/s`;
	if (unit === 'ns') return `${formatNumber(total / NS_PER_US, lang)} µs`;
	let f = compact.get(lang);
	if (!f) compact.set(lang, (f = new Intl.NumberFormat(localeOf(lang), { notation: 'compact', maximumSignificantDigits: 3 })));
	return f.format(total);
}
