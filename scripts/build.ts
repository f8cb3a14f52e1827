// npm run build (after the ingest): astro build of the site into a staging folder, swapped in for the output folder
// only when the build succeeded, so a failed build leaves the last site as it was. The build is incremental: pages
// whose inputs and code are those of the last build are taken over from it, not rendered again (see
// src/lib/site/incremental.ts); `--full` renders every page.
//
// node scripts/build.ts [--out dist] [--full]   (the dataset: SITE_DATA_DIR, or public/data)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** Everything the pages are made from besides the data: the site's sources, its configuration and the locked packages. */
const CODE = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

export function codeVersion(): string {
	const hash = createHash('sha256');
	const add = (path: string) => {
		hash.update(`${relative(ROOT, path)}\0`);
		hash.update(readFileSync(path));
	};
	for (const entry of CODE) {
		const path = join(ROOT, entry);
		if (!existsSync(path)) continue;
		if (!statSync(path).isDirectory()) {
			add(path);
			continue;
		}
		const files = readdirSync(path, { withFileTypes: true, recursive: true })
			.filter((e) => e.isFile())
			.map((e) => join(e.parentPath, e.name))
			// The dataset is the pages' data, keyed page by page; not code.
			.filter((f) => !relative(ROOT, f).startsWith(join('public', 'data')))
			.sort();
		for (const f of files) add(f);
	}
	return hash.digest('hex');
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
