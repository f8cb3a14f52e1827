// fio completion-latency histogram logs (write_hist_log): per-interval counts of fio's latency buckets.
import type { FileFormat } from '../format.ts';
import { latencyUnitForFioVersion } from '../fio/version.ts';
import { dataLineColumns } from '../fio-log/tokenizer.ts';
import { parseFioHistLog } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'fio-histlog',
		tool: 'fio',
		kind: 'log',
		describe: 'fio `write_hist_log` histogram logs (2.x µs and 3.x ns buckets, any `log_hist_coarseness`)',
		// Histogram logs have 3 + the bucket count columns (22 at the coarsest), plain logs at most 8.
		detect: (head) => (dataLineColumns(head) ?? 0) > 8,
		parse: (text, file, { toolVersion }) => parseFioHistLog(text, file, { latencyUnit: toolVersion ? latencyUnitForFioVersion(toolVersion) : undefined }),
	},
];
