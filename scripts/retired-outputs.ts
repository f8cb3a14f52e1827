// Removing an output no longer served without the build waiting for it. scripts/build.ts keeps the output it replaces
// beside the new one (`.<out>-old`) until the next build; that build renames it out of the way (`.<out>-retired-…`, one
// rename) before its swap and, after it, removes every retired folder in a process of its own that outlives it. At
// 1,000 reviews such a folder is some 140,000 files and 69,000 folders (10.5 s to remove alone); removed while Astro
// ran, by four threads contending for the same folders, it took a fifth of a one-review rebuild's CPU time. Nothing
// reads a retired folder; one whose removal did not finish (the machine stopped) is taken up by the next build's. Here,
// not in src/: how outputs are swapped is not what pages are made from (build.ts's codeVersion hashes src/), so it
// leaves every page's key as it was.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// A retired folder of the output folder `target` is named `.<out>-retired-<pid>-<ms>`, which no other output's matches.
const retiredPrefix = (target: string) => `.${basename(target)}-retired-`;
const isRetired = (target: string, entry: string) => entry.startsWith(retiredPrefix(target)) && /^\d+-\d+$/.test(entry.slice(retiredPrefix(target).length));

/** Renames `dir` to a retired folder beside the output folder `target`. */
export function retire(dir: string, target: string): void {
	renameSync(dir, join(dirname(target), `${retiredPrefix(target)}${process.pid}-${Date.now()}`));
}

/** The retired folders beside the output folder `target`. */
export function retiredOutputs(target: string): string[] {
	const parent = dirname(target);
	if (!existsSync(parent)) return [];
	return readdirSync(parent)
		.filter((entry) => isRetired(target, entry))
		.map((entry) => join(parent, entry));
}

// Two removals of one folder may run at once (a build ends before the last one's removal did): rmSync with `force`
// takes the files the other removed as removed.
const REMOVE = `for (const dir of process.argv.slice(1)) require('node:fs').rmSync(dir, { recursive: true, force: true });`;

/** Starts removing every retired folder beside `target` in a detached process, and does not wait for it. */
export function removeRetired(target: string): void {
	const dirs = retiredOutputs(target);
	if (dirs.length === 0) return;
	const removal = spawn(process.execPath, ['-e', REMOVE, ...dirs], { detached: true, stdio: 'ignore' });
	// A removal that could not start leaves the folders to the next build's; the build itself has succeeded.
	removal.on('error', () => {});
	removal.unref();
}
