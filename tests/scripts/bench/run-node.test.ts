// A bench step that fails says why: the line of its output that names the cause, not the last line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from '../../../scripts/bench/run-node.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A `node` step that writes `lines` to stderr, then exits with 1. */
const failingStep = (lines: string[]) => runNode(['-e', `${lines.map((l) => `console.error(${JSON.stringify(l)});`).join('')} process.exit(1);`], dir, join(dir, 'step.log'));

describe('a failed step', () => {
	it('names what stopped a build, not the line scripts/build.ts ends a failed build with', async () => {
		// A build of 1,000 reviews on a disk that filled up: the bench printed only the build's last line.
		const step = await failingStep([
			' generating static routes ',
			'Error: ENOSPC: no space left on device, write',
			'    at writeSync (node:fs:939:3)',
			'    at writeFileSync (node:fs:2437:20)',
			'build failed (exit 1); /tmp/ssd-catalog-x/1000/site/ is unchanged',
		]);
		expect(step.ok).toBe(false);
		expect(step.reason).toBe('exit 1: Error: ENOSPC: no space left on device, write');
	});

	it('names the last error line when no line names a cause more plainly', async () => {
		const step = await failingStep(['reading data/x.json', 'data/x.json line 3: field "bw": not a number', 'ingest failed: 1 file with errors']);
		expect(step.reason).toBe('exit 1: ingest failed: 1 file with errors');
	});
});
