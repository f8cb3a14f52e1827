// Where code runs is enforced by the lint (eslint.config.js): planted code in each runtime's folder is linted with
// the project's own configuration through ESLint's Node API, as `npm run lint` lints the real files.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
	eslint = new ESLint({ cwd: ROOT });
});

interface Found {
	rule: string | null;
	message: string;
	line: number;
}

/** The lint's messages for `code` as if it were the file at `path` (the file need not exist). */
async function lint(path: string, code: string): Promise<Found[]> {
	const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
	return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

const NODE_IMPORT = "import { readFileSync } from 'node:fs';\nexport const text = readFileSync('x', 'utf8');\n";
const BARE_BUILTIN = "import { join } from 'path';\nexport const where = join('a', 'b');\n";
const NODE_PACKAGE = "import { DuckDBInstance } from '@duckdb/node-api';\nexport const open = () => DuckDBInstance.create(':memory:');\n";
const DOM_GLOBAL = 'export const title = (): string => document.title;\n';
const WINDOW_GLOBAL = 'export const wide = (): boolean => window.innerWidth > 600;\n';
const NODE_GLOBAL = "export const where = (): string => process.env.SITE_URL ?? '';\n";

describe('a node: import', () => {
	it('is an error in browser code', async () => {
		expect(await lint('src/lib/browser/planted.ts', NODE_IMPORT)).toEqual([
			expect.objectContaining({ rule: 'no-restricted-imports', line: 1, message: expect.stringContaining('node: import belongs in src/lib/build/') }),
		]);
	});

	it('is an error in a page script (an Astro <script>, which runs in the browser)', async () => {
		const page = `---\nconst title = 'x';\n---\n<h1>{title}</h1>\n<script>\n\timport { readFileSync } from 'node:fs';\n\tconsole.log(readFileSync);\n</script>\n`;
		expect(await lint('src/components/Planted.astro', page)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 6 })]);
	});

	it('is an error in pure code (src/lib outside build/ and browser/, src/i18n)', async () => {
		for (const path of ['src/lib/compare/planted.ts', 'src/lib/site/planted.ts', 'src/lib/planted.ts', 'src/i18n/planted.ts']) {
			expect(await lint(path, NODE_IMPORT), path).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 1 })]);
		}
	});

	it('is an error without the node: prefix too, and so is a Node-only package', async () => {
		expect(await lint('src/lib/browser/planted.ts', BARE_BUILTIN)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 1 })]);
		expect(await lint('src/lib/site/planted.ts', NODE_PACKAGE)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 1 })]);
	});

	it('is allowed in build code, scripts and tests', async () => {
		for (const path of ['src/lib/build/planted.ts', 'src/pages/planted.json.ts', 'scripts/planted.ts', 'tests/planted.test.ts']) {
			expect(await lint(path, NODE_IMPORT), path).toEqual([]);
		}
		expect(await lint('src/lib/build/planted.ts', NODE_PACKAGE)).toEqual([]);
	});

	it('cannot reach the browser through a build module: browser and pure code may not import src/lib/build/', async () => {
		const code = "import { loadManifest } from '../build/manifest.ts';\nexport const m = loadManifest;\n";
		expect(await lint('src/lib/browser/planted.ts', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('src/lib/build/ runs only in Node') })]);
		expect(await lint('src/lib/site/planted.ts', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports' })]);
	});
});

describe('a DOM global', () => {
	it('is an error in build code: src/lib/build/, endpoints and Astro frontmatter', async () => {
		expect(await lint('src/lib/build/planted.ts', DOM_GLOBAL)).toEqual([
			expect.objectContaining({ rule: 'no-restricted-globals', line: 1, message: expect.stringContaining('document exists only in the browser') }),
		]);
		expect(await lint('src/pages/planted.json.ts', WINDOW_GLOBAL)).toEqual([expect.objectContaining({ rule: 'no-restricted-globals' })]);
		const page = `---\nconst title = document.title;\n---\n<h1>{title}</h1>\n`;
		expect(await lint('src/components/Planted.astro', page)).toEqual([expect.objectContaining({ rule: 'no-restricted-globals', line: 2 })]);
	});

	it('is an error in pure code, which the build runs too', async () => {
		expect(await lint('src/lib/charts/planted.ts', DOM_GLOBAL)).toEqual([expect.objectContaining({ rule: 'no-restricted-globals' })]);
	});

	it('is allowed in browser code, and a DOM type is allowed anywhere', async () => {
		expect(await lint('src/lib/browser/planted.ts', DOM_GLOBAL + WINDOW_GLOBAL)).toEqual([]);
		expect(await lint('src/lib/site/planted.ts', 'export const tag = (e: HTMLElement, d: Document): string => e.tagName + d.title;\n')).toEqual([]);
	});

	it('a variable of the same name is no global: a local `window` in pure code is fine', async () => {
		expect(await lint('src/lib/planted.ts', 'export const mean = (window: number[]): number => window.reduce((a, b) => a + b, 0) / window.length;\n')).toEqual([]);
	});
});

describe('other crossings', () => {
	it("Node's globals are errors in browser and pure code, allowed in build code", async () => {
		expect(await lint('src/lib/browser/planted.ts', NODE_GLOBAL)).toEqual([expect.objectContaining({ rule: 'no-restricted-globals', message: expect.stringContaining("process is Node's") })]);
		expect(await lint('src/lib/queries/planted.ts', NODE_GLOBAL)).toEqual([expect.objectContaining({ rule: 'no-restricted-globals' })]);
		expect(await lint('src/lib/build/planted.ts', NODE_GLOBAL)).toEqual([]);
	});

	it('build and pure code may not import src/lib/browser/ (what both need is pure)', async () => {
		const code = "import { readJson } from '../browser/inline-data.ts';\nexport const r = readJson;\n";
		expect(await lint('src/lib/build/planted.ts', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', message: expect.stringContaining('src/lib/browser/ runs only in the browser') })]);
		expect(await lint('src/lib/site/planted.ts', code)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports' })]);
		const page = `---\nimport { readJson } from '../lib/browser/inline-data.ts';\nconst r = readJson;\n---\n<p>{String(r)}</p>\n`;
		expect(await lint('src/components/Planted.astro', page)).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 2 })]);
	});

	it('a page script may import browser code', async () => {
		const page = `---\n---\n<p>x</p>\n<script>\n\timport '../lib/browser/prefs.ts';\n</script>\n`;
		expect(await lint('src/components/Planted.astro', page)).toEqual([]);
	});
});
