// fio's human-readable output (--output-format=normal) and terse lines (--minimal, terse versions 2–5), alone or
// mixed in one transcript.
import type { FileFormat } from '../format.ts';
import { parseFioText } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'fio-text',
		aliases: ['fio-normal', 'fio-terse'],
		tool: 'fio',
		describe: 'fio normal text output (`fio-normal`, 2.x–3.x) and terse lines (`fio-terse`, versions 2–5)',
		detect: (head) => /^[2-5];/m.test(head) || /groupid=\d+/.test(head) || /^\s*Run status group \d+/m.test(head),
		parse: (text, file) => parseFioText(text, file),
	},
];
