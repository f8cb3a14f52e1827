// The lines after the results: `Profile:`, `Test:`, `Mode:`, `Time:`, `Date:`, `OS:`, `Comment:`
// (8.x; DiskMarkDlg.cpp `SaveText`), or `Test :`, `Date :`, `OS :` (5.x/6.x, padded before the colon).
import { squeeze } from './common.ts';
import { fail, warn, type FileContext } from '../parse-result.ts';

export const FOOTER_KEYS = ['Profile', 'Test', 'Mode', 'Time', 'Date', 'OS', 'Comment'] as const;
export type FooterKey = (typeof FOOTER_KEYS)[number];

const FOOTER_LINE = new RegExp(`^\\s*(${FOOTER_KEYS.join('|')})\\s*:(.*)$`);

export interface Footer {
	values: Partial<Record<FooterKey, { text: string; line: number }>>;
	/** Lines of the footer that are not `Key: value` (a 5.x/6.x comment is written bare). */
	notes: string[];
	/** Line of the first footer line. */
	start: number;
}

/** `Key: value` of a footer line, or undefined when the line is not one. */
export function footerLine(text: string): { key: FooterKey; value: string } | undefined {
	const m = FOOTER_LINE.exec(text);
	return m ? { key: m[1] as FooterKey, value: squeeze(m[2]!) } : undefined;
}

export function newFooter(start: number): Footer {
	return { values: {}, notes: [], start };
}

export function addFooterLine(ctx: FileContext, footer: Footer, text: string, line: number): void {
	const kv = footerLine(text);
	if (!kv) {
		const note = squeeze(text);
		if (note !== '') {
			warn(ctx, 'CDM_FOOTER_TEXT', { line }, `footer line "${note.slice(0, 60)}" is not "Key: value"; kept in condition`);
			footer.notes.push(note);
		}
		return;
	}
	if (footer.values[kv.key]) fail(ctx, 'DUPLICATE_LINE', { line }, `second "${kv.key}:" line (one result per file)`);
	footer.values[kv.key] = { text: kv.value, line };
}

/** `2021/06/22 17:19:21`, `2021/06/23 0:05:57` (hour not padded): local time, no zone in the file. */
export function isoDate(ctx: FileContext, text: string, line: number): string {
	const m = /^(\d{4})\/(\d{1,2})\/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$/.exec(text);
	if (!m) fail(ctx, 'BAD_DATE', { line, field: 'Date' }, `"${text.slice(0, 30)}" is not a CrystalDiskMark date (YYYY/MM/DD h:mm:ss)`);
	const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
	const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
	if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
		fail(ctx, 'BAD_DATE', { line, field: 'Date' }, `"${text}" is not a valid date`);
	}
	const p = (n: number) => String(n).padStart(2, '0');
	return `${y}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}`;
}

/** `Measure 5 sec / Interval 5 sec` (8.x): seconds each run of a test lasts. */
export function measureSeconds(footer: Footer): number | null {
	const m = /Measure (\d+) sec/.exec(footer.values.Time?.text ?? '');
	return m ? Number(m[1]) : null;
}

/** The N of `(xN)` on the Test line: how many runs each test made (the best is reported). */
export function runCount(footer: Footer): number | null {
	const m = /\(x(\d+)\)/.exec(footer.values.Test?.text ?? '');
	return m ? Number(m[1]) : null;
}
