// npm run lint: the type checks (TypeScript, then Astro's for .astro files) and ESLint, run side by side (each is one
// process on one core: on 2 cores the whole takes the longest one's time, not their sum). Each one's output is printed
// whole when it ends; the exit status is the first failure's.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const CHECKS: [name: string, command: string, args: string[]][] = [
	['tsc', bin('tsc'), ['--noEmit', '-p', '.']],
	['astro check', bin('astro'), ['check']],
	['eslint', bin('eslint'), ['.', '--max-warnings', '0']],
];

function run([name, command, args]: (typeof CHECKS)[number]): Promise<{ name: string; code: number; output: string; ms: number }> {
	const started = performance.now();
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: ROOT, env: process.env });
		let output = '';
		child.stdout.on('data', (d: Buffer) => (output += d.toString()));
		child.stderr.on('data', (d: Buffer) => (output += d.toString()));
		child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, ms: performance.now() - started }));
	});
}

const results = await Promise.all(
	CHECKS.map((c) =>
		run(c).then((r) => {
			process.stdout.write(`${r.output}${r.output.endsWith('\n') || !r.output ? '' : '\n'}${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`} in ${(r.ms / 1000).toFixed(1)} s\n`);
			return r;
		}),
	),
);
process.exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
