// Logs find their run inside their own review: two reviews holding files of the same names (every review made
// with `npm run capture` does) must not share runs, and each log's latency unit comes from its own fio version.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { readTable } from '../../helpers/dataset-files.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const FIXTURES = join(ROOT, 'tests/fixtures/fio');
const work = mkdtempSync(join(tmpdir(), 'log-linking-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One review whose raw/ holds result.json and result_clat.1.log, whatever fio wrote them. */
function review(data: string, id: string, json: string, log: string): void {
	const dir = join(data, 'reviews', id);
	mkdirSync(join(dir, 'raw'), { recursive: true });
	writeFileSync(
		join(dir, 'review.yaml'),
		`title: ${id}\npublisher: test\nlanguage: en\ndevices_tested:\n  - device_id: ${id}-drive\n    role: subject\n`,
	);
	writeFileSync(join(data, 'devices', `${id}-drive.yaml`), `vendor: intel\nmodel: ${id}\n`);
	cpSync(join(FIXTURES, json), join(dir, 'raw/result.json'));
	cpSync(join(FIXTURES, log), join(dir, 'raw/result_clat.1.log'));
	writeFileSync(join(dir, 'raw/runs.yaml'), 'files:\n  - path: result_clat.1.log\n    run_of: result.json\n');
}


describe('logs of two reviews with identical file names', () => {
	const data = join(work, 'data');
	const out = join(work, 'out');
	beforeAll(async () => {
		mkdirSync(join(data, 'devices'), { recursive: true });
		// fio 2.18 logs latency in µs, fio 3.16 in ns: the names sort so that the 3.x review comes last.
		review(data, 'a-fio2', 'json-fio2.18-randread-qd1-nj1.json', 'log-fio2.18-randread_clat.1.log');
		review(data, 'b-fio3', 'json-fio3.16-raid5-randrw-fsync.json', 'log-fio3.16-raid5-randrw_clat.1.log');
		const report = await ingest({ dataDir: data, out });
		expect(report.errors.map((e) => e.format())).toEqual([]);
	});

	it('links each series to a run of its own review', async () => {
		const series = await readTable(out, 'series');
		expect(series).toHaveLength(2);
		for (const s of series) {
			expect(s.run_id, String(s.series_id)).not.toBeNull();
			expect(String(s.run_id).startsWith(`${s.review_id}:raw/result.json#`), `${s.series_id} → ${s.run_id}`).toBe(true);
		}
	});

	it("reads each log's latencies in its own fio version's unit", async () => {
		const points = await readTable(out, 'timeseries');
		const first = (id: string) => points.find((p) => p.series_id === `${id}:raw/result_clat.1.log` && Number(p.seq) === 1)!;
		// First lines: "507, 13694, 0, 0" (µs) and "429, 202375259, 1, 0" (ns).
		expect(first('a-fio2').lat_ns).toBe(13694 * 1000);
		expect(first('b-fio3').lat_ns).toBe(202375259);
	});
});
