// Raw files are published for download only when the ingest recognized them, and only under names that no static
// host serves as a page: a reviewer's .html or .svg must never run script on the site's origin.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, type IngestReport } from '../../../scripts/ingest/run.ts';
import type { ReviewManifest } from '../../../src/lib/dataset-layout.ts';
import { publishedRawFiles, rawCopyOf, reviewScope } from '../../../src/lib/build/manifest.ts';
import { ROOT } from '../../helpers/fixtures.ts';

const work = mkdtempSync(join(tmpdir(), 'raw-files-'));
const out = join(work, 'out');
const folder = join(work, 'evil-review');
let report: IngestReport;
let manifest: ReviewManifest;

beforeAll(async () => {
	mkdirSync(folder);
	const json = readFileSync(join(ROOT, 'tests/fixtures/fio/json-fio3.14-crucial-sata-randread.json'), 'utf8');
	writeFileSync(join(folder, 'result.json'), json);
	writeFileSync(join(folder, 'evil.html'), '<!doctype html><script>parent.pwned = 1</script>');
	writeFileSync(join(folder, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.pwned = 1</script></svg>');
	writeFileSync(join(folder, 'notes.txt'), 'what the reviewer noted\n');
	// Valid fio output to the parser (text before the JSON is skipped), a page to a browser.
	writeFileSync(join(folder, 'polyglot.html'), `<script>parent.pwned = 1</script>\n${json}`);
	cpSync(join(ROOT, 'tests/fixtures/fio/generated/gen-fio3.33-perio_clat.1.log'), join(folder, 'gen_clat.1.log'));
	report = await ingest({ paths: [folder], out });
	manifest = JSON.parse(readFileSync(join(out, 'manifests/evil-review.json'), 'utf8')) as ReviewManifest;
	process.env.SITE_DATA_DIR = out;
});

afterAll(() => {
	delete process.env.SITE_DATA_DIR;
	rmSync(work, { recursive: true, force: true });
});

describe('published raw files', () => {
	it('are the files the ingest read as benchmark output, under names no host renders', () => {
		expect(report.errors).toEqual([]);
		// polyglot.html is fio JSON too: published, as text
		expect(manifest.raw.map((f) => f.path)).toEqual(['raw/evil-review/gen_clat.1.log', 'raw/evil-review/polyglot.html.txt', 'raw/evil-review/result.json']);
		expect(readdirSync(join(out, 'raw/evil-review')).sort()).toEqual(['gen_clat.1.log', 'polyglot.html.txt', 'result.json']);
	});

	it('still lists every input with its hash, and says why a file was not read', () => {
		expect(manifest.inputs.map((i) => [i.path, i.format])).toEqual([
			['evil-review/evil.html', 'unknown'],
			['evil-review/gen_clat.1.log', 'fio-log'],
			['evil-review/notes.txt', 'unknown'],
			['evil-review/polyglot.html', 'fio-json'],
			['evil-review/result.json', 'fio-json'],
			['evil-review/x.svg', 'unknown'],
		]);
		const codes = report.warnings.filter((w) => w.code === 'UNKNOWN_FORMAT').map((w) => [w.file, w.code]);
		expect(codes.sort()).toEqual([
			['evil-review/evil.html', 'UNKNOWN_FORMAT'],
			['evil-review/notes.txt', 'UNKNOWN_FORMAT'],
			['evil-review/x.svg', 'UNKNOWN_FORMAT'],
		]);
	});

	it('are the only ones the site links', () => {
		const scope = reviewScope(['evil-review']);
		expect(rawCopyOf(scope, 'evil-review/result.json')?.path).toBe('raw/evil-review/result.json');
		expect(rawCopyOf(scope, 'evil-review/polyglot.html')?.path).toBe('raw/evil-review/polyglot.html.txt');
		expect(publishedRawFiles.has('evil-review/polyglot.html')).toBe(true);
		for (const f of ['evil.html', 'x.svg', 'notes.txt']) {
			expect(rawCopyOf(scope, `evil-review/${f}`), f).toBeUndefined();
			expect(publishedRawFiles.has(`evil-review/${f}`), f).toBe(false);
		}
	});
});
