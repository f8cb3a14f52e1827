// A slot in words, from its definition: "4K random read", "per drive · QD ≥ 32", the unit. Catalog headers, the sort
// menu, the drive page's headline figures and its claims all say a slot this way.
import { punctuationOf } from '../../i18n/lang.ts';
import { t, type Lang } from '../../i18n/strings.ts';
import type { ColumnSlot, Slot } from '../compare/slots.ts';
import { KIB, MIB } from '../units.ts';
import { headlineDisplay } from './format.ts';

/** A block size as reviews print it: "4K", "128K", "1M". */
export const blockText = (bytes: number) => (bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB}M` : bytes % KIB === 0 ? `${bytes / KIB}K` : `${bytes} B`);

/** "4K random read". */
export function slotWorkloadText(slot: Slot, lang: Lang): string {
	return t(lang, `slot_${slot.access}_${slot.direction}`, { bs: blockText(slot.block_size_bytes) });
}

/** "QD ≥ 32", "QD 1", "QD 4–16"; null for any load. */
export function slotLoadRangeText(slot: Slot, lang: Lang): string | null {
	const { min, max } = slot.outstanding ?? {};
	if (min !== undefined && min === max) return t(lang, 'slotLoadExactly', { n: min });
	if (min !== undefined && max !== undefined) return t(lang, 'slotLoadBetween', { min, max });
	if (min !== undefined) return t(lang, 'slotLoadAtLeast', { n: min });
	if (max !== undefined) return t(lang, 'slotLoadAtMost', { n: max });
	return null;
}

export interface SlotTitle {
	/** "4K random read", "4K random read mean latency". */
	name: string;
	/** "per drive · QD ≥ 32" (latency is never per drive). */
	conditions: string;
	/** "IOPS", "MB/s", "µs". */
	unit: string;
}

export function slotTitle(slot: ColumnSlot, lang: Lang): SlotTitle {
	const workload = slotWorkloadText(slot, lang);
	const name = slot.quantity === 'latency' ? t(lang, 'slotMeanLatency', { name: workload }) : workload;
	const conditions = [slot.quantity === 'latency' ? null : t(lang, 'slotPerDrive'), slotLoadRangeText(slot, lang)].filter(Boolean).join(' · ');
	return { name, conditions, unit: headlineDisplay(slot.unit, 1).unit };
}

/** The whole title on one line: "4K random read, per drive, QD ≥ 32 (IOPS)". */
export function slotTitleLine(slot: ColumnSlot, lang: Lang): string {
	const { name, conditions, unit } = slotTitle(slot, lang);
	const sep = punctuationOf(lang).clauses;
	return `${[name, ...(conditions ? conditions.split(' · ') : [])].join(sep)} (${unit})`;
}
