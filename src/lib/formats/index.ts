// The one list of file formats. A format is a folder beside this file (see format.ts); adding one = its folder, its
// real fixtures, and one line here. Detection tries them in this order: specific headers first, fio's text last
// (its markers are the loosest).
import type { FileFormat } from './format.ts';
import { stripBom } from './parse-result.ts';
import { formats as fioJson } from './fio-json/index.ts';
import { formats as iometerCsv } from './iometer-csv/index.ts';
import { formats as publishedCsv } from './published-csv/index.ts';
import { formats as fioHistlog } from './fio-histlog/index.ts';
import { formats as fioLog } from './fio-log/index.ts';
import { formats as fioText } from './fio-text/index.ts';
import { formats as diskspd } from './diskspd/index.ts';
import { formats as crystaldiskmark } from './crystaldiskmark/index.ts';
import { formats as elbencho } from './elbencho/index.ts';
import { formats as vdbench } from './vdbench/index.ts';

export const FORMATS: readonly FileFormat[] = [
	...fioJson,
	...iometerCsv,
	...publishedCsv,
	...diskspd,
	...crystaldiskmark,
	...elbencho,
	...vdbench,
	...fioHistlog,
	...fioLog,
	...fioText,
];

/** Every value of runs.source_format: the formats' ids and their variants. */
export const SOURCE_FORMATS: readonly string[] = FORMATS.flatMap((f) => [f.id, ...(f.aliases ?? [])]);

/** How much of a file's beginning detection looks at (the caller need read no more). */
export const DETECT_BYTES = 64 * 1024;

/** The format of a file, from its beginning (never from its name alone). */
export function detectFormat(text: string, fileName = ''): FileFormat | undefined {
	const head = stripBom(text.slice(0, DETECT_BYTES));
	return FORMATS.find((f) => f.detect(head, fileName));
}

/** A format by its id or one of its variants' (raw/runs.yaml `format:`). */
export function formatById(id: string): FileFormat | undefined {
	return FORMATS.find((f) => f.id === id || f.aliases?.includes(id));
}

/** Text encodings, besides UTF-8, that some format's files come in. */
export const LEGACY_ENCODINGS: readonly string[] = [...new Set(FORMATS.flatMap((f) => f.encodings ?? []))];
