// An output no longer served is renamed out of the way and removed by a process of its own: every retired folder of
// that output goes, half-removed ones and two removals of one folder at once included, and nothing else beside it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { removeRetired, retire, retiredOutputs } from '../../scripts/retired-outputs.ts';

const work = mkdtempSync(join(tmpdir(), 'retired-outputs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tree(dir: string, files = 300): void {
	for (let k = 0; k < files; k++) {
		mkdirSync(join(dir, `d${k % 17}`, 'tables'), { recursive: true });
		writeFileSync(join(dir, `d${k % 17}`, 'tables', `f${k}.csv`), `${k}\n`);
	}
}

/** Waits until no retired folder of `target` is left (the removal runs in another process). */
async function removed(target: string): Promise<void> {
	for (const started = Date.now(); retiredOutputs(target).length > 0; ) {
		if (Date.now() - started > 20_000) throw new Error(`still there: ${retiredOutputs(target).join(', ')}`);
		await new Promise((ok) => setTimeout(ok, 50));
	}
}

it('removes every retired folder of an output in another process, and nothing else', async () => {
	const site = join(work, 'site');
	for (const dir of ['site', '.site-old', '.site-retired-1-2', 'site-retired', '.site-retired-retired-1-2', '.site-retired-x']) tree(join(work, dir));
	retire(join(work, '.site-old'), site);
	// The folder left by an interrupted removal and the output just retired; not another output's ("site-retired").
	expect(retiredOutputs(site).map((d) => d.slice(work.length + 1)).sort()).toEqual([expect.stringMatching(/^\.site-retired-\d+-\d+$/), '.site-retired-1-2'].sort());
	removeRetired(site);
	// A second removal of the same folders while the first runs.
	removeRetired(site);
	await removed(site);
	expect(readdirSync(work).sort()).toEqual(['.site-retired-retired-1-2', '.site-retired-x', 'site', 'site-retired']);
	expect(existsSync(join(work, 'site', 'd3', 'tables', 'f3.csv'))).toBe(true);
});

it('starts no removal when nothing is retired', () => {
	const empty = join(work, 'empty', 'site');
	expect(retiredOutputs(empty)).toEqual([]);
	removeRetired(empty);
	expect(existsSync(join(work, 'empty'))).toBe(false);
});
