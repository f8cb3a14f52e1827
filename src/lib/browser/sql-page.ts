// The SQL console in the browser: the query from the URL (?q=…) run in DuckDB-wasm (duckdb.ts), reading only the
// files of the tables it names, listed by /sql/tables/<table>.json. Results are built as DOM text (never markup),
// capped at ROW_CAP rows, downloadable as CSV through the site's one CSV writer; a statement is stopped at the time
// limit. Every query run is a history entry: back and forward run the previous one again.
import { t, tn, type Lang } from '../../i18n/strings.ts';
import { csvText, type CsvValue } from '../csv.ts';
import { domOf, el } from '../element.ts';
import { fileSizeText, formatInteger, formatResultNumber } from '../site/format.ts';
import { READ_LIMIT_BYTES, ROW_CAP, SQL_PARAM, TIME_LIMIT_MS, duckdbErrorText, sqlTableFilesPath, sqlUrl, type SqlTableFiles } from '../sql/console.ts';
import type { TableName } from '../queries/query.ts';
import { cellValue } from './arrow-cells.ts';
import { NotReadOnly, QueryTimeout, runSqlText } from './duckdb.ts';
import type { DataSource } from '../site/page-config.ts';

const page = document.querySelector<HTMLElement>('[data-sql-page]')!;
const lang = page.dataset.lang as Lang;
const siteBase = page.dataset.siteBase!;
const $ = <T extends Element>(selector: string) => page.querySelector<T>(selector)!;
const form = $<HTMLFormElement>('[data-sql-form]');
const textarea = $<HTMLTextAreaElement>('[data-sql-text]');
const status = $<HTMLElement>('[data-sql-status]');
const readNote = $<HTMLElement>('[data-sql-read]');
const errorBox = $<HTMLElement>('[data-sql-error]');
const output = $<HTMLElement>('[data-sql-result]');
const csvButton = $<HTMLButtonElement>('[data-sql-csv]');

const source: DataSource = {
	dataBase: page.dataset.dataBase!,
	extensionRepository: page.dataset.extensionRepository!,
	parquetExtension: page.dataset.parquetExtension === '1',
	tables: {},
};

/** The query refused before reading: its tables' files add up to more than the console reads. */
class TooLarge extends Error {
	readonly tables: string[];
	readonly bytes: number;
	constructor(tables: string[], bytes: number) {
		super('too large');
		this.tables = tables;
		this.bytes = bytes;
	}
}

const fileLists = new Map<string, Promise<SqlTableFiles>>();

function fileList(table: TableName): Promise<SqlTableFiles> {
	let list = fileLists.get(table);
	if (!list) {
		list = fetch(`${siteBase}${sqlTableFilesPath(table).slice(1)}`).then((r) => (r.ok ? (r.json() as Promise<SqlTableFiles>) : Promise.reject(new Error(`${r.status} ${r.statusText}`))));
		list.catch(() => fileLists.delete(table));
		fileLists.set(table, list);
	}
	return list;
}

const queryOfUrl = () => new URLSearchParams(location.search).get(SQL_PARAM) ?? '';
const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);

let csv: { columns: string[]; rows: CsvValue[][] } | undefined;
let runs = 0;

function setState(state: string, text: string): void {
	page.dataset.state = state;
	status.textContent = text;
}

function clearOutput(): void {
	readNote.textContent = '';
	errorBox.hidden = true;
	errorBox.replaceChildren();
	output.replaceChildren();
	csvButton.hidden = true;
	csv = undefined;
}

/** A number for reading (formatResultNumber); when that is not how the CSV writes it, the exact value is its tooltip. */
function numberCell(v: number) {
	const shown = formatResultNumber(v, lang);
	const exact = String(v);
	return el('td', { class: 'num', ...(shown === exact ? {} : { title: exact }) }, shown);
}

function resultTable(columns: { name: string; type: { toString(): string } }[], rows: CsvValue[][]): HTMLElement {
	// A column of numbers has its header aligned with them.
	const numeric = columns.map((_, i) => rows.some((r) => typeof r[i] === 'number') && rows.every((r) => r[i] === null || typeof r[i] === 'number'));
	const head = el('thead', {}, el('tr', {}, ...columns.map((c, i) => el('th', { scope: 'col', title: c.type.toString(), ...(numeric[i] ? { class: 'num' } : {}) }, c.name))));
	const body = el(
		'tbody',
		{},
		...rows.map((row) =>
			el(
				'tr',
				{},
				...row.map((v) => (v === null ? el('td', { class: 'prose-muted' }, 'NULL') : typeof v === 'number' ? numberCell(v) : el('td', { class: 'whitespace-pre-wrap' }, String(v)))),
			),
		),
	);
	// What the query returned, as DuckDB names and prints it (column names, types, values): never translated.
	return domOf(el('table', { class: 'data-table font-mono text-xs', 'data-testid': 'sql-table', translate: 'no' }, head, body), document) as HTMLElement;
}

async function run(sql: string): Promise<void> {
	const id = ++runs;
	clearOutput();
	if (!sql.trim()) {
		setState('idle', '');
		return;
	}
	setState('running', t(lang, 'sqlStarting'));
	let read: { tables: TableName[]; files: number; bytes: number } = { tables: [], files: 0, bytes: 0 };
	try {
		const result = await runSqlText(source, sql, {
			maxRows: ROW_CAP,
			timeoutMs: TIME_LIMIT_MS,
			prepare: async (tables) => {
				const lists = await Promise.all(tables.map(fileList));
				const files = lists.flatMap((l) => l.files);
				read = { tables, files: files.length, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
				if (read.bytes > READ_LIMIT_BYTES) throw new TooLarge(tables, read.bytes);
				for (const l of lists) source.tables[l.table] = l.files.map((f) => ({ path: f.path, bytes: f.bytes }));
				if (id === runs && tables.length) status.textContent = t(lang, 'sqlReading', readValues(read));
			},
		});
		if (id !== runs) return;
		const rows = result.rows.map((row) => row.map((v, i) => cellValue(v, result.columns[i]!.type)));
		csv = { columns: result.columns.map((c) => c.name), rows };
		readNote.textContent = read.tables.length ? t(lang, 'sqlRead', readValues(read)) : t(lang, 'sqlReadNone');
		const summary = tn(lang, 'sqlRows', result.total, { seconds: seconds(result.ms) });
		const cut = result.total > rows.length ? ` ${t(lang, 'sqlCut', { shown: formatInteger(rows.length, lang) })}` : '';
		setState('ready', result.total === 0 ? t(lang, 'sqlNoRows') : summary + cut);
		if (result.columns.length) output.append(resultTable(result.columns, rows));
		csvButton.hidden = result.columns.length === 0;
	} catch (err) {
		if (id !== runs) return;
		if (err instanceof QueryTimeout) setState('timeout', t(lang, 'sqlTimeout', { seconds: TIME_LIMIT_MS / 1000 }));
		else if (err instanceof NotReadOnly) setState('refused', t(lang, 'sqlReadOnly', { word: err.word.toUpperCase() }));
		else if (err instanceof TooLarge) setState('refused', t(lang, 'sqlTooLarge', { tables: err.tables.join(', '), size: fileSizeText(err.bytes, lang), limit: fileSizeText(READ_LIMIT_BYTES, lang) }));
		else if (err instanceof TypeError || /^\d{3} /.test(err instanceof Error ? err.message : '')) setState('failed', t(lang, 'sqlFailed', { reason: err instanceof Error ? err.message : String(err) }));
		else {
			setState('error', t(lang, 'sqlError'));
			errorBox.append(domOf(el('pre', { class: 'card overflow-x-auto whitespace-pre-wrap p-3 text-xs', 'data-testid': 'sql-error-text' }, duckdbErrorText(err)), document));
			errorBox.hidden = false;
		}
	}
}

function readValues(read: { tables: string[]; files: number; bytes: number }): Record<string, string> {
	return { tables: read.tables.join(', '), files: tn(lang, 'countFiles', read.files), size: fileSizeText(read.bytes, lang) };
}

/** Runs a query and makes it the URL's (a new history entry unless it already is). */
function submit(sql: string): void {
	const url = sqlUrl(location.pathname, sql);
	if (`${location.pathname}${location.search}` !== url) history.pushState(null, '', url);
	void run(sql);
}

form.addEventListener('submit', (e) => {
	e.preventDefault();
	submit(textarea.value);
});

textarea.addEventListener('keydown', (e) => {
	if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
		e.preventDefault();
		submit(textarea.value);
	}
});

for (const link of page.querySelectorAll<HTMLAnchorElement>('a[data-sql-example]')) {
	link.addEventListener('click', (e) => {
		if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
		e.preventDefault();
		textarea.value = new URL(link.href).searchParams.get(SQL_PARAM) ?? '';
		form.scrollIntoView({ block: 'start' });
		submit(textarea.value);
	});
}

csvButton.addEventListener('click', () => {
	if (!csv) return;
	const url = URL.createObjectURL(new Blob([csvText(csv)], { type: 'text/csv;charset=utf-8' }));
	const a = document.createElement('a');
	a.href = url;
	a.download = 'query-result.csv';
	a.click();
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
});

addEventListener('popstate', () => {
	textarea.value = queryOfUrl();
	void run(textarea.value);
});

textarea.value = queryOfUrl();
void run(textarea.value);
