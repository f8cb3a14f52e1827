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

/** The document element is `<Results>` and its first child DiskSpd's `<System>`, `<Profile>` or `<TimeSpan>`. */
export function isDiskSpdXml(head: string): boolean {
	return /^\s*(?:<\?xml[^>]*\?>\s*)?<Results>\s*<(?:System|Profile|TimeSpan)>/.test(head);
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
