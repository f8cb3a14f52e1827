// Row constructors: every column the parser does not set is NULL ("not measured"), never 0.
import { runs } from '../schema.ts';
import type { ParsedRun } from './types.ts';

type Required = 'run_key' | 'source_format' | 'scope' | 'direction' | 'value_origin';

export function newRun(fields: Pick<ParsedRun, Required> & Partial<ParsedRun>): ParsedRun {
	const row: Record<string, unknown> = {};
	for (const c of runs.columns) row[c.name] = null;
	delete row.review_id;
	delete row.device_id;
	delete row.run_id;
	delete row.source_file;
	return Object.assign(row, fields) as ParsedRun;
}
