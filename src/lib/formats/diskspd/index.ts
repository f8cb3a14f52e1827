// Microsoft DiskSpd: text output (the default, `-Rtext`) and XML output (`-Rxml`).
// Format facts: OTHER_FORMATS.md §2; fixtures: ../shared/fixtures/diskspd/MANIFEST.md.
import type { FileFormat } from '../format.ts';
import { TOOL } from './runs.ts';
import { parseDiskSpdText, TEXT_FORMAT_ID } from './text.ts';
import { parseDiskSpdXml, XML_FORMAT_ID } from './xml.ts';

/**
 * ResultParser's own headings: `Input parameters:` at the start of a line and a `timespan: N`
 * line under it. A console transcript or system dump may come first, so they are searched for.
 */
export function isDiskSpdText(head: string): boolean {
	return /^Input parameters:\r?$/m.test(head) && /^\s+timespan:\s+\d+\r?$/m.test(head);
}

const SPACE = /\s*/y;
const DISKSPD_ROOT = /<Results>\s*<(?:System|Profile|TimeSpan)>/y;
const DISKSPD_ROOT_ANYWHERE = /<Results>\s*<(?:System|Profile|TimeSpan)>/;

/**
 * The document element is `<Results>` and its first child DiskSpd's `<System>`, `<Profile>` or `<TimeSpan>`, after an
 * optional declaration and comments. A DOCTYPE before such a root is claimed too, so that the reader refuses it
 * (XML_DOCTYPE) rather than the file being skipped as unknown: DiskSpd never writes one, and its entities are never
 * expanded. Read by hand, not by one regex, so that no prolog makes detection backtrack.
 */
export function isDiskSpdXml(head: string): boolean {
	let i = /^\s*(?:<\?xml[^>]*\?>)?/.exec(head)![0].length;
	for (;;) {
		SPACE.lastIndex = i;
		SPACE.exec(head);
		i = SPACE.lastIndex;
		if (!head.startsWith('<!--', i)) break;
		const end = head.indexOf('-->', i + 4);
		if (end < 0) return false;
		i = end + 3;
	}
	if (head.startsWith('<!DOCTYPE', i)) return DISKSPD_ROOT_ANYWHERE.test(head.slice(i));
	DISKSPD_ROOT.lastIndex = i;
	return DISKSPD_ROOT.test(head);
}

export const formats: readonly FileFormat[] = [
	{
		id: TEXT_FORMAT_ID,
		tool: TOOL,
		describe: 'DiskSpd text output (-Rtext), 2.0.x–2.2: per-thread and total rows, latency percentiles, CPU; MB/s (≤ 2.0.17) and MiB/s both binary',
		detect: (head) => isDiskSpdText(head),
		// Users prepend localized system information (Russian Windows: CP1251) to the saved output.
		encodings: ['windows-1251'],
		parse: (text, file) => parseDiskSpdText(text, file),
	},
	{
		id: XML_FORMAT_ID,
		tool: TOOL,
		describe: 'DiskSpd XML output (-Rxml), 2.0.x–2.2: per-thread and total rows with IOPS and bandwidth derived from bytes, I/Os and test time; latency percentiles',
		detect: (head) => isDiskSpdXml(head),
		parse: (text, file) => parseDiskSpdXml(text, file),
	},
];
