// fio ≤ 2.16 prints K/M/G in kb_base units and never says which base (1024 unless the job set kb_base=1000). The
// base fio used is the one under which a job's issued I/Os × block size give its printed io= and bw=; the two
// readings are ≥ 2.4 % apart, far more than num2str's error on a figure of 5–6 digits.
import type { KbBase } from '../../units.ts';
import { MS_PER_S } from '../../units.ts';
import type { Warning } from '../parse-result.ts';
import { dependsOnKbBase, readAmount } from './amount.ts';
import type { PrintedAmount } from './amount.ts';

/** One direction of a ≤ 2.16 job section. */
export interface KbBaseCase {
	line: number;
	/** issued I/Os × the fixed block size; null without one. */
	bytes: number | null;
	runtimeMs: number;
	io: PrintedAmount;
	bw: PrintedAmount[];
}

/** Allowance besides num2str's own: 2.x bookkeeping slips (FIO_FORMATS G12: io= 0.05 % off the issued count). */
const SLACK = 0.005;

function fits(c: KbBaseCase & { bytes: number }, kbBase: KbBase): boolean {
	const near = (a: PrintedAmount, truth: number) => {
		const r = readAmount(a, kbBase);
		return Math.abs(r.value - truth) <= r.tolerance + SLACK * truth;
	};
	return near(c.io, c.bytes) && c.bw.every((b) => near(b, (c.bytes * MS_PER_S) / c.runtimeMs));
}

/**
 * The kb_base of one run's ≤ 2.16 figures and a Warning saying how it was chosen, or none when nothing depends on
 * it. `hint` is 1000 when the file shows kb_base=1000 (an echoed job file or command line), else 1024.
 */
export function inferKbBase(cases: KbBaseCase[], hint: KbBase): { kbBase: KbBase; warning: Warning | null } {
	const dependent = cases.filter((c) => dependsOnKbBase(c.io) || c.bw.some(dependsOnKbBase));
	if (dependent.length === 0) return { kbBase: hint, warning: null };
	const tested = dependent.filter((c): c is KbBaseCase & { bytes: number } => c.bytes !== null && c.runtimeMs > 0);
	const verdicts = tested.map((c) => ({ line: c.line, k1024: fits(c, 1024), k1000: fits(c, 1000) }));
	const only1024 = verdicts.filter((v) => v.k1024 && !v.k1000);
	const only1000 = verdicts.filter((v) => v.k1000 && !v.k1024);
	const neither = verdicts.filter((v) => !v.k1024 && !v.k1000);
	const assumed = hint === 1000 ? '1000 (kb_base=1000 is in the file)' : "1024, fio's default";

	if (only1024.length !== only1000.length) {
		const [kbBase, other, won, lost] =
			only1024.length > only1000.length ? ([1024, 1000, only1024, only1000] as const) : ([1000, 1024, only1000, only1024] as const);
		const message =
			`fio ≤ 2.16 does not print kb_base: K/M/G read as ${kbBase}-based — issued I/Os × block size give the printed io= and bw= ` +
			`under ${kbBase} in ${won.length} job direction(s), under ${other} in ${lost.length}`;
		return { kbBase, warning: { code: 'KB_BASE_INFERRED', message, line: won[0]!.line } };
	}
	if (neither.length > 0 && only1024.length === 0) {
		const message =
			`issued I/Os × block size give the printed io= and bw= neither with kb_base 1024 nor 1000 ` +
			`(${neither.length} job direction(s)); K/M/G read as ${assumed}`;
		return { kbBase: hint, warning: { code: 'KB_BASE_UNKNOWN', message, line: neither[0]!.line } };
	}
	if (hint === 1000) return { kbBase: hint, warning: null };
	const message = `no job figure tells kb_base 1024 from 1000 (no fixed block size, or they disagree); K/M/G read as ${assumed}`;
	return { kbBase: hint, warning: { code: 'KB_BASE_UNKNOWN', message, line: dependent[0]!.line } };
}
