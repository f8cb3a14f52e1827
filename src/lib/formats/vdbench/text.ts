// Shared pieces of the Vdbench parsers: the HTML wrapper around the text, strict numbers and Vdbench's
// dates. Every Vdbench .html file is plain text inside <pre> (OTHER_FORMATS.md §3.1).
import { fail, splitLines, type FileContext, type Lines } from '../parse-result.ts';
import { MS_PER_S } from '../../units.ts';

const MS_PER_MINUTE = 60 * MS_PER_S;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

/**
 * The text of a Vdbench .html file: `<title>…</title><pre>` (5.04.07) or `<pre>` (5.04.01) first, anchors and
 * `<i><b>` around the run starts. Only real tags go (a histogram's "0.000 <  0.020" is text), per line, so line
 * numbers stay those of the file.
 */
export function textLines(text: string): Lines {
	const { lines, terminated } = splitLines(text);
	return {
		lines: lines.map((l) =>
			l
				.replace(/<title>[^<]*<\/title>/gi, '')
				.replace(/<\/?[A-Za-z][^<>]*>/g, '')
				.replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e]!),
		),
		terminated,
	};
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number as Vdbench prints it; `n/a` (not available, or conflicting) and `NaN` (no CPU figures) are null. */
export function num(ctx: FileContext, token: string, line: number, field: string): number | null {
	if (token === 'n/a' || token === 'NaN') return null;
	if (!NUMBER.test(token)) fail(ctx, 'BAD_NUMBER', { line, field }, `"${token.slice(0, 40)}" is not a number`);
	return Number(token);
}

/** Time of day of a report or flatfile line, "HH:MM:SS.mmm". */
export const TOD = /^(\d\d):(\d\d):(\d\d)\.(\d{3})$/;

export function todMs(tod: string): number {
	const m = TOD.exec(tod)!;
	return (Number(m[1]) * 60 + Number(m[2])) * MS_PER_MINUTE + Number(m[3]) * MS_PER_S + Number(m[4]);
}

/** The averaged intervals of a run, from its `avg_2-60` label. */
export function avgRange(label: string): { first: number; last: number } | undefined {
	const m = /^avg_(\d+)-(\d+)$/.exec(label);
	return m ? { first: Number(m[1]), last: Number(m[2]) } : undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "YYYY-MM-DD" from a year, an English month abbreviation (Java's default locale) and a day; undefined when not a date. */
export function isoDate(year: string, month: string | number, day: string): string | undefined {
	const mi = typeof month === 'number' ? month - 1 : MONTHS.indexOf(month);
	const y = Number(year);
	const d = Number(day);
	if (mi < 0 || mi > 11 || d < 1) return undefined;
	const date = new Date(Date.UTC(y, mi, d));
	if (date.getUTCDate() !== d || date.getUTCMonth() !== mi) return undefined;
	return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
	const t = Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY;
	return new Date(t).toISOString().slice(0, 10);
}

/** Minutes between two "YYYY-MM-DDTHH:MM" times (as if both were UTC). */
export function minutesBetween(later: string, earlier: string): number {
	return Math.round((Date.parse(`${later}:00Z`) - Date.parse(`${earlier}:00Z`)) / MS_PER_MINUTE);
}

/** "+07:00" for an offset in minutes. */
export function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const a = Math.abs(minutes);
	return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * Local time stamps of one file in order: a date that only its header gives (summary) or no date at all (old
 * flatfiles), so a time of day that goes backwards means the run crossed midnight.
 */
export class LocalClock {
	private date: string | null = null;
	private lastMs = -1;

	setDate(date: string | null): void {
		if (date !== this.date) this.lastMs = -1;
		this.date = date;
	}

	/** "YYYY-MM-DDTHH:MM:SS.mmm", or null while no date is known. */
	stamp(tod: string): string | null {
		const ms = todMs(tod);
		if (this.date !== null && this.lastMs >= 0 && ms < this.lastMs) this.date = addDays(this.date, 1);
		this.lastMs = ms;
		return this.date === null ? null : `${this.date}T${tod}`;
	}
}
