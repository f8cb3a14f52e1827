// Figures transcribed from a published article, with their units and quotes (data/README.md).
import type { FileFormat } from '../format.ts';
import { parsePublishedCsv } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'published-csv',
		tool: null,
		describe: "Figures transcribed from an article (`published.csv`: value and unit as printed, the quote; see data/README.md)",
		detect: (head) => /^review_id,device_id,/.test(head),
		parse: (text, file, { knownDevices }) => parsePublishedCsv(text, file, knownDevices),
	},
];
