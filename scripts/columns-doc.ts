// npm run columns: regenerate data/COLUMNS.md from the schema module.
import { writeFileSync } from 'node:fs';
import { renderColumnsMarkdown } from '../src/lib/columns-doc.ts';

writeFileSync(new URL('../data/COLUMNS.md', import.meta.url), renderColumnsMarkdown());
console.log('wrote data/COLUMNS.md');
