// The figure a drive shows in a slot (a catalog column, a drive page's headline, a claim's conditions): the best of
// its results that fit the slot, per drive (IOPS and bandwidth of several drives loaded at once divided by them,
// latency never), with the load and the total behind it. Host-bound totals are left out.
import type { RunRow } from '../schema.ts';
import { MB, NS_PER_US } from '../units.ts';
import { latencyOf, rateOf } from '../charts/run-values.ts';
import { fitsSlot, type ColumnSlot } from '../compare/slots.ts';
import { perDriveRate } from '../compare/per-drive.ts';

/** What a slot reads from a result row. */
export type SlotRun = Pick<
	RunRow,
	| 'review_id'
	| 'device_id'
	| 'access'
	| 'direction'
	| 'rw'
	| 'read_pct'
	| 'random_pct'
	| 'block_size_bytes'
	| 'iodepth'
	| 'numjobs'
	| 'rate_limit_iops'
	| 'device_count'
	| 'value_origin'
	| 'condition'
	| 'iops'
	| 'bw_bytes_per_s'
	| 'lat_mean_ns'
	| 'clat_mean_ns'
>;

/** The columns of SlotRun, for the SQL that reads them. */
export const SLOT_RUN_COLUMNS = [
	'review_id',
	'device_id',
	'access',
	'direction',
	'rw',
	'read_pct',
	'random_pct',
	'block_size_bytes',
	'iodepth',
	'numjobs',
	'rate_limit_iops',
	'device_count',
	'value_origin',
	'condition',
	'iops',
	'bw_bytes_per_s',
	'lat_mean_ns',
	'clat_mean_ns',
] as const satisfies readonly (keyof SlotRun)[];

export interface SlotFigure {
	/** Per drive, in the slot's base unit (IOPS, bytes/s, ns). */
	value: number;
	/** As measured or published: the sum over the drives (equal to value when not divided). */
	total: number;
	/** Drives the total was divided by; 0 when it was not divided. */
	drives: number;
	/** The load: jobs (threads) and queue depth per job, as the result gives them (null: not stated). */
	jobs: number | null;
	iodepth: number | null;
	review_id: string;
}

/** A result's quantity in the slot's base unit, as recorded (IOPS and bandwidth through the block size when only one was). */
export function quantityOf(run: SlotRun, quantity: ColumnSlot['quantity']): number | null {
	const row = run as RunRow;
	if (quantity === 'iops') return rateOf(row, 'iops');
	if (quantity === 'bandwidth') {
		const mb = rateOf(row, 'MB/s');
		return mb === null ? null : mb * MB;
	}
	const lat = latencyOf(row, 'mean', 'us');
	return lat === null ? null : lat.value * NS_PER_US;
}

/** One result as a slot figure: per drive for a rate; null when it has no such quantity or is a host-bound total. */
export function slotFigureOf(run: SlotRun, slot: ColumnSlot): SlotFigure | null {
	const amount = quantityOf(run, slot.quantity);
	if (amount === null) return null;
	const load = { jobs: run.numjobs, iodepth: run.iodepth, review_id: run.review_id };
	if (slot.quantity === 'latency') return { value: amount, total: amount, drives: 0, ...load };
	const rate = perDriveRate(run, amount);
	if (rate.hostBound) return null;
	return { value: rate.value, total: rate.total, drives: rate.divided ? rate.drives! : 0, ...load };
}

const better = (slot: ColumnSlot, a: number, b: number) => (slot.best === 'max' ? a > b : a < b);

/** Whether a result recorded the slot's quantity itself (not converted from the other rate through the block size). */
function recorded(run: SlotRun, quantity: ColumnSlot['quantity']): boolean {
	return quantity === 'iops' ? run.iops !== null : quantity === 'bandwidth' ? run.bw_bytes_per_s !== null : true;
}

/**
 * The best figure of the results that fit the slot; null when none does. Figures converted through the block size
 * count only when no fitting result recorded the quantity (an article's IOPS and its MB/s of one test differ by rounding).
 */
export function bestInSlot(runs: readonly SlotRun[], slot: ColumnSlot): SlotFigure | null {
	const fitting = runs.filter((run) => fitsSlot(run, slot));
	const own = fitting.filter((run) => recorded(run, slot.quantity));
	let best: SlotFigure | null = null;
	for (const run of own.length ? own : fitting) {
		const figure = slotFigureOf(run, slot);
		if (figure && (!best || better(slot, figure.value, best.value))) best = figure;
	}
	return best;
}
