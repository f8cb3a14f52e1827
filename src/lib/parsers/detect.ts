// Which parser a raw file needs, from its content (never from its name alone). fio logs are
// the exception: their metric (bw, iops, lat…) exists only in fio's documented file naming.
import { fioLogMetricFromName } from './fio-log.ts';
import type { SourceFormat } from './types.ts';

export type DetectedFormat = Exclude<SourceFormat, 'fio-jsonplus' | 'fio-terse'> | 'fio-text';

/** How much of a file's beginning detection looks at (the caller need read no more). */
export const DETECT_BYTES = 64 * 1024;

/** `fileName` only tells whether a file of too few numbers per line was meant as a fio log. */
export function detectFormat(text: string, fileName = ''): DetectedFormat | undefined {
	const head = text.slice(0, DETECT_BYTES).replace(/^\uFEFF/, '');
	const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
	if (/"fio version"\s*:/.test(head) && /^\s*\{/m.test(head)) return 'fio-json';
	if (/^'Test Type,Test Description/m.test(head) || /^TimeStamp,'Target Type/m.test(head) || /^'Results\r?$/m.test(head)) return 'iometer-csv';
	if (/^review_id,device_id,/.test(firstLine)) return 'published-csv';
	const dataLine = /^\s*\d+,\s*\d+,\s*\d+,\s*\d+/.exec(firstLine);
	// Plain logs have at most 8 columns; histogram logs have 3 + the bucket count (22 at the coarsest).
	if (dataLine) return firstLine.split(',').length > 8 ? 'fio-histlog' : 'fio-log';
	// Fewer columns in a file named as a fio log: the log parser then says what is wrong, and where.
	if (/^\s*\d+\s*,/.test(firstLine) && fioLogMetricFromName(fileName)) return 'fio-log';
	if (/^[2-5];/m.test(head) || /groupid=\d+/.test(head) || /^\s*Run status group \d+/m.test(head)) return 'fio-text';
	return undefined;
}
