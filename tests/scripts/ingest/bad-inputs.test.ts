// The bad-input corpus (tests/fixtures/bad/README.md): every case in one data folder beside a good review, one ingest
// within a time budget; each case gets exactly its expected problems, no stack trace, the previous output untouched.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/fixtures.ts';

const BAD = join(ROOT, 'tests/fixtures/bad');
const FIO_JSON = 'json-fio3.14-crucial-sata-randread.json';
const VDBENCH_FLATFILE = 'tests/fixtures/vdbench/vdbench50401_iorate-ramp-50-500-5000_2hosts-sdb_vdbconvert_flatfile.html';
const REVIEW_YAML = 'title: A review\nlanguage: en\ndevices_tested:\n  - device_id: good-device\n';
const BUDGET_MS = 60_000;

interface Problem {
	code: string;
	line?: number;
	field?: string;
	message?: string;
}
interface Expectation {
	/** What the case shows, for a format without comments (optional, not checked). */
	about?: string;
	file: string;
	errors: Problem[];
	warnings: Problem[];
}

const put = (path: string, content: string | Buffer) => {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, content);
};

function goodReview(root: string, id: string): void {
	put(join(root, 'reviews', id, 'review.yaml'), 'title: A good review\nlanguage: en\ndevices_tested:\n  - device_id: good-device\n');
	cpSync(join(ROOT, 'tests/fixtures/fio', FIO_JSON), join(root, 'reviews', id, 'raw', FIO_JSON));
}

/** Where a case of each kind goes in the data folder (its bytes as they are); returns the place its problems are reported under. */
const KINDS: Record<string, (root: string, id: string, text: Buffer, file: string) => string> = {
	'review-yaml': (root, id, text) => (put(join(root, 'reviews', id, 'review.yaml'), text), `reviews/${id}`),
	'device-yaml': (root, id, text) => (put(join(root, 'devices', `${id}.yaml`), text), `devices/${id}.yaml`),
	'runs-yaml': (root, id, text) => (goodReview(root, id), put(join(root, 'reviews', id, 'raw/runs.yaml'), text), `reviews/${id}`),
	// A log keeps fio's name (<prefix>_<metric>.<N>.log), so the case's file name is the log's; its review is the prefix.
	'fio-log': (root, id, text) => {
		const review = id.slice(0, id.indexOf('_'));
		goodReview(root, review);
		put(join(root, 'reviews', review, 'raw', `${id}.log`), text);
		return `reviews/${review}`;
	},
	// A result file of any format, alone in the raw/ of a review of its own.
	'raw-result': (root, id, text, file) => {
		put(join(root, 'reviews', id, 'review.yaml'), REVIEW_YAML);
		put(join(root, 'reviews', id, 'raw', file), text);
		return `reviews/${id}`;
	},
	// Figures transcribed from an article: the review's published.csv (its rows name the review and good-device).
	'published-csv': (root, id, text) => {
		put(join(root, 'reviews', id, 'review.yaml'), REVIEW_YAML);
		put(join(root, 'reviews', id, 'published.csv'), text);
		return `reviews/${id}`;
	},
	// A Vdbench parmfile.html read as the companion of a good flatfile.html of its folder (<id>_flatfile.html).
	'vdbench-parmfile': (root, id, text) => {
		put(join(root, 'reviews', id, 'review.yaml'), REVIEW_YAML);
		cpSync(join(ROOT, VDBENCH_FLATFILE), join(root, 'reviews', id, 'raw', `${id}_flatfile.html`));
		put(join(root, 'reviews', id, 'raw', `${id}_parmfile.html`), text);
		return `reviews/${id}`;
	},
};

const cases = readdirSync(BAD, { withFileTypes: true })
	.filter((d) => d.isDirectory())
	.flatMap((d) =>
		readdirSync(join(BAD, d.name))
			.filter((f) => !f.endsWith('.expect.json'))
			.map((f) => ({ kind: d.name, file: f, id: f.replace(/\.[^.]+$/, '') })),
	)
	.sort((a, b) => (a.kind + a.id < b.kind + b.id ? -1 : 1));

/** "error: <file>[:<line>]: <CODE> [<field>] <message>", as the CLI prints problems; a field may hold indexes ("jobs[0].read.bw"). */
const PROBLEM = /^(error|warning): (.+?)(?::(\d+))?: ([A-Z][A-Z0-9_]*)(?: \[((?:[^[\]]|\[[^\]]*\])+)\])? (.*)$/;

function hashes(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
		if (f.isFile()) out[join(f.parentPath, f.name)] = createHash('sha256').update(readFileSync(join(f.parentPath, f.name))).digest('hex');
	}
	return out;
}

const ingest = (data: string, out: string) =>
	spawnSync(process.execPath, [join(ROOT, 'scripts/ingest.ts'), '--data', data, '--out', out, '--max-warnings', '10000'], {
		cwd: ROOT,
		encoding: 'utf8',
		timeout: BUDGET_MS,
	});

describe('bad-input corpus (tests/fixtures/bad)', () => {
	const work = mkdtempSync(join(tmpdir(), 'bad-inputs-'));
	const data = join(work, 'data');
	const out = join(work, 'out');
	const places = new Map<string, string>();
	let run: ReturnType<typeof ingest>;
	let before: Record<string, string>;
	let problems: (Problem & { severity: string; file: string })[];
	afterAll(() => rmSync(work, { recursive: true, force: true }));

	beforeAll(() => {
		put(join(data, 'devices/good-device.yaml'), 'vendor: samsung\nmodel: Good\ncapacity: 480GB\n');
		goodReview(data, 'good-review');
		const first = ingest(data, out);
		expect(first.status, first.stderr).toBe(0);
		before = hashes(out);
		for (const c of cases) {
			const place = KINDS[c.kind]?.(data, c.id, readFileSync(join(BAD, c.kind, c.file)), c.file);
			if (place) places.set(`${c.kind}/${c.file}`, place);
		}
		run = ingest(data, out);
		problems = run.stderr
			.split('\n')
			.map((l) => PROBLEM.exec(l))
			.filter((m) => m !== null)
			.map(([, severity, file, line, code, field, message]) => ({
				severity: severity!,
				file: file!,
				code: code!,
				...(line ? { line: Number(line) } : {}),
				...(field ? { field } : {}),
				message: message!,
			}));
	}, 3 * BUDGET_MS);

	it('has a placement for every kind and an expectation for every case, with unique ids', () => {
		expect(cases.length).toBeGreaterThan(0);
		for (const c of cases) {
			expect(KINDS[c.kind], `no placement for kind ${c.kind} in KINDS`).toBeDefined();
			expect(readdirSync(join(BAD, c.kind)), `${c.kind}/${c.id}.expect.json`).toContain(`${c.id}.expect.json`);
		}
		const expectations = readdirSync(BAD, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.expect.json'));
		expect(expectations.length).toBe(cases.length);
		expect(new Set(places.values()).size).toBe(cases.length);
	});

	it('checks the whole batch in one run, within its time budget, without a stack trace, and fails', () => {
		expect(run.signal, `ingest still running after ${BUDGET_MS} ms`).toBeNull();
		expect(run.status, run.stderr).toBe(1);
		const lines = run.stderr.split('\n').filter(Boolean);
		expect(lines.filter((l) => !PROBLEM.test(l) && !/^ingest failed: /.test(l))).toEqual([]);
		expect(run.stderr).not.toMatch(/^\s+at /m);
	});

	it('leaves the previous output byte-identical', () => {
		expect(hashes(out)).toEqual(before);
	});

	it.each(cases.map((c) => [`${c.kind}/${c.file}`, c] as const))('%s', (name, c) => {
		const expected = JSON.parse(readFileSync(join(BAD, c.kind, `${c.id}.expect.json`), 'utf8')) as Expectation;
		const place = places.get(name)!;
		const mine = problems.filter((p) => p.file === place || p.file.startsWith(`${place}/`));
		const pick = (severity: string) =>
			mine.filter((p) => p.severity === severity).map(({ file, code, line, field, message }) => ({ file, code, line, field, message }));
		const want = (list: Problem[]) =>
			list.map((p) => ({
				file: expected.file,
				code: p.code,
				line: p.line,
				field: p.field,
				message: p.message === undefined ? expect.any(String) : expect.stringContaining(p.message),
			}));
		expect(pick('error')).toEqual(want(expected.errors));
		expect(pick('warning')).toEqual(want(expected.warnings));
	});
});
