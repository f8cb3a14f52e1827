// fio bw/iops/lat/clat/slat logs (write_*_log): a time series whose metric only the file's name tells, and whose
// latency unit only the fio version does.
import type { FileFormat } from '../format.ts';
import { latencyUnitForFioVersion } from '../fio/version.ts';
import { ParseError } from '../parse-result.ts';
import { dataLineColumns } from './tokenizer.ts';
import { fioLogMetricFromName } from './naming.ts';
import { parseFioLog } from './reader.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'fio-log',
		tool: 'fio',
		kind: 'log',
		streamed: true,
		describe: 'fio `write_bw_log` / `iops` / `lat` / `clat` / `slat` logs: 2.x (latencies µs) and 3.x (ns; offset and prio columns), windowed or per I/O (any size, read in pieces)',
		detect(head, fileName) {
			const columns = dataLineColumns(head);
			// Plain logs have at most 8 columns; fewer than 4 in a file named as a fio log: the reader says what is wrong.
			if (columns !== undefined) return columns <= 8;
			return /^\s*\d+\s*,/.test(head) && fioLogMetricFromName(fileName) !== undefined;
		},
		parse(text, file, { toolVersion }) {
			const named = fioLogMetricFromName(file);
			if (!named) throw new ParseError('LOG_NAME', file, {}, "a fio log must keep fio's name <prefix>_<bw|iops|lat|clat|slat>[.N].log so its metric is known");
			return parseFioLog(text, file, { metric: named.metric, latencyUnit: toolVersion ? latencyUnitForFioVersion(toolVersion) : undefined });
		},
	},
];
