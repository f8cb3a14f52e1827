// Spec-sheet claims set against the results: a claim ("random read", 930,000 IOPS) is read as a slot — the catalog
// column of its access and direction, at the block size it names — and met by the best per-drive result that fits
// that slot; or it says why nothing can meet it.
import { KIB, normalizePublished } from '../units.ts';
import { CATALOG_SLOTS, fitsSlot, type CatalogSlotKey, type ColumnSlot } from '../compare/slots.ts';
import { fingerprintOf } from '../compare/fingerprint.ts';
import { bestInSlot, slotFigureOf, type SlotFigure, type SlotRun } from './slot-cells.ts';

/** Why a claim cannot be set against any result, before looking at the results. */
export type ClaimUnreadable = 'noValue' | 'notBenchmark' | 'noDirection' | 'noAccess';

export interface ClaimSlot {
	slot: ColumnSlot;
	/** The catalog column the slot is (same block size and load), if any. */
	column: CatalogSlotKey | null;
	/** The block size was not named: the column's was taken. */
	assumedBlock: boolean;
}

export type ClaimOutcome =
	| { kind: 'unreadable'; reason: ClaimUnreadable }
	| (ClaimSlot & { kind: 'matched'; figure: SlotFigure; achievedPct: number })
	| (ClaimSlot & { kind: 'unmatched'; closest: (SlotFigure & { block_size_bytes: number | null }) | null });

export interface Claim {
	item: string;
	value: number | string | null;
	unit: string | null;
}

const BLOCK = /(\d+)\s*(?:K|KB|KiB)\b/i;

/** The slot a claim speaks about, from its wording and unit; or why it names none. */
export function claimSlot(claim: Claim): ClaimSlot | ClaimUnreadable {
	const { unit } = claim;
	const quantity = unit && /iops/i.test(unit) ? 'iops' : unit && /B\/s$|Bps$/i.test(unit) ? 'bandwidth' : null;
	if (quantity === null || typeof claim.value === 'string') return 'notBenchmark';
	if (claim.value === null) return 'noValue';
	const text = claim.item.toLowerCase();
	const read = /\bread\b|读|讀/.test(text);
	const write = /\bwrite\b|写|寫/.test(text);
	if (read === write) return 'noDirection';
	const access = /random|随机|隨機/.test(text) ? 'random' : /sequential|顺序|順序/.test(text) ? 'sequential' : null;
	if (access === null) return 'noAccess';
	const direction = read ? 'read' : 'write';
	const column = CATALOG_SLOTS.find((s) => s.access === access && s.direction === direction && s.quantity !== 'latency')!;
	const named = BLOCK.exec(claim.item);
	const block = named ? Number(named[1]) * KIB : column.block_size_bytes;
	const slot: ColumnSlot = { ...column, key: `claim-${column.key}`, block_size_bytes: block, quantity, unit: quantity === 'iops' ? 'IOPS' : 'bytes/s', best: 'max' };
	return { slot, column: block === column.block_size_bytes && quantity === column.quantity ? column.key : null, assumedBlock: !named };
}

/** The claim in the slot's base unit (IOPS, bytes/s). */
export function claimedBase(claim: Claim): number | null {
	if (typeof claim.value !== 'number' || claim.unit === null) return null;
	return normalizePublished(String(claim.value), claim.unit)?.value ?? null;
}

/** The nearest thing to a slot the drive has: its results of that block size at another load, else of another block size. */
function closestTo(slot: ColumnSlot, runs: readonly SlotRun[]): (SlotFigure & { block_size_bytes: number | null }) | null {
	const anyLoad = bestInSlot(runs, { ...slot, outstanding: undefined });
	if (anyLoad) return { ...anyLoad, block_size_bytes: slot.block_size_bytes };
	let best: (SlotFigure & { block_size_bytes: number | null }) | null = null;
	// A result that does not state its block size comes after every one that does.
	const distance = (bs: number | null) => (bs === null ? Number.MAX_VALUE : Math.abs(Math.log2(bs / slot.block_size_bytes)));
	for (const run of runs) {
		const fp = fingerprintOf(run);
		if (!fp || fp.access !== slot.access || fp.direction !== slot.direction || fp.read_pct !== (slot.direction === 'read' ? 100 : 0) || fp.rate_limit_iops !== null) continue;
		const figure = slotFigureOf(run, slot);
		if (!figure) continue;
		const d = distance(fp.block_size_bytes);
		const bestD = best ? distance(best.block_size_bytes) : Number.POSITIVE_INFINITY;
		if (!best || d < bestD || (d === bestD && figure.value > best.value)) best = { ...figure, block_size_bytes: fp.block_size_bytes };
	}
	return best;
}

/** A claim against the drive's results (every review's). */
export function claimOutcome(claim: Claim, runs: readonly SlotRun[]): ClaimOutcome {
	const read = claimSlot(claim);
	if (typeof read === 'string') return { kind: 'unreadable', reason: read };
	const base = claimedBase(claim);
	if (base === null) return { kind: 'unreadable', reason: 'noValue' };
	const figure = bestInSlot(runs, read.slot);
	if (figure) return { ...read, kind: 'matched', figure, achievedPct: (figure.value / base) * 100 };
	return { ...read, kind: 'unmatched', closest: closestTo(read.slot, runs.filter((r) => !fitsSlot(r, read.slot))) };
}
