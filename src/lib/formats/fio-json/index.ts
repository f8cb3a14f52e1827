// fio --output-format=json and json+ (every version): one document per file, or several in a transcript.
import type { FileFormat } from '../format.ts';
import { parseFioJson } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'fio-json',
		aliases: ['fio-jsonplus'],
		tool: 'fio',
		describe: 'fio `--output-format=json` and `json+`: 2.0–2.20 (`io_bytes` in KiB, latencies µs), 2.21–3.1 (bytes; no `bw_bytes` before 3.2: bandwidth is the bytes over the runtime, not the whole-KiB/s `bw`; ns latencies from 3.0), 3.2–3.x (`bw_bytes`); json+ latency bins go to histograms',
		// The brace may follow other text on its line (a shell's `>{`), then the report's first key follows it.
		detect: (head) => /"fio version"\s*:/.test(head) && (/^\s*\{/m.test(head) || /\{\s*"fio version"\s*:/.test(head)),
		parse: (text, file) => parseFioJson(text, file),
	},
];
