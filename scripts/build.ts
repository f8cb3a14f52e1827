// npm run build (after the ingest): astro build of the site into a staging folder, swapped in for the output folder
// only when the build succeeded, so a failed build leaves the last site as it was. The build is incremental: pages
// whose inputs and code are those of the last build are taken over from it, not rendered again (see
// src/lib/build/incremental.ts); `--full` renders every page. When neither the site's code nor the dataset changed
// since the last build (its key is left in the output), Astro is not run at all: the output is already that build.
// The output a build replaces stays beside it (`.<out>-old`) until the next build, which removes it after its swap
// without waiting for it (retired-outputs.ts).
//
// node scripts/build.ts [--out dist] [--full]   (the dataset: SITE_DATA_DIR, or public/data)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, createWriteStream, existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundlerMemoryEnv } from '../src/lib/build/bundler-memory.ts';
import { BUILD_SHARD_ENV, mergeShardOutput } from '../src/lib/build/build-shards.ts';
import { BUILD_RECORD, mergeBuildRecords } from '../src/lib/build/incremental.ts';
import { moveEarlierVersions } from '../src/lib/build/version-hosting.ts';
import { siteSettingsProblem } from '../src/lib/build/site-url.ts';
import { renderSocialImages } from '../src/lib/build/social-png.ts';
import { PREVIEW_DRAWINGS_ENV } from '../src/lib/site/social-path.ts';
import { removeRetired, retire } from './retired-outputs.ts';
import { sourceHash } from './source-hash.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ASTRO = join(ROOT, 'node_modules/astro/bin/astro.mjs');

/** Hash of everything the pages are made from besides the data: the site's sources, its configuration and the locked packages. */
export function codeVersion(): string {
	// The dataset under public/ is the pages' data, keyed page by page: not code.
	return sourceHash(ROOT, { entries: ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'], skip: ['public/data'] });
}

/** The file in a build's output holding the key of what it was made from (code and dataset). */
export const SITE_KEY_FILE = '.build-site-key';

/** The key of a whole build: the site's code and the dataset's manifest, which hashes every file of the dataset. */
function siteKey(code: string, dataDir: string, siteUrl = '', dataUrl = ''): string | null {
	const manifest = join(dataDir, 'manifest.json');
	if (!existsSync(manifest)) return null;
	// The site's address and its data folder's are written into its links (site-url.ts, data-url.ts): another one is another build.
	return createHash('sha256').update(code).update('\0').update(siteUrl).update('\0').update(dataUrl).update('\0').update(readFileSync(manifest)).digest('hex');
}

const builtKey = (target: string) => {
	const file = join(target, SITE_KEY_FILE);
	return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
};

interface BuildOptions {
	/** Render every page, none taken over from the last build. */
	full?: boolean;
	env?: NodeJS.ProcessEnv;
	/** Where astro's output goes (default: this process's). */
	logFile?: string;
	/** How many Astro processes render the pages (default: one per core, at most MAX_JOBS). */
	jobs?: number;
}

/** The most Astro processes a build runs by default: each holds the catalog's page lists (some 1.5 GB at 1,000 reviews). */
const MAX_JOBS = 4;
const defaultJobs = () => Math.min(MAX_JOBS, availableParallelism());

/**
 * Runs `astro build` once per folder of `outDirs` (with several, each process its share: src/lib/build/build-shards.ts),
 * its output to `logFile` or this process's, each line after its process's number when there are several. Resolves with
 * the first failure's exit status, else 0; a failure stops the others.
 */
function runAstro(outDirs: string[], cwd: string, env: NodeJS.ProcessEnv, logFile?: string): Promise<number> {
	const log = logFile ? createWriteStream(logFile) : process.stdout;
	// The heap limit: a build's live data is far smaller (one page at a time), and V8 keeps what it may.
	const children = outDirs.map((outDir, k) => {
		const shardEnv = outDirs.length === 1 ? env : { ...env, [BUILD_SHARD_ENV]: `${k}/${outDirs.length}`, ...(env.SITE_EMIT_DIR && k > 0 ? { SITE_EMIT_DIR: `${env.SITE_EMIT_DIR}-${k}` } : {}) };
		const args = ['--max-old-space-size=1024', ASTRO, 'build', '--root', ROOT, '--outDir', outDir];
		const child = spawn(process.execPath, args, { cwd, env: { ...shardEnv, ...bundlerMemoryEnv(env) }, stdio: ['ignore', 'pipe', 'pipe'] });
		const prefix = outDirs.length === 1 ? '' : `[${k + 1}/${outDirs.length}] `;
		for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => log.write(`${prefix}${line}\n`));
		return child;
	});
	const stop = (signal: NodeJS.Signals) => children.forEach((c) => c.exitCode === null && c.kill(signal));
	// Passed on to the children while they run, then no longer listened to (a process may run many builds: the tests).
	for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
	return Promise.all(
		children.map(
			(child) =>
				new Promise<number>((ok) => {
					child.on('error', () => ok(1));
					child.on('close', (c) => ok(c ?? 1));
				}).then((code) => {
					if (code !== 0) stop('SIGTERM');
					return code;
				}),
		),
	).then(async (codes) => {
		for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stop);
		if (log !== process.stdout) await new Promise((done) => (log as ReturnType<typeof createWriteStream>).end(done));
		return codes.find((c) => c !== 0) ?? 0;
	});
}

/** Builds the site into `out`; resolves with astro's exit status (0 also when nothing changed and nothing ran). */
export async function buildSite(out: string, { full = false, env = process.env, logFile, jobs = defaultJobs() }: BuildOptions = {}): Promise<number> {
	const target = resolve(out);
	const parent = dirname(target);
	const staging = join(parent, `.${basename(target)}-staging`);
	const old = join(parent, `.${basename(target)}-old`);
	const problem = siteSettingsProblem(env);
	if (problem) {
		const message = `build: ${problem}\n`;
		if (logFile) writeFileSync(logFile, message);
		else process.stderr.write(message);
		return 2;
	}
	const code = codeVersion();
	// Astro runs in `parent`, where a relative SITE_DATA_DIR (or public/data) is read.
	const key = siteKey(code, resolve(parent, env.SITE_DATA_DIR ?? 'public/data'), env.SITE_URL, env.SITE_DATA_URL);
	if (!full && key !== null && builtKey(target) === key) {
		const message = `nothing changed since the last build (site code and dataset): ${out}/ is up to date\n`;
		if (logFile) writeFileSync(logFile, message);
		else process.stdout.write(message);
		return 0;
	}
	// Astro bundles the pages into <outDir>/.prerender only when outDir is under its working directory (else into the
	// project's .astro/, which other builds share), and that bundle imports packages: outside the project, the output's
	// folder gets a link to its node_modules.
	if (relative(ROOT, parent).startsWith('..') && !existsSync(join(parent, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(parent, 'node_modules'), 'dir');
	const childEnv: NodeJS.ProcessEnv = { ...env, SITE_CODE_VERSION: code, ASTRO_TELEMETRY_DISABLED: '1' };
	if (!full && existsSync(target)) childEnv.SITE_PREVIOUS_BUILD = target;
	// The dataset versions the last output hosted stay hosted, full build or not (src/lib/build/version-hosting.ts).
	if (existsSync(target)) childEnv.SITE_PREVIOUS_OUTPUT = target;
	// One Astro process per core, each into its own folder, merged into the first's (src/lib/build/build-shards.ts).
	const outDirs = Array.from({ length: jobs }, (_, k) => (k === 0 ? staging : `${staging}-${k}`));
	for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
	// The pages leave their social previews' drawings, rendered here once they are all rendered (src/lib/build/social-png.ts).
	const drawings = `${staging}-preview-drawings`;
	rmSync(drawings, { recursive: true, force: true });
	childEnv[PREVIEW_DRAWINGS_ENV] = drawings;
	let status = await runAstro(outDirs, parent, childEnv, logFile);
	/** A line after Astro's output: to the build's log, or to this process's `stream`. */
	const report = (line: string, stream: NodeJS.WriteStream) => (logFile ? appendFileSync(logFile, `${line}\n`) : stream.write(`${line}\n`));
	try {
		if (status === 0) {
			for (const dir of outDirs.slice(1)) mergeShardOutput(dir, staging, { [BUILD_RECORD]: mergeBuildRecords });
			report(`${await renderSocialImages(drawings, staging)} social previews rendered`, process.stdout);
		}
	} catch (e) {
		report((e as Error).message, process.stderr);
		status = 1;
	}
	rmSync(drawings, { recursive: true, force: true });
	if (status !== 0) {
		for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
		return status;
	}
	if (key !== null) writeFileSync(join(staging, SITE_KEY_FILE), `${key}\n`);
	// The dataset versions the last output hosted that this one hosts too are moved over whole (a rename a version), last:
	// until now the last output is as it was. The output replaced is kept as `old`, without them, until the next build;
	// the one before it is removed after the swap by a process this build does not wait for.
	if (existsSync(old)) retire(old, target);
	if (existsSync(target)) {
		moveEarlierVersions(join(target, 'data'), join(staging, 'data'));
		renameSync(target, old);
	}
	renameSync(staging, target);
	removeRetired(target);
	return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
	const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' }, full: { type: 'boolean', default: false }, jobs: { type: 'string' } } });
	const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
	if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1)) {
		console.error(`--jobs: a whole number of processes from 1, not "${values.jobs}"`);
		process.exit(2);
	}
	const code = await buildSite(values.out, { full: values.full, jobs });
	if (code !== 0) console.error(`build failed (exit ${code}); ${values.out}/ is unchanged`);
	process.exit(code);
}
