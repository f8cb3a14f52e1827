// CrystalDiskMark's text export ("File > Save (Text)", Ctrl+T): one file kind.
import type { FileFormat } from '../format.ts';
import { HEADER, parseCrystalDiskMark, UNITS } from './parse.ts';

/**
 * The tool's own two header lines: `CrystalDiskMark <version> … (C) … hiyohiyo` and
 * `* MB/s = 1,000,000 bytes/s`. Look-alikes (AmorphousDiskMark, KDiskMark, fio scripts imitating the
 * layout) name themselves on the first line and are not claimed.
 */
function detect(head: string): boolean {
	const lines = head.split(/\r\n|\r|\n/, 40);
	return lines.some((l) => HEADER.test(l) && /hiyohiyo/.test(l)) && lines.some((l) => UNITS.test(l));
}

export const formats: readonly FileFormat[] = [
	{
		id: 'crystaldiskmark-text',
		tool: 'crystaldiskmark',
		describe: 'CrystalDiskMark text export (8.x; 5.x–7.x layouts): decimal MB/s, IOPS derived from MB/s, latency µs',
		detect,
		// "Save (Text)" writes UTF-8 without BOM (DiskMarkDlg.cpp `CT2A(clip, CP_UTF8)`), but "Copy" puts
		// the same text on the clipboard as CF_UNICODETEXT (UTF-16): pasted and saved as "Unicode"
		// (Notepad), it becomes UTF-16LE with a BOM.
		encodings: ['utf-16le'],
		parse: (text, file) => parseCrystalDiskMark(text, file),
	},
];
