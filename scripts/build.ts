// npm run build (after the ingest): astro build of the site into a staging folder, swapped in for the output folder
// only when the build succeeded, so a failed build leaves the last site as it was. The build is incremental: pages
// whose inputs and code are those of the last build are taken over from it, not rendered again (see
// src/lib/site/incremental.ts); `--full` renders every page.
//
// node scripts/build.ts [--out dist] [--full]   (the dataset: SITE_DATA_DIR, or public/data)
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sourceHash } from './source-hash.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** Hash of everything the pages are made from besides the data: the site's sources, its configuration and the locked packages. */
export function codeVersion(): string {
	// The dataset under public/ is the pages' data, keyed page by page: not code.
	return sourceHash(ROOT, { entries: ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'], skip: ['public/data'] });
}

interface BuildOptions {
	/** Render every page, none taken over from the last build. */
	full?: boolean;
	env?: NodeJS.ProcessEnv;
	/** Where astro's output goes (default: this process's). */
	logFile?: string;
}

/** Builds the site into `out`; resolves with astro's exit status. */
export async function buildSite(out: string, { full = false, env = process.env, logFile }: BuildOptions = {}): Promise<number> {
	const target = resolve(out);
	const parent = dirname(target);
	const staging = join(parent, `.${basename(target)}-staging`);
	const old = join(parent, `.${basename(target)}-old`);
	rmSync(staging, { recursive: true, force: true });
	// Astro bundles the pages into <outDir>/.prerender only when outDir is under its working directory (else into the
	// project's .astro/, which other builds share), and that bundle imports packages: outside the project, the output's
	// folder gets a link to its node_modules.
	if (relative(ROOT, parent).startsWith('..') && !existsSync(join(parent, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(parent, 'node_modules'), 'dir');
	const childEnv: NodeJS.ProcessEnv = { ...env, SITE_CODE_VERSION: codeVersion(), ASTRO_TELEMETRY_DISABLED: '1' };
	if (!full && existsSync(target)) childEnv.SITE_PREVIOUS_BUILD = target;
	// The heap limit: a build's live data is far smaller (one page at a time), and V8 keeps what it may.
	const args = ['--max-old-space-size=1024', ASTRO, 'build', '--root', ROOT, '--outDir', staging];
	const code = await new Promise<number>((ok) => {
		const log = logFile ? openSync(logFile, 'w') : 'inherit';
		const child = spawn(process.execPath, args, { cwd: parent, env: childEnv, stdio: ['ignore', log, log] });
		if (typeof log === 'number') closeSync(log);
		for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => child.kill(signal));
		child.on('error', () => ok(1));
		child.on('close', (c) => ok(c ?? 1));
	});
	if (code !== 0) {
		rmSync(staging, { recursive: true, force: true });
		return code;
	}
	rmSync(old, { recursive: true, force: true });
	if (existsSync(target)) renameSync(target, old);
	renameSync(staging, target);
	rmSync(old, { recursive: true, force: true });
	return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
	const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' }, full: { type: 'boolean', default: false } } });
	const code = await buildSite(values.out, { full: values.full });
	if (code !== 0) console.error(`build failed (exit ${code}); ${values.out}/ is unchanged`);
	process.exit(code);
}
