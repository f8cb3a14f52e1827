// The finder's files (src/lib/find/layout.ts): bands of queue depths and rates, the columns and facts the files carry,
// and the chart's files, which give each drawn curve whole, drawn as from all the rows — on the bundled reviews and on
// a generated catalog. That the pages answer as all the rows do is tests/lib/find/paged.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../scripts/bench/synthetic-catalog.ts';
import { findAnswer } from '../../../src/lib/find/answer.ts';
import { expandRow, type FinderFamilies } from '../../../src/lib/find/family.ts';
import {
	ANSWER_COLUMNS,
	bandIntervalOf,
	bandOf,
	bandOfQuery,
	CHART_COLUMNS,
	chartRowsOf,
	FINDER_CHART_CURVES,
	familyFiles,
	finderCurvesPath,
	type FinderFamilyFiles,
	type FinderPage,
	type FinderTable,
} from '../../../src/lib/find/layout.ts';
import { perDriveRow } from '../../../src/lib/compare/per-drive.ts';
import { chartOptions, renderChart } from '../../../src/lib/site/chart-kinds.ts';
import { DEFAULT_VIEW } from '../../../src/lib/site/view.ts';
import { snapshotMarkup, testDocument } from '../charts/render.ts';
import { queryOf } from '../../../src/lib/find/query.ts';
import type { RunRow } from '../../../src/lib/schema.ts';
import { ROOT } from '../../helpers/fixtures.ts';
import { ingestedFamilies } from '../../helpers/finder-families.ts';

let work: string;

let bundled: FinderFamilies;
let catalog: FinderFamilies;

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'finder-layout-'));
	bundled = await ingestedFamilies(join(ROOT, 'data'), join(work, 'bundled'));
	generateCatalog(24, join(work, 'catalog'));
	catalog = await ingestedFamilies(join(work, 'catalog'), join(work, 'catalog-dataset'));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const QDS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100, 128, 200, 256, 512, 1000, 100_000];
const RATES = [10, 500, 2_000, 5_000, 10_000, 16_544, 20_000, 30_000, 50_000, 100_000, 150_000, 300_000, 600_000, 1_000_000, 5_000_000, 1e9];

/** Every question asked of a family: loads across and beyond its bands, with and without bounds. */
function questions(key: string): string[] {
	const [access, read, bs] = key.split('-');
	const w = `access=${access}&read=${read}&bs=${bs}`;
	return [...QDS.map((qd) => `${w}&qd=${qd}`), ...QDS.map((qd) => `${w}&qd=${qd}&p99=200`), ...RATES.map((r) => `${w}&rate=${r}`), ...RATES.map((r) => `${w}&rate=${r}&p99=1000&mean=300`)];
}

const chartDocument = testDocument();
/** Charts already compared (a drawn set of curves once). */
const charted = new Set<string>();

/** The files as the page reads them: through JSON. */
const asRead = <T>(x: T): T => JSON.parse(JSON.stringify(x));

function checkFamilies(families: FinderFamilies): { questions: number } {
	let asked = 0;
	for (const entry of families.list) {
		const family = families.files.get(entry.key)!;
		const files: FinderFamilyFiles = familyFiles(entry, family);
		// The whole family as the page read it before: one file, its rows expanded.
		const whole = { ...family, runs: family.runs.map(expandRow) };
		const curves = new Map(Array.from({ length: files.head.curveFiles }, (_, n) => [n, asRead(files.files.get(finderCurvesPath(entry.key, n)) as FinderTable)]));
		for (const text of questions(entry.key)) {
			const q = queryOf(new URLSearchParams(text))!;
			const full = findAnswer(q, whole);
			// The chart's curves, whole, in the answer's order, from the chart files: drawn as from all the rows.
			const drawn = full.ranked[0]?.slice(0, FINDER_CHART_CURVES) ?? [];
			const fromFiles = chartRowsOf(drawn, curves, files.head.curveFiles);
			const fromAll = drawn.flatMap((c) => c.points.map((p) => p.row));
			const byChart = (rows: RunRow[]) => rows.map((r) => CHART_COLUMNS.map((c) => r[c]));
			expect(byChart(fromFiles), text).toEqual(byChart(fromAll));
			if (drawn.length) {
				const kind = q.rate_iops !== null ? 'lvi' : 'qd';
				const key = `${kind} ${JSON.stringify(byChart(fromAll))}`;
				if (!charted.has(key)) {
					charted.add(key);
					const options = chartOptions({ fixed: {} }, DEFAULT_VIEW, { lang: 'en', deviceLabels: {}, document: chartDocument });
					const draw = (rows: RunRow[]) => {
						const c = renderChart(kind, rows.map(perDriveRow), options);
						return [snapshotMarkup(c.element), c.summary, JSON.stringify(c.table)];
					};
					expect(draw(fromFiles), text).toEqual(draw(fromAll));
				}
			}
			asked++;
		}
	}
	return { questions: asked };
}

describe('the finder files', () => {
	it('band rates by powers of two, and queue depths by each measured one and those between two', () => {
		expect([0.5, 1, 2, 3, 4, 7, 8, 1023, 1024, 1025].map(bandOf)).toEqual([0, 0, 1, 2, 2, 3, 3, 10, 10, 11]);
		const head = { bands: { qd: [1, 4, 32], rate: [10, 12] as [number, number] } };
		expect([1, 2, 3, 4, 5, 31, 32, 33, 4096].map((qd) => bandOfQuery(head, { outstanding: qd, rate_iops: null }).band)).toEqual([1, 2, 2, 3, 4, 4, 5, 6, 6]);
		expect(bandIntervalOf(head.bands, 'qd', 1)).toEqual({ low: 1, lowIn: true, high: 1 });
		expect(bandIntervalOf(head.bands, 'qd', 4)).toEqual({ low: 5, lowIn: true, high: 31 });
		expect(bandIntervalOf(head.bands, 'qd', 6)).toEqual({ low: 33, lowIn: true, high: Infinity });
		expect(bandOfQuery(head, { outstanding: null, rate_iops: 3000 })).toEqual({ kind: 'rate', band: 12 });
		expect(bandOfQuery(head, { outstanding: null, rate_iops: 600 })).toEqual({ kind: 'rate', band: 10 });
		expect(bandIntervalOf(head.bands, 'rate', 11)).toEqual({ low: 1024, lowIn: false, high: 2048 });
	});

	it('draw the chart’s curves from the chart files as from all the rows, on the bundled reviews', () => {
		expect(checkFamilies(bundled).questions).toBeGreaterThan(bundled.list.length * 60);
	});

	it('draw the chart’s curves from the chart files as from all the rows, on a generated catalog', () => {
		expect(checkFamilies(catalog).questions).toBeGreaterThan(catalog.list.length * 60);
	});

	it('carry only the answer’s columns, and of each review only the methodology the conditions are read from', () => {
		for (const entry of bundled.list) {
			const files = familyFiles(entry, bundled.files.get(entry.key)!);
			const pages = [files.head.loose.first, ...[...files.files].filter(([path]) => /(-(drives|others)-[a-z0-9_]+-\d+|-apart-\d+|\/loose-\d+)\.json$/.test(path)).map(([, p]) => p as FinderPage)];
			expect(pages.length).toBeGreaterThan(1);
			for (const page of pages) {
				for (const c of page.rows.columns) expect(ANSWER_COLUMNS).toContain(c);
				// A page carries the facts of its rows' reviews and devices, and no other.
				const rows = page.rows.values[page.rows.columns.indexOf('review_id')] ?? [];
				expect(Object.keys(page.reviews).sort()).toEqual([...new Set(rows)].sort());
				for (const r of Object.values(page.reviews)) {
					if (r.methodology_json !== null) expect(Object.keys(JSON.parse(r.methodology_json)).every((k) => ['preconditioning', 'steady_state', 'footprint'].includes(k))).toBe(true);
				}
			}
		}
	});
});
