// The downloads the ingest publishes beside the Parquet: each table file again as CSV, each partitioned table whole
// (one Parquet, one CSV), one archive per review and one of the whole dataset, and the manifests' and SHA256SUMS'
// checksums of all of it. Read back with readers apart from the writers: hyparquet for
// Parquet, a plain RFC 4180 reader for CSV, a zip reader written from the format (tests/helpers/zip-read.ts).
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { README_FILES_HEADING, README_NAME } from '../../../scripts/ingest/archive.ts';
import { ingest } from '../../../scripts/ingest/run.ts';
import {
	DATASET_ARCHIVE,
	csvHeader,
	fileColumns,
	partitionCsvFile,
	reviewArchiveFile,
	tableCsvFile,
	tableFile,
	type DatasetManifest,
	type FileRecord,
	type ReviewManifest,
} from '../../../src/lib/dataset-layout.ts';
import { readParquetRows } from '../../../src/lib/browser/parquet.ts';
import { TABLES, type Table } from '../../../src/lib/schema.ts';
import { diskBuffer } from '../../helpers/dataset-files.ts';
import { ROOT } from '../../helpers/fixtures.ts';
import { readZip } from '../../helpers/zip-read.ts';

type ZipEntry = ReturnType<typeof readZip>[number];

/** An archive's README lines `<sha256>  <name>`, checked against the entries after it (in order, with those hashes). */
function checkedReadme(entries: ZipEntry[]): string {
	const names = entries.map((e) => e.name);
	expect(names[0]).toBe(README_NAME);
	expect(names.slice(1)).toEqual([...names.slice(1)].sort());
	const readme = entries[0]!.data.toString('utf8');
	const listed = readme
		.slice(readme.indexOf(README_FILES_HEADING) + README_FILES_HEADING.length)
		.trim()
		.split('\n')
		.map((l) => l.split('  ') as [string, string]);
	expect(listed.map(([, name]) => name)).toEqual(names.slice(1));
	const byName = new Map(entries.map((e) => [e.name, e.data]));
	for (const [hash, name] of listed) expect(sha256(byName.get(name)!), name).toBe(hash);
	for (const e of entries) {
		// One fixed time (1980-01-01 12:00), no extra fields (no time stamp in UTC), Parquet stored as it is.
		expect([e.name, e.dosDate, e.dosTime, e.extraLength]).toEqual([e.name, (0 << 9) | (1 << 5) | 1, 12 << 11, 0]);
		if (e.name.endsWith('.parquet')) expect(e.method).toBe(0);
	}
	return readme;
}

const work = mkdtempSync(join(tmpdir(), 'downloads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

/** RFC 4180 records of a CSV file written by src/lib/csv.ts: null for an empty cell, '' for a quoted empty one. */
function readCsv(text: string): (string | null)[][] {
	expect(text.startsWith('\uFEFF')).toBe(true);
	expect(text.endsWith('\r\n')).toBe(true);
	const records: (string | null)[][] = [];
	let row: (string | null)[] = [];
	let i = 1;
	while (i < text.length) {
		let cell: string | null;
		if (text[i] === '"') {
			let end = i + 1;
			let value = '';
			for (;;) {
				const q = text.indexOf('"', end);
				value += text.slice(end, q);
				if (text[q + 1] === '"') end = q + 2;
				else {
					i = q + 1;
					break;
				}
				value += '"';
			}
			cell = value;
		} else {
			const end = text.slice(i).search(/,|\r\n/) + i;
			cell = end === i ? null : text.slice(i, end);
			i = end;
		}
		row.push(cell);
		if (text.startsWith('\r\n', i)) {
			records.push(row);
			row = [];
			i += 2;
		} else i += 1; // the comma
	}
	return records;
}

/** The text a formula-guarded cell stood for (src/lib/csv.ts: an apostrophe before a formula start). */
const unguard = (cell: string) => (/^'(?:[\t\r\0]|\s*[=+\-@＝＋－＠])/u.test(cell) ? cell.slice(1) : cell);

/** A CSV cell read as the column's type, to compare with what hyparquet reads from the Parquet file. */
function typed(cell: string | null, type: Table['columns'][number]['type']): unknown {
	if (cell === null) return null;
	if (type === 'BIGINT') return BigInt(cell);
	if (type === 'DOUBLE' || type === 'INTEGER') return Number(cell);
	if (type === 'BOOLEAN') return cell === 'true' ? true : cell === 'false' ? false : cell;
	return unguard(cell);
}

/** Checks a CSV file against its Parquet file; gives the rows compared. */
async function expectSameValues(out: string, table: Table, parquet: string, csv: string): Promise<number> {
	const columns = fileColumns(table);
	const fromParquet = await readParquetRows(diskBuffer(join(out, parquet)), columns);
	const [header, ...records] = readCsv(readFileSync(join(out, csv), 'utf8'));
	expect(header).toEqual(columns.map(csvHeader));
	expect(records.length, csv).toBe(fromParquet.length);
	records.forEach((record, r) => {
		const fromCsv = Object.fromEntries(columns.map((c, i) => [c.name, typed(record[i]!, c.type)]));
		// Exactly the same values: doubles to the last bit, bigints in full, text and nulls as they are.
		expect(fromCsv, `${csv} row ${r + 1}`).toStrictEqual(Object.fromEntries(columns.map((c) => [c.name, fromParquet[r]![c.name] ?? null])));
	});
	return records.length;
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => join(e.parentPath, e.name).slice(dir.length + 1).split('\\').join('/'))
		.sort();
}

describe('downloads of the bundled data', () => {
	const data = join(work, 'data');
	const out = join(work, 'out');
	let manifest: DatasetManifest;
	let reviews: ReviewManifest[];

	beforeAll(async () => {
		cpSync(join(ROOT, 'data'), data, { recursive: true });
		// A text a spreadsheet would run, and an empty text, among the data: both must come back as they were.
		const yaml = join(data, 'reviews/vdbconvert-2016-vdbench-iorate-ramp/review.yaml');
		writeFileSync(yaml, readFileSync(yaml, 'utf8').replace(/^author: .*$/m, 'author: "=HYPERLINK(\\"http://x\\")"').replace(/^title_en: null$/m, 'title_en: ""'));
		const report = await ingest({ dataDir: data, out });
		expect(report.errors).toEqual([]);
		manifest = readJson(join(out, 'manifest.json'));
		reviews = Object.values(manifest.reviews).map((r) => readJson<ReviewManifest>(join(out, r.path)));
	}, 120_000);

	it('each CSV holds the values of its Parquet file, read back from both', async () => {
		let compared = 0;
		for (const table of TABLES.filter((t) => !t.partitioned)) {
			const record = manifest.tables[table.name]!;
			expect(record.csv.path).toBe(tableCsvFile(table));
			expect(await expectSameValues(out, table, record.path, record.csv.path)).toBe(record.rows);
			compared++;
		}
		for (const m of reviews) {
			expect(Object.keys(m.csv)).toEqual(Object.keys(m.partitions));
			for (const [name, parquet] of Object.entries(m.partitions)) {
				const table = TABLES.find((t) => t.name === name)!;
				expect(m.csv[name]!.path).toBe(partitionCsvFile(table, m.review_id));
				expect(await expectSameValues(out, table, parquet.path, m.csv[name]!.path)).toBe(parquet.rows);
				compared++;
			}
		}
		expect(compared).toBeGreaterThan(30);
		// The formula stayed text, and came back as it was.
		const reviewsCsv = readFileSync(join(out, 'reviews.csv'), 'utf8');
		expect(reviewsCsv).toContain(`"'=HYPERLINK(""http://x"")"`);
	});

	it('each partitioned table whole: every partition\'s rows in review order in one Parquet file, review_id where the table has it, and its CSV', async () => {
		const byId = [...reviews].sort((a, b) => (a.review_id < b.review_id ? -1 : 1));
		let withRows = 0;
		for (const table of TABLES.filter((t) => t.partitioned)) {
			const record = manifest.tables[table.name]!;
			const whole = record.whole!;
			expect([whole.parquet.path, whole.csv.path]).toEqual([tableFile(table), tableCsvFile(table)]);
			expect([whole.parquet.rows, whole.csv.rows]).toEqual([record.rows, record.rows]);
			const rows = await readParquetRows(diskBuffer(join(out, whole.parquet.path)), table.columns);
			const fromPartitions = [];
			for (const m of byId) {
				const f = m.partitions[table.name];
				if (!f) continue;
				for (const row of await readParquetRows(diskBuffer(join(out, f.path)), fileColumns(table))) fromPartitions.push(table.columns.some((c) => c.name === 'review_id') ? { ...row, review_id: m.review_id } : row);
			}
			expect(rows.length, table.name).toBe(record.rows);
			expect(rows, table.name).toStrictEqual(fromPartitions);
			// Its CSV: the same values, every column (review_id included).
			expect(await expectSameValues(out, { ...table, partitioned: false }, whole.parquet.path, whole.csv.path)).toBe(record.rows);
			if (record.rows > 0) withRows++;
		}
		expect(withRows).toBe(TABLES.filter((t) => t.partitioned).length);
	});

	it('the whole dataset\'s archive holds every table whole and every raw file, and names each review\'s source and licence', () => {
		expect(manifest.archive.path).toBe(DATASET_ARCHIVE);
		const entries = readZip(readFileSync(join(out, DATASET_ARCHIVE)));
		const readme = checkedReadme(entries);
		const names = entries.slice(1).map((e) => e.name);
		const raw = reviews.flatMap((m) => m.raw.map((f) => f.path));
		// No CSV (the same values as the Parquet files), no review archive inside it: nothing published twice over.
		expect(names).toEqual([...TABLES.map((t) => tableFile(t)), ...raw].sort());
		for (const e of entries.slice(1)) expect(e.data.equals(readFileSync(join(out, e.name))), e.name).toBe(true);
		for (const m of reviews) expect(readme).toContain(`  ${m.review_id}: `);
		const section = (id: string) => readme.slice(readme.indexOf(`  ${id}: `)).split('\n').slice(1, 3).join('\n');
		// The project's own measurement: its source is this dataset, its licence the project's data licence.
		expect(section('lab-2026-virtual-disk-fio-sweep')).toBe(
			"    Source: this dataset (SSD review data): measured by the project itself with its capture kit (npm run capture)\n    Licence: CC0-1.0 (the project's data licence: raw files, figures, metadata and rows)",
		);
		expect(section('vdbconvert-2016-vdbench-iorate-ramp')).toMatch(/^ {4}Source: https:\/\/github\.com\/TheOtherOtherOperation\/vdbconvert\/.*\n {4}Licence: MIT \(/);
		expect(section('zdnet-2013-intel-dc-s3500')).toMatch(/^ {4}Source: not recorded\n {4}Licence: none granted by the source/);
		// The archive's bytes: Parquet stored, raw files deflated; less than the files it holds.
		expect(manifest.archive.bytes).toBeLessThan(entries.reduce((n, e) => n + e.data.length, 0));
	});

	it('every checksum of the manifests and of SHA256SUMS matches its file, and every file is listed', () => {
		const check = (f: Pick<FileRecord, 'path' | 'bytes' | 'sha256'>) => {
			const bytes = readFileSync(join(out, f.path));
			expect([f.path, bytes.length, sha256(bytes)]).toEqual([f.path, f.bytes, f.sha256]);
		};
		for (const t of Object.values(manifest.tables)) {
			if (t.partitioned) {
				check(t.whole!.parquet);
				check(t.whole!.csv);
				continue;
			}
			check({ path: t.path, bytes: t.bytes, sha256: t.sha256! });
			check({ path: t.csv.path, bytes: t.csv.bytes, sha256: t.csv.sha256! });
		}
		check(manifest.archive);
		for (const r of Object.values(manifest.reviews)) check(r);
		let listed = 0;
		for (const m of reviews) {
			for (const f of [...Object.values(m.partitions), ...Object.values(m.csv), ...m.raw, m.archive]) {
				check(f);
				listed++;
			}
			expect(m.archive.path).toBe(reviewArchiveFile(m.review_id));
		}
		// Totals of the partitioned tables add up from the reviews' files.
		for (const [name, t] of Object.entries(manifest.tables).filter(([, t]) => t.partitioned)) {
			expect(t.csv.bytes).toBe(reviews.reduce((n, m) => n + (m.csv[name]?.bytes ?? 0), 0));
		}
		const sums = readFileSync(join(out, 'SHA256SUMS'));
		const lines = sums.toString('utf8').trimEnd().split('\n');
		for (const line of lines) {
			const [hash, path] = line.split('  ');
			expect(sha256(readFileSync(join(out, path!))), path).toBe(hash);
		}
		expect(lines.map((l) => l.split('  ')[1])).toEqual(filesUnder(out).filter((p) => p !== 'manifest.json' && p !== 'SHA256SUMS'));
		expect(lines.length).toBeGreaterThan(listed);
		expect(manifest.dataset_version).toBe(sha256(sums));
		expect(manifest.generated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	it('each archive holds what its README says: the raw files, the YAML and the rows as published', () => {
		for (const m of reviews) {
			const entries = readZip(readFileSync(join(out, m.archive.path)));
			const names = entries.map((e) => e.name);
			const readme = checkedReadme(entries);
			const byName = new Map(entries.map((e) => [e.name, e.data]));
			// The entries are the published files themselves.
			const published = (path: string) => readFileSync(join(out, path));
			for (const [table, f] of Object.entries(m.partitions)) {
				expect(byName.get(`tables/${table}.parquet`)!.equals(published(f.path))).toBe(true);
				expect(byName.get(`tables/${table}.csv`)!.equals(published(m.csv[table]!.path))).toBe(true);
			}
			expect(names.filter((n) => n.startsWith('files/')).length).toBe(m.raw.length);
			for (const f of m.raw) {
				const source = m.inputs.find((i) => i.sha256 === f.sha256)!;
				expect(byName.get(`files/${source.path.slice(`reviews/${m.review_id}/`.length)}`)!.equals(published(f.path))).toBe(true);
			}
			expect(byName.get('metadata/review.yaml')!.equals(readFileSync(join(data, 'reviews', m.review_id, 'review.yaml')))).toBe(true);
			const review = readFileSync(join(data, 'reviews', m.review_id, 'review.yaml'), 'utf8');
			const licence = /^licence: (.+)$/m.exec(review)?.[1];
			expect(readme).toContain(`Licence: ${licence ?? 'none granted by the source'}`);
			expect(readme).toContain(`@misc{${m.review_id},`);
		}
		// A review with a runs.yaml has it among its metadata.
		const withSidecar = reviews.find((m) => m.inputs.some((i) => i.path.endsWith('/raw/runs.yaml')) || statSync(join(data, 'reviews', m.review_id, 'raw/runs.yaml'), { throwIfNoEntry: false }));
		expect(withSidecar).toBeDefined();
		expect(readZip(readFileSync(join(out, withSidecar!.archive.path))).some((e) => e.name === 'metadata/raw/runs.yaml')).toBe(true);
	});

	it('the archives and CSVs are byte-identical from ingest to ingest, whatever the time zone', async () => {
		const again = join(work, 'again');
		const tz = process.env.TZ;
		process.env.TZ = 'Pacific/Kiritimati';
		try {
			const report = await ingest({ dataDir: data, out: again });
			expect(report.errors).toEqual([]);
		} finally {
			if (tz === undefined) delete process.env.TZ;
			else process.env.TZ = tz;
		}
		const downloads = (dir: string) => filesUnder(dir).filter((p) => /^(archives|csv)\/|\.csv$|^[a-z_]+\.parquet$|\.zip$/.test(p));
		expect(downloads(again)).toEqual(downloads(out));
		expect(downloads(out).length).toBeGreaterThan(reviews.length);
		expect(downloads(out)).toContain(DATASET_ARCHIVE);
		expect(downloads(out).filter((p) => /^[a-z_]+\.parquet$/.test(p)).length).toBe(TABLES.length);
		for (const p of downloads(out)) expect(readFileSync(join(again, p)).equals(readFileSync(join(out, p))), p).toBe(true);
		expect(readFileSync(join(again, 'SHA256SUMS')).equals(readFileSync(join(out, 'SHA256SUMS')))).toBe(true);
	}, 120_000);

	it('a changed review gets a new archive; the others are taken over as they were', async () => {
		const changed = 'zdnet-2013-intel-dc-s3500';
		const yaml = join(data, 'reviews', changed, 'review.yaml');
		const before = Object.fromEntries(reviews.map((m) => [m.review_id, sha256(readFileSync(join(out, m.archive.path)))]));
		// The whole tables and the dataset's archive, by inode: taken over (linked), not written again, when nothing in them changed.
		const wholeFiles = [...TABLES.filter((t) => t.partitioned).flatMap((t) => [tableFile(t), tableCsvFile(t)]), DATASET_ARCHIVE];
		const inodes = () => wholeFiles.map((p) => statSync(join(out, p)).ino);
		const inodesBefore = inodes();
		writeFileSync(yaml, readFileSync(yaml, 'utf8') + '\n# a comment changes the file, and so the archive\n');
		const report = await ingest({ dataDir: data, out });
		expect([report.reviewsRead, report.reviewsReused]).toEqual([1, reviews.length - 1]);
		expect(inodes()).toEqual(inodesBefore);
		for (const m of reviews) {
			const now = sha256(readFileSync(join(out, reviewArchiveFile(m.review_id))));
			if (m.review_id === changed) expect(now).not.toBe(before[m.review_id]);
			else expect(now, m.review_id).toBe(before[m.review_id]);
		}
		const readme = readZip(readFileSync(join(out, reviewArchiveFile(changed))))[0]!.data.toString('utf8');
		expect(readme).toContain('Licence: none granted by the source');
		// A licence granted: the dataset's archive names it, so it is written again; the whole tables are not.
		const archiveBefore = sha256(readFileSync(join(out, DATASET_ARCHIVE)));
		writeFileSync(yaml, readFileSync(yaml, 'utf8').replace(/^url: null$/m, 'url: null\nlicence: CC-BY-4.0'));
		expect((await ingest({ dataDir: data, out })).errors).toEqual([]);
		expect(sha256(readFileSync(join(out, DATASET_ARCHIVE)))).not.toBe(archiveBefore);
		expect(readZip(readFileSync(join(out, DATASET_ARCHIVE)))[0]!.data.toString('utf8')).toContain(`  ${changed}: `);
		expect(readZip(readFileSync(join(out, DATASET_ARCHIVE)))[0]!.data.toString('utf8')).toMatch(/zdnet-2013-intel-dc-s3500: .*\n {4}Source: .*\n {4}Licence: CC-BY-4.0 \(/);
		expect(inodes().slice(0, -1)).toEqual(inodesBefore.slice(0, -1));
	}, 120_000);
});
