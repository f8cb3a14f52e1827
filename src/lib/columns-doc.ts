// The column dictionary, generated from the schema module (data/COLUMNS.md and the site's /columns/ page), and the
// README's table of formats, generated from the format list.
import { DEFAULT_LANG, languageOf, punctuationOf, type Lang } from '../i18n/lang.ts';
import { partitionFile, tableFile } from './dataset-layout.ts';
import { FORMATS, SOURCE_FORMATS } from './formats/index.ts';
import { SCHEMA_VERSION, TABLES, type Column } from './schema.ts';
import { t } from '../i18n/strings.ts';

/** A column's meaning in a language, with the values the format list allows where the column holds one of them. */
export function columnMeaning(c: Column, table: { name: string } = { name: '' }, lang: Lang = DEFAULT_LANG): string {
	const values = (list: readonly string[]) => t(lang, 'columnOneOf', { values: [...new Set(list)].map((v) => `\`${v}\``).join(punctuationOf(lang).items) });
	const text = languageOf(lang).schema.columns[`${table.name}.${c.name}`] ?? c.description;
	if (c.name === 'source_format') return text + values(SOURCE_FORMATS);
	return text;
}

/** A column's unit in a language: words translated, symbols (ns, %, IOPS) as they are. */
export function unitText(unit: string, lang: Lang): string {
	return languageOf(lang).schema.units[unit] ?? unit;
}

/** What a table holds, in a language. */
export function tableMeaning(table: { name: string; description: string }, lang: Lang): string {
	return languageOf(lang).schema.tables[table.name] ?? table.description;
}

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
			out.push(`| \`${c.name}\` | ${c.type} | ${cell(c.unit) || '—'} | ${c.required ? 'no' : 'yes'} | ${cell(columnMeaning(c))} |`);
		}
		out.push('');
	}
	return out.join('\n');
}

/** Where the README's format table starts and ends (kept between these lines by `npm run columns`). */
export const FORMAT_TABLE_MARKS = ['<!-- formats: generated from src/lib/formats/index.ts by `npm run columns` -->', '<!-- /formats -->'] as const;

/** The README's table of formats: one row per entry of the list, in detection order. */
export function renderFormatTable(): string {
	const rows = FORMATS.map((f) => {
		const ids = [f.id, ...(f.aliases ?? [])].map((id) => `\`${id}\``).join(', ');
		const how = [f.kind === 'log' ? 'log of a run' : 'results', f.streamed ? 'read in pieces' : '', f.encodings?.length ? `also ${f.encodings.join(', ')}` : '']
			.filter(Boolean)
			.join('; ');
		return `| ${ids} | ${f.tool ?? 'as named per row'} | ${cell(f.describe)} | ${how} |`;
	});
	return [FORMAT_TABLE_MARKS[0], '| format (`source_format`) | tool | files | kind |', '|---|---|---|---|', ...rows, FORMAT_TABLE_MARKS[1]].join('\n');
}

/** `readme` with its format table replaced by the list's. */
export function withFormatTable(readme: string): string {
	const [start, end] = FORMAT_TABLE_MARKS;
	const from = readme.indexOf(start);
	const to = readme.indexOf(end);
	if (from < 0 || to < from) throw new Error(`README.md has no format table between ${start} and ${end}`);
	return readme.slice(0, from) + renderFormatTable() + readme.slice(to + end.length);
}
