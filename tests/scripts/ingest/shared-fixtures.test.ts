// Every real file of the other tools and of fio-wild goes through the whole ingest: each file alone, then every folder
// in one call (bare mode: a folder is a review). Read in place from ../shared/fixtures (most have no licence to copy).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../../scripts/ingest/run.ts';
import { SHARED_FIXTURES, SHARED_PRESENT, SHARED_SKIP_REASON, outputFoldersExcept } from '../../helpers/fixtures.ts';
import { readTable } from '../../helpers/dataset-files.ts';

/** fio's and Iometer's files are the corpus test's (tests/formats/corpus.test.ts). */
const FOLDERS = outputFoldersExcept('fio', 'iometer');
const work = mkdtempSync(join(tmpdir(), 'shared-fixtures-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every fixture file below a folder (MANIFESTs aside), and every folder holding some. */
function walk(dir: string): { files: string[]; folders: string[] } {
	const files: string[] = [];
	const folders: string[] = [];
	for (const name of readdirSync(dir).sort()) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) {
			const inner = walk(path);
			files.push(...inner.files);
			folders.push(...inner.folders);
		} else if (!name.endsWith('.md')) {
			if (!folders.includes(dir)) folders.push(dir);
			files.push(path);
		}
	}
	return { files, folders };
}

const all = SHARED_PRESENT ? FOLDERS.map((f) => walk(join(SHARED_FIXTURES, f))) : [];
const files = all.flatMap((w) => w.files);
const short = (path: string) => path.slice(SHARED_FIXTURES.length + 1);

describe.skipIf(!SHARED_PRESENT)('../shared/fixtures of DiskSpd, Vdbench, CrystalDiskMark, elbencho and fio-wild', () => {
	it.each(files.map((f) => [short(f), f] as const))('%s ingests alone', async (_, path) => {
		const report = await ingest({ paths: [path], out: join(work, 'alone') });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.warnings.filter((w) => w.code === 'UNKNOWN_FORMAT')).toEqual([]);
	});

	it('all ingest in one call, every file read, every folder a review with results', async () => {
		const folders = all.flatMap((w) => w.folders);
		const report = await ingest({ paths: folders, out: join(work, 'together') });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.files).toBe(files.length);
		expect(report.warnings.filter((w) => w.code === 'UNKNOWN_FORMAT')).toEqual([]);
		expect(report.manifest!.tables.reviews!.rows).toBe(folders.length);
		// Vdbench interval rows and DiskSpd XML buckets belong to a run of their own file: their series link to it.
		const series = await readTable(join(work, 'together'), 'series');
		const ofRuns = series.filter((r) => /^(vdbench|diskspd):.*\.(html|xml)#/.test(String(r.series_id)));
		expect(ofRuns.length).toBeGreaterThan(0);
		expect(ofRuns.filter((r) => r.run_id === null)).toEqual([]);
		// Every series and direction has its steady-state verdict (SNIA PTS rule), judged or not.
		const points = await readTable(join(work, 'together'), 'timeseries');
		const steady = await readTable(join(work, 'together'), 'steady_state');
		const pairs = (rows: Record<string, unknown>[]) => [...new Set(rows.map((r) => `${r.series_id} ${r.direction}`))].sort();
		expect(pairs(steady)).toEqual(pairs(points));
		expect(steady.some((r) => r.attained === true)).toBe(true);
		// fio-wild's 4-column clat logs sit apart from their result files: nothing tells µs from ns, so they are left out.
		expect(report.warnings.filter((w) => w.code === 'LOG_SKIPPED').map((w) => w.file)).toEqual([
			'log/fio2.2.10_chris-sanders_erasure-rw4k-KERNEL_clat.log',
			'log/fio3.1_chris-sanders_nvme-rw4k-KERNEL_clat.log',
		]);
	});

	it('a 4-column clat log beside the result file its name extends takes that fio version (3.1: ns)', async () => {
		const dir = join(work, 'nvme-rw4k');
		mkdirSync(dir);
		const wild = join(SHARED_FIXTURES, 'fio-wild');
		copyFileSync(join(wild, 'text/fio3.1_chris-sanders_nvme-rw4k.out'), join(dir, 'fio3.1_chris-sanders_nvme-rw4k.out'));
		copyFileSync(join(wild, 'log/fio3.1_chris-sanders_nvme-rw4k-KERNEL_clat.log'), join(dir, 'fio3.1_chris-sanders_nvme-rw4k-KERNEL_clat.log'));
		const out = join(work, 'linked');
		const report = await ingest({ paths: [dir], out });
		expect(report.errors.map((e) => e.format())).toEqual([]);
		expect(report.warnings.filter((w) => w.code === 'LOG_SKIPPED')).toEqual([]);
		const [series] = await readTable(out, 'series');
		expect(series).toMatchObject({ metric: 'clat', run_id: expect.stringMatching(/^nvme-rw4k:fio3\.1_chris-sanders_nvme-rw4k\.out#/) });
		// Line 1 of the log: 946773 (ns in fio 3.1; µs would make it 0.95 s)
		expect((await readTable(out, 'timeseries'))[0]).toMatchObject({ seq: 1n, lat_ns: 946773 });
	});
});

if (!SHARED_PRESENT) it.skip(SHARED_SKIP_REASON, () => {});
