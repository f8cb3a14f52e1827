// npm run columns: regenerate data/COLUMNS.md from the schema module, and the README's format table from the format list.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderColumnsMarkdown, withFormatTable } from '../src/lib/columns-doc.ts';

writeFileSync(new URL('../data/COLUMNS.md', import.meta.url), renderColumnsMarkdown());
const readme = new URL('../README.md', import.meta.url);
writeFileSync(readme, withFormatTable(readFileSync(readme, 'utf8')));
console.log('wrote data/COLUMNS.md and the format table of README.md');
