// Sizes, rates and counts as fio's normal output prints them (num2str): "12.0MiB/s", "923956B/s", "997.40Mbit/s",
// "54148KB", "47.3k". A size or rate is kept as printed until the kb_base behind its K/M/G is known (fio ≤ 2.16
// does not print it), then read in bytes(/s) together with how far num2str may have put it from the true value.
import type { KbBase } from '../../units.ts';
import { fioRateToBytesPerSec, fioSizeToBytes, parseSiSuffixed } from '../../units.ts';
import { ParseError } from '../parse-result.ts';

export interface PrintedAmount {
	text: string;
	kind: 'rate' | 'size';
	/** ≥ 2.17 output: the prefix says its base (KiB = 1024, kB/MB = 1000); before, K/M/G are kb_base units. */
	explicit: boolean;
	number: number;
	/** Digits after the decimal point. */
	decimals: number;
	/** Significant digits printed. */
	digits: number;
	/** "", "K", "Mi"… */
	prefix: string;
	/** unit_base=1 (the default for network engines): bits, not bytes. */
	bits: boolean;
}

/** An amount or a count in base units, and the largest distance from the true value its printing allows. */
export interface Reading {
	value: number;
	tolerance: number;
	digits: number;
}

// 2.0.x puts a space where the prefix of a figure without one would be: "613081 B/s", "524288 B".
const AMOUNT = {
	rate: /^(\d+(?:\.\d+)?)(?:(?: |([kKMGTP]i?))?(B|bit)\/s)?$/,
	size: /^(\d+(?:\.\d+)?)(?:(?: |([kKMGTP]i?))?B)?$/,
};

function significantDigits(number: string): number {
	return number.replace('.', '').replace(/^0+/, '').length || 1;
}

/** The amount as printed; BAD_UNIT at its line when it is not a size or rate fio prints. */
export function printedAmount(text: string, kind: 'rate' | 'size', explicit: boolean, file: string, line: number): PrintedAmount {
	const m = AMOUNT[kind].exec(text);
	const number = m ? Number(m[1]) : NaN;
	if (!m || !Number.isFinite(number)) throw new ParseError('BAD_UNIT', file, { line }, `"${text}" is not a ${kind} fio prints`);
	const a: PrintedAmount = {
		text,
		kind,
		explicit,
		number,
		decimals: m[1]!.split('.')[1]?.length ?? 0,
		digits: significantDigits(m[1]!),
		prefix: m[2] ?? '',
		bits: m[3] === 'bit',
	};
	if (bytesPerUnit(a, 1024) === undefined) throw new ParseError('BAD_UNIT', file, { line }, `unknown unit in "${text}"`);
	return a;
}

/** Bytes(/s) per printed unit; undefined for a prefix units.ts does not know. */
function bytesPerUnit(a: PrintedAmount, kbBase: KbBase): number | undefined {
	const perUnit =
		a.kind === 'rate'
			? fioRateToBytesPerSec(1, `${a.prefix}B/s`, kbBase, a.explicit)
			: fioSizeToBytes(1, `${a.prefix}B`, kbBase, a.explicit);
	return perUnit === undefined ? undefined : a.bits ? perUnit / 8 : perUnit;
}

/** Whether the value depends on kb_base (a K/M/G… prefix in ≤ 2.16 output). */
export function dependsOnKbBase(a: PrintedAmount): boolean {
	return !a.explicit && a.prefix !== '';
}

export function readAmount(a: PrintedAmount, kbBase: KbBase): Reading {
	const perUnit = bytesPerUnit(a, kbBase)!;
	// ≥ 2.17 rounds to the digits shown. ≤ 2.16 prints the remainder of its last division, shortened, after the
	// point (lib/num2str.c): only the integer part is a true figure, to within one unit.
	const tolerance = a.explicit ? perUnit / 10 ** a.decimals : perUnit;
	return { value: a.number * perUnit, tolerance, digits: a.digits };
}

/** A count printed by num2str ("3", "47.3k", "8362k"): fio truncates IOPS to an integer before printing it. */
export function printedCount(text: string, file: string, line: number, what: string): Reading {
	const m = /^(\d+(?:\.\d+)?)([kKMGTP]?)$/.exec(text);
	const value = m ? parseSiSuffixed(text) : undefined;
	if (!m || value === undefined || !Number.isFinite(value)) {
		throw new ParseError('BAD_NUMBER', file, { line }, `${what}: "${text}" is not a non-negative number`);
	}
	const unit = parseSiSuffixed(`1${m[2]}`)!;
	const decimals = m[1]!.split('.')[1]?.length ?? 0;
	return { value, tolerance: unit / 10 ** decimals + 1, digits: significantDigits(m[1]!) };
}

/** Whether a printed figure can stand for `truth` (fio's own figure, computed from its counts). */
export function agrees(r: Reading, truth: number, truthTolerance = 0): boolean {
	return Math.abs(r.value - truth) <= r.tolerance + truthTolerance;
}

/** Of two printed forms of one figure, the one with more significant digits (the first on a tie). */
export function morePrecise(primary: Reading, alternate: Reading): Reading {
	return alternate.digits > primary.digits ? alternate : primary;
}
