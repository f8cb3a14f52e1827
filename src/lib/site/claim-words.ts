// A claim's outcome and a slot figure in words, for the drive page (and its tests).
import { punctuationOf } from '../../i18n/lang.ts';
import { t, type Lang } from '../../i18n/strings.ts';
import type { ColumnSlot } from '../compare/slots.ts';
import type { ClaimOutcome } from './claims.ts';
import { formatValue, headlineDisplay, slotLoadText, slotTotalText } from './format.ts';
import type { SlotFigure } from './slot-cells.ts';
import { blockText, slotLoadRangeText, slotWorkloadText } from './slot-words.ts';

/** "600,000 IOPS". */
export function figureText(slot: Pick<ColumnSlot, 'unit'>, value: number, lang: Lang): string {
	const shown = headlineDisplay(slot.unit, value);
	return `${formatValue(shown.value, lang)} ${shown.unit}`;
}

/** The conditions of a figure: its load, and the total it was divided from ("16 × QD 16", "8 drives: 4.8M total"). */
export function figureConditions(slot: Pick<ColumnSlot, 'unit'>, figure: SlotFigure, lang: Lang): string[] {
	const load = slotLoadText(figure.jobs, figure.iodepth, { jobs: t(lang, 'loadJobs'), qd: t(lang, 'loadQd'), unknown: t(lang, 'loadUnknown') }, lang);
	const total = figure.drives > 1 ? t(lang, 'dividedTotal', { n: figure.drives, total: slotTotalText(slot.unit, figure.total, lang) }) : null;
	return total ? [load, total] : [load];
}

/** "4K random read at QD ≥ 32", "128K sequential read". */
export function slotText(slot: ColumnSlot, lang: Lang): string {
	const workload = slotWorkloadText(slot, lang);
	const load = slotLoadRangeText(slot, lang);
	return load ? t(lang, 'slotAtLoad', { workload, load }) : workload;
}

/** Why a claim is met by no result, in words; null when one meets it. */
export function claimReasonText(outcome: ClaimOutcome, lang: Lang): string | null {
	if (outcome.kind === 'matched') return null;
	if (outcome.kind === 'unreadable') {
		const key = { noValue: 'claimNoValue', notBenchmark: 'claimNotBenchmark', noDirection: 'claimNoDirection', noAccess: 'claimNoAccess' } as const;
		return t(lang, key[outcome.reason]);
	}
	const none = t(lang, 'claimNoMatch', { slot: slotText(outcome.slot, lang) });
	const c = outcome.closest;
	if (!c) return none;
	const slot = { ...outcome.slot, block_size_bytes: c.block_size_bytes ?? outcome.slot.block_size_bytes };
	const workload = c.block_size_bytes === null ? [t(lang, `slot_${slot.access}_${slot.direction}`, { bs: '' }).trim(), t(lang, 'blockUnknown')] : [slotWorkloadText(slot, lang)];
	const conditions = [...workload, ...figureConditions(slot, c, lang)].join(punctuationOf(lang).clauses);
	const closest = t(lang, 'claimClosest', { value: figureText(slot, c.value, lang), conditions, review: c.review_id });
	return `${none}${punctuationOf(lang).words}${closest}`;
}

/** "The claim names no block size; set against 4K." when it was read as the column's. */
export function assumedBlockText(outcome: ClaimOutcome, lang: Lang): string | null {
	if (outcome.kind === 'unreadable' || !outcome.assumedBlock) return null;
	return t(lang, 'claimAssumedBlock', { bs: blockText(outcome.slot.block_size_bytes) });
}
