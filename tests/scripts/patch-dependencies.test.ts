import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PATCHES, patchDependencies } from '../../scripts/patch-dependencies.ts';

const MODULES = resolve(import.meta.dirname, '../../node_modules');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A node_modules folder holding each patched package's files as npm installs them (the edits undone). */
function unpatchedModules(): string {
	dir = mkdtempSync(join(tmpdir(), 'patch-deps-'));
	for (const { pkg, file, edits } of PATCHES) {
		mkdirSync(dirname(join(dir, pkg, file)), { recursive: true });
		cpSync(join(MODULES, pkg, 'package.json'), join(dir, pkg, 'package.json'));
		let text = readFileSync(join(MODULES, pkg, file), 'utf8');
		for (const { from, to } of edits) text = text.replace(to, from);
		writeFileSync(join(dir, pkg, file), text);
	}
	return dir;
}

describe('patch-dependencies', () => {
	it('patches the installed packages as npm install left them, and a second run changes nothing', () => {
		const modules = unpatchedModules();
		const { pkg, file, edits } = PATCHES[0]!;
		const before = readFileSync(join(modules, pkg, file), 'utf8');
		expect(before).toContain(edits[0]!.from);
		patchDependencies(modules);
		const after = readFileSync(join(modules, pkg, file), 'utf8');
		expect(after).not.toBe(before);
		for (const { to } of edits) expect(after).toContain(to);
		// What `npm install` ran on this machine's node_modules gives the same file.
		expect(after).toBe(readFileSync(join(MODULES, pkg, file), 'utf8'));
		patchDependencies(modules);
		expect(readFileSync(join(modules, pkg, file), 'utf8')).toBe(after);
	});

	it('refuses another version of a package, or a file that no longer holds the text', () => {
		const modules = unpatchedModules();
		const { pkg, file } = PATCHES[0]!;
		const manifest = join(modules, pkg, 'package.json');
		writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '9.9.9' }));
		expect(() => patchDependencies(modules)).toThrow(/written for linkedom 0\.18\.14, 9\.9\.9 is installed/);
		cpSync(join(MODULES, pkg, 'package.json'), manifest);
		writeFileSync(join(modules, pkg, file), 'export class DOMEventTarget {}\n');
		expect(() => patchDependencies(modules)).toThrow(/no longer holds the text to patch/);
	});
});
