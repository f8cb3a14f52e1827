// A child `node` process as the benches run it: wall time, and peak RSS as GNU time's %M (the largest resident set of
// the child or of any descendant it waited for, not their sum); without /usr/bin/time, the child's VmHWM sampled from
// /proc every 200 ms. Beside it the peak of the sum of its process tree's resident sets, sampled every 200 ms (a
// build runs one Astro process per core).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';

export const TIME = '/usr/bin/time';

export interface Step {
	ok: boolean;
	ms: number;
	peakRssKb: number | null;
	/** The largest sum of the resident sets of the child and its descendants, as sampled. */
	peakTreeRssKb: number;
	/** Why it failed: exit status or signal, and the line of its output that names the cause. */
	reason: string;
	output: string;
}

const statusKb = (pid: number, field: 'VmHWM' | 'VmRSS'): number => {
	try {
		return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
	} catch {
		return 0;
	}
};

/** The resident sets of `pid` and of every process under it, summed (0 for a process gone). */
function treeRssKb(pid: number): number {
	let children: number[] = [];
	try {
		children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
	} catch {
		return 0;
	}
	return statusKb(pid, 'VmRSS') + children.reduce((sum, child) => sum + treeRssKb(child), 0);
}

function failure(code: number | null, signal: string | null, timeLines: string[], output: string): string {
	const killed = timeLines.map((l) => /terminated by signal (\d+)/.exec(l)?.[1]).find(Boolean);
	const status = killed ? `signal ${killed}` : signal ? `signal ${signal}` : `exit ${code}`;
	// Stack frames (V8's native ones too) name no cause, nor does the line scripts/build.ts ends a failed build with.
	const lines = output
		.split('\n')
		.map((l) => l.trim())
		.filter((l) => l && !/^(\d+: 0x|at |Stack trace:|Location:|build failed \(exit \d+\))/.test(l));
	const cause = lines.findLast((l) => /out of memory|no space left|fatal|killed/i.test(l)) ?? lines.findLast((l) => /error|cannot|failed|not found/i.test(l));
	return `${status}: ${(cause ?? lines.at(-1) ?? '').slice(0, 120)}`;
}

/** Runs `node <args>` in `cwd`, its output to `logPath`. */
export async function runNode(args: string[], cwd: string, logPath: string, env: NodeJS.ProcessEnv = process.env): Promise<Step> {
	const timed = existsSync(TIME);
	const rssPath = `${logPath}.time`;
	const log = openSync(logPath, 'w');
	const started = performance.now();
	const child = timed
		? spawn(TIME, ['-f', '%M', '-o', rssPath, process.execPath, ...args], { cwd, env, stdio: ['ignore', log, log] })
		: spawn(process.execPath, args, { cwd, env, stdio: ['ignore', log, log] });
	closeSync(log);
	let [hwm, tree] = [0, 0];
	const poll = setInterval(() => {
		if (!timed) hwm = Math.max(hwm, statusKb(child.pid!, 'VmHWM'));
		tree = Math.max(tree, treeRssKb(child.pid!));
	}, 200);
	const [code, signal] = await new Promise<[number | null, string | null]>((ok) => {
		child.on('error', () => ok([null, 'spawn error']));
		child.on('close', (c, s) => ok([c, s]));
	});
	const ms = performance.now() - started;
	clearInterval(poll);
	const timeLines = timed && existsSync(rssPath) ? readFileSync(rssPath, 'utf8').trim().split('\n') : [];
	const peakRssKb = (timed ? Number(timeLines.at(-1)) : hwm) || null;
	const output = readFileSync(logPath, 'utf8');
	return { ok: code === 0, ms, peakRssKb, peakTreeRssKb: tree, reason: code === 0 ? '' : failure(code, signal, timeLines, output), output };
}

