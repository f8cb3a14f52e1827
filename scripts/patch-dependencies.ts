// Run by npm after install (package.json "postinstall"): small fixes to installed dependencies, each written for the
// exact version package.json pins, checked before and after. Running it again changes nothing.
//
// linkedom (the build's DOM for drawing charts): every node's constructor gives the node an empty map of event
// listeners, kept in a WeakMap. A build creates millions of nodes and listens to none; those WeakMap entries made
// creating a node about 5× slower and filled the garbage collector's time. The map is now made on the first listener.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Patch {
	pkg: string;
	version: string;
	file: string;
	edits: { from: string; to: string }[];
}

export const PATCHES: Patch[] = [
	{
		pkg: 'linkedom',
		version: '0.18.14',
		file: 'esm/interface/event-target.js',
		edits: [
			{ from: '  constructor() {\n    wm.set(this, new Map);\n  }', to: '  constructor() {\n  }' },
			{
				from: '  addEventListener(type, listener, options) {\n    const map = wm.get(this);',
				to: '  addEventListener(type, listener, options) {\n    if (!wm.has(this))\n      wm.set(this, new Map);\n    const map = wm.get(this);',
			},
			{
				from: '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map.has(type)) {',
				to: '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map && map.has(type)) {',
			},
		],
	},
];

/** Applies `patches` to the packages in `modules` (a node_modules folder); a file already patched is left as it is. */
export function patchDependencies(modules: string, patches: readonly Patch[] = PATCHES): void {
	for (const { pkg, version, file, edits } of patches) {
		const installed = JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
		if (installed !== version) throw new Error(`scripts/patch-dependencies.ts: written for ${pkg} ${version}, ${installed} is installed: check the patch against it`);
		const path = join(modules, pkg, file);
		let text = readFileSync(path, 'utf8');
		for (const { from, to } of edits) {
			if (text.includes(to)) continue;
			if (!text.includes(from)) throw new Error(`scripts/patch-dependencies.ts: ${pkg}/${file} no longer holds the text to patch`);
			text = text.replace(from, to);
		}
		writeFileSync(path, text);
	}
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) patchDependencies(resolve(import.meta.dirname, '../node_modules'));
