// The column dictionary, generated from the schema module (data/COLUMNS.md and the site's /columns/ page).
import { partitionFile, tableFile } from './dataset-layout.ts';
import { SCHEMA_VERSION, TABLES } from './schema.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderColumnsMarkdown(): string {
	const out: string[] = [
		'# Column dictionary',
		'',
		`<!-- Generated from src/lib/schema.ts by \`npm run columns\`; a test fails when it is stale. -->`,
		'',
		`Schema version ${SCHEMA_VERSION}. Tables are Parquet files in \`public/data/\` (written by \`npm run ingest\`): the catalog`,
		'tables one file each, the others one file per review in hive layout (`<table>/review_id=<id>/part-0.parquet`: the',
		'files hold every column but `review_id`, which is the folder\'s). `manifest.json` and `manifests/<review_id>.json` list',
		'every file with its SHA-256. Units are in the column names; NULL means "not measured", never 0.',
		'',
	];
	for (const t of TABLES) {
		const where = t.partitioned ? `\`${partitionFile(t, '<review_id>')}\`, one file per review` : `\`${tableFile(t)}\``;
		out.push(`## ${t.name} (${where})`, '', t.description, '', `Sorted by: ${t.orderBy.map((c) => `\`${c}\``).join(', ')}.`, '');
		out.push('| column | type | unit | may be NULL | meaning |', '|---|---|---|---|---|');
		for (const c of t.columns) {
			out.push(`| \`${c.name}\` | ${c.type} | ${cell(c.unit) || '—'} | ${c.required ? 'no' : 'yes'} | ${cell(c.description)} |`);
		}
		out.push('');
	}
	return out.join('\n');
}
