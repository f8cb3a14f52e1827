// fio's human-readable output (--output-format=normal) and terse lines (--minimal, terse versions 2–5), alone or
// mixed in one transcript.
import type { FileFormat } from '../format.ts';
import { parseFioText } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'fio-text',
		aliases: ['fio-normal', 'fio-terse'],
		tool: 'fio',
		describe: 'fio normal text output (`fio-normal`): 2.0.x (`iops=783 ,`, `bw=613081 B/s`, a bare `2.0.8` version line), 2.1–2.16 (K/M/G in kb_base units), 2.17–3.x (IEC with SI in brackets); and terse lines (`fio-terse`, versions 2–5)',
		detect: (head) => /^[2-5];/m.test(head) || /groupid=\d+/.test(head) || /^\s*Run status group \d+/m.test(head),
		parse: (text, file) => parseFioText(text, file),
	},
];
