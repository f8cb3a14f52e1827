// The "Starting RD=…" line that opens every run in summary, totals and histogram files (RD_entry.display_run):
// `14:51:33.001 Starting RD=ran_read_4k; I/O rate: Uncontrolled MAX; elapsed=60; For loops: None`.
import { parseBlockSize } from '../../units.ts';
import { fail, type FileContext } from '../parse-result.ts';

/** max and curve are `iorate=max` / `iorate=curve` (the curve's first, maximum run); variable is `distribution=variable`. */
export type RateKind = 'fixed' | 'max' | 'curve' | 'variable' | 'replay';

export interface RunStart {
	line: number;
	tod: string;
	name: string;
	rateKind: RateKind;
	/** The requested I/O rate of a fixed-rate run (a curve point's rate is fixed too). */
	rate: number | null;
	elapsedS: number | null;
	/** `I/O rate: 50; elapsed=60; For loops: threads=2`, as printed. */
	text: string;
	/** `For loops:` values (threads=2 xfersize=4k iorate=50); empty for None. */
	loops: Map<string, string>;
}

const START = /^(\d\d:\d\d:\d\d\.\d{3}) Starting RD=([^;\s]+)(?:; (.*))?$/;

export function isRunStart(line: string): boolean {
	return START.test(line);
}

function rateOf(ctx: FileContext, text: string, line: number): { kind: RateKind; rate: number | null } {
	const replay = /^I\/O rate \(Replay\):/.test(text);
	const value = text.replace(/^I\/O rate(?: \(Replay\))?:\s*/, '').trim();
	if (replay) return { kind: 'replay', rate: null };
	if (/^(?:Controlled|Uncontrolled) MAX$/.test(value)) return { kind: 'max', rate: null };
	if (/^(?:Controlled|Uncontrolled) curve$/.test(value)) return { kind: 'curve', rate: null };
	if (value === 'Variable') return { kind: 'variable', rate: null };
	if (!/^\d+(?:\.\d+)?$/.test(value)) fail(ctx, 'BAD_RUN_START', { line, field: 'I/O rate' }, `unknown I/O rate "${value.slice(0, 40)}"`);
	return { kind: 'fixed', rate: Number(value) };
}

/** A run start, or undefined for any other line. File-system (FWD) runs have no "I/O rate" and are refused. */
export function parseRunStart(ctx: FileContext, text: string, line: number): RunStart | undefined {
	const m = START.exec(text.trim());
	if (!m) return undefined;
	const parts = (m[3] ?? '').split(/;\s*/);
	const ratePart = parts.find((p) => p.startsWith('I/O rate'));
	if (!ratePart) {
		fail(ctx, 'UNSUPPORTED_WORKLOAD', { line }, 'run start without an I/O rate: file-system (FWD/fwdrate=) workloads are not supported, only raw/SD workloads');
	}
	const { kind, rate } = rateOf(ctx, ratePart, line);
	const elapsed = /^elapsed=(\d+)/.exec(parts.find((p) => p.startsWith('elapsed=')) ?? '');
	const loopsText = (parts.find((p) => p.startsWith('For loops:')) ?? '').replace(/^For loops:\s*/, '');
	const loops = new Map<string, string>();
	if (loopsText !== 'None') {
		for (const pair of loopsText.split(/\s+/).filter(Boolean)) {
			const eq = pair.indexOf('=');
			if (eq > 0) loops.set(pair.slice(0, eq), pair.slice(eq + 1));
		}
	}
	return {
		line,
		tod: m[1]!,
		name: m[2]!,
		rateKind: kind,
		rate,
		elapsedS: elapsed ? Number(elapsed[1]) : null,
		text: (m[3] ?? '').trim(),
		loops,
	};
}

/** A `For loops:` size ("4k", "1m", "512") in bytes; undefined when absent or not a size. */
export function loopSize(start: RunStart | null, key: string): number | undefined {
	const v = start?.loops.get(key);
	return v === undefined ? undefined : parseBlockSize(v);
}

/** A `For loops:` number ("2", "70"); undefined when absent or not a plain number ("10%" of a curve). */
export function loopNumber(start: RunStart | null, key: string): number | undefined {
	const v = start?.loops.get(key);
	return v !== undefined && /^\d+(?:\.\d+)?$/.test(v) ? Number(v) : undefined;
}

/**
 * Run keys, the same in every file of one output folder: the RD name, and for the second and later runs of one
 * RD (forxxx loops and iorate=(…) lists repeat the name) the name with "@<n>".
 */
export class RunKeys {
	private readonly seen = new Map<string, number>();

	next(name: string): string {
		const n = (this.seen.get(name) ?? 0) + 1;
		this.seen.set(name, n);
		return n === 1 ? name : `${name}@${n}`;
	}
}

/** The RD a run comes from: a curve point `rd1_(50%)` is a run of `rd1`. */
export function baseRdName(name: string): string {
	return name.replace(/_\(\d+%\)$/, '');
}
