// What fio computed before printing (stat.c show_ddir_status, show_group_stats): IOPS = issued I/Os × 1000 / runtime
// and bandwidth = bytes × 1000 / runtime, which it then truncates, rounds or, before the 3.x num2str fix, misprints
// ("12.0MiB/s" for 12.96). With a fixed block size the bytes are issued I/Os × bs — when that is what io= says, which
// it is not after ramp_time (io_bytes then also counts I/Os issued before the ramp ended). Those exact figures replace
// the printed ones; a printed form that disagrees with them, or with io= over the runtime, is reported.
import type { KbBase } from '../../units.ts';
import { MS_PER_S } from '../../units.ts';
import type { Warning } from '../parse-result.ts';
import { agrees, morePrecise, readAmount } from './amount.ts';
import type { PrintedAmount, Reading } from './amount.ts';

export interface Rates {
	iops: number;
	bwBytesPerS: number;
	ioBytes: number;
}

/** What the printed bandwidth should be, and what it comes from (for the warning). */
interface Truth {
	value: number;
	tolerance: number;
	basis: string;
	/** From the counts: used whatever is printed. From io= over the runtime: only picks among printed forms. */
	exact: boolean;
}

const perSecond = (n: number, runtimeMs: number) => (n * MS_PER_S) / runtimeMs;

/** io= and bw= of one job direction or group line, each in its printed forms. */
interface Printed {
	io: PrintedAmount[];
	bw: PrintedAmount[];
	runtimeMs: number;
}

/** Whether `bytes` is what fio printed: one form of io= agrees with it, and one of bw= with it over the runtime. */
export function printedAsBytes(p: Printed, bytes: number, kbBase: KbBase): boolean {
	const fits = (forms: PrintedAmount[], truth: number) => forms.some((f) => agrees(readAmount(f, kbBase), truth));
	return p.runtimeMs > 0 && fits(p.io, bytes) && fits(p.bw, perSecond(bytes, p.runtimeMs));
}

/** issued × bs, when it is what fio printed; otherwise null. */
export function countedBytes(p: Printed, ios: number, blockSize: number | null, kbBase: KbBase): number | null {
	return blockSize !== null && printedAsBytes(p, ios * blockSize, kbBase) ? ios * blockSize : null;
}

/** The bandwidth: the exact one, or the printed form io= over the runtime agrees with; each form that disagrees is warned about. */
function chosenRate(forms: PrintedAmount[], truth: Truth, kbBase: KbBase, line: number, warnings: Warning[]): number {
	const readings = forms.map((f) => readAmount(f, kbBase));
	const fits = readings.map((r) => agrees(r, truth.value, truth.tolerance));
	const wrong = forms.filter((_, i) => !fits[i]);
	const agreeing = readings.filter((_, i) => fits[i]);
	if (wrong.length > 0) {
		const used = truth.exact
			? 'the figure from the counts is used'
			: agreeing.length > 0
				? `${forms.find((_, i) => fits[i])!.text} is used`
				: 'kept as printed';
		const fitting = forms.filter((_, i) => fits[i]).map((f) => ` (${f.text} agrees)`);
		warnings.push({
			code: 'RATE_MISPRINT',
			message: `printed ${wrong.map((f) => f.text).join(' and ')}, but ${truth.basis} is ${Math.round(truth.value)} B/s${fitting.join('')}; ${used}`,
			line,
		});
	}
	if (truth.exact) return truth.value;
	const pool: Reading[] = agreeing.length > 0 ? agreeing : readings;
	const printed = pool.reduce((a, b) => morePrecise(a, b));
	// ≤ 2.16 prints a rate to within one unit ("2189.8KB/s" for 2189.70): io= over the runtime, what fio divided, is
	// finer over a long run.
	const finer = agreeing.length > 0 && !forms[0]!.explicit && truth.tolerance < printed.tolerance;
	return finer ? truth.value : printed.value;
}

/** Without a runtime nothing can be computed: the printed figures, the more precise form of each. */
function asPrinted(bw: PrintedAmount[], io: PrintedAmount[], kbBase: KbBase): Omit<Rates, 'iops'> {
	const best = (forms: PrintedAmount[]) => forms.map((f) => readAmount(f, kbBase)).reduce((a, b) => morePrecise(a, b)).value;
	return { bwBytesPerS: best(bw), ioBytes: Math.round(best(io)) };
}

function printedTruth(io: Reading, ioText: string, runtimeMs: number): Truth {
	return {
		value: perSecond(io.value, runtimeMs),
		tolerance: perSecond(io.tolerance, runtimeMs),
		basis: `io=${ioText} over ${runtimeMs} ms`,
		exact: false,
	};
}

/** One direction of a job section: `ios` issued I/Os of it, `blockSize` when fixed. */
export function jobRates(
	dir: { line: number; iops: Reading; bw: PrintedAmount[]; io: PrintedAmount; runtimeMs: number },
	ios: number,
	blockSize: number | null,
	kbBase: KbBase,
	warnings: Warning[],
): Rates {
	if (dir.runtimeMs <= 0) return { iops: dir.iops.value, ...asPrinted(dir.bw, [dir.io], kbBase) };
	const iops = perSecond(ios, dir.runtimeMs);
	if (!agrees(dir.iops, iops)) {
		const message = `printed IOPS ${dir.iops.value} disagrees with ${ios} issued I/Os over ${dir.runtimeMs} ms (${iops.toFixed(2)}); the count is used`;
		warnings.push({ code: 'IOPS_MISMATCH', message, line: dir.line });
	}
	const io = readAmount(dir.io, kbBase);
	const bytes = countedBytes({ io: [dir.io], bw: dir.bw, runtimeMs: dir.runtimeMs }, ios, blockSize, kbBase);
	if (bytes === null && blockSize !== null) {
		warnings.push({
			code: 'ISSUED_IO_MISMATCH',
			message: `${ios} issued I/Os × ${blockSize} B = ${ios * blockSize} B, but io=${dir.io.text} (bw=${dir.bw.map((f) => f.text).join(', ')}): io and bandwidth are read as printed`,
			line: dir.line,
		});
	}
	const truth: Truth =
		bytes === null
			? printedTruth(io, dir.io.text, dir.runtimeMs)
			: { value: perSecond(bytes, dir.runtimeMs), tolerance: 0, basis: `${ios} I/Os × ${blockSize} B over ${dir.runtimeMs} ms`, exact: true };
	return { iops, bwBytesPerS: chosenRate(dir.bw, truth, kbBase, dir.line, warnings), ioBytes: bytes ?? Math.round(io.value) };
}

/** One direction of a group: `memberBytes` = Σ of its jobs' counted bytes, null when one of them has none. */
export function groupRates(
	group: { line: number; bw: PrintedAmount[]; io: PrintedAmount[]; runtimeMs: number },
	memberBytes: number | null,
	kbBase: KbBase,
	warnings: Warning[],
): Omit<Rates, 'iops'> {
	if (group.runtimeMs <= 0) return asPrinted(group.bw, group.io, kbBase);
	const io = group.io.map((f) => readAmount(f, kbBase)).reduce((a, b) => morePrecise(a, b));
	const bytes = memberBytes !== null && printedAsBytes(group, memberBytes, kbBase) ? memberBytes : null;
	const truth: Truth =
		bytes === null
			? printedTruth(io, group.io[0]!.text, group.runtimeMs)
			: { value: perSecond(bytes, group.runtimeMs), tolerance: 0, basis: `its jobs' ${bytes} B over ${group.runtimeMs} ms`, exact: true };
	return { bwBytesPerS: chosenRate(group.bw, truth, kbBase, group.line, warnings), ioBytes: bytes ?? Math.round(io.value) };
}
