// Two ingests into one output never destroy each other's work: the output is locked by a file beside it that names
// the holder's pid. A second ingest waits for it, or stops after its wait naming the lock and the pid; a lock left by
// a process that is gone is taken over.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetManifest } from '../../../src/lib/dataset-layout.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const work = mkdtempSync(join(tmpdir(), 'ingest-lock-'));
const folder = join(work, 'locked-drive');
const out = join(work, 'out');
const lock = join(work, '.out-lock');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function startCli(args: string[]) {
	const child = spawn(process.execPath, [join(ROOT, 'scripts/ingest.ts'), ...args], { cwd: ROOT });
	const run = { child, stderr: '', done: new Promise<number | null>((ok) => child.on('close', ok)) };
	child.stderr.on('data', (c: Buffer) => (run.stderr += c.toString()));
	return run;
}

async function runCli(args: string[]): Promise<{ status: number | null; stderr: string }> {
	const run = startCli(args);
	return { status: await run.done, stderr: run.stderr };
}

async function until(condition: () => boolean): Promise<void> {
	const deadline = performance.now() + 30_000;
	while (!condition()) {
		if (performance.now() > deadline) throw new Error('timed out');
		await new Promise((ok) => setTimeout(ok, 5));
	}
}

function hashes(dir: string): Record<string, string> {
	const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
	return Object.fromEntries(files.map((e) => [join(e.parentPath, e.name).slice(dir.length + 1), createHash('sha256').update(readFileSync(join(e.parentPath, e.name))).digest('hex')]));
}

/** The output is whole: SHA256SUMS lists every file with its hash, and nothing is left beside it. */
function expectWhole(): void {
	const all = hashes(out);
	const sums = readFileSync(join(out, 'SHA256SUMS'), 'utf8').trim().split('\n').map((l) => l.split('  '));
	expect(Object.fromEntries(sums.map(([sha, path]) => [path, sha]))).toEqual(Object.fromEntries(Object.entries(all).filter(([p]) => p !== 'manifest.json' && p !== 'SHA256SUMS')));
	expect(Object.keys((JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as DatasetManifest).reviews)).toEqual(['locked-drive']);
	expect(readdirSync(work).sort()).toEqual(['locked-drive', 'out']);
}

const noStackTrace = /\n\s+at /;

beforeAll(() => {
	mkdirSync(folder);
	for (const f of ['json-fio3.14-crucial-sata-randread.json', 'json-fio2.18-randread-qd1-nj1.json', 'generated/gen-fio3.33-jsonplus-randrw-perio-logs.json']) {
		cpSync(join(ROOT, 'tests/fixtures/fio', f), join(folder, f.split('/').pop()!));
	}
	// A log long enough that the ingest spends a while writing it.
	const lines = Array.from({ length: 200_000 }, (_, i) => `${i}, ${100_000 + (i % 5000)}, ${i % 2}, 4096, ${i * 4096}, 0x0000\n`);
	writeFileSync(join(folder, 'gen_clat.1.log'), lines.join(''));
});

describe('two ingests into one output', () => {
	it('at once: the second waits for the first, both succeed and the output is whole', async () => {
		// The first is stopped halfway through writing its temporary output, and let go once the second has started.
		const first = startCli([folder, '--out', out]);
		await until(() => existsSync(join(work, `.out-tmp-${first.child.pid}`, 'runs')));
		process.kill(first.child.pid!, 'SIGSTOP');
		const second = startCli([folder, '--out', out]);
		let secondStatus: number | null | undefined;
		void second.done.then((s) => (secondStatus = s));
		await until(() => secondStatus !== undefined || /waiting/.test(second.stderr));
		process.kill(first.child.pid!, 'SIGCONT');
		for (const [run, status] of [[first, await first.done], [second, await second.done]] as const) {
			expect(status, run.stderr).toBe(0);
			expect(run.stderr).not.toMatch(noStackTrace);
		}
		expect(second.stderr).toMatch(new RegExp(`waiting: .*another ingest \\(pid ${first.child.pid}`));
		expectWhole();
	});

	it('while another holds the lock past --wait: stops naming lock and pid, exit 1, no stack trace, output untouched', async () => {
		const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
		try {
			writeFileSync(lock, `${holder.pid}\n`);
			const before = hashes(out);
			const r = await runCli([folder, '--out', out, '--wait', '1']);
			expect(r.status).toBe(1);
			expect(r.stderr).toContain(`pid ${holder.pid}`);
			expect(r.stderr).toContain(lock);
			expect(r.stderr).not.toMatch(noStackTrace);
			expect(hashes(out)).toEqual(before);
			expect(readFileSync(lock, 'utf8')).toBe(`${holder.pid}\n`);
		} finally {
			holder.kill();
			await new Promise((ok) => holder.once('exit', ok));
		}
	});

	it('takes over a lock whose process is gone', async () => {
		// The lock of the previous test names a process that has exited.
		expect(existsSync(lock)).toBe(true);
		const r = await runCli([folder, '--out', out]);
		expect(r.status, r.stderr).toBe(0);
		expectWhole();
	});
});
