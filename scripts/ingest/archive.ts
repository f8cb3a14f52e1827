// The archives (.zip made with yazl). One review's: its raw files, its metadata YAML, its rows as CSV and Parquet, and
// a README with its source, licence, how to cite it and the SHA-256 of every other entry. The whole dataset's: every
// table whole as Parquet and every raw file (the CSVs, the same values, are left out: they are one link away), with a
// README giving each review's source and licence and the SHA-256 of every other entry. The same files give the same
// bytes: entries in code-point order, one fixed time and mode, no extra timestamp field, and Node's own zlib.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { DATASET_TITLE, reviewCitation } from '../../src/lib/citation.ts';
import { isOwnMeasurement } from '../../src/lib/review-source.ts';
import type { ReviewRow } from '../../src/lib/schema.ts';
import { byCodePoint } from './files.ts';

/** A file to put in the archive: its name there, where it is on disk, its size and hash. */
export interface ArchiveEntry {
	name: string;
	file: string;
	bytes: number;
	sha256: string;
}

export const README_NAME = 'README.txt';
/** The README's list of entries begins after this line, one `<sha256>  <name>` a line (as `sha256sum -c` reads it). */
export const README_FILES_HEADING = 'Files (SHA-256, for sha256sum -c):';

// A zip stores local time without a zone, and yazl reads a Date's local fields: a Date made from local fields, when
// it is used (the zone may change while the process runs), is the same stored time in every time zone (noon, which no
// daylight-saving change skips).
const fixedTime = () => new Date(1980, 0, 1, 12, 0, 0);
const FILE_MODE = 0o100644;
/** Already compressed: stored as they are. */
const STORED = /\.parquet$/;
/** From this size on (a long fio log, its timeseries CSV) an entry is deflated at level 1: 3.4× faster than the
 * default 6 on a per-I/O log's CSV, 12 % larger. Smaller files never cost enough to matter. */
const FAST_DEFLATE_BYTES = 64 << 20;

function compressionLevel(e: ArchiveEntry): number {
	if (STORED.test(e.name)) return 0;
	return e.bytes >= FAST_DEFLATE_BYTES ? 1 : 6;
}

/** The review's data version: the SHA-256 of the README's list of entries, so of every entry but the README. */
export function archiveVersion(entries: readonly ArchiveEntry[]): string {
	return createHash('sha256').update(fileList(entries)).digest('hex');
}

function fileList(entries: readonly ArchiveEntry[]): string {
	return sorted(entries)
		.map((e) => `${e.sha256}  ${e.name}\n`)
		.join('');
}

const sorted = (entries: readonly ArchiveEntry[]) => [...entries].sort((a, b) => byCodePoint(a.name, b.name));

/** Where a review's data comes from, in words: its URL, this dataset for the project's own measurement, or none. */
export function sourceText(review: Pick<ReviewRow, 'url' | 'publisher'>): string {
	if (review.url) return review.url;
	if (isOwnMeasurement(review)) return `this dataset (${DATASET_TITLE}): measured by the project itself with its capture kit (npm run capture)`;
	return 'not recorded';
}

/** The licence a review's data is under, in words. */
export function licenceText(review: Pick<ReviewRow, 'licence' | 'publisher'>): string {
	if (review.licence && isOwnMeasurement(review)) return `${review.licence} (the project's data licence: raw files, figures, metadata and rows)`;
	if (review.licence) return `${review.licence} (the raw files and figures, as their source grants it; the metadata and normalized rows are under the dataset repository's licence)`;
	return "none granted by the source: the numbers are transcribed facts; cite the original (see the dataset's data/README.md)";
}

export function archiveReadme(review: ReviewRow, entries: readonly ArchiveEntry[]): string {
	const version = archiveVersion(entries);
	const cite = reviewCitation(review, version);
	const line = (label: string, value: string | number | null) => `${label}: ${value ?? 'not recorded'}`;
	return [
		`${review.title}`,
		'',
		line('Review', review.review_id),
		...(review.title_en ? [line('Title (English)', review.title_en)] : []),
		line('Publisher', review.publisher),
		line('Author', review.author),
		line('Date', review.date ?? review.year),
		line('Source', sourceText(review)),
		line('Licence', licenceText(review)),
		line('Data version', version),
		'',
		'Contents:',
		'  metadata/   the review.yaml and runs.yaml (when it has one) the data was read with',
		'  files/      the raw files the ingest read as benchmark output, byte for byte (paths as in the review folder)',
		'  tables/     the review\'s rows of each table, as Parquet and as CSV (the same values; units in the CSV headers;',
		'              text a spreadsheet would run as a formula starts with an apostrophe)',
		'',
		'How to cite:',
		`  ${cite.text}`,
		'',
		cite.bibtex,
		'',
		README_FILES_HEADING,
		fileList(entries),
	].join('\n');
}

/** The whole dataset's README: what the archive holds, each review's source and licence, and every entry's SHA-256. */
export function datasetArchiveReadme(reviews: readonly ReviewRow[], entries: readonly ArchiveEntry[]): string {
	const version = archiveVersion(entries);
	const sources = [...reviews]
		.sort((a, b) => byCodePoint(a.review_id, b.review_id))
		.flatMap((r) => [`  ${r.review_id}: ${r.title_en ?? r.title}`, `    Source: ${sourceText(r)}`, `    Licence: ${licenceText(r)}`]);
	return [
		`${DATASET_TITLE}: the whole dataset`,
		'',
		`Data version: ${version} (the SHA-256 of the file list below)`,
		'',
		'Contents (the paths of the published dataset folder):',
		"  <table>.parquet   every table whole, one file each (every review's rows, review_id a column where the table has",
		"                    one); the column dictionary is data/COLUMNS.md of the repository and the site's /columns/ page",
		'  raw/              the raw files the ingest read as benchmark output, byte for byte (".txt" added to names a',
		'                    browser could render); each review\'s YAML is in its own archive, archives/<review_id>.zip',
		'  The same tables as CSV (<table>.csv) and each review\'s files are downloads of their own, beside this archive.',
		'',
		'How to cite: cite the dataset with this data version, and each review you use by its source (below).',
		'',
		'Sources and licences, by review:',
		...sources,
		'',
		README_FILES_HEADING,
		fileList(entries),
	].join('\n');
}

/** Writes an archive to `path`: its README (archiveReadme or datasetArchiveReadme) first, then the entries by name. */
export async function writeArchive(path: string, readme: string, entries: readonly ArchiveEntry[]): Promise<void> {
	const zip = new ZipFile();
	const common = { mtime: fixedTime(), mode: FILE_MODE, forceDosTimestamp: true };
	const out = createWriteStream(path);
	zip.on('error', (err: Error) => out.destroy(err));
	zip.outputStream.pipe(out);
	zip.addBuffer(Buffer.from(readme), README_NAME, { ...common, compress: true });
	for (const e of sorted(entries)) zip.addFile(e.file, e.name, { ...common, compressionLevel: compressionLevel(e) });
	zip.end();
	await finished(out);
}
