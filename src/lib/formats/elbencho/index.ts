// elbencho (breuner/elbencho): the result text (`--resfile`, or the console table), the result CSV
// (`--csvfile`) and the live statistics CSV (`--livecsv`).
import type { FileFormat } from '../format.ts';
import { CSV_HEADER, parseElbenchoCsv } from './csv.ts';
import { LIVE_HEADER, parseElbenchoLiveCsv } from './livecsv.ts';
import { parseElbenchoText, TABLE_HEADER } from './text.ts';

const firstLine = (head: string) => head.split(/\r?\n/, 1)[0] ?? '';

export const formats: readonly FileFormat[] = [
	{
		id: 'elbencho-text',
		tool: 'elbencho',
		describe: 'elbencho result text (--resfile or console table, 2.x–3.x): LAST DONE totals per phase, MiB/s (MB/s with --base10)',
		// The table header elbencho prints before the first phase (Statistics.cpp printPhaseResultsTableHeaderToStream).
		detect: (head) => head.split(/\r?\n/, 200).some((l) => TABLE_HEADER.test(l)),
		parse: (text, file) => parseElbenchoText(text, file),
	},
	{
		id: 'elbencho-csv',
		tool: 'elbencho',
		describe: 'elbencho result CSV (--csvfile): one row per phase, [last] columns, integer MiB/s',
		detect: (head) => CSV_HEADER.test(firstLine(head)),
		parse: (text, file) => parseElbenchoCsv(text, file),
	},
	{
		id: 'elbencho-livecsv',
		tool: 'elbencho',
		describe: 'elbencho live statistics CSV (--livecsv): IOPS and MiB/s per interval as time series',
		detect: (head) => LIVE_HEADER.test(firstLine(head)),
		parse: (text, file) => parseElbenchoLiveCsv(text, file),
	},
];
