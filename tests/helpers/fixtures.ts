// Where test inputs come from: permissively licensed files copied into tests/fixtures/
// (with attribution in tests/fixtures/ATTRIBUTION.md), the rest read in place from
// ../shared/fixtures, which CI has beside the clone. Tests on the latter skip, saying why,
// when ../shared is absent.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCAL_FIXTURES = join(ROOT, 'tests/fixtures');
export const SHARED = resolve(ROOT, '../shared');
export const SHARED_FIXTURES = join(SHARED, 'fixtures');
export const SHARED_PRESENT = existsSync(SHARED_FIXTURES);
export const SHARED_SKIP_REASON = `../shared/fixtures is absent (it holds files without a licence to copy); skipping`;

/**
 * The folders of benchmark output, in tests/fixtures and ../shared/fixtures: one per tool with many files (fio,
 * Iometer, DiskSpd, Vdbench), fio-wild (fio output from other projects, shared only) and other (CrystalDiskMark,
 * elbencho). tests/fixtures also has bad/, fuzz/ and xss/: made-up inputs, not a tool's output.
 */
export const OUTPUT_FOLDERS = ['fio', 'fio-wild', 'iometer', 'diskspd', 'vdbench', 'other'] as const;
export type OutputFolder = (typeof OUTPUT_FOLDERS)[number];

/** The output folders but those named (e.g. every other tool's, for a detector that must not claim them). */
export const outputFoldersExcept = (...left: OutputFolder[]): OutputFolder[] => OUTPUT_FOLDERS.filter((f) => !left.includes(f));

export interface Fixture {
	/** e.g. "fio/json-fio3.33-interrupted-signal-prefix.json" */
	name: string;
	path: string;
	local: boolean;
}

/** Every fixture of a folder (fio, iometer, …): local copies first, shared ones not copied. */
export function listFixtures(folder: string, filter: (file: string) => boolean = () => true): Fixture[] {
	const out = new Map<string, Fixture>();
	const walk = (base: string, rel: string, local: boolean) => {
		const dir = join(base, rel);
		if (!existsSync(dir)) return;
		for (const f of readdirSync(dir).sort()) {
			const p = join(dir, f);
			const r = rel ? `${rel}/${f}` : f;
			if (statSync(p).isDirectory()) walk(base, r, local);
			else if (!f.endsWith('.md') && filter(f) && !out.has(r)) out.set(r, { name: `${folder}/${r}`, path: p, local });
		}
	};
	walk(join(LOCAL_FIXTURES, folder), '', true);
	walk(join(SHARED_FIXTURES, folder), '', false);
	return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

export function readFixture(f: Fixture): string {
	return readFileSync(f.path, 'utf8');
}
