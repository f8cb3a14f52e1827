// Iometer time stamps: local time without a zone, "YYYY-MM-DD hh:mm:ss:mmm" (milliseconds
// after a colon). Kept as local ISO text; the epoch value is only used for differences.

export interface IometerTime {
	/** "YYYY-MM-DDTHH:MM:SS.mmm", no zone (the tool does not say which). */
	iso: string;
	/** Milliseconds as if the local time were UTC: only differences between stamps mean anything. */
	ms: number;
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}):(\d{3})$/;

export function parseIometerTime(text: string): IometerTime | undefined {
	const m = STAMP.exec(text.trim());
	if (!m) return undefined;
	const [y, mo, d, h, mi, s, ms] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
	const value = Date.UTC(y, mo - 1, d, h, mi, s, ms);
	if (new Date(value).getUTCDate() !== d) return undefined;
	return { iso: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}`, ms: value };
}
