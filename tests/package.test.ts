import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/fixtures.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));

/** The packages whose install scripts run at `npm install`, each read (README, "Security and data integrity"). */
const REVIEWED_INSTALL_SCRIPTS: Record<string, string> = {
	'': "the project's own postinstall, scripts/patch-dependencies.ts: edits linkedom's event-target.js, checked against the pinned version",
	'node_modules/esbuild': 'postinstall install.js: checks that its platform binary (@esbuild/<platform>, an optional dependency) runs',
	'node_modules/node': 'preinstall installArchSpecificPackage.js: installs node-<platform> of the same version from the npm registry',
};

describe('package policy', () => {
	it('runs install scripts of the reviewed packages only', () => {
		const withScripts = Object.entries<{ hasInstallScript?: boolean }>(lock.packages).filter(([, e]) => e.hasInstallScript).map(([path]) => path);
		expect(withScripts.sort()).toEqual(Object.keys(REVIEWED_INSTALL_SCRIPTS).sort());
	});

	it('pins every dependency to an exact version', () => {
		for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
			// An alias ("npm:@duckdb/duckdb-wasm@1.28.0") pins too.
			expect(spec, name).toMatch(/^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d+\.\d+\.\d+(-[\w.]+)?$/);
		}
	});

	it('runs on the pinned Node 24 from node_modules', () => {
		const version = execFileSync(join(ROOT, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).trim();
		expect(version).toBe(`v${pkg.devDependencies.node}`);
	});

	it('ships DuckDB on both sides at the same core version', () => {
		const wasm = lock.packages['node_modules/@duckdb/duckdb-wasm'].version;
		const node = pkg.devDependencies['@duckdb/node-api'];
		// duckdb-wasm 1.32.0 embeds DuckDB v1.4.3 (STACK_PROTO.md); node-api versions are <core>-r.<n>.
		const WASM_CORE: Record<string, string> = { '1.32.0': '1.4.3' };
		expect(node.split('-')[0]).toBe(WASM_CORE[wasm]);
	});

	it('has integrity hashes for every locked package', () => {
		for (const [path, entry] of Object.entries<{ link?: boolean; inBundle?: boolean; integrity?: string }>(lock.packages)) {
			// A bundled package comes inside its parent's tarball, which the parent's hash covers.
			if (path === '' || entry.link || entry.inBundle) continue;
			expect(entry.integrity, path).toMatch(/^sha(256|512)-/);
		}
	});
});
