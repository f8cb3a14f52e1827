// Running fio (argument arrays, never a shell) and reading back the few numbers the kit needs
// for progress lines and the rate-step reference. The dataset itself is parsed at ingest.
import { spawn, spawnSync } from 'node:child_process';

export interface FioExit {
	ok: boolean;
	status: number | null;
	signal: string | null;
	stdout: string;
	stderr: string;
	durationMs: number;
	/** Spawn failure (ENOENT, timeout). */
	spawnError: string | null;
}

export function runFio(args: string[], cwd: string, timeoutMs: number): FioExit {
	const started = performance.now();
	const r = spawnSync('fio', args, { cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
	return {
		ok: r.status === 0 && !r.error,
		status: r.status,
		signal: r.signal,
		stdout: r.stdout ?? '',
		stderr: r.stderr ?? '',
		durationMs: performance.now() - started,
		spawnError: r.error ? r.error.message : null,
	};
}

/**
 * fio as a child process that keeps the event loop free, so SIGINT/SIGTERM reach the kit while a
 * point runs. `abort` interrupts fio with SIGINT (it then writes the results it has).
 */
export function runFioAsync(args: string[], cwd: string, timeoutMs: number, abort: AbortSignal): Promise<FioExit> {
	return new Promise((done) => {
		const started = performance.now();
		const child = spawn('fio', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let spawnError: string | null = null;
		let settled = false;
		child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
		const timer = setTimeout(() => {
			spawnError = `timed out after ${timeoutMs} ms`;
			child.kill('SIGKILL');
		}, timeoutMs);
		const onAbort = () => child.kill('SIGINT');
		abort.addEventListener('abort', onAbort, { once: true });
		const finish = (status: number | null, signal: string | null) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			abort.removeEventListener('abort', onAbort);
			const ok = status === 0 && spawnError === null;
			done({ ok, status, signal, stdout, stderr, durationMs: performance.now() - started, spawnError });
		};
		child.on('error', (e) => {
			spawnError = e.message;
			if (child.pid === undefined) finish(null, null);
		});
		child.on('close', (status, signal) => finish(status, signal));
	});
}

export function fioVersion(): string | null {
	const r = spawnSync('fio', ['--version'], { encoding: 'utf8' });
	// "fio-3.33" → "3.33": the tool name is recorded beside it.
	return r.status === 0 ? r.stdout.trim().replace(/^fio-/, '') : null;
}

/** fio writes warnings ("fio: …") into the same stream before the JSON: parse from the first line starting with "{". */
export function extractJson(text: string): unknown {
	const m = /^\{/m.exec(text);
	if (!m) return null;
	const end = text.lastIndexOf('}');
	if (end < m.index) return null;
	try {
		return JSON.parse(text.slice(m.index, end + 1));
	} catch {
		return null;
	}
}

export interface PointSummary {
	iops: number;
	bwBytesPerSec: number;
	/** Mean completion-to-submission latency over all I/Os, ns; null when no I/O. */
	meanLatNs: number | null;
	/** First non-zero job error (errno), 0 when none. */
	error: number;
	totalIos: number;
}

interface DirStats {
	iops?: number;
	bw_bytes?: number;
	total_ios?: number;
	lat_ns?: { mean?: number };
}

/** Totals of a fio 3.x JSON document across jobs and read/write directions. */
export function summarizeFioJson(doc: unknown): PointSummary | null {
	const jobs = (doc as { jobs?: unknown })?.jobs;
	if (!Array.isArray(jobs) || jobs.length === 0) return null;
	let iops = 0;
	let bw = 0;
	let ios = 0;
	let latWeighted = 0;
	let error = 0;
	for (const job of jobs as Record<string, unknown>[]) {
		if (typeof job.error === 'number' && job.error !== 0 && error === 0) error = job.error;
		for (const dir of ['read', 'write', 'trim'] as const) {
			const s = job[dir] as DirStats | undefined;
			if (!s || !s.total_ios) continue;
			iops += s.iops ?? 0;
			bw += s.bw_bytes ?? 0;
			ios += s.total_ios;
			latWeighted += (s.lat_ns?.mean ?? 0) * s.total_ios;
		}
	}
	return { iops, bwBytesPerSec: bw, meanLatNs: ios > 0 ? latWeighted / ios : null, error, totalIos: ios };
}

/** A tiny read-only fio run: does this engine (and O_DIRECT) work on the target? */
export function probeIo(cwd: string, filename: string, ioengine: string, direct: boolean): { ok: boolean; message: string } {
	const r = runFio(
		[
			'--name=capture-probe',
			`--filename=${filename}`,
			'--rw=read',
			'--bs=4k',
			'--size=4096',
			`--ioengine=${ioengine}`,
			`--direct=${direct ? 1 : 0}`,
			'--output-format=json',
			'--eta=never',
		],
		cwd,
		60_000,
	);
	const summary = summarizeFioJson(extractJson(r.stdout));
	if (r.ok && summary && summary.error === 0 && summary.totalIos > 0) return { ok: true, message: 'ok' };
	const why = [r.spawnError, r.stderr.trim(), summary?.error ? `error ${summary.error}` : null].filter(Boolean).join('; ');
	return { ok: false, message: why || `fio exited with status ${r.status}` };
}
