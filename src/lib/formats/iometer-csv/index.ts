// Iometer results.csv (2003.05.10 → 1.1.0) and its instantaneous files.
import type { FileFormat } from '../format.ts';
import { parseIometerCsv } from './parse.ts';

export const formats: readonly FileFormat[] = [
	{
		id: 'iometer-csv',
		tool: 'iometer',
		describe: 'Iometer `results.csv` (2003.05.10 → 1.1.0, every target row, 1.1.0 latency bins) and instantaneous `inst*.csv` files',
		detect: (head) => /^'Test Type,Test Description/m.test(head) || /^TimeStamp,'Target Type/m.test(head) || /^'Results\r?$/m.test(head),
		parse: (text, file) => parseIometerCsv(text, file),
	},
];
