// Which parser a raw file needs, from its content (never from its name alone). fio logs are
// the exception: their metric (bw, iops, lat…) exists only in fio's documented file naming.
import type { SourceFormat } from './types.ts';

export type DetectedFormat = Exclude<SourceFormat, 'fio-jsonplus' | 'fio-terse'> | 'fio-text';

const HEAD_BYTES = 64 * 1024;

export function detectFormat(text: string): DetectedFormat | undefined {
	const head = text.slice(0, HEAD_BYTES).replace(/^\uFEFF/, '');
	const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
	if (/"fio version"\s*:/.test(head) && /^\s*\{/m.test(head)) return 'fio-json';
	if (/^'Test Type,Test Description/m.test(head) || /^TimeStamp,'Target Type/m.test(head) || /^'Results\r?$/m.test(head)) return 'iometer-csv';
	if (/^review_id,device_id,/.test(firstLine)) return 'published-csv';
	const dataLine = /^\s*\d+,\s*\d+,\s*\d+,\s*\d+/.exec(firstLine);
	// Plain logs have at most 8 columns; histogram logs have 3 + the bucket count (22 at the coarsest).
	if (dataLine) return firstLine.split(',').length > 8 ? 'fio-histlog' : 'fio-log';
	if (/^[2-5];/m.test(head) || /groupid=\d+/.test(head) || /^\s*Run status group \d+/m.test(head)) return 'fio-text';
	return undefined;
}
