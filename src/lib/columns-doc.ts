// The column dictionary, generated from the schema module (data/COLUMNS.md and the site's /columns/ page).
import { SCHEMA_VERSION, TABLES } from './schema.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderColumnsMarkdown(): string {
	const out: string[] = [
		'# Column dictionary',
		'',
		`<!-- Generated from src/lib/schema.ts by \`npm run columns\`; a test fails when it is stale. -->`,
		'',
		`Schema version ${SCHEMA_VERSION}. Every table is one Parquet file in \`public/data/\` (written by \`npm run ingest\`),`,
		'listed with its SHA-256 in `manifest.json`. Units are in the column names; NULL means "not measured", never 0.',
		'',
	];
	for (const t of TABLES) {
		out.push(`## ${t.name} (\`${t.file}\`)`, '', t.description, '', `Sorted by: ${t.orderBy.map((c) => `\`${c}\``).join(', ')}.`, '');
		out.push('| column | type | unit | may be NULL | meaning |', '|---|---|---|---|---|');
		for (const c of t.columns) {
			out.push(`| \`${c.name}\` | ${c.type} | ${cell(c.unit) || '—'} | ${c.required ? 'no' : 'yes'} | ${cell(c.description)} |`);
		}
		out.push('');
	}
	return out.join('\n');
}
